package state

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/goccy/go-json"
	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/ident"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/storecall"
)

// MaxValueSize is the largest state a Kind keeps, in bytes of its JSON:
// a state is what a few buttons or a form need, and one that grows past
// a mebibyte is a bug best found before it fills a store.
const MaxValueSize = 1 << 20

// ErrExpired says there is no state under a key: it expired, was taken
// or deleted, was pushed out of a full store, or never was. A handler
// from Kind.Handler answers it for the user (ExpiredText).
var ErrExpired = errors.New("no such state: it expired, was taken, or never was")

// ErrTooLarge says a state is larger than MaxValueSize, or than a
// MemoryStore holds.
var ErrTooLarge = errors.New("the state is too large")

// Kind is one kind of state, of type T, kept in a Store for as long as
// its time to live: a cart, the answers of a form half filled in. Put
// keeps a value and returns the key a custom_id carries; a handler reads
// it back, typed, with Get or through Handler. A Kind is safe for
// concurrent use.
type Kind[T any] struct {
	name string
	// prefix begins the store's key of each state: the name and a
	// colon, so that kinds sharing a store never read each other's.
	prefix string
	ttl    time.Duration
	cfg    config
	// calls bounds the calls to a store not in memory; nil for one in
	// memory.
	calls *storecall.Calls
	nop   zerolog.Logger
}

// config is what the Options of a Kind set.
type config struct {
	store     Store
	storeOpts []storecall.Option
	text      func(req *router.Request) string
}

// Option configures a Kind (New).
type Option func(*config)

// WithStore keeps the states in s, which other kinds and the replicas of
// the bot may share; by default each Kind keeps its own in a MemoryStore
// of DefaultMaxEntries and DefaultMaxBytes.
//
// Each call to a store other than a MemoryStore is bounded
// (storecall.DefaultTimeout), and a store that keeps failing is not called
// for a while (see package storecall), its calls failing at once with
// storecall.ErrPaused; opts change how. The failures are reported to
// storecall.WithOnFailure as those of the kind "state".
func WithStore(s Store, opts ...storecall.Option) Option {
	return func(c *config) { c.store, c.storeOpts = s, opts }
}

// WithMessage sets the text of the ephemeral answer a handler from
// Handler gives a use whose state has expired, in place of ExpiredText;
// text may read req.Locale() to answer in the user's language. A nil
// text keeps ExpiredText.
func WithMessage(text func(req *router.Request) string) Option {
	return func(c *config) {
		if text != nil {
			c.text = text
		}
	}
}

// New returns the kind of state named name, of type T, whose states
// live ttl after they are put or last set. The name prefixes the keys of
// its states in the store, and names the part of a custom_id pattern
// that carries their keys to a handler from Handler: the states of
// New[Cart]("cart", …) are read in routes such as "cart:{cart}:checkout".
//
// New panics when name is not a letter or _ followed by letters, digits
// or _, as a part's name is, or ttl is not positive.
func New[T any](name string, ttl time.Duration, opts ...Option) *Kind[T] {
	if !ident.Valid(name) {
		panic(fmt.Sprintf("state: New(%q): a kind's name is a letter or _ followed by letters, digits or _, as a custom_id pattern's part is", name))
	}
	if ttl <= 0 {
		panic(fmt.Sprintf("state: New(%q, %v): a state lives a positive time", name, ttl))
	}
	k := &Kind[T]{name: name, prefix: name + ":", ttl: ttl, cfg: config{text: ExpiredText}, nop: zerolog.Nop()}
	for _, o := range opts {
		o(&k.cfg)
	}
	if k.cfg.store == nil {
		k.cfg.store = NewMemoryStore(0, 0)
	}
	if _, inMemory := k.cfg.store.(*MemoryStore); !inMemory {
		// A store in memory answers at once and never fails: its calls
		// need no bound.
		k.calls = storecall.New("state store", "state", k.cfg.storeOpts...)
	}
	return k
}

// Put keeps v for the kind's time to live under a new key, and returns
// the key: KeyLength characters of base64url, which a custom_id carries
// as one part of its route ("cart:"+key+":checkout"), since they hold no
// colon. Each key is random, and no one who has not seen it can guess
// it.
func (k *Kind[T]) Put(ctx context.Context, v T) (string, error) {
	b, err := k.encode(v)
	if err != nil {
		return "", err
	}
	// Two random keys of 128 bits do not meet; a store that says they
	// did three times over is broken.
	for range 3 {
		key := newKey()
		var added bool
		err := k.do(ctx, &k.nop, func(ctx context.Context) (err error) {
			added, err = k.cfg.store.Add(ctx, k.prefix+key, b, k.ttl)
			return err
		})
		if err != nil {
			return "", k.fail("putting a state", err)
		}
		if added {
			return key, nil
		}
	}
	return "", fmt.Errorf("state: %s: putting a state: the store held each of three new random keys", k.name)
}

// Get returns the state under key. The error is ErrExpired, wrapped,
// when there is none, and the store's, wrapped, when it could not tell.
func (k *Kind[T]) Get(ctx context.Context, key string) (T, error) {
	return k.read(ctx, &k.nop, key, false)
}

// Take returns the state under key and forgets it, in one step: of two
// uses at once, such as two clicks of "Pay", one gets the state and the
// other ErrExpired. A state taken this way is gone for every later call,
// even one for the same interaction; OnceHandler takes a state for its
// interaction, whose runs all get it.
func (k *Kind[T]) Take(ctx context.Context, key string) (T, error) {
	return k.read(ctx, &k.nop, key, true)
}

// Set replaces the state under key with v, which lives the kind's time
// to live from now on, so that the components that carry key read v. It
// returns ErrExpired, wrapped, when there is no state under key: one
// that expired is not brought back. Two uses that each read a state and
// set it at once keep only the last one's; a route where that matters
// takes the state instead (OnceHandler).
func (k *Kind[T]) Set(ctx context.Context, key string, v T) error {
	b, err := k.encode(v)
	if err != nil {
		return err
	}
	if !validKey(key) {
		return k.expired()
	}
	var replaced bool
	err = k.do(ctx, &k.nop, func(ctx context.Context) (err error) {
		replaced, err = k.cfg.store.Replace(ctx, k.prefix+key, b, k.ttl)
		return err
	})
	if err != nil {
		return k.fail("setting a state", err)
	}
	if !replaced {
		return k.expired()
	}
	return nil
}

// Delete forgets the state under key, if there is one.
func (k *Kind[T]) Delete(ctx context.Context, key string) error {
	if !validKey(key) {
		return nil
	}
	err := k.do(ctx, &k.nop, func(ctx context.Context) error {
		_, _, err := k.cfg.store.Take(ctx, k.prefix+key)
		return err
	})
	if err != nil {
		return k.fail("deleting a state", err)
	}
	return nil
}

// read returns the state under key, taking it when take is set; log is
// where a pause of the store's calls is logged.
func (k *Kind[T]) read(ctx context.Context, log *zerolog.Logger, key string, take bool) (T, error) {
	var v T
	if !validKey(key) {
		// No key Put returned: no state, and no call to the store.
		return v, k.expired()
	}
	var (
		b     []byte
		found bool
	)
	err := k.do(ctx, log, func(ctx context.Context) (err error) {
		if take {
			b, found, err = k.cfg.store.Take(ctx, k.prefix+key)
		} else {
			b, found, err = k.cfg.store.Get(ctx, k.prefix+key)
		}
		return err
	})
	if err != nil {
		return v, k.fail("reading a state", err)
	}
	if !found {
		return v, k.expired()
	}
	return v, k.decode(b, &v)
}

// claimLifetime is how long a state OnceHandler takes stays claimed by
// the interaction that took it: as long as the interaction's token, after
// which no run of it can answer, and a worker refuses to run it.
const claimLifetime = interaction.TokenLifetime

// takeFor returns the state under key, taken for the interaction id, in
// the two steps a Store has for it: the take of the state, and the claim
// of it by the interaction, a copy of the value under the state's key, a
// colon and the id, for claimLifetime. A worker's run of the same
// interaction, handed over (router.Request.HandedOver), finds the state
// gone and reads its claim; any other run finds the state gone and gets
// ErrExpired: another interaction's, and a copy of the same request
// served again at an endpoint without a replay guard, which must not be
// served twice. log is where a pause of the store's calls, and a claim
// that could not be kept, are logged.
//
// The two steps run to their end even when ctx ends between them, as it
// does when the run is handed over: were the claim not kept, the state
// the take removed would be lost to the worker's run. Each step is bounded
// on its own (see do). What is left unguarded is a process that dies, or
// a store that fails, between the take and the claim, with the run handed
// over to a worker that reads before the claim lands: that run is told
// the state expired.
func (k *Kind[T]) takeFor(ctx context.Context, log *zerolog.Logger, key string, id interaction.Snowflake, handedOver bool) (T, error) {
	var v T
	if !validKey(key) {
		return v, k.expired()
	}
	if id.IsZero() {
		// An interaction built without an id, such as a test's, has no
		// runs to tell apart: the take is the run's.
		return k.read(ctx, log, key, true)
	}
	if err := ctx.Err(); err != nil {
		// The run has ended before it took anything: the state stays,
		// for the run that comes after it, if any.
		return v, k.fail("reading a state", err)
	}
	sctx := context.WithoutCancel(ctx)
	var (
		b     []byte
		found bool
	)
	err := k.do(sctx, log, func(ctx context.Context) (err error) {
		b, found, err = k.cfg.store.Take(ctx, k.prefix+key)
		return err
	})
	if err != nil {
		return v, k.fail("reading a state", err)
	}
	claim := k.claimKey(key, id)
	if found {
		err = k.do(sctx, log, func(ctx context.Context) error {
			_, err := k.cfg.store.Add(ctx, claim, b, claimLifetime)
			return err
		})
		if err != nil {
			// The state is this run's all the same: only a run of the
			// interaction handed over from it misses the claim.
			log.Error().Err(err).Str("kind", k.name).Stringer("interaction", id).
				Msg("keeping the claim of a state taken failed: a run of the interaction handed over will find the state expired")
		}
	} else {
		if !handedOver {
			return v, k.expired()
		}
		err = k.do(sctx, log, func(ctx context.Context) (err error) {
			b, found, err = k.cfg.store.Get(ctx, claim)
			return err
		})
		if err != nil {
			return v, k.fail("reading the claim of a state", err)
		}
		if !found {
			return v, k.expired()
		}
	}
	return v, k.decode(b, &v)
}

// claimKey returns the store's key of the claim of the state under key
// by the interaction id: the state's own, a colon and the id, which no
// state's key is, having two colons.
func (k *Kind[T]) claimKey(key string, id interaction.Snowflake) string {
	b := make([]byte, 0, len(k.prefix)+len(key)+21)
	b = append(b, k.prefix...)
	b = append(b, key...)
	b = append(b, ':')
	b = strconv.AppendUint(b, uint64(id), 10)
	return string(b)
}

// decode decodes the JSON of a state into v.
func (k *Kind[T]) decode(b []byte, v *T) error {
	if err := json.Unmarshal(b, v); err != nil {
		// The state was kept by a build whose T differs: a bug for the
		// error handler, not an expiry to tell the user.
		return fmt.Errorf("state: %s: decoding a state: %w", k.name, err)
	}
	return nil
}

// encode returns the JSON of v, within MaxValueSize.
func (k *Kind[T]) encode(v T) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("state: %s: encoding a state: %w", k.name, err)
	}
	if len(b) > MaxValueSize {
		return nil, fmt.Errorf("state: %s: a state of %d bytes is larger than %d: %w", k.name, len(b), MaxValueSize, ErrTooLarge)
	}
	return b, nil
}

// do makes one call to the store, bounded unless the store is in
// memory; log is where a pause of the calls is logged.
func (k *Kind[T]) do(ctx context.Context, log *zerolog.Logger, call func(context.Context) error) error {
	if k.calls == nil {
		return call(ctx)
	}
	if k.calls.Paused() {
		return storecall.ErrPaused
	}
	// The handler's context carries its deadline, which the call's never
	// passes.
	sctx, cancel := k.calls.Context(ctx, time.Time{})
	err := call(sctx)
	cancel()
	k.calls.Done(err, log)
	return err
}

func (k *Kind[T]) expired() error { return fmt.Errorf("state: %s: %w", k.name, ErrExpired) }

func (k *Kind[T]) fail(doing string, err error) error {
	return fmt.Errorf("state: %s: %s: %w", k.name, doing, err)
}
