package concurrency_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/concurrency"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/storecall"
)

// TestALimitLetsNRunsGoOnAtOnce: of n+1 runs at once in one scope, n run
// and one is refused at once; a run in another scope is not held back;
// once the runs return, their slots are free.
func TestALimitLetsNRunsGoOnAtOnce(t *testing.T) {
	otherGuild := func(b *interactiontest.Builder) *interactiontest.Builder {
		return otherUser(b).Modify(func(ix *interaction.Interaction) { ix.GuildID++; ix.ChannelID++ })
	}
	otherChannel := func(b *interactiontest.Builder) *interactiontest.Builder {
		return otherUser(b).Modify(func(ix *interaction.Interaction) { ix.ChannelID++ })
	}
	for _, tc := range []struct {
		name  string
		scope concurrency.Scope
		n     int
		// same builds a run in the scope of the first runs, apart one
		// outside it.
		same, apart func(*interactiontest.Builder) *interactiontest.Builder
	}{
		{"per user, one", concurrency.PerUser, 1, nil, otherUser},
		{"per user, three", concurrency.PerUser, 3, nil, otherUser},
		{"per guild, another member is held back; another guild is not", concurrency.PerGuild, 2, otherUser, otherGuild},
		{"per channel, another member is held back; another channel is not", concurrency.PerChannel, 1, otherUser, otherChannel},
		{"global, every guild is held back", concurrency.Global, 2, otherGuild, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGate()
			r := router.New(router.DispatchOnly())
			r.Use(concurrency.New(tc.scope, tc.n))
			r.Command("export", g.handler("exported"))
			m := endpointtest.Build(t, r)
			run := func(i int) *interactiontest.Builder {
				b := interactiontest.Command("export")
				if i%2 == 1 && tc.same != nil {
					b = tc.same(b)
				}
				return b
			}
			var ixs []*interactiontest.Builder
			for i := range tc.n + 1 {
				ixs = append(ixs, run(i))
			}
			out := runAll([]dispatcher{m}, ixs...)
			for range tc.n {
				<-g.started
			}
			// The one past the limit returns while the others are held.
			if o := <-out; !o.refused(t) {
				t.Fatalf("of %d runs at once, one past the limit was answered %q, %v", tc.n+1, o.resp.Message.Content, o.err)
			}
			if tc.apart != nil {
				apart := runAll([]dispatcher{m}, tc.apart(interactiontest.Command("export")))
				<-g.started
				g.open()
				if o := <-apart; o.resp.Message.Content != "exported" {
					t.Errorf("a run in another scope was answered %q, %v", o.resp.Message.Content, o.err)
				}
			} else {
				g.open()
			}
			for range tc.n {
				if o := <-out; o.resp.Message.Content != "exported" {
					t.Errorf("a run within the limit was answered %q, %v", o.resp.Message.Content, o.err)
				}
			}
			// Every slot is free again: each run, one after the other, runs.
			for _, b := range ixs {
				resp, err := m.Dispatch(context.Background(), b.Interaction())
				<-g.started
				if err != nil || resp.Message.Content != "exported" {
					t.Errorf("after the runs returned, a run was answered %q, %v", resp.Message.Content, err)
				}
			}
		})
	}
}

// TestEachRouteIsLimitedApart: one limit given to a router limits each
// route on its own.
func TestEachRouteIsLimitedApart(t *testing.T) {
	g := newGate()
	r := router.New(router.DispatchOnly())
	r.Use(concurrency.New(concurrency.PerUser, 1))
	r.Command("export", g.handler("exported"))
	r.Command("import", g.handler("imported"))
	r.Component("job:{id}:cancel", g.handler("canceled"))
	m := endpointtest.Build(t, r)
	out := runAll([]dispatcher{m}, interactiontest.Command("export"), interactiontest.Command("import"), interactiontest.Button("job:1:cancel"))
	for range 3 {
		<-g.started
	}
	// The component's second run is refused by its pattern, whatever its
	// custom_id.
	resp, _ := m.Dispatch(context.Background(), interactiontest.Button("job:2:cancel").Interaction())
	if o := (outcome{resp: resp}); !o.refused(t) || resp.Message.Content != "This is already running; try again when it finishes." {
		t.Errorf("a second run of the component was answered %q", resp.Message.Content)
	}
	resp, _ = m.Dispatch(context.Background(), interactiontest.Command("export").Interaction())
	if resp.Message.Content != "This command is already running; try again when it finishes." {
		t.Errorf("a second run of the command was answered %q", resp.Message.Content)
	}
	g.open()
	for range 3 {
		if o := <-out; o.refused(t) || o.err != nil {
			t.Errorf("a run of its own route was answered %q, %v", o.resp.Message.Content, o.err)
		}
	}
}

// TestABucketIsOneLimitForEveryRouteItWraps: the music commands share one
// slot per guild; another command, and another guild, do not.
func TestABucketIsOneLimitForEveryRouteItWraps(t *testing.T) {
	g := newGate()
	store := &keyRecorder{Store: concurrency.NewMemoryStore()}
	music := concurrency.New(concurrency.PerGuild, 1, concurrency.WithBucket("music"), concurrency.WithStore(store))
	r := router.New(router.DispatchOnly())
	r.Handle("play", music(g.handler("playing")))
	r.Handle("skip", music(endpointtest.Reply("skipped")))
	r.HandleComponent("player:{id}:pause", music(endpointtest.Reply("paused")))
	r.Handle("stop", endpointtest.Reply("stopped"))
	m := endpointtest.Build(t, r)
	out := runAll([]dispatcher{m}, interactiontest.Command("play"))
	<-g.started
	for _, tc := range []struct {
		b    *interactiontest.Builder
		want string
	}{
		{otherUser(interactiontest.Command("skip")), "Music is already running; try again when it finishes."},
		{interactiontest.Button("player:7:pause"), "Music is already running; try again when it finishes."},
		{interactiontest.Command("stop"), "stopped"},
		{interactiontest.Command("skip").Modify(func(ix *interaction.Interaction) { ix.GuildID++ }), "skipped"},
	} {
		resp, err := m.Dispatch(context.Background(), tc.b.Interaction())
		if err != nil || resp.Message.Content != tc.want {
			t.Errorf("%s was answered %q, %v; want %q", tc.b.Interaction().Data.Name+tc.b.Interaction().Data.CustomID, resp.Message.Content, err, tc.want)
		}
	}
	g.open()
	<-out
	want := "music:guild:" + interactiontest.GuildID.String()
	if keys := store.Keys(); len(keys) == 0 || keys[0] != want {
		t.Errorf("counted under %q, want %q first", keys, want)
	}
}

// TestStackedLimitsCountApart: a router's limit and a route's each allow
// their own, under keys that name them.
func TestStackedLimitsCountApart(t *testing.T) {
	g := newGate()
	store := &keyRecorder{Store: concurrency.NewMemoryStore()}
	r := router.New(router.DispatchOnly())
	r.Use(concurrency.New(concurrency.PerUser, 2, concurrency.WithStore(store)))
	one := concurrency.New(concurrency.PerUser, 1, concurrency.WithStore(store))
	r.Handle("export", one(g.handler("exported")))
	m := endpointtest.Build(t, r)
	out := runAll([]dispatcher{m}, interactiontest.Command("export"))
	<-g.started
	resp, _ := m.Dispatch(context.Background(), interactiontest.Command("export").Interaction())
	if !(outcome{resp: resp}).refused(t) {
		t.Errorf("a second run past the route's limit of one was answered %q", resp.Message.Content)
	}
	g.open()
	<-out
	user := interactiontest.UserID.String()
	want := []string{"max2:command:export:user:" + user, "max1:command:export:user:" + user, "max2:command:export:user:" + user, "max1:command:export:user:" + user}
	if got := store.Keys(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("counted under\n%q\nwant\n%q", got, want)
	}
}

func TestTheRefusalIsTheAuthorsWhenGiven(t *testing.T) {
	g := newGate()
	r := router.New(router.DispatchOnly())
	r.Use(concurrency.New(concurrency.PerGuild, 1, concurrency.WithMessage(func(req *router.Request) string {
		return "An export is under way in this server, " + req.Invoker().Username + "."
	})))
	r.Command("export", g.handler("exported"))
	m := endpointtest.Build(t, r)
	out := runAll([]dispatcher{m}, interactiontest.Command("export"))
	<-g.started
	resp, _ := m.Dispatch(context.Background(), otherUser(interactiontest.Command("export")).Interaction())
	if resp.Message.Content != "An export is under way in this server, bob." || resp.Message.Flags&interaction.FlagEphemeral == 0 {
		t.Errorf("answered %q, flags %v; want the author's text, ephemeral", resp.Message.Content, resp.Message.Flags)
	}
	g.open()
	<-out
}

// TestAutocompleteTakesNoSlot: suggestions pass while the command runs.
func TestAutocompleteTakesNoSlot(t *testing.T) {
	g := newGate()
	r := router.New(router.DispatchOnly())
	r.Use(concurrency.New(concurrency.PerUser, 1))
	r.Command("weather", g.handler("sunny"))
	r.Autocomplete("weather", "city", func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
		return []interaction.Choice{interaction.StringChoice("Paris", "paris")}, nil
	})
	m := endpointtest.Build(t, r)
	out := runAll([]dispatcher{m}, interactiontest.Command("weather"))
	<-g.started
	resp, err := m.Dispatch(context.Background(),
		interactiontest.Autocomplete("weather").Focus("city", interaction.OptionString, interaction.StringValue("pa")).Interaction())
	if err != nil || len(resp.Choices) != 1 {
		t.Errorf("suggestions while the command runs: %+v, %v", resp.Choices, err)
	}
	g.open()
	<-out
}

// TestAHandlerThatPanicsReleasesItsSlot: the slot is released however the
// handler ends.
func TestAHandlerThatPanicsReleasesItsSlot(t *testing.T) {
	store := concurrency.NewMemoryStore()
	r := router.New(router.DispatchOnly())
	r.Use(concurrency.New(concurrency.PerUser, 1, concurrency.WithStore(store)))
	r.Command("boom", func(context.Context, *router.Request) (interaction.Response, error) { panic("bug") })
	m := endpointtest.Build(t, r)
	func() {
		defer func() { recover() }()
		m.Dispatch(context.Background(), interactiontest.Command("boom").Interaction())
	}()
	if n := store.Len(); n != 0 {
		t.Errorf("the store holds %d keys after the handler panicked", n)
	}
}

// failingStore is a store that is down.
type failingStore struct{ calls atomic.Int32 }

func (s *failingStore) Acquire(context.Context, string, int, time.Duration) (string, bool, error) {
	s.calls.Add(1)
	return "", false, errors.New("store unreachable")
}

func (s *failingStore) Renew(context.Context, string, string, time.Duration) (bool, error) {
	return false, errors.New("store unreachable")
}

func (s *failingStore) Release(context.Context, string, string) error {
	return errors.New("store unreachable")
}

// TestALimitWhoseStoreFailsLetsTheRunThrough: the handler runs, as many
// times at once as asked, and the failure is logged with the key.
func TestALimitWhoseStoreFailsLetsTheRunThrough(t *testing.T) {
	var log endpointtest.LogBuffer
	g := newGate()
	r := router.New(router.DispatchOnly(), router.WithLogger(zerolog.New(&log)))
	r.Use(concurrency.New(concurrency.PerUser, 1, concurrency.WithStore(&failingStore{})))
	r.Command("export", g.handler("exported"))
	m := endpointtest.Build(t, r)
	out := runAll([]dispatcher{m}, interactiontest.Command("export"), interactiontest.Command("export"))
	<-g.started
	<-g.started
	g.open()
	for range 2 {
		if o := <-out; o.resp.Message.Content != "exported" {
			t.Errorf("answered %q, %v; want the handler's", o.resp.Message.Content, o.err)
		}
	}
	if s := log.String(); !strings.Contains(s, "store unreachable") || !strings.Contains(s, "max1:command:export:user:") ||
		!strings.Contains(s, "letting the run through") {
		t.Errorf("the failure is not logged with its key: %s", s)
	}
}

func TestNewPanicsOnALimitItCannotKeep(t *testing.T) {
	for _, tc := range []struct {
		name  string
		scope concurrency.Scope
		n     int
		opts  []concurrency.Option
		want  string
	}{
		{"no runs", concurrency.PerUser, 0, nil, "at least one run"},
		{"no scope", 0, 1, nil, "unknown scope 0"},
		{"a scope past the last", concurrency.Global + 1, 1, nil, "unknown scope 5"},
		{"a name with a colon", concurrency.PerUser, 1, []concurrency.Option{concurrency.WithName("a:b")}, `the name "a:b" holds a colon`},
		{"an empty bucket", concurrency.PerUser, 1, []concurrency.Option{concurrency.WithBucket("")}, "the bucket's name is empty"},
		{"a bucket with a colon", concurrency.PerUser, 1, []concurrency.Option{concurrency.WithBucket("a:b")}, `the bucket "a:b" holds a colon`},
		{"a bucket and a name", concurrency.PerUser, 1, []concurrency.Option{concurrency.WithName("x"), concurrency.WithBucket("y")}, `given the name "x" and the bucket "y"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), tc.want) {
					t.Errorf("New panicked with %v, want %q", r, tc.want)
				}
			}()
			concurrency.New(tc.scope, tc.n, tc.opts...)
		})
	}
}

func TestScopesNameThemselves(t *testing.T) {
	for s, want := range map[concurrency.Scope]string{
		concurrency.PerUser: "user", concurrency.PerGuild: "guild", concurrency.PerChannel: "channel", concurrency.Global: "global", 9: "Scope(9)",
	} {
		if s.String() != want {
			t.Errorf("Scope %d is %q, want %q", s, s.String(), want)
		}
	}
}

// hangingStore is a store that answers no call until its context ends.
type hangingStore struct{}

func (hangingStore) Acquire(ctx context.Context, _ string, _ int, _ time.Duration) (string, bool, error) {
	<-ctx.Done()
	return "", false, ctx.Err()
}

func (hangingStore) Renew(ctx context.Context, _, _ string, _ time.Duration) (bool, error) {
	<-ctx.Done()
	return false, ctx.Err()
}

func (hangingStore) Release(ctx context.Context, _, _ string) error {
	<-ctx.Done()
	return ctx.Err()
}

// TestTheCallsToAStoreAreBounded: a store that does not answer costs a
// run its timeout, and is told as a failure of kind "concurrency"; after
// the breaker's failures it is not called, and the runs go through at
// once.
func TestTheCallsToAStoreAreBounded(t *testing.T) {
	var mu sync.Mutex
	var told []string
	var log endpointtest.LogBuffer
	r := router.New(router.DispatchOnly(), router.WithLogger(zerolog.New(&log)))
	r.Use(concurrency.New(concurrency.PerUser, 1, concurrency.WithStore(hangingStore{},
		storecall.WithTimeout(20*time.Millisecond), storecall.WithBreaker(2, time.Hour),
		storecall.WithOnFailure(func(kind string, why storecall.Failure) {
			mu.Lock()
			told = append(told, kind+" "+string(why))
			mu.Unlock()
		}))))
	r.Command("export", endpointtest.Reply("exported"))
	m := endpointtest.Build(t, r)
	for range 3 {
		if resp, err := endpointtest.Dispatch(t, m, interactiontest.Command("export")); err != nil || resp.Message.Content != "exported" {
			t.Fatalf("answered %q, %v; want the handler's", resp.Message.Content, err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"concurrency timeout", "concurrency timeout", "concurrency paused"}; strings.Join(told, ", ") != strings.Join(want, ", ") {
		t.Errorf("told %q, want %q", told, want)
	}
}
