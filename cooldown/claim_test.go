package cooldown_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/storecall"
)

// backend is a replay guard and a cooldown store kept in one place that
// can claim and count in one call, as redisstore's are on one Redis. It
// counts the calls of each kind, and fails every call while down is set
// or hangs every call, until its context ends, while hang is.
type backend struct {
	mu      sync.Mutex
	claimed map[interaction.Snowflake]bool
	uses    *cooldown.MemoryStore

	down, hang atomic.Bool
	// claims, useCalls and joint count the calls of Claim, Use and
	// ClaimAndUse; allowed is how long the last call's context allowed.
	claims, useCalls, joint atomic.Int32
	allowed                 atomic.Int64
}

func newBackend() *backend {
	return &backend{claimed: map[interaction.Snowflake]bool{}, uses: cooldown.NewMemoryStore(0)}
}

// call begins a call, and returns its error, if it fails.
func (b *backend) call(ctx context.Context) error {
	if d, ok := ctx.Deadline(); ok {
		b.allowed.Store(int64(time.Until(d)))
	}
	if b.hang.Load() {
		<-ctx.Done()
		return ctx.Err()
	}
	if b.down.Load() {
		return errors.New("backend unreachable")
	}
	return nil
}

func (b *backend) claim(id interaction.Snowflake) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	first := !b.claimed[id]
	b.claimed[id] = true
	return first
}

// guard is the backend's replay guard.
type guard struct{ b *backend }

func (g guard) Claim(ctx context.Context, id interaction.Snowflake, _ time.Time) (bool, error) {
	g.b.claims.Add(1)
	if err := g.b.call(ctx); err != nil {
		return false, err
	}
	return g.b.claim(id), nil
}

// jointStore is the backend's cooldown store.
type jointStore struct{ b *backend }

func (s jointStore) Use(ctx context.Context, key string, uses int, period time.Duration) (time.Duration, error) {
	s.b.useCalls.Add(1)
	if err := s.b.call(ctx); err != nil {
		return 0, err
	}
	return s.b.uses.Use(ctx, key, uses, period)
}

func (s jointStore) Claims(g replay.Guard) bool {
	other, ok := g.(guard)
	return ok && other.b == s.b
}

func (s jointStore) ClaimAndUse(ctx context.Context, _ replay.Guard, id interaction.Snowflake, _ time.Time, key string, uses int, period time.Duration) (bool, time.Duration, error) {
	s.b.joint.Add(1)
	if err := s.b.call(ctx); err != nil {
		return false, 0, err
	}
	if !s.b.claim(id) {
		return false, 0, nil
	}
	wait, err := s.b.uses.Use(ctx, key, uses, period)
	return true, wait, err
}

// plainStore is a cooldown store that cannot claim, on the same backend.
type plainStore struct{ b *backend }

func (s plainStore) Use(ctx context.Context, key string, uses int, period time.Duration) (time.Duration, error) {
	return jointStore(s).Use(ctx, key, uses, period)
}

// bot is an endpoint whose "ping" and "weather" count their uses with
// the cooldown cd and whose replay guard is g; runs counts the handlers
// that ran.
type bot struct {
	e    *endpoint.Endpoint
	key  *interactiontest.Key
	runs atomic.Int32
	log  endpointtest.LogBuffer
}

func newBot(t *testing.T, g replay.Guard, guardOpts []storecall.Option, mw ...router.Middleware) *bot {
	t.Helper()
	b := &bot{key: interactiontest.NewKey("claim")}
	r := router.New(router.DispatchOnly(), router.WithLogger(zerolog.New(&b.log)))
	r.Use(mw...)
	run := func(context.Context, *router.Request) (interaction.Response, error) {
		b.runs.Add(1)
		return interaction.Reply("pong"), nil
	}
	r.Command("ping", run)
	r.Command("weather", run)
	r.Autocomplete("weather", "city", func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
		return []interaction.Choice{interaction.StringChoice("Paris", "paris")}, nil
	})
	e, err := endpoint.New(endpointtest.Build(t, r), b.key.Verifier(), endpoint.WithReplayGuard(g, guardOpts...))
	if err != nil {
		t.Fatal(err)
	}
	b.e = e
	return b
}

// post sends body, signed, to the endpoint, and returns the status and
// the answer's content.
func (b *bot) post(t *testing.T, body []byte) (int, string) {
	t.Helper()
	sig, ts := b.key.Sign(body)
	req := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
	req.Header.Set(endpoint.HeaderSignature, sig)
	req.Header.Set(endpoint.HeaderTimestamp, ts)
	w := httptest.NewRecorder()
	b.e.ServeHTTP(w, req)
	return w.Code, w.Body.String()
}

// passThrough is middleware that only passes the interaction on.
func passThrough(next router.Handler) router.Handler {
	return router.HandlerFunc(func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return next.ServeInteraction(ctx, req)
	})
}

// TestTheCooldownFirstClaimsTheInteractionInItsCall: an endpoint whose
// handler begins with a cooldown on a store that Claims its guard makes
// one call for the claim and the use; otherwise it claims first and the
// cooldown counts apart.
func TestTheCooldownFirstClaimsTheInteractionInItsCall(t *testing.T) {
	command := func() []byte { return interactiontest.Command("ping").JSON() }
	typing := func() []byte {
		return interactiontest.Autocomplete("weather").Focus("city", interaction.OptionString, interaction.StringValue("pa")).JSON()
	}
	for _, tc := range []struct {
		name string
		// mw makes the middleware of the bot from its cooldown.
		mw    func(cd router.Middleware) []router.Middleware
		store func(b *backend) cooldown.Store
		body  func() []byte
		// joint, claims and uses are the calls each interaction makes.
		joint, claims, uses int32
	}{
		{"the cooldown first, on the guard's store: one call",
			func(cd router.Middleware) []router.Middleware { return []router.Middleware{cd} },
			func(b *backend) cooldown.Store { return jointStore{b} }, command, 1, 0, 0},
		{"other middleware first: the claim, then the use",
			func(cd router.Middleware) []router.Middleware { return []router.Middleware{passThrough, cd} },
			func(b *backend) cooldown.Store { return jointStore{b} }, command, 0, 1, 1},
		{"a store that cannot claim: the claim, then the use",
			func(cd router.Middleware) []router.Middleware { return []router.Middleware{cd} },
			func(b *backend) cooldown.Store { return plainStore{b} }, command, 0, 1, 1},
		{"a store that does not claim in this guard: the claim, then the use",
			func(cd router.Middleware) []router.Middleware { return []router.Middleware{cd} },
			func(*backend) cooldown.Store { return jointStore{newBackend()} }, command, 0, 1, 0},
		{"an autocomplete request, no use: the claim alone",
			func(cd router.Middleware) []router.Middleware { return []router.Middleware{cd} },
			func(b *backend) cooldown.Store { return jointStore{b} }, typing, 0, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			be := newBackend()
			cd := cooldown.New(cooldown.PerUser, 100, time.Minute, cooldown.WithStore(tc.store(be)))
			b := newBot(t, guard{be}, nil, tc.mw(cd)...)
			const n = 3
			for range n {
				if status, _ := b.post(t, tc.body()); status != 200 {
					t.Fatalf("answered %d", status)
				}
			}
			if j, c, u := be.joint.Load(), be.claims.Load(), be.useCalls.Load(); j != n*tc.joint || c != n*tc.claims || u != n*tc.uses {
				t.Errorf("%d interactions made %d joint calls, %d claims and %d uses; want %d, %d and %d",
					n, j, c, u, n*tc.joint, n*tc.claims, n*tc.uses)
			}
		})
	}
}

// TestAClaimWithItsUseKeepsWhatEachMeans: in the one call, a copy of an
// interaction never runs its handler nor spends a use, and a use the
// cooldown refuses leaves its interaction claimed, so that a copy of the
// refusal is refused too.
func TestAClaimWithItsUseKeepsWhatEachMeans(t *testing.T) {
	be := newBackend()
	b := newBot(t, guard{be}, nil, cooldown.New(cooldown.PerUser, 2, time.Minute, cooldown.WithStore(jointStore{be})))
	first, second, third := interactiontest.Command("ping").JSON(), interactiontest.Command("ping").JSON(), interactiontest.Command("ping").JSON()
	for i, step := range []struct {
		body    []byte
		status  int
		content string
		runs    int32
	}{
		{first, 200, "pong", 1},
		{first, 409, "already received", 1},
		// Had the copy spent a use, this one would be refused.
		{second, 200, "pong", 2},
		{third, 200, "You can use this command again", 2},
		{third, 409, "already received", 2},
	} {
		status, body := b.post(t, step.body)
		if status != step.status || !strings.Contains(body, step.content) || b.runs.Load() != step.runs {
			t.Errorf("step %d: answered %d %s with the handler run %d times; want %d %q and %d",
				i+1, status, body, b.runs.Load(), step.status, step.content, step.runs)
		}
	}
	if j, c, u := be.joint.Load(), be.claims.Load(), be.useCalls.Load(); j != 5 || c != 0 || u != 0 {
		t.Errorf("made %d joint calls, %d claims and %d uses; want 5, 0 and 0", j, c, u)
	}
}

// TestAJointCallCountsForBothStores: a joint call that fails lets the
// interaction through and is told as a failure of each store; a store
// paused by its breaker is left out of the call, the other called alone.
func TestAJointCallCountsForBothStores(t *testing.T) {
	for _, tc := range []struct {
		name string
		// guardBreaker and cooldownBreaker are the failures each store's
		// breaker allows in a row; 0 never pauses.
		guardBreaker, cooldownBreaker int
		// told is what OnFailure is told over two interactions, the
		// first while the backend is down; then the second makes joint,
		// claims and uses calls.
		told                []string
		joint, claims, uses int32
	}{
		{"neither paused", 0, 0, []string{"cooldown error", "replay error"}, 2, 0, 0},
		{"the cooldown paused: the guard alone", 0, 1, []string{"cooldown error", "replay error", "cooldown paused"}, 1, 1, 0},
		{"the guard paused: the cooldown alone", 1, 0, []string{"cooldown error", "replay error", "replay paused"}, 1, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			var told []string
			record := storecall.WithOnFailure(func(kind string, why storecall.Failure) {
				mu.Lock()
				told = append(told, kind+" "+string(why))
				mu.Unlock()
			})
			be := newBackend()
			be.down.Store(true)
			b := newBot(t, guard{be}, []storecall.Option{record, storecall.WithBreaker(tc.guardBreaker, time.Hour)},
				cooldown.New(cooldown.PerUser, 1, time.Minute,
					cooldown.WithStore(jointStore{be}, record, storecall.WithBreaker(tc.cooldownBreaker, time.Hour))))
			if status, body := b.post(t, interactiontest.Command("ping").JSON()); status != 200 || !strings.Contains(body, "pong") {
				t.Fatalf("with the backend down answered %d %s, want the handler's", status, body)
			}
			for _, line := range []string{"the replay guard failed; serving the request", "the cooldown store failed; letting the use through"} {
				if !strings.Contains(b.log.String(), line) {
					t.Errorf("%q is not logged:\n%s", line, b.log.String())
				}
			}
			be.down.Store(false)
			body := interactiontest.Command("ping").JSON()
			if status, answer := b.post(t, body); status != 200 || !strings.Contains(answer, "pong") {
				t.Fatalf("with the backend up answered %d %s, want the handler's", status, answer)
			}
			mu.Lock()
			if strings.Join(told, ", ") != strings.Join(tc.told, ", ") {
				t.Errorf("told %q, want %q", told, tc.told)
			}
			mu.Unlock()
			if j, c, u := be.joint.Load(), be.claims.Load(), be.useCalls.Load(); j != tc.joint || c != tc.claims || u != tc.uses {
				t.Errorf("made %d joint calls, %d claims and %d uses; want %d, %d and %d", j, c, u, tc.joint, tc.claims, tc.uses)
			}
			// Whichever store was asked, a copy is refused, unless the
			// guard was left out.
			want := 409
			if tc.guardBreaker > 0 {
				want = 200
			}
			if status, _ := b.post(t, body); status != want {
				t.Errorf("a copy answered %d, want %d", status, want)
			}
		})
	}
}

// TestAJointCallIsBoundedByBothStores: the call ends after the shorter
// of the two stores' timeouts.
func TestAJointCallIsBoundedByBothStores(t *testing.T) {
	for _, tc := range []struct {
		name                    string
		guardTimeout, cdTimeout time.Duration
	}{
		{"the guard's shorter", 20 * time.Millisecond, time.Second},
		{"the cooldown's shorter", time.Second, 20 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			be := newBackend()
			be.hang.Store(true)
			b := newBot(t, guard{be}, []storecall.Option{storecall.WithTimeout(tc.guardTimeout)},
				cooldown.New(cooldown.PerUser, 1, time.Minute, cooldown.WithStore(jointStore{be}, storecall.WithTimeout(tc.cdTimeout))))
			if status, body := b.post(t, interactiontest.Command("ping").JSON()); status != 200 || !strings.Contains(body, "pong") {
				t.Fatalf("answered %d %s, want the handler's", status, body)
			}
			if d := time.Duration(be.allowed.Load()); d <= 0 || d > 20*time.Millisecond {
				t.Errorf("the call was allowed %v, want at most 20ms", d)
			}
		})
	}
}

// TestABucketsUseIsCountedWithTheClaim: a cooldown with a bucket first in
// line counts each route's use under the bucket's key in the call that
// claims the interaction.
func TestABucketsUseIsCountedWithTheClaim(t *testing.T) {
	be := newBackend()
	b := newBot(t, guard{be}, nil, cooldown.New(cooldown.PerUser, 1, time.Minute,
		cooldown.WithBucket("forecast"), cooldown.WithStore(jointStore{be})))
	if status, body := b.post(t, interactiontest.Command("ping").JSON()); status != 200 || !strings.Contains(body, "pong") {
		t.Fatalf("the first use answered %d %s", status, body)
	}
	if status, body := b.post(t, interactiontest.Command("weather").JSON()); status != 200 || !strings.Contains(body, "it shares the forecast cooldown") {
		t.Errorf("a use of another route of the bucket answered %d %s, want the refusal", status, body)
	}
	if j, c, u := be.joint.Load(), be.claims.Load(), be.useCalls.Load(); j != 2 || c != 0 || u != 0 {
		t.Errorf("made %d joint calls, %d claims and %d uses; want 2, 0 and 0", j, c, u)
	}
	if wait, _ := be.uses.Use(context.Background(), "forecast:user:"+interactiontest.UserID.String(), 1, time.Minute); wait <= 0 {
		t.Error("the use was not counted under forecast:user:{id}")
	}
}
