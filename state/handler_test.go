package state_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/state"
	"github.com/switchboard-go/switchboard/storetest"
)

// shop is a router whose routes read carts, and the store and clock the
// carts are kept by.
type shop struct {
	mux   *router.Mux
	carts *state.Kind[Cart]
	spy   *spyStore
	clock *storetest.Clock
}

func newShop(t *testing.T, opts ...state.Option) *shop {
	t.Helper()
	s := &shop{clock: storetest.NewClock()}
	s.spy = newSpy(s.clock)
	s.carts = state.New[Cart]("cart", 15*time.Minute, append([]state.Option{state.WithStore(s.spy)}, opts...)...)
	r := router.New(router.DispatchOnly())
	r.HandleComponent("cart:{cart}:add", s.carts.Handler(func(ctx context.Context, req *router.Request, key string, c Cart) (interaction.Response, error) {
		c.Items["Tiramisu"]++
		if err := s.carts.Set(ctx, key, c); err != nil {
			return interaction.Response{}, err
		}
		return interaction.Update(fmt.Sprintf("%s has %d tiramisu", c.Owner, c.Items["Tiramisu"])), nil
	}))
	r.HandleComponent("cart:{cart}:pay", s.carts.OnceHandler(func(ctx context.Context, req *router.Request, key string, c Cart) (interaction.Response, error) {
		return interaction.Reply(fmt.Sprintf("paid for %d kinds of things", len(c.Items))), nil
	}))
	r.HandleComponent("cart:{cart}:remove", s.carts.Handler(func(ctx context.Context, req *router.Request, key string, c Cart) (interaction.Response, error) {
		for _, v := range req.Values() {
			delete(c.Items, v)
		}
		return interaction.Update(fmt.Sprintf("%d kinds left", len(c.Items))), s.carts.Set(ctx, key, c)
	}))
	r.HandleModal("cart:{cart}:note", s.carts.Handler(func(ctx context.Context, req *router.Request, key string, c Cart) (interaction.Response, error) {
		note, _ := req.Fields.Text("note")
		c.Note = note
		return interaction.Reply("noted: " + note).Ephemeral(), s.carts.Set(ctx, key, c)
	}))
	// Through its method value, the handler is hidden from Build, which
	// would refuse the route.
	r.Component("basket:{id}", s.carts.Handler(func(context.Context, *router.Request, string, Cart) (interaction.Response, error) {
		return interaction.Reply("never"), nil
	}).ServeInteraction)
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	s.mux = mux
	return s
}

func (s *shop) put(t *testing.T) string {
	t.Helper()
	key, err := s.carts.Put(context.Background(), bigCart())
	if err != nil {
		t.Fatal(err)
	}
	return key
}

func (s *shop) use(b *interactiontest.Builder) (interaction.Response, error) {
	return s.mux.Dispatch(context.Background(), b.Interaction())
}

func ephemeral(r interaction.Response) bool {
	return r.Message.Flags&interaction.FlagEphemeral != 0
}

func content(r interaction.Response) string { return r.Message.Content }

func TestAHandlerIsGivenTheStateItsCustomIDCarries(t *testing.T) {
	for _, tc := range []struct {
		name string
		use  func(key string) *interactiontest.Builder
		want string
	}{
		{"a button", func(key string) *interactiontest.Builder { return interactiontest.Button("cart:" + key + ":add") },
			"80351110224678912 has 4 tiramisu"},
		{"a select menu", func(key string) *interactiontest.Builder {
			return interactiontest.Select("cart:"+key+":remove", "Tiramisu", "Sparkling water, 1 litre")
		}, "2 kinds left"},
		{"a modal", func(key string) *interactiontest.Builder {
			return interactiontest.ModalSubmit("cart:"+key+":note").TextInput("note", "no onions")
		}, "noted: no onions"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newShop(t)
			key := s.put(t)
			resp, err := s.use(tc.use(key))
			if err != nil || content(resp) != tc.want {
				t.Fatalf("answered %q, %v; want %q", content(resp), err, tc.want)
			}
			// The state stays, changed, for the next use.
			if _, err := s.carts.Get(context.Background(), key); err != nil {
				t.Errorf("after the use: %v", err)
			}
		})
	}
}

func TestAUseWhoseStateExpiredIsToldSoEphemerally(t *testing.T) {
	for _, tc := range []struct {
		name string
		use  func(key string) *interactiontest.Builder
		want string
	}{
		{"a button", func(key string) *interactiontest.Builder { return interactiontest.Button("cart:" + key + ":add") },
			"This button has expired."},
		{"a button that ends the state", func(key string) *interactiontest.Builder { return interactiontest.Button("cart:" + key + ":pay") },
			"This button has expired."},
		{"a select menu", func(key string) *interactiontest.Builder {
			return interactiontest.Select("cart:"+key+":remove", "Tiramisu")
		},
			"This menu has expired."},
		{"a user select", func(key string) *interactiontest.Builder {
			return interactiontest.Component("cart:"+key+":remove", interaction.ComponentUserSelect)
		}, "This menu has expired."},
		{"a modal", func(key string) *interactiontest.Builder {
			return interactiontest.ModalSubmit("cart:"+key+":note").TextInput("note", "x")
		}, "This form has expired."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newShop(t)
			key := s.put(t)
			s.clock.Advance(15 * time.Minute)
			resp, err := s.use(tc.use(key))
			if err != nil || content(resp) != tc.want || !ephemeral(resp) || resp.Type != interaction.CallbackChannelMessageWithSource {
				t.Errorf("answered %+v, %v; want %q, ephemeral", resp.Message, err, tc.want)
			}
		})
	}
}

func TestAKeyNoPutReturnedIsAnsweredAsExpired(t *testing.T) {
	s := newShop(t)
	for _, key := range []string{"42", "3q2-7wXbTOa9yA_aQcTh8g", strings.Repeat("z", 60)} {
		resp, err := s.use(interactiontest.Button("cart:" + key + ":add"))
		if err != nil || content(resp) != "This button has expired." || !ephemeral(resp) {
			t.Errorf("cart:%s:add answered %q, %v", key, content(resp), err)
		}
	}
}

func TestTheExpiredMessageIsTheBotsOwn(t *testing.T) {
	s := newShop(t, state.WithMessage(func(req *router.Request) string {
		if req.Locale() == interaction.LocaleFrench {
			return "Ce panier a expiré : relancez /shop."
		}
		return "This cart has expired: run /shop again."
	}))
	key := s.put(t)
	s.clock.Advance(time.Hour)
	for locale, want := range map[interaction.Locale]string{
		interaction.LocaleFrench:    "Ce panier a expiré : relancez /shop.",
		interaction.LocaleEnglishUS: "This cart has expired: run /shop again.",
	} {
		resp, _ := s.use(interactiontest.Button("cart:" + key + ":add").Locale(locale))
		if content(resp) != want || !ephemeral(resp) {
			t.Errorf("in %s: answered %q, want %q", locale, content(resp), want)
		}
	}
}

// A nil text is no text to call when a state has expired: the default
// answers.
func TestANilExpiredMessageKeepsTheDefault(t *testing.T) {
	s := newShop(t, state.WithMessage(nil))
	key := s.put(t)
	s.clock.Advance(time.Hour)
	resp, err := s.use(interactiontest.Button("cart:" + key + ":add"))
	if err != nil || content(resp) != "This button has expired." || !ephemeral(resp) {
		t.Errorf("answered %q, %v", content(resp), err)
	}
}

func TestOnceHandlerServesTheFirstUseOnly(t *testing.T) {
	s := newShop(t)
	key := s.put(t)
	first, err := s.use(interactiontest.Button("cart:" + key + ":pay"))
	if err != nil || content(first) != "paid for 4 kinds of things" {
		t.Fatalf("the first click answered %q, %v", content(first), err)
	}
	second, err := s.use(interactiontest.Button("cart:" + key + ":pay"))
	if err != nil || content(second) != "This button has expired." || !ephemeral(second) {
		t.Errorf("the second click answered %q, %v; want the expiry", content(second), err)
	}
	// The other buttons of the message end with it.
	if resp, _ := s.use(interactiontest.Button("cart:" + key + ":add")); content(resp) != "This button has expired." {
		t.Errorf("a button beside the one that ended the state answered %q", content(resp))
	}
}

func TestAStoreErrorGoesToTheErrorHandlerNotToAnExpiry(t *testing.T) {
	s := newShop(t)
	key := s.put(t)
	s.spy.failWith(errors.New("connection refused"))
	resp, err := s.use(interactiontest.Button("cart:" + key + ":add"))
	if err == nil || !strings.Contains(err.Error(), "state: cart: reading a state: connection refused") {
		t.Errorf("Dispatch's error = %v, want the store's, wrapped", err)
	}
	if strings.Contains(content(resp), "expired") {
		t.Errorf("the user was told %q: the state may be live", content(resp))
	}
}

func TestARouteHiddenFromBuildThatNamesNoPartForTheKeyIsAnErrorWhenUsed(t *testing.T) {
	s := newShop(t)
	key := s.put(t)
	_, err := s.use(interactiontest.Button("basket:" + key))
	if err == nil || !strings.Contains(err.Error(), `state: cart: the route "basket:{id}" names no part {cart}`) {
		t.Errorf("Dispatch's error = %v", err)
	}
	if n := s.spy.count(); n != 1 {
		t.Errorf("the store was called %d times, only for the Put", n)
	}
}

func TestExpiredTextNamesWhatWasUsed(t *testing.T) {
	for _, tc := range []struct {
		ix   *interaction.Interaction
		want string
	}{
		{interactiontest.Button("x").Interaction(), "This button has expired."},
		{interactiontest.Select("x", "a").Interaction(), "This menu has expired."},
		{interactiontest.Component("x", interaction.ComponentChannelSelect).Interaction(), "This menu has expired."},
		{interactiontest.ModalSubmit("x").Interaction(), "This form has expired."},
		{interactiontest.Command("x").Interaction(), "This has expired."},
	} {
		if got := state.ExpiredText(router.NewRequest(tc.ix)); got != tc.want {
			t.Errorf("for a %v: %q, want %q", tc.ix.Type, got, tc.want)
		}
	}
}

// FuzzHandlerAnswersAnyCustomID: whatever custom_id a route's pattern
// takes, a handler of states answers: with the state when its part is a
// key put, and otherwise with the expiry, ephemeral; never a panic, and
// never a call to the store for a key no Put could return.
func FuzzHandlerAnswersAnyCustomID(f *testing.F) {
	for _, s := range []string{"3q2-7wXbTOa9yA_aQcTh8g", "", "x", "AAAAAAAAAAAAAAAAAAAAAA", "é", strings.Repeat("_", 22), "a:b"} {
		f.Add(s)
	}
	s := &shop{clock: storetest.NewClock()}
	s.spy = newSpy(s.clock)
	s.carts = state.New[Cart]("cart", time.Hour, state.WithStore(s.spy))
	key, err := s.carts.Put(context.Background(), bigCart())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(key)
	r := router.New(router.DispatchOnly())
	r.HandleComponent("cart:{cart}:view", s.carts.Handler(func(ctx context.Context, req *router.Request, k string, c Cart) (interaction.Response, error) {
		return interaction.Update(c.Owner), nil
	}))
	mux, err := r.Build()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, part string) {
		calls := s.spy.count()
		resp, err := mux.Dispatch(context.Background(), interactiontest.Button("cart:"+part+":view").Interaction())
		switch {
		case err != nil && !errors.Is(err, router.ErrNotFound):
			t.Fatalf("cart:%s:view: %v", part, err)
		case err != nil:
			// A part the pattern does not take ("", or one with a colon).
		case part == key:
			if content(resp) != bigCart().Owner {
				t.Errorf("the key put answered %q", content(resp))
			}
		case content(resp) != "This button has expired." || !ephemeral(resp):
			t.Errorf("cart:%s:view answered %q", part, content(resp))
		}
		if asked := s.spy.count() > calls; asked && !state.ValidKey(part) {
			t.Errorf("cart:%s:view asked the store for a key no Put returns", part)
		}
	})
}
