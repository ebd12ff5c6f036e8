package autocomplete_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// source is an autocomplete source a test turns off, slows down or
// answers from a table.
type source struct {
	mu    sync.Mutex
	down  error
	block chan struct{} // when set, each call waits for it to close
	calls int
}

var world = map[string][]string{
	"":      {"Paris", "Parma", "Rome"},
	"p":     {"Paris", "Parma"},
	"pa":    {"Paris", "Parma"},
	"par":   {"Paris", "Parma", "Paramaribo"},
	"paris": {"Paris"},
}

func (s *source) complete(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
	s.mu.Lock()
	down, block := s.down, s.block
	s.calls++
	s.mu.Unlock()
	if block != nil {
		<-block
	}
	if down != nil {
		return nil, down
	}
	var out []interaction.Choice
	for _, name := range world[req.Focused.Text()] {
		out = append(out, interaction.StringChoice(name, name))
	}
	return out, nil
}

func (s *source) set(down error, block chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.down, s.block = down, block
}

// typing returns the request of user typing text into /weather city.
func typing(t *testing.T, text string, user interaction.Snowflake) *autocomplete.Request {
	t.Helper()
	ix := interactiontest.Autocomplete("weather").Focus("city", interaction.OptionString, interaction.StringValue(text)).
		InDM(interaction.User{ID: user, Username: "u"}).Interaction()
	req, ok := autocomplete.NewRequest(ix)
	if !ok {
		t.Fatal("no focused option")
	}
	return &req
}

func names(cs []interaction.Choice) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

var errDown = errors.New("the city service is down")

func TestFallbackServesTheLastGoodSuggestions(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name      string
		kept      []string // what users typed while the source was up
		typed     string
		want      []string // nil for the source's error, unwrapped
		wantTyped string   // what the suggestions served were kept for
	}{
		{"what was typed, kept", []string{"par"}, "par", []string{"Paris", "Parma", "Paramaribo"}, "par"},
		{"a beginning of what was typed, ranked against it", []string{"p", "par"}, "pari", []string{"Paris", "Paramaribo"}, "par"},
		{"the longest beginning with suggestions that match", []string{"", "p"}, "rom", []string{"Rome"}, ""},
		{"an answer of no suggestions, kept", []string{"zz"}, "zz", []string{}, "zz"},
		{"nothing kept", []string{"rome"}, "par", nil, ""},
		{"nothing kept that matches", []string{"p"}, "pz", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := &source{}
			h := autocomplete.Fallback(autocomplete.HandlerFunc(src.complete), autocomplete.NewMemoryCache(0))
			for _, typed := range tt.kept {
				if _, err := h(ctx, typing(t, typed, 7)); err != nil {
					t.Fatal(err)
				}
			}
			src.set(errDown, nil)
			got, err := h(ctx, typing(t, tt.typed, 7))
			if tt.want == nil {
				if err != errDown || got != nil {
					t.Fatalf("got %q, %v; want the source's own error", names(got), err)
				}
				return
			}
			var stale *autocomplete.StaleError
			if !errors.As(err, &stale) || !errors.Is(err, errDown) || stale.Typed != tt.wantTyped {
				t.Fatalf("error %v; want a StaleError of %q wrapping the source's", err, tt.wantTyped)
			}
			if g := names(got); !slices.Equal(g, tt.want) || got == nil {
				t.Errorf("served %q, want %q", g, tt.want)
			}
		})
	}
}

// A source that misses its time is left running, the last good
// suggestions are served in time, and its late answer is kept for the
// next keystroke.
func TestASlowSourceIsServedFromTheCacheAndItsLateAnswerKept(t *testing.T) {
	ctx := context.Background()
	src := &source{}
	cache := &signalled{MemoryCache: autocomplete.NewMemoryCache(0), stored: make(chan string, 4)}
	h := autocomplete.Fallback(autocomplete.HandlerFunc(src.complete), cache, autocomplete.WithTimeout(20*time.Millisecond))
	if _, err := h(ctx, typing(t, "pa", 7)); err != nil {
		t.Fatal(err)
	}
	<-cache.stored
	release := make(chan struct{})
	src.set(nil, release)
	got, err := h(ctx, typing(t, "par", 7))
	if !errors.Is(err, context.DeadlineExceeded) || !slices.Equal(names(got), []string{"Paris", "Parma"}) {
		t.Fatalf("served %q, %v; want what was kept for \"pa\", past the deadline", names(got), err)
	}
	close(release)
	<-cache.stored // the late answer, for "par"
	src.set(errDown, nil)
	got, err = h(ctx, typing(t, "par", 7))
	if !errors.Is(err, errDown) || !slices.Equal(names(got), []string{"Paris", "Parma", "Paramaribo"}) {
		t.Errorf("served %q, %v; want the late answer for \"par\"", names(got), err)
	}
}

// signalled is a MemoryCache that says when it has kept an answer.
type signalled struct {
	*autocomplete.MemoryCache
	stored chan string
}

func (s *signalled) Store(ctx context.Context, key string, choices []interaction.Choice, ttl time.Duration) error {
	err := s.MemoryCache.Store(ctx, key, choices, ttl)
	s.stored <- key
	return err
}

// Suggestions kept per user are never served to another user; kept for
// everyone, they are.
func TestSuggestionsKeptPerUserStayTheirs(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name      string
		opts      []autocomplete.FallbackOption
		otherGets bool
	}{
		{"kept for everyone", nil, true},
		{"kept per user", []autocomplete.FallbackOption{autocomplete.WithScope(autocomplete.PerUser)}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := &source{}
			h := autocomplete.Fallback(autocomplete.HandlerFunc(src.complete), autocomplete.NewMemoryCache(0), tt.opts...)
			if _, err := h(ctx, typing(t, "par", 7)); err != nil {
				t.Fatal(err)
			}
			src.set(errDown, nil)
			if got, _ := h(ctx, typing(t, "par", 7)); len(got) != 3 {
				t.Errorf("the same user was served %q", names(got))
			}
			got, _ := h(ctx, typing(t, "par", 8))
			if (len(got) > 0) != tt.otherGets {
				t.Errorf("another user was served %q", names(got))
			}
		})
	}
}

// A scope not declared would keep one user's suggestions for everyone:
// Fallback refuses it at once.
func TestFallbackPanicsOnAnUnknownScope(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Fallback took Scope(9)")
		}
	}()
	autocomplete.Fallback(autocomplete.HandlerFunc((&source{}).complete), autocomplete.NewMemoryCache(0), autocomplete.WithScope(9))
}

// A source that answers at once is served its own answer, however little
// time the request has left: the moment kept for the lookup is a part of
// what is left, never all of it.
func TestAQuickSourceIsServedUnderAShortDeadline(t *testing.T) {
	for _, left := range []time.Duration{50 * time.Millisecond, 200 * time.Millisecond, 3 * time.Second} {
		ctx, cancel := context.WithTimeout(context.Background(), left)
		src := &source{}
		h := autocomplete.Fallback(autocomplete.HandlerFunc(src.complete), autocomplete.NewMemoryCache(0))
		got, err := h(ctx, typing(t, "par", 7))
		cancel()
		if err != nil || len(got) != 3 {
			t.Errorf("with %v left: %q, %v; want the source's own answer", left, names(got), err)
		}
	}
}

// Fallbacks served at once each get suggestions of their own: a handler
// or middleware that changes its answer, its choices' localized names
// among it, changes nothing another user is served. Under -race, the
// served answers share no memory.
func TestFallbacksServedAtOnceShareNothing(t *testing.T) {
	ctx := context.Background()
	down := false
	var mu sync.Mutex
	h := autocomplete.Fallback(autocomplete.HandlerFunc(func(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		mu.Lock()
		defer mu.Unlock()
		if down {
			return nil, errDown
		}
		return []interaction.Choice{
			interaction.StringChoice("Paris", "paris").Localize(interaction.LocaleItalian, "Parigi"),
			interaction.StringChoice("Parma", "parma"),
		}, nil
	}), autocomplete.NewMemoryCache(0))
	if _, err := h(ctx, typing(t, "par", 7)); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	down = true
	mu.Unlock()

	var wg sync.WaitGroup
	for user := range interaction.Snowflake(8) {
		wg.Go(func() {
			got, err := h(ctx, typing(t, "par", 10+user))
			if len(got) != 2 {
				t.Errorf("user %d was served %q, %v", 10+user, names(got), err)
				return
			}
			// What a middleware translating its answer would do.
			got[0].NameLocalizations[interaction.LocaleGerman] = "Paris, changed for " + user.String()
			got[0].NameLocalizations[interaction.LocaleItalian] = "Parigi, changed for " + user.String()
			got[1].Name = "Parma, changed"
		})
	}
	wg.Wait()
	got, _ := h(ctx, typing(t, "par", 7))
	if len(got) != 2 || got[1].Name != "Parma" {
		t.Fatalf("served %q after the others changed theirs", names(got))
	}
	if l := got[0].NameLocalizations; len(l) != 1 || l[interaction.LocaleItalian] != "Parigi" {
		t.Errorf("served Paris with the localized names %v, changed by other users' middleware", l)
	}
}
