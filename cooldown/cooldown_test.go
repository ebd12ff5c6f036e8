package cooldown_test

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/storetest"
)

func TestMemoryCooldownStoreKeepsTheContract(t *testing.T) {
	storetest.TestCooldownStore(t, func(*testing.T) storetest.Handles[cooldown.Store] {
		clock := storetest.NewClock()
		s := cooldown.NewMemoryStore(0)
		s.SetClock(clock.Now)
		return storetest.Handles[cooldown.Store]{A: s, B: s, Clock: clock}
	})
}

// TestMemoryCooldownStoreForgetsWhatEnded: a key is dropped once its last
// use has left the period, and a full store pushes out the cooldown that
// ends first rather than grow.
func TestMemoryCooldownStoreForgetsWhatEnded(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	s := cooldown.NewMemoryStore(3)
	s.SetClock(clock.now)
	ctx := context.Background()
	use := func(key string, period time.Duration) time.Duration {
		t.Helper()
		wait, err := s.Use(ctx, key, 1, period)
		if err != nil {
			t.Fatal(err)
		}
		return wait
	}
	use("a", time.Hour)
	use("b", time.Second)
	use("c", time.Second)
	clock.t = clock.t.Add(2 * time.Second)
	use("d", time.Minute)
	if s.Len() != 2 || s.Evicted() != 0 {
		t.Errorf("Len = %d, Evicted = %d after b and c ended; want 2 and 0", s.Len(), s.Evicted())
	}
	use("e", 10*time.Minute)
	use("f", time.Hour)
	if s.Evicted() != 1 {
		t.Errorf("Evicted = %d, want 1", s.Evicted())
	}
	if wait := use("d", time.Minute); wait != 0 {
		t.Errorf("d, the cooldown that ends first, was kept over later ones: waits %v", wait)
	}
	if wait := use("a", time.Hour); wait == 0 {
		t.Error("a was evicted before d")
	}
	for i := range 10_000 {
		clock.t = clock.t.Add(time.Millisecond)
		use("k"+strconv.Itoa(i), time.Second)
		if s.Len() > 3 {
			t.Fatalf("holds %d keys, more than its capacity", s.Len())
		}
	}
}

// TestMemoryCooldownStoreTakesAChangedNumberOfUses: a store shared by
// cooldowns of different numbers of uses counts each call by its own.
func TestMemoryCooldownStoreTakesAChangedNumberOfUses(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	s := cooldown.NewMemoryStore(0)
	s.SetClock(clock.now)
	ctx := context.Background()
	for range 3 {
		s.Use(ctx, "k", 3, time.Minute)
		clock.t = clock.t.Add(time.Second)
	}
	// Three uses at 0s, 1s and 2s; with one allowed a minute, the wait is
	// for the last of them.
	if wait, _ := s.Use(ctx, "k", 1, time.Minute); wait != 59*time.Second {
		t.Errorf("with one use a minute, waits %v, want 59s", wait)
	}
	if wait, _ := s.Use(ctx, "k", 3, time.Minute); wait != 57*time.Second {
		t.Errorf("with three uses a minute, waits %v, want 57s", wait)
	}
}

func TestCooldownKeyNamesTheRouteTheScopeAndTheID(t *testing.T) {
	member := interaction.Member{User: interaction.User{ID: 7, Username: "ada"}}
	dmUser := interaction.User{ID: 8, Username: "bob"}
	r := router.New(router.DispatchOnly())
	var keys []string
	keep := func(_ context.Context, req *router.Request) (interaction.Response, error) {
		for _, s := range []cooldown.Scope{cooldown.PerUser, cooldown.PerGuild, cooldown.PerChannel} {
			keys = append(keys, cooldown.Key(req, s))
		}
		return interaction.Reply("ok"), nil
	}
	r.Command("mod ban", keep)
	r.UserCommand("Report", keep)
	r.Component("poll:{id}:vote", keep)
	r.Modal("form:{id}", keep)
	m := endpointtest.Build(t, r)
	channel := interactiontest.ChannelID.String()
	dmChannel := (interactiontest.ChannelID + 100).String()
	for _, tc := range []struct {
		name string
		ix   *interaction.Interaction
		want []string
	}{
		{"a subcommand in a guild", interactiontest.Command("mod ban").InGuild(5, member).Interaction(),
			[]string{"command:mod ban:user:7", "command:mod ban:guild:5", "command:mod ban:channel:" + channel}},
		{"a subcommand in a DM counts per guild as per channel", interactiontest.Command("mod ban").InDM(dmUser).Interaction(),
			[]string{"command:mod ban:user:8", "command:mod ban:channel:" + dmChannel, "command:mod ban:channel:" + dmChannel}},
		{"a user command", interactiontest.UserCommand("Report", dmUser, nil).InGuild(5, member).Interaction(),
			[]string{"user command:Report:user:7", "user command:Report:guild:5", "user command:Report:channel:" + channel}},
		{"a component by its pattern, not its custom_id", interactiontest.Button("poll:12:vote").InGuild(5, member).Interaction(),
			[]string{"component:poll:{id}:vote:user:7", "component:poll:{id}:vote:guild:5", "component:poll:{id}:vote:channel:" + channel}},
		{"a modal by its pattern", interactiontest.ModalSubmit("form:3").InGuild(5, member).Interaction(),
			[]string{"modal:form:{id}:user:7", "modal:form:{id}:guild:5", "modal:form:{id}:channel:" + channel}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keys = nil
			if _, err := m.Dispatch(context.Background(), tc.ix); err != nil {
				t.Fatal(err)
			}
			if strings.Join(keys, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("keys\n%s\nwant\n%s", strings.Join(keys, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

var relativeTime = regexp.MustCompile(`<t:(\d+):R>`)

// retryIn reads the time an answer says to try again at, as seconds from
// now.
func retryIn(t *testing.T, resp interaction.Response) time.Duration {
	t.Helper()
	if resp.Message.Flags&interaction.FlagEphemeral == 0 {
		t.Errorf("the refusal %q is not ephemeral", resp.Message.Content)
	}
	m := relativeTime.FindStringSubmatch(resp.Message.Content)
	if m == nil {
		t.Fatalf("the refusal %q says no time", resp.Message.Content)
	}
	sec, _ := strconv.ParseInt(m[1], 10, 64)
	return time.Until(time.Unix(sec, 0))
}

func TestCooldownRefusesAUsePastTheLimitAndSaysWhen(t *testing.T) {
	var runs atomic.Int32
	r := router.New(router.DispatchOnly())
	r.Use(cooldown.New(cooldown.PerUser, 2, time.Minute))
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		runs.Add(1)
		return interaction.Reply("pong"), nil
	})
	r.Command("pong", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("ping"), nil
	})
	r.Component("again:{n}", func(context.Context, *router.Request) (interaction.Response, error) {
		runs.Add(1)
		return interaction.Update("again"), nil
	})
	m := endpointtest.Build(t, r)
	ctx := context.Background()
	dispatch := func(b *interactiontest.Builder) interaction.Response {
		t.Helper()
		resp, err := m.Dispatch(ctx, b.Interaction())
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	for range 2 {
		if resp := dispatch(interactiontest.Command("ping")); resp.Message.Content != "pong" {
			t.Fatalf("an allowed use was answered %q", resp.Message.Content)
		}
	}
	resp := dispatch(interactiontest.Command("ping"))
	if !strings.HasPrefix(resp.Message.Content, "You can use this command again <t:") {
		t.Errorf("the third use was answered %q", resp.Message.Content)
	}
	if in := retryIn(t, resp); in < 58*time.Second || in > 61*time.Second {
		t.Errorf("the refusal says to try again in %v, want about a minute", in)
	}
	if n := runs.Load(); n != 2 {
		t.Errorf("the handler ran %d times, want 2", n)
	}
	if resp := dispatch(interactiontest.Command("pong")); resp.Message.Content != "ping" {
		t.Errorf("another command was cooled down too: %q", resp.Message.Content)
	}
	other := interaction.Member{User: interaction.User{ID: interactiontest.UserID + 1, Username: "bob"}}
	if resp := dispatch(interactiontest.Command("ping").InGuild(interactiontest.GuildID, other)); resp.Message.Content != "pong" {
		t.Errorf("another user was cooled down too: %q", resp.Message.Content)
	}

	// Components are counted by their route, whatever their custom_id.
	runs.Store(0)
	dispatch(interactiontest.Button("again:1"))
	dispatch(interactiontest.Button("again:2"))
	resp = dispatch(interactiontest.Button("again:3"))
	if !strings.HasPrefix(resp.Message.Content, "You can do this again <t:") || resp.Type != interaction.CallbackChannelMessageWithSource {
		t.Errorf("the third use of the component was answered %v %q", resp.Type, resp.Message.Content)
	}
	retryIn(t, resp)
	if n := runs.Load(); n != 2 {
		t.Errorf("the component's handler ran %d times, want 2", n)
	}
}

func TestCooldownPerGuildAndPerChannel(t *testing.T) {
	for _, tc := range []struct {
		name  string
		scope cooldown.Scope
		// second is where the second use comes from, by another user;
		// refused says whether the cooldown of the first holds it.
		second  func(*interactiontest.Builder) *interactiontest.Builder
		refused bool
	}{
		{"per guild, another member of the guild is cooled down", cooldown.PerGuild, otherMember, true},
		{"per guild, another guild is not", cooldown.PerGuild, func(b *interactiontest.Builder) *interactiontest.Builder {
			return otherMember(b).Modify(func(ix *interaction.Interaction) { ix.GuildID++ })
		}, false},
		{"per channel, another member in the channel is cooled down", cooldown.PerChannel, otherMember, true},
		{"per channel, another channel of the guild is not", cooldown.PerChannel, func(b *interactiontest.Builder) *interactiontest.Builder {
			return otherMember(b).Modify(func(ix *interaction.Interaction) { ix.ChannelID++ })
		}, false},
		{"per user, another member is not", cooldown.PerUser, otherMember, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := router.New(router.DispatchOnly())
			r.Use(cooldown.New(tc.scope, 1, time.Minute))
			r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
				return interaction.Reply("pong"), nil
			})
			m := endpointtest.Build(t, r)
			m.Dispatch(context.Background(), interactiontest.Command("ping").Interaction())
			resp, _ := m.Dispatch(context.Background(), tc.second(interactiontest.Command("ping")).Interaction())
			if refused := resp.Message.Content != "pong"; refused != tc.refused {
				t.Errorf("the second use was answered %q, refused %v, want %v", resp.Message.Content, refused, tc.refused)
			}
		})
	}
}

func otherMember(b *interactiontest.Builder) *interactiontest.Builder {
	return b.InGuild(interactiontest.GuildID, interaction.Member{User: interaction.User{ID: interactiontest.UserID + 1, Username: "bob"}})
}

func TestCooldownMessageIsTheAuthors(t *testing.T) {
	r := router.New(router.DispatchOnly())
	var said time.Time
	r.Use(cooldown.New(cooldown.PerUser, 1, 10*time.Second, cooldown.WithMessage(func(req *router.Request, retry time.Time) string {
		said = retry
		return "Slow down, " + req.Invoker().Username + ": " + cooldown.RelativeTime(retry)
	})))
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	})
	m := endpointtest.Build(t, r)
	m.Dispatch(context.Background(), interactiontest.Command("ping").Interaction())
	resp, _ := m.Dispatch(context.Background(), interactiontest.Command("ping").Interaction())
	want := "Slow down, ada: " + cooldown.RelativeTime(said)
	if resp.Message.Content != want {
		t.Errorf("answered %q, want %q", resp.Message.Content, want)
	}
	if in := time.Until(said); in <= 9*time.Second || in > 10*time.Second {
		t.Errorf("the message was given a retry %v from now, want about 10s", in)
	}
	retryIn(t, resp)
}

func TestRelativeTimeNeverReadsEarlier(t *testing.T) {
	for _, tc := range []struct {
		t    time.Time
		want string
	}{
		{time.Unix(1_700_000_010, 0), "<t:1700000010:R>"},
		{time.Unix(1_700_000_010, 1), "<t:1700000011:R>"},
		{time.Unix(1_700_000_010, 999_999_999), "<t:1700000011:R>"},
	} {
		if got := cooldown.RelativeTime(tc.t); got != tc.want {
			t.Errorf("RelativeTime(%v) = %s, want %s", tc.t, got, tc.want)
		}
	}
}

// failingCooldowns is a store that is down.
type failingCooldowns struct{}

func (failingCooldowns) Use(context.Context, string, int, time.Duration) (time.Duration, error) {
	return 0, errors.New("store unreachable")
}

// TestACooldownWhoseStoreFailsLetsTheUseThrough: the handler runs and the
// failure is logged.
func TestACooldownWhoseStoreFailsLetsTheUseThrough(t *testing.T) {
	var log bytes.Buffer
	r := router.New(router.DispatchOnly(), router.WithLogger(zerolog.New(&log)))
	r.Use(cooldown.New(cooldown.PerUser, 1, time.Minute, cooldown.WithStore(failingCooldowns{})))
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	})
	m := endpointtest.Build(t, r)
	for range 2 {
		resp, err := m.Dispatch(context.Background(), interactiontest.Command("ping").Interaction())
		if err != nil || resp.Message.Content != "pong" {
			t.Errorf("answered %q, %v; want the handler's", resp.Message.Content, err)
		}
	}
	if !strings.Contains(log.String(), "store unreachable") || !strings.Contains(log.String(), "command:ping:user:") {
		t.Errorf("the failure is not logged with its key: %s", log.String())
	}
}

func TestCooldownPanicsOnALimitThatAllowsNothing(t *testing.T) {
	for _, tc := range []struct {
		name   string
		scope  cooldown.Scope
		uses   int
		period time.Duration
	}{
		{"no uses", cooldown.PerUser, 0, time.Second},
		{"no period", cooldown.PerUser, 1, 0},
		{"a negative period", cooldown.PerGuild, 1, -time.Second},
		{"no scope", 0, 1, time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("Cooldown did not panic")
				}
			}()
			cooldown.New(tc.scope, tc.uses, tc.period)
		})
	}
	t.Run("a name with a colon", func(t *testing.T) {
		defer func() {
			if recover() == nil {
				t.Error("Cooldown did not panic")
			}
		}()
		cooldown.New(cooldown.PerUser, 1, time.Second, cooldown.WithName("a:b"))
	})
}

// keyRecorder is a store in memory that keeps the keys it was asked
// about.
type keyRecorder struct {
	*cooldown.MemoryStore
	mu   sync.Mutex
	keys []string
}

func (s *keyRecorder) Use(ctx context.Context, key string, uses int, period time.Duration) (time.Duration, error) {
	s.mu.Lock()
	s.keys = append(s.keys, key)
	s.mu.Unlock()
	return s.MemoryStore.Use(ctx, key, uses, period)
}

// TestStackedCooldownsSharingAStoreCountApart: a router's cooldown and a
// route's, in one store, each allow their own uses, under keys that name
// them; two given one name count together.
func TestStackedCooldownsSharingAStoreCountApart(t *testing.T) {
	for _, tc := range []struct {
		name         string
		outer, inner []cooldown.Option
		// allowed is how many of five uses in a row reach the handler.
		allowed int
		keys    []string
	}{
		{"by default each counts by its uses and period", nil, nil, 1,
			[]string{"5/1m0s:command:ping:user:", "1/10s:command:ping:user:"}},
		{"named, each counts by its name",
			[]cooldown.Option{cooldown.WithName("burst")}, []cooldown.Option{cooldown.WithName("ping")}, 1,
			[]string{"burst:command:ping:user:", "ping:command:ping:user:"}},
		{"given one name, they count together",
			[]cooldown.Option{cooldown.WithName("shared")}, []cooldown.Option{cooldown.WithName("shared")}, 0,
			[]string{"shared:command:ping:user:", "shared:command:ping:user:"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store := &keyRecorder{MemoryStore: cooldown.NewMemoryStore(0)}
			r := router.New(router.DispatchOnly())
			r.Use(cooldown.New(cooldown.PerUser, 5, time.Minute, append(tc.outer, cooldown.WithStore(store))...))
			var runs int
			inner := cooldown.New(cooldown.PerUser, 1, 10*time.Second, append(tc.inner, cooldown.WithStore(store))...)
			r.Command("ping", inner(router.HandlerFunc(func(context.Context, *router.Request) (interaction.Response, error) {
				runs++
				return interaction.Reply("pong"), nil
			})).ServeInteraction)
			m := endpointtest.Build(t, r)
			for range 5 {
				if _, err := m.Dispatch(context.Background(), interactiontest.Command("ping").Interaction()); err != nil {
					t.Fatal(err)
				}
			}
			if runs != tc.allowed {
				t.Errorf("%d of 5 uses reached the handler, want %d", runs, tc.allowed)
			}
			user := interactiontest.UserID.String()
			for i, want := range tc.keys {
				if store.keys[i] != want+user {
					t.Errorf("key %d is %q, want %q", i, store.keys[i], want+user)
				}
			}
		})
	}
}

// TestAutocompleteIsNoUse: the suggestions of a command under a cooldown
// pass however often the user types, and spend none of its uses.
func TestAutocompleteIsNoUse(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Use(cooldown.New(cooldown.PerUser, 1, time.Minute))
	r.Command("weather", endpointtest.Reply("sunny"))
	r.Autocomplete("weather", "city", func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
		return []interaction.Choice{interaction.StringChoice("Paris", "paris")}, nil
	})
	m := endpointtest.Build(t, r)
	for range 5 {
		resp, err := m.Dispatch(context.Background(),
			interactiontest.Autocomplete("weather").Focus("city", interaction.OptionString, interaction.StringValue("pa")).Interaction())
		if err != nil || len(resp.Choices) != 1 {
			t.Fatalf("suggestions under a cooldown: %+v, %v", resp.Choices, err)
		}
	}
	if resp, _ := m.Dispatch(context.Background(), interactiontest.Command("weather").Interaction()); resp.Message.Content != "sunny" {
		t.Errorf("the first use after typing was refused: %q", resp.Message.Content)
	}
}
