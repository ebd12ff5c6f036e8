package concurrency

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/routekey"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/storecall"
)

// Scope says whose runs a limit counts together.
type Scope uint8

// The scopes of a limit. They are numbered as package routekey's, which
// builds the keys.
const (
	// PerUser counts each user's runs, wherever they are.
	PerUser Scope = iota + 1
	// PerGuild counts the runs of everyone in a guild together. Outside
	// a guild (the bot's DMs, a group DM) the runs are counted per
	// channel: a DM is one user's, and a group DM's members share one.
	PerGuild
	// PerChannel counts the runs of everyone in a channel together.
	PerChannel
	// Global counts every run of the bot together, on every replica that
	// shares the store.
	Global
)

// String returns "user", "guild", "channel" or "global", as the keys
// name the scope.
func (s Scope) String() string { return routekey.Scope(s).String() }

// DefaultLease is how long a run holds its slot without renewing it. A
// run renews it every third of its lease while its handler runs, so that
// the slots of a replica that died mid-run come free within a lease.
const DefaultLease = 30 * time.Second

// waitMargin is how long before the handler's context ends a wait for a
// slot gives up, so that the refusal is still answered in time.
const waitMargin = 50 * time.Millisecond

// The intervals at which a run waiting for a slot asks the store again:
// the first, doubled each time up to the last.
const (
	firstPoll = 10 * time.Millisecond
	lastPoll  = 250 * time.Millisecond
)

// Option configures a limit (New).
type Option func(*limit)

// WithStore makes the limit count runs in s, which replicas of the bot
// may share. By default each limit counts in a MemoryStore of its own.
//
// Each call to a store other than a MemoryStore is bounded
// (storecall.DefaultTimeout), and a store that keeps failing is not
// called for a while (see package storecall); opts change how.
func WithStore(s Store, opts ...storecall.Option) Option {
	return func(l *limit) { l.store, l.storeOpts = s, opts }
}

// WithName names the limit in the keys it counts by, in place of its
// number of runs ("max2"), which names it by default. Limits that share
// a store count apart when their names differ: two limits of as many
// runs stacked on one route each need a name of their own. A name holds
// no colon.
func WithName(name string) Option {
	return func(l *limit) { l.name = name }
}

// WithBucket makes the limit count every route it wraps in one bucket
// named name: a run of any of them takes one of the bucket's slots,
// counted per scope under the key name + ":" + scope + ":" + id, as in
// "export:guild:41771983423143937", or name + ":global", rather than per
// route. Give the one middleware New returns to each route of the
// bucket, or give limits that share a store the same bucket and the same
// number of runs.
//
// The default refusal names the bucket ("Export is already running; …").
// A bucket's name is not empty and holds no colon; a limit with a bucket
// takes no WithName, as the bucket names its keys.
func WithBucket(name string) Option {
	return func(l *limit) { l.bucket, l.hasBucket = name, true }
}

// WithMessage sets the text of the ephemeral answer to a run the limit
// refuses. The default is Text, or for a limit with a bucket a text
// that names it; a nil text keeps it.
func WithMessage(text func(req *router.Request) string) Option {
	return func(l *limit) { l.custom = text }
}

// WithWait makes a run past the limit wait up to d for a slot to come
// free before it is refused, asking the store again every so often (from
// 10 ms, doubling, to a quarter of a second). A wait past the time the
// service gives the first answer has the endpoint defer the answer, as
// the route declares, and the handler runs when a slot is free; the wait
// never outlasts the handler's context, which without a REST client to
// defer with ends with the first answer's window. Zero or less, the
// default, refuses at once.
func WithWait(d time.Duration) Option {
	return func(l *limit) { l.wait = max(d, 0) }
}

// WithLease sets how long a run holds its slot without renewing it;
// DefaultLease when d is not positive. A run renews its lease every third
// of it, a call to the store each time: a shorter lease frees the slots
// of a replica that died sooner, for more calls.
func WithLease(d time.Duration) Option {
	return func(l *limit) {
		if d <= 0 {
			d = DefaultLease
		}
		l.lease = d
	}
}

// New returns middleware that lets at most n runs of each command,
// component or modal route it wraps go on at once, counted per user, per
// guild, per channel or over the whole bot (scope): New(PerGuild, 1) lets
// one /export run in a guild at a time, New(PerUser, 2) a user two. Each
// route is counted apart, a command by its path ("mod ban") and a
// component or modal by the custom_id pattern it was routed by
// ("poll:{id}:vote"), so one limit used on a router or group limits each
// of its routes on its own; routes that share a limit share a bucket
// (WithBucket).
//
// A run holds its slot from its handler's start until the handler
// returns, also when the endpoint deferred its answer meanwhile, and
// renews its lease while it runs (WithLease). A run past the limit does
// not reach the handler: it is answered at once with an ephemeral
// message (WithMessage), or waits for a slot (WithWait). An autocomplete
// request is no run: it passes, and takes no slot.
//
// Limits count apart, even in one store: each counts by its name
// (WithName), by default its number of runs, so that New(PerUser, 3) on
// a router and New(PerUser, 1) on one of its routes each allow their own.
// Given to Router.Use with a cooldown (package cooldown), give the
// cooldown first, so that a use it refuses takes no slot, and so that
// its store can count the use in the call that claims the interaction.
//
// When the store fails, or does not answer within its timeout
// (storecall.WithTimeout), the run is let through and the error logged to
// the router's logger: a limit whose store is down must not stop the bot.
// A run whose lease could not be renewed goes on, its slot possibly taken
// by another; one whose slot could not be released holds it until its
// lease ends.
//
// New panics when n is less than one, scope is not one of the scopes,
// its name or bucket holds a colon, its bucket's name is empty, or it is
// given both a name and a bucket.
func New(scope Scope, n int, opts ...Option) router.Middleware {
	if n < 1 {
		panic(fmt.Sprintf("concurrency: New(%v, %d): a limit allows at least one run", scope, n))
	}
	if scope < PerUser || scope > Global {
		panic(fmt.Sprintf("concurrency: New: unknown scope %d", scope))
	}
	l := &limit{scope: scope, n: n, lease: DefaultLease, after: afterFunc}
	for _, o := range opts {
		o(l)
	}
	switch {
	case l.hasBucket && l.name != "":
		panic(fmt.Sprintf("concurrency: New: given the name %q and the bucket %q; a bucket names its keys itself", l.name, l.bucket))
	case l.hasBucket && l.bucket == "":
		panic("concurrency: New: WithBucket: the bucket's name is empty")
	case strings.Contains(l.bucket, ":"):
		panic(fmt.Sprintf("concurrency: New: the bucket %q holds a colon, which separates the parts of a key", l.bucket))
	}
	if l.name == "" {
		l.name = "max" + strconv.Itoa(n)
	}
	if strings.Contains(l.name, ":") {
		panic(fmt.Sprintf("concurrency: New: the name %q holds a colon, which separates the parts of a key", l.name))
	}
	l.text = l.custom
	if l.text == nil {
		l.text = Text
		if l.hasBucket {
			l.text = bucketText(l.bucket)
		}
	}
	if l.store == nil {
		l.store = NewMemoryStore()
	}
	if _, inMemory := l.store.(*MemoryStore); !inMemory {
		// A store in memory answers at once and never fails: its calls
		// need no bound.
		l.calls = storecall.New("concurrency store", "concurrency", l.storeOpts...)
	}
	return func(next router.Handler) router.Handler { return &handler{l: l, next: next} }
}

// limit is the configuration of one limit.
type limit struct {
	scope Scope
	n     int
	lease time.Duration
	wait  time.Duration
	store Store
	text  func(req *router.Request) string
	// custom is the text WithMessage gave, if any.
	custom func(req *router.Request) string
	name   string
	// bucket, when hasBucket, is the name of the bucket every route the
	// limit wraps counts in (WithBucket).
	bucket    string
	hasBucket bool

	storeOpts []storecall.Option
	// calls bounds the calls to a store not in memory; nil for one in
	// memory.
	calls *storecall.Calls
	// after calls f after d, unless the function it returns stops it
	// first: time.AfterFunc, or a test's.
	after func(d time.Duration, f func()) (stop func() bool)
}

func afterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }

// handler is a handler behind a limit.
type handler struct {
	l    *limit
	next router.Handler
}

// ServeInteraction takes a slot for req's run, waiting for one if the
// limit waits, and serves req holding it; or refuses it.
func (h *handler) ServeInteraction(ctx context.Context, req *router.Request) (interaction.Response, error) {
	l := h.l
	if req.Interaction.Type == interaction.TypeApplicationCommandAutocomplete {
		// A user typing into an option is not running the command.
		return h.next.ServeInteraction(ctx, req)
	}
	key := l.key(req)
	token, ok, err := l.acquire(ctx, req, key)
	if err == nil && !ok && l.wait > 0 {
		token, ok, err = l.await(ctx, req, key)
	}
	switch {
	case err == storecall.ErrPaused:
		return h.next.ServeInteraction(ctx, req)
	case err != nil:
		req.Logger().Error().Err(err).Str("concurrency", key).Stringer("interaction", req.Interaction.ID).
			Msg("the concurrency store failed; letting the run through")
		return h.next.ServeInteraction(ctx, req)
	case !ok:
		return interaction.Reply(l.text(req)).Ephemeral(), nil
	}
	s := l.hold(ctx, req, key, token)
	defer s.release()
	return h.next.ServeInteraction(ctx, req)
}

// Unwrap returns the handler behind the limit, so that the router checks
// a route against it when the limit is applied by hand (see
// router.RouteChecker).
func (h *handler) Unwrap() router.Handler { return h.next }

// key returns the key in the store that the limit counts req's run by:
// its bucket's, or its name's and the route's.
func (l *limit) key(req *router.Request) string {
	scoped := routekey.Scoped(req.Interaction, routekey.Scope(l.scope))
	if l.hasBucket {
		return l.bucket + ":" + scoped
	}
	kind, route := routekey.Route(req)
	return l.name + ":" + kind + ":" + route + ":" + scoped
}

// acquire takes a slot of key, bounding the call to a store not in
// memory. It returns storecall.ErrPaused, having logged nothing, while the
// store is not called.
func (l *limit) acquire(ctx context.Context, req *router.Request, key string) (string, bool, error) {
	if l.calls == nil {
		return l.store.Acquire(ctx, key, l.n, l.lease)
	}
	if l.calls.Paused() {
		return "", false, storecall.ErrPaused
	}
	sctx, cancel := l.calls.Context(ctx, time.Time{})
	token, ok, err := l.store.Acquire(sctx, key, l.n, l.lease)
	cancel()
	l.calls.Done(err, req.Logger())
	return token, ok, err
}

// await asks the store for a slot of key again, more rarely each time,
// until it gives one or the wait ends: after l.wait, or shortly before
// ctx does.
func (l *limit) await(ctx context.Context, req *router.Request, key string) (string, bool, error) {
	end := time.Now().Add(l.wait)
	if d, ok := ctx.Deadline(); ok && d.Add(-waitMargin).Before(end) {
		end = d.Add(-waitMargin)
	}
	poll := firstPoll
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		left := time.Until(end)
		if left <= 0 {
			return "", false, nil
		}
		timer.Reset(min(poll, left))
		select {
		case <-ctx.Done():
			return "", false, nil
		case <-timer.C:
		}
		token, ok, err := l.acquire(ctx, req, key)
		if ok || err != nil {
			return token, ok, err
		}
		poll = min(2*poll, lastPoll)
	}
}

// bucketText returns the default text of the refusals of a limit whose
// routes share bucket: "Export is already running; try again when it
// finishes."
func bucketText(bucket string) func(req *router.Request) string {
	r, size := utf8.DecodeRuneInString(bucket)
	text := string(unicode.ToUpper(r)) + bucket[size:] + " is already running; try again when it finishes."
	return func(*router.Request) string { return text }
}

// Text is the default text of the answer to a run a limit refuses: "This
// command is already running; try again when it finishes."
func Text(req *router.Request) string {
	what := "This"
	if req.Interaction.Type == interaction.TypeApplicationCommand {
		what = "This command"
	}
	return what + " is already running; try again when it finishes."
}
