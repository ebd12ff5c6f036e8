package autocomplete

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
)

// A Cache keeps the last good suggestions for what users typed, for
// Fallback. MemoryCache keeps them in the process; package redisstore's
// AutocompleteCache shares them between replicas. A Cache is safe for
// concurrent use, and shares no memory with its callers: it keeps a copy
// of what Store is given and hands each Lookup a copy of its own, down to
// the choices' maps of localized names, so that a handler changing the
// table it answered from, or a middleware the answer it serves, changes
// nothing another user is served. storetest.TestAutocompleteCache checks
// a Cache against this contract.
type Cache interface {
	// Store keeps choices under key for ttl, replacing what was there.
	Store(ctx context.Context, key string, choices []interaction.Choice, ttl time.Duration) error
	// Lookup returns what is kept under each of keys, in their order: nil
	// for a key with nothing kept (an empty, non-nil list is a kept
	// answer of no suggestions). One call looks every key up, so a
	// shared cache answers in one round trip.
	Lookup(ctx context.Context, keys []string) ([][]interaction.Choice, error)
}

// StaleError is the error Fallback returns beside the last good
// suggestions it served when the handler failed or missed its time: the
// router answers with the suggestions and counts the interaction's outcome
// as "fallback". It unwraps to the handler's error, or to
// context.DeadlineExceeded when the handler was too slow.
type StaleError struct {
	// Cause is why the handler's own suggestions were not served.
	Cause error
	// Typed is what the suggestions served were kept for: what the user
	// has typed, or the longest part of its beginning that had any.
	Typed string
}

func (e *StaleError) Error() string {
	return "autocomplete: served the last good suggestions for " + quoteTyped(e.Typed) + ": " + e.Cause.Error()
}

// Unwrap returns the cause.
func (e *StaleError) Unwrap() error { return e.Cause }

// quoteTyped quotes what a user typed for an error, cut to 20 characters:
// enough to tell which suggestions were served, and bounded.
func quoteTyped(s string) string {
	if utf8.RuneCountInString(s) > 20 {
		s = string([]rune(s)[:20]) + "…"
	}
	return `"` + s + `"`
}

// A FallbackOption changes how Fallback serves.
type FallbackOption func(*fallback)

// WithTimeout sets how long the handler may take before the last good
// suggestions are served instead. The default is the time left before
// the request's deadline, less 300ms (or a quarter of it, when less than
// 1.2s is left) for the lookup and the answer; 2.5s for a request
// without a deadline.
func WithTimeout(d time.Duration) FallbackOption { return func(f *fallback) { f.within = d } }

// WithTTL sets how long suggestions are kept; the default is an hour.
func WithTTL(d time.Duration) FallbackOption { return func(f *fallback) { f.ttl = d } }

// WithScope sets whose suggestions are kept together, and so who may be
// served them; Everyone by default.
func WithScope(s Scope) FallbackOption { return func(f *fallback) { f.scope = s } }

// Scope says whose suggestions a Fallback keeps together.
type Scope uint8

// The scopes of a Fallback.
const (
	// Everyone keeps the suggestions for every user alike: for a
	// handler whose suggestions depend on what is typed alone (cities,
	// documentation).
	Everyone Scope = iota
	// PerUser keeps each user's suggestions apart, for a handler whose
	// suggestions depend on who asks (their files, their orders): one
	// user is never served what was suggested to another.
	PerUser
	// PerGuild keeps each guild's suggestions apart (and those of direct
	// messages apart from every guild's), for a handler whose
	// suggestions depend on the guild (its roles, its channels).
	PerGuild
)

// String returns "everyone", "user" or "guild".
func (s Scope) String() string {
	switch s {
	case Everyone:
		return "everyone"
	case PerUser:
		return "user"
	case PerGuild:
		return "guild"
	}
	return "Scope(" + strconv.Itoa(int(s)) + ")"
}

type fallback struct {
	h      Handler
	cache  Cache
	within time.Duration
	ttl    time.Duration
	scope  Scope
}

// maxShorter bounds how many beginnings of what was typed are looked up,
// shortest last: past it, a long input is served only what was kept for
// its longer beginnings.
const maxShorter = 32

// Fallback returns a handler that serves h's suggestions and keeps each
// answer in c, and that, when h fails or misses its time, serves the last
// good suggestions kept for what the user typed, or else for the longest
// beginning of it that has any, ranked against what was typed (Match).
// The user sees suggestions rather than none, or the client's "loading
// options failed". Served so, they come with a *StaleError, which the
// router answers with and counts as the outcome "fallback"; with nothing
// kept, h's error is returned as it is.
//
// Suggestions are kept per command, option, locale and what was typed:
// by default for every user alike, which suits a handler whose
// suggestions depend on what is typed alone (cities, documentation). A
// handler whose suggestions depend on who asks must say so
// (WithScope(PerUser), WithScope(PerGuild)), or one user may be served
// another's.
//
// When h misses its time it goes on in the background, its context
// ended, and its answer, if it comes, is kept for the next keystroke.
//
// Fallback panics when given a Scope other than those declared here.
func Fallback(h Handler, c Cache, opts ...FallbackOption) HandlerFunc {
	f := &fallback{h: h, cache: c, ttl: time.Hour}
	for _, o := range opts {
		o(f)
	}
	if f.scope > PerGuild {
		// Kept for everyone alike, one user's suggestions would be
		// served to another.
		panic("autocomplete: Fallback: unknown scope " + f.scope.String())
	}
	return f.complete
}

type answer struct {
	choices []interaction.Choice
	err     error
}

func (f *fallback) complete(ctx context.Context, req *Request) ([]interaction.Choice, error) {
	within := f.within
	if within <= 0 {
		within = 2500 * time.Millisecond
		if d, ok := ctx.Deadline(); ok {
			// The lookup and the answer need a moment of what is left:
			// 300ms, or a quarter when less than 1.2s is.
			left := time.Until(d)
			within = left - min(300*time.Millisecond, left/4)
		}
	}
	typed := req.Focused.Text()
	key := f.key(req)
	done := make(chan answer, 1)
	hctx, cancel := context.WithTimeout(ctx, within)
	defer cancel()
	go func() {
		choices, err := f.h.Complete(hctx, req)
		if err == nil {
			// Kept whenever it comes, even after the user was served
			// the fallback: it is the freshest answer there is. The
			// request's context may have ended by then.
			f.cache.Store(context.WithoutCancel(ctx), key+typed, choices, f.ttl) //nolint:errcheck // a cache that cannot keep costs a fallback later, not this answer
		}
		done <- answer{choices, err}
	}()
	var a answer
	select {
	case a = <-done:
	case <-hctx.Done():
		select {
		case a = <-done: // an answer at the deadline still counts
		default:
			a.err = context.DeadlineExceeded
			if ctx.Err() != nil {
				a.err = ctx.Err()
			}
		}
	}
	if a.err == nil {
		return a.choices, nil
	}
	cause := a.err
	choices, from, ok := f.lookup(ctx, key, typed, req.Locale)
	if !ok {
		return nil, cause
	}
	return choices, &StaleError{Cause: cause, Typed: from}
}

// lookup finds the last good suggestions for typed, or for the longest of
// its beginnings that has any left once ranked against typed.
func (f *fallback) lookup(ctx context.Context, key, typed string, locale interaction.Locale) ([]interaction.Choice, string, bool) {
	prefixes := beginnings(typed)
	keys := make([]string, len(prefixes))
	for i, p := range prefixes {
		keys[i] = key + p
	}
	kept, err := f.cache.Lookup(ctx, keys)
	if err != nil {
		return nil, "", false
	}
	for i, choices := range kept {
		if choices == nil {
			continue
		}
		if i == 0 {
			return choices, typed, true
		}
		if matched := MatchChoices(typed, locale, choices); len(matched) > 0 {
			return matched, prefixes[i], true
		}
	}
	return nil, "", false
}

// beginnings returns s and its beginnings, longest first, down to "", at
// most maxShorter+1 of them.
func beginnings(s string) []string {
	out := []string{s}
	for len(s) > 0 && len(out) <= maxShorter {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
		out = append(out, s)
	}
	return out
}

// DefaultPerScope is how many answers a cache keeps for one scope (see
// SplitKey) when not told otherwise: the texts one user typed into one
// option, for a Fallback kept PerUser, or those all users typed, by
// default. A user typing a few dozen queries of a few words stays well
// within it, and an answer of 25 choices of 20 characters costs some
// 3 KiB, so a scope holds at most about 800 KiB.
const DefaultPerScope = 256

// keyParts is how many parts the scope of a key has, each ended by a NUL
// byte: the command, its subcommand group and subcommand, the option, the
// locale, and the user or guild whose suggestions are kept apart.
const keyParts = 6

// SplitKey splits a key of Fallback's into its scope and what the user
// typed. The scope names where the answer was given: the command, its
// subcommand group and subcommand, the option and the locale, and the
// user or guild when their suggestions are kept apart (PerUser,
// PerGuild). A cache bounds what it keeps by scope (MemoryCache and
// redisstore's AutocompleteCache keep DefaultPerScope answers of each),
// so that the texts typed into one scope, such as those of one user kept
// PerUser, cannot crowd out the answers of the others, nor grow the
// cache past its bound.
//
// The scope is the key up to its sixth NUL byte, which it includes, since
// no part of a scope holds one; a user who types NUL bytes cannot change
// the scope. A key with fewer (one not made by Fallback) is split after
// its last NUL byte, and a key with none has the scope "".
func SplitKey(key string) (scope, typed string) {
	end := 0
	for range keyParts {
		i := strings.IndexByte(key[end:], 0)
		if i < 0 {
			break
		}
		end += i + 1
	}
	return key[:end], key[end:]
}

// key returns the beginning of the keys of req's suggestions, their
// scope: what the user typed follows it. Its keyParts parts are each
// ended by a byte no name, locale or id holds (SplitKey).
func (f *fallback) key(req *Request) string {
	var b strings.Builder
	b.WriteString(req.Command)
	for _, part := range []string{req.SubcommandGroup, req.Subcommand, req.Focused.Name, string(req.Locale)} {
		b.WriteByte(0)
		b.WriteString(part)
	}
	b.WriteByte(0)
	switch f.scope {
	case PerUser:
		b.WriteString("u" + req.Interaction.Invoker().ID.String())
	case PerGuild:
		b.WriteString("g" + req.Interaction.GuildID.String())
	}
	b.WriteByte(0)
	return b.String()
}
