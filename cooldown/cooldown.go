package cooldown

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/routekey"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/storecall"
)

// Scope says whose uses a cooldown counts together.
type Scope uint8

// The scopes of a cooldown. They are numbered as package routekey's,
// which builds the keys.
const (
	// PerUser counts each user's uses, wherever they are.
	PerUser Scope = iota + 1
	// PerGuild counts the uses of everyone in a guild together. Outside a
	// guild (the bot's DMs, a group DM) there is no guild to count by, and
	// the uses are counted per channel: a DM is one user's, so there the
	// cooldown is the user's own, and a group DM's members share one.
	PerGuild
	// PerChannel counts the uses of everyone in a channel together.
	PerChannel
)

// String returns "user", "guild" or "channel", as cooldown keys name the
// scope.
func (s Scope) String() string {
	switch s {
	case PerUser:
		return "user"
	case PerGuild:
		return "guild"
	case PerChannel:
		return "channel"
	}
	return "Scope(" + strconv.Itoa(int(s)) + ")"
}

// WithBucket makes the cooldown count every route it wraps in one bucket
// named name: a use of any of them spends one of the bucket's uses, counted
// per scope under the key name + ":" + scope + ":" + id, as in
// "music:user:80351110224678912", rather than per route. Give the one
// middleware New returns to each route of the bucket, or give cooldowns
// that share a store the same bucket and the same limits: a bucket counts
// by its name, so that two cooldowns of one bucket with different limits
// each judge the same uses by their own.
//
// The default refusal names the bucket ("…: it shares the music
// cooldown."), so that a user refused a command they have not used yet
// learns why. A bucket's name is not empty and holds no colon; a
// cooldown with a bucket takes no WithName, as the bucket names its keys.
func WithBucket(name string) Option {
	return func(c *cooldown) { c.bucket, c.hasBucket = name, true }
}

// Option configures a cooldown (New).
type Option func(*cooldown)

// WithStore makes the cooldown count uses in s, which replicas of
// the bot may share. By default each cooldown counts in a
// MemoryStore of its own.
//
// Each call to a store other than a MemoryStore is bounded
// (storecall.DefaultTimeout), and a store that keeps failing is not called for
// a while (see package storecall); opts change how.
func WithStore(s Store, opts ...storecall.Option) Option {
	return func(c *cooldown) { c.store, c.storeOpts = s, opts }
}

// WithName names the cooldown in the keys it counts by, in place of
// its uses and period ("5/1m0s"), which name it by default. Cooldowns
// that share a store count apart when their names differ; give the same
// name to two on one route that are to count together, and a name to
// keep the counts when the limits change. A name holds no colon. Routes
// that are to count together share a bucket (WithBucket).
func WithName(name string) Option {
	return func(c *cooldown) { c.name = name }
}

// WithMessage sets the text of the ephemeral answer to a use the
// cooldown refuses; retry is when a use is allowed again. RelativeTime
// writes it as the service shows a time, "in 8 seconds", in the reader's
// language. The default is Text, or for a cooldown with a bucket
// (WithBucket) Text followed by the bucket's name; a nil text keeps it.
func WithMessage(text func(req *router.Request, retry time.Time) string) Option {
	return func(c *cooldown) { c.custom = text }
}

// New returns middleware that allows each command, component or modal
// route it wraps uses times within any period, counted per user, per guild
// or per channel (scope): New(PerUser, 1, 10*time.Second) lets a
// user run a command once every ten seconds, New(PerGuild, 3,
// time.Minute) a guild three times a minute. Each route is counted apart,
// a command by its path ("mod ban") and a component or modal by the
// custom_id pattern it was routed by ("poll:{id}:vote"), so one cooldown
// used on a router or group limits each of its routes on its own; routes
// that are to spend one budget together share a bucket (WithBucket).
//
// A use past the limit does not reach the handler: it is answered with
// an ephemeral message saying when to try again (WithMessage).
// A refused use is not counted, so trying again early does not push
// the time back. The refusal stays ephemeral when a slow store lets the
// endpoint defer the answer publicly first: the deferral is deleted and
// the refusal sent as a follow-up only the user sees.
//
// Cooldowns count apart, even in one store: each counts by its name
// (WithName), by default its uses and period, so that
// New(PerUser, 5, time.Minute) on a router and
// New(PerUser, 1, 10*time.Second) on one of its routes each allow
// their own. A use passes the outer cooldown, and is counted there,
// before the inner one decides: a use the inner cooldown refuses has
// spent one of the outer's. Taking it back would take a second call to
// the store, which can fail on its own, for every refusal.
//
// Given to Router.Use before any other middleware, so that it is the
// first a handler runs through, a cooldown whose store is a
// ClaimingStore counts each use in the call that claims the interaction
// in the endpoint's replay guard: one round trip to a shared store.
//
// When the store fails, or does not answer within its timeout
// (storecall.WithTimeout), the use is let through and the error logged to the
// router's logger: a cooldown whose store is down must not stop the bot.
//
// New panics when uses is less than one, period is not positive, its
// name or bucket holds a colon, its bucket's name is empty, or it is given
// both a name and a bucket.
func New(scope Scope, uses int, period time.Duration, opts ...Option) router.Middleware {
	if uses < 1 || period <= 0 {
		panic(fmt.Sprintf("cooldown: New(%v, %d, %v): a cooldown allows at least one use in a positive period", scope, uses, period))
	}
	if scope < PerUser || scope > PerChannel {
		panic(fmt.Sprintf("cooldown: New: unknown scope %d", scope))
	}
	c := &cooldown{scope: scope, uses: uses, period: period}
	for _, o := range opts {
		o(c)
	}
	switch {
	case c.hasBucket && c.name != "":
		panic(fmt.Sprintf("cooldown: New: given the name %q and the bucket %q; a bucket names its keys itself", c.name, c.bucket))
	case c.hasBucket && c.bucket == "":
		panic("cooldown: New: WithBucket: the bucket's name is empty")
	case strings.Contains(c.bucket, ":"):
		panic(fmt.Sprintf("cooldown: New: the bucket %q holds a colon, which separates the parts of a key", c.bucket))
	}
	if c.name == "" {
		c.name = strconv.Itoa(uses) + "/" + period.String()
	}
	if strings.Contains(c.name, ":") {
		panic(fmt.Sprintf("cooldown: New: the name %q holds a colon, which separates the parts of a key", c.name))
	}
	c.prefix = c.name + ":"
	c.text = c.custom
	if c.text == nil {
		c.text = Text
		if c.hasBucket {
			c.text = bucketText(c.bucket)
		}
	}
	if c.store == nil {
		c.store = NewMemoryStore(0)
	}
	if _, inMemory := c.store.(*MemoryStore); !inMemory {
		// A store in memory answers at once and never fails: its
		// calls need no bound.
		c.calls = storecall.New("cooldown store", "cooldown", c.storeOpts...)
	}
	return func(next router.Handler) router.Handler { return &handler{c: c, next: next} }
}

// cooldown is the configuration of one cooldown.
type cooldown struct {
	scope  Scope
	uses   int
	period time.Duration
	store  Store
	text   func(req *router.Request, retry time.Time) string
	// custom is the text WithMessage gave, if any.
	custom func(req *router.Request, retry time.Time) string
	name   string
	// prefix begins each key the cooldown counts by: its name and a
	// colon.
	prefix string
	// bucket, when hasBucket, is the name of the bucket every route the
	// cooldown wraps counts in (WithBucket).
	bucket    string
	hasBucket bool

	storeOpts []storecall.Option
	// calls bounds the calls to a store not in memory; nil for one in
	// memory.
	calls *storecall.Calls
}

func (c *cooldown) serve(ctx context.Context, req *router.Request, next router.Handler) (interaction.Response, error) {
	if req.Interaction.Type == interaction.TypeApplicationCommandAutocomplete {
		// A user typing into an option is not using the command: the
		// suggestions pass, and count nothing.
		return next.ServeInteraction(ctx, req)
	}
	key := c.key(req)
	wait, err := c.use(ctx, req, key)
	return c.decide(ctx, req, next, key, wait, err)
}

// decide serves req as what the store told of its use under key says:
// next serves it when the use was counted or the store could not tell,
// and otherwise a refusal answers it.
func (c *cooldown) decide(ctx context.Context, req *router.Request, next router.Handler, key string, wait time.Duration, err error) (interaction.Response, error) {
	if err == storecall.ErrPaused {
		return next.ServeInteraction(ctx, req)
	}
	if err != nil {
		req.Logger().Error().Err(err).Str("cooldown", key).Stringer("interaction", req.Interaction.ID).
			Msg("the cooldown store failed; letting the use through")
		return next.ServeInteraction(ctx, req)
	}
	if wait <= 0 {
		return next.ServeInteraction(ctx, req)
	}
	return interaction.Reply(c.text(req, time.Now().Add(wait))).Ephemeral(), nil
}

// use counts a use of key in the store, bounding the call to a store not
// in memory. It returns storecall.ErrPaused, having logged nothing, while the
// store is not called.
func (c *cooldown) use(ctx context.Context, req *router.Request, key string) (time.Duration, error) {
	if c.calls == nil {
		return c.store.Use(ctx, key, c.uses, c.period)
	}
	if c.calls.Paused() {
		return 0, storecall.ErrPaused
	}
	// The handler's context carries its deadline, which the call's
	// never passes.
	sctx, cancel := c.calls.Context(ctx, time.Time{})
	wait, err := c.store.Use(sctx, key, c.uses, c.period)
	cancel()
	c.calls.Done(err, req.Logger())
	return wait, err
}

// Key returns what a cooldown of scope counts req's use by: the
// kind of route, the route, the scope and the id it counts by, as in
// "command:mod ban:user:80351110224678912" or
// "component:poll:{id}:vote:guild:41771983423143937". These end in the
// scope and a number, so no two routes share one. A cooldown's key in its
// store begins with the cooldown's name (WithName), by default its
// uses and period, so that cooldowns sharing a store count apart:
// "5/1m0s:command:mod ban:user:80351110224678912". A cooldown with a
// bucket (WithBucket) counts by the bucket's name, the scope and the id
// alone: "music:user:80351110224678912".
func Key(req *router.Request, scope Scope) string { return cooldownKey("", req, scope) }

// key returns the key in the store that the cooldown counts req's use
// by: its bucket's, or its name's and the route's.
func (c *cooldown) key(req *router.Request) string {
	if c.hasBucket {
		return c.bucket + ":" + routekey.Scoped(req.Interaction, routekey.Scope(c.scope))
	}
	return cooldownKey(c.prefix, req, c.scope)
}

// cooldownKey is Key, begun with prefix.
func cooldownKey(prefix string, req *router.Request, scope Scope) string {
	kind, route := routekey.Route(req)
	return prefix + kind + ":" + route + ":" + routekey.Scoped(req.Interaction, routekey.Scope(scope))
}

// Text is the default text of the answer to a use a cooldown
// refuses: "You can use this command again <t:1700000010:R>.", which the
// reader sees as "in 10 seconds".
func Text(req *router.Request, retry time.Time) string {
	what := "do this"
	if req.Interaction.Type == interaction.TypeApplicationCommand {
		what = "use this command"
	}
	return "You can " + what + " again " + RelativeTime(retry) + "."
}

// bucketText returns the default text of the refusals of a cooldown
// whose routes share bucket: Text's, and the bucket's name, so that a
// user refused a command they have not used yet learns why: "You can use
// this command again <t:1700000010:R>: it shares the music cooldown."
func bucketText(bucket string) func(req *router.Request, retry time.Time) string {
	return func(req *router.Request, retry time.Time) string {
		t := Text(req, retry)
		return t[:len(t)-1] + ": it shares the " + bucket + " cooldown."
	}
}

// RelativeTime returns the service's markdown for a time shown relative
// to the reader's now, in their language: "<t:1700000010:R>", which reads
// "in 10 seconds" and counts down. A time within a second is rounded up,
// so that it never reads as earlier than t.
func RelativeTime(t time.Time) string {
	sec := t.Unix()
	if t.After(time.Unix(sec, 0)) {
		sec++
	}
	return "<t:" + strconv.FormatInt(sec, 10) + ":R>"
}
