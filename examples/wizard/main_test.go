package main

import (
	"context"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/redistest"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/state"
	"github.com/switchboard-go/switchboard/storetest"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

func TestTheScriptTakesAnOrderStepByStep(t *testing.T) {
	t.Setenv("SWITCHBOARD_REDIS_URL", "") // the orders in memory, whatever the environment says
	out := playground.Output(t, example, "")
	playground.Shows(t, out,
		"  bot › 🍕 A new order. Step 1 of 3: the size.\n",
		"  bot (updates its message) › 🍕 A large pizza. Step 2 of 3: up to four toppings, or none.\n",
		"  bot (updates its message) › 🍕 A large pizza with basil, olives and mushrooms. Step 3 of 3: where to bring it.\n",
		"    Name (name: short text, required)\n",
		"  bot (updates its message) › 🍕 Your order: a large pizza with basil, olives and mushrooms, for Ada Lovelace at 12 Via Roma, second floor, the door on the left (Ring twice; the bell is broken).\n",
		"  bot › 🧾 Order placed by owner: a large pizza with basil, olives and mushrooms, for Ada Lovelace at 12 Via Roma, second floor, the door on the left (Ring twice; the bell is broken).\n",
		"owner in #general › click \"Place order\"\n  bot › This order was placed, cancelled or has expired: start a new one with /order.  (only you can see this)\n",
		"  bot › Cette commande a été passée, annulée ou a expiré : recommencez avec /order.  (only you can see this)\n",
		"  bot (updates its message) › 🍕 A small pizza, plain. Step 3 of 3: where to bring it.\n",
		"  bot (updates its message) › 🍕 Order cancelled.  (only you can see this)\n",
	)
	if strings.Count(out, "Order placed") != 1 {
		t.Errorf("the order was placed %d times, want once", strings.Count(out, "Order placed"))
	}
}

// customID is what every custom_id of the bot is: the order's key
// between its kind and the step.
var customID = regexp.MustCompile(`^order:([A-Za-z0-9_-]{22}):(size|toppings|plain|address|place|cancel)$`)

// order fills in an order on bot up to its summary, and returns the
// exchange that shows it.
func order(t *testing.T, bot *switchboardtest.Bot) *switchboardtest.Exchange {
	t.Helper()
	x := bot.Command("/order")
	x = x.Choose("Size", "Medium").Shows("Step 2 of 3")
	x = x.Choose("Toppings", "Mozzarella", "Ham", "Artichokes", "Anchovies").Shows("Step 3 of 3")
	return x.Click("Delivery address").Submit(emulator.Submit{Fields: map[string]string{
		"name": "Grace Hopper", "street": "7 Harbour Road, flat 3, past the blue gate", "notes": "Leave it with the porter.",
	}}).Shows("Your order: a medium pizza with mozzarella, ham, anchovies and artichokes, for Grace Hopper at 7 Harbour Road, flat 3, past the blue gate (Leave it with the porter)")
}

func TestAnOrderOutgrowsACustomIDWhileItsCustomIDsStayShort(t *testing.T) {
	store := state.NewMemoryStore(0, 0)
	bot := switchboardtest.New(t, pizzeria(store))
	summary := order(t, bot)
	msg := summary.Message()
	if v := component.ValidateMessage(msg.Data); len(v) > 0 {
		t.Fatalf("the summary breaks the service's rules: %v", v)
	}
	parsed, err := component.ParseAll(msg.Data.Components)
	if err != nil {
		t.Fatal(err)
	}
	var key string
	for _, c := range component.Walk(parsed) {
		id, ok := component.CustomID(c)
		if !ok {
			continue
		}
		m := customID.FindStringSubmatch(id)
		if m == nil || len(id) > 100 {
			t.Errorf("the custom_id %q is not order:<key>:<step> within 100 characters", id)
			continue
		}
		key = m[1]
	}
	v, found, err := store.Get(context.Background(), "order:"+key)
	if err != nil || !found {
		t.Fatalf("no order under the summary's key: %v", err)
	}
	if len(v) <= 100 {
		t.Errorf("the order is %d bytes, %s; the example means one larger than a custom_id", len(v), v)
	}
}

// restart serves r on bot's emulator as the bot's next process, with an
// endpoint and a REST client of its own: from now on the emulator sends
// every interaction to it, and none to the process before.
func restart(t *testing.T, bot *switchboardtest.Bot, r *router.Router) {
	t.Helper()
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(bot.Emulator.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	client, err := rest.NewClient(bot.Emulator.URL, rest.BotToken(bot.Emulator.BotToken))
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.New(mux, verifier, endpoint.WithClient(client))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	if err := bot.Emulator.SetInteractionsURL(t.Context(), srv.URL); err != nil {
		t.Fatal(err)
	}
}

// counted returns r, counting in n the interactions it serves.
func counted(r *router.Router, n *atomic.Int32) *router.Router {
	r.Use(func(next router.Handler) router.Handler {
		return router.HandlerFunc(func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			n.Add(1)
			return next.ServeInteraction(ctx, req)
		})
	})
	return r
}

func TestAnOrderOnRedisOutlivesARestartOfTheBot(t *testing.T) {
	srv := redistest.Start(t)
	var before, after atomic.Int32
	// Each process has a client of its own; they share only Redis.
	bot := switchboardtest.New(t, counted(pizzeria(redisstore.NewStates(srv.Client(t), redisPrefix)), &before))
	x := bot.Command("/order").Choose("Size", "Large").Shows("Step 2 of 3")

	restart(t, bot, counted(pizzeria(redisstore.NewStates(srv.Client(t), redisPrefix)), &after))
	x = x.Choose("Toppings", "Basil").Shows("🍕 A large pizza with basil. Step 3 of 3: where to bring it.")
	x = x.Click("Delivery address").Submit(emulator.Submit{Fields: map[string]string{"name": "Ada", "street": "12 Via Roma"}})
	x.Click("Place order").Shows("🧾 Order placed by", "a large pizza with basil, for Ada at 12 Via Roma.")
	if b, a := before.Load(), after.Load(); b != 2 || a != 4 {
		t.Errorf("the first process served %d interactions and the second %d; want 2 and 4", b, a)
	}
}

func TestAnOrderInMemoryIsLostAtARestartAndItsButtonsSaySo(t *testing.T) {
	bot := switchboardtest.New(t, pizzeria(state.NewMemoryStore(0, 0)))
	x := bot.Command("/order").Choose("Size", "Large")
	restart(t, bot, pizzeria(state.NewMemoryStore(0, 0)))
	late := x.Choose("Toppings", "Basil")
	if !late.Ephemeral() || late.Content() != "This order was placed, cancelled or has expired: start a new one with /order." {
		t.Errorf("a step after the restart answered:\n%s", late)
	}
	// The order's message is left as it was.
	if got := x.Message().Data.Content; !strings.Contains(got, "Step 2 of 3") {
		t.Errorf("the order's message reads %q", got)
	}
}

// clockStore is a state.Store in a map, which reads the time from a
// clock the test moves: as a store of one's own is written, and checked
// with package storetest.
type clockStore struct {
	clock  *storetest.Clock
	mu     sync.Mutex
	values map[string]clockValue
}

type clockValue struct {
	v       []byte
	expires time.Time
}

func newClockStore() *clockStore {
	return &clockStore{clock: storetest.NewClock(), values: map[string]clockValue{}}
}

func (s *clockStore) advance(d time.Duration) { s.clock.Advance(d) }

// live returns the value of key unless it has expired; s.mu is held.
func (s *clockStore) live(key string) (clockValue, bool) {
	v, ok := s.values[key]
	if ok && !v.expires.After(s.clock.Now()) {
		delete(s.values, key)
		ok = false
	}
	return v, ok
}

func (s *clockStore) Add(_ context.Context, key string, v []byte, ttl time.Duration) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.live(key); ok {
		return false, nil
	}
	s.values[key] = clockValue{v: append([]byte(nil), v...), expires: s.clock.Now().Add(ttl)}
	return true, nil
}

func (s *clockStore) Replace(_ context.Context, key string, v []byte, ttl time.Duration) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.live(key); !ok {
		return false, nil
	}
	s.values[key] = clockValue{v: append([]byte(nil), v...), expires: s.clock.Now().Add(ttl)}
	return true, nil
}

func (s *clockStore) Get(_ context.Context, key string) ([]byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.live(key)
	return v.v, ok, nil
}

func (s *clockStore) Take(_ context.Context, key string) ([]byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.live(key)
	delete(s.values, key)
	return v.v, ok, nil
}

func TestTheTestsClockStoreKeepsTheContract(t *testing.T) {
	storetest.TestStateStore(t, func(t *testing.T) storetest.Handles[state.Store] {
		s := newClockStore()
		return storetest.Handles[state.Store]{A: s, B: s, Clock: s.clock}
	})
}

func TestAnOrderLivesHalfAnHourAfterItsLastStep(t *testing.T) {
	store := newClockStore()
	bot := switchboardtest.New(t, pizzeria(store))
	x := bot.Command("/order")
	store.advance(29 * time.Minute)
	x = x.Choose("Size", "Small").Shows("Step 2 of 3") // a step sets the order again: half an hour from now
	store.advance(29 * time.Minute)
	x.Click("No toppings").Shows("Step 3 of 3")
	store.advance(ttl)
	late := x.Click("Delivery address")
	if !late.Ephemeral() || !strings.HasPrefix(late.Content(), "This order was placed, cancelled or has expired") {
		t.Errorf("a click half an hour after the last step answered:\n%s", late)
	}
}

func TestARedisURLThatDoesNotParseIsRefusedWithoutQuotingIt(t *testing.T) {
	_, err := storeFor("redis://:hunter2@cache:notaport/0")
	if err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("storeFor = %v; want an error that quotes nothing of the URL", err)
	}
	if s, err := storeFor(""); err != nil {
		t.Errorf("no URL: %v", err)
	} else if _, inMemory := s.(*state.MemoryStore); !inMemory {
		t.Errorf("no URL gave %T, want the orders in memory", s)
	}
}
