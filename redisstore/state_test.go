package redisstore_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/redistest"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/state"
	"github.com/switchboard-go/switchboard/storetest"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

var _ state.Store = (*redisstore.States)(nil)

// Each handle has a client of its own, as each replica does. Redis
// expires by its own clock, which the test cannot move: the contract's
// checks of expiry wait on the real clock.
func TestStatesKeepTheContract(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	storetest.TestStateStore(t, func(t *testing.T) storetest.Handles[state.Store] {
		p := newPrefix()
		return storetest.Handles[state.Store]{A: redisstore.NewStates(srv.Client(t), p), B: redisstore.NewStates(srv.Client(t), p)}
	})
}

// TestAStateLivesItsTimeToLiveOnRedis: each state is one key under the
// prefix, whose time to live Redis counts down (PX), from the Add and
// again from each Replace.
func TestAStateLivesItsTimeToLiveOnRedis(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	ctx := context.Background()
	s := redisstore.NewStates(c, "bot1:")
	pttl := func(key string) time.Duration {
		t.Helper()
		d, err := c.PTTL(ctx, key).Result()
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, tc := range []struct {
		name string
		do   func() (bool, error)
		most time.Duration
	}{
		{"added", func() (bool, error) { return s.Add(ctx, "cart:k1", []byte("{}"), 90*time.Second+500*time.Microsecond) }, 90 * time.Second},
		{"replaced", func() (bool, error) { return s.Replace(ctx, "cart:k1", []byte("{}"), 10*time.Minute) }, 10 * time.Minute},
		{"replaced for less", func() (bool, error) { return s.Replace(ctx, "cart:k1", []byte("{}"), 3*time.Second) }, 3 * time.Second},
		{"replaced for less than a millisecond", func() (bool, error) { return s.Replace(ctx, "cart:k1", []byte("{}"), time.Microsecond) }, time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if ok, err := tc.do(); err != nil || !ok {
				t.Fatalf("= %v, %v", ok, err)
			}
			// A key of a millisecond may be gone by the time it is read:
			// -2 says so; a key that would never expire says -1.
			if d := pttl("bot1:state:cart:k1"); d == -1 || d > tc.most || (tc.most > time.Second && d < tc.most-time.Second) {
				t.Errorf("the key lives %v, want up to %v", d, tc.most)
			}
		})
	}
	keys, err := c.Keys(ctx, "*").Result()
	if err != nil || len(keys) > 1 || (len(keys) == 1 && keys[0] != "bot1:state:cart:k1") {
		t.Errorf("keys %q, %v; want only bot1:state:cart:k1", keys, err)
	}
}

// TestEachStateOperationIsOneRoundTrip counts the commands a Kind on
// Redis sends, by the server's MONITOR: one to put a state, one to read
// it in a handler, one to set it, one to take it; and one more to claim
// it for the interaction that takes it in a handler from OnceHandler, or
// to look for the claim of a click that finds it gone.
func TestEachStateOperationIsOneRoundTrip(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	ctx := context.Background()
	carts := state.New[map[string]int]("cart", time.Hour, state.WithStore(redisstore.NewStates(c, newPrefix())))
	r := router.New(router.DispatchOnly())
	r.HandleComponent("cart:{cart}:add", carts.Handler(func(ctx context.Context, req *router.Request, key string, cart map[string]int) (interaction.Response, error) {
		cart["tiramisu"]++
		return interaction.Update("added"), carts.Set(ctx, key, cart)
	}))
	r.HandleComponent("cart:{cart}:pay", carts.OnceHandler(func(context.Context, *router.Request, string, map[string]int) (interaction.Response, error) {
		return interaction.Reply("paid"), nil
	}))
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	// The first take loads its script.
	warm, _ := carts.Put(ctx, nil)
	carts.Take(ctx, warm)
	m := watch(t, srv, c)
	click := func(customID string) string {
		resp, err := mux.Dispatch(ctx, interactiontest.Button(customID).Interaction())
		if err != nil {
			t.Fatal(err)
		}
		return resp.Message.Content
	}

	key, err := carts.Put(ctx, map[string]int{"pizza": 1})
	if err != nil {
		t.Fatal(err)
	}
	if n := m.count(t); n != 1 {
		t.Errorf("Put cost %d commands, want 1", n)
	}
	if got := click("cart:" + key + ":add"); got != "added" {
		t.Fatalf("add answered %q", got)
	}
	if n := m.count(t); n != 2 {
		t.Errorf("a click that reads and sets its state cost %d commands, want 2", n)
	}
	if got := click("cart:" + key + ":pay"); got != "paid" {
		t.Fatalf("pay answered %q", got)
	}
	if got := click("cart:" + key + ":pay"); got != "This button has expired." {
		t.Fatalf("pay again answered %q", got)
	}
	if n := m.count(t); n != 3 {
		t.Errorf("two clicks that take their state cost %d commands, want 3: a take and a claim, then a take that finds none", n)
	}
	if got := click("cart:not-a-key:pay"); got != "This button has expired." {
		t.Fatalf("a made-up key answered %q", got)
	}
	if n := m.count(t); n != 0 {
		t.Errorf("a key no Put returned cost %d commands, want none", n)
	}
}

// TestARedisThatIsDownIsAnErrorNeverAnExpiry: a handler whose store
// cannot answer goes to the error handler; the user is not told a state
// that may be live has expired.
func TestARedisThatIsDownIsAnErrorNeverAnExpiry(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := redis.NewClient(&redis.Options{Addr: srv.Addr, MaxRetries: -1, DialerRetries: 1, DialTimeout: 250 * time.Millisecond})
	t.Cleanup(func() { c.Close() })
	ctx := context.Background()
	carts := state.New[string]("cart", time.Hour, state.WithStore(redisstore.NewStates(c, newPrefix())))
	key, err := carts.Put(ctx, "pizza")
	if err != nil {
		t.Fatal(err)
	}
	srv.Stop()
	for _, op := range []struct {
		name string
		do   func() error
	}{
		{"Get", func() error { _, err := carts.Get(ctx, key); return err }},
		{"Take", func() error { _, err := carts.Take(ctx, key); return err }},
		{"Set", func() error { return carts.Set(ctx, key, "sushi") }},
		{"Put", func() error { _, err := carts.Put(ctx, "sushi"); return err }},
	} {
		err := op.do()
		if err == nil || errors.Is(err, state.ErrExpired) || !strings.HasPrefix(err.Error(), "state: cart: ") {
			t.Errorf("%s on a Redis that is down = %v; want the error, wrapped", op.name, err)
		}
	}
}

// TestAClickHandedOverIsServedByAWorkerOnAnotherReplica: the endpoint and
// the worker are two processes with a client each on one Redis. The
// endpoint's run of "Pay" takes the cart and is handed over at the
// answer margin; the worker's run reads the claim the take left and
// answers the user; another click finds the cart gone.
func TestAClickHandedOverIsServedByAWorkerOnAnotherReplica(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	prefix := newPrefix()
	given := make(chan map[string]int, 2)
	shop := func(c *redis.Client, worker bool) *router.Router {
		carts := state.New[map[string]int]("cart", time.Hour, state.WithStore(redisstore.NewStates(c, prefix)))
		r := router.New()
		r.Command("shop", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			key, err := carts.Put(ctx, map[string]int{"pizza": 2, "tiramisu": 1})
			if err != nil {
				return interaction.Response{}, err
			}
			return interaction.Reply("Your cart").WithComponents(
				component.Row(component.SuccessButton("cart:"+key+":pay", "Pay"))), nil
		}, router.Description("Open a cart"))
		r.HandleComponent("cart:{cart}:pay", carts.OnceHandler(func(ctx context.Context, req *router.Request, key string, cart map[string]int) (interaction.Response, error) {
			given <- cart
			if !worker {
				// The payment service is slow: the endpoint hands the
				// click over.
				<-ctx.Done()
				return interaction.Response{}, ctx.Err()
			}
			return interaction.Reply(fmt.Sprintf("Paid for %d pizzas.", cart["pizza"])), nil
		}))
		return r
	}
	q := queue.NewMemory(4)
	jobKeys := queue.RandomKeys() // the endpoint and the worker share them
	bot := switchboardtest.New(t, shop(srv.Client(t), false), switchboardtest.WithResponseWindow(500*time.Millisecond),
		switchboardtest.WithEndpoint(endpoint.WithQueue(q), endpoint.WithJobKeys(jobKeys), endpoint.WithJobClaims(replay.NewMemoryGuard(0))))
	mux, err := shop(srv.Client(t), true).Build()
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(bot.Emulator.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	worker, err := endpoint.New(mux, verifier, endpoint.WithClient(bot.Client), endpoint.WithDefaultLogger(bot.Logger()), endpoint.WithJobKeys(jobKeys), endpoint.WithJobClaims(replay.NewMemoryGuard(0)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- q.Serve(ctx, worker, func(_ queue.Job, err error) { t.Errorf("the worker refused a job: %v", err) })
	}()
	t.Cleanup(func() {
		stop()
		<-done
	})

	cart := bot.Command("/shop")
	paid := cart.Click("Pay")
	if got := paid.Answer().Type; got != interaction.CallbackDeferredUpdateMessage {
		t.Fatalf("the endpoint answered %v, want the deferral of a click handed over:\n%s", got, paid)
	}
	paid.WaitFollowups(1)
	if f := paid.Followups(); len(f) != 1 || f[0].Data.Content != "Paid for 2 pizzas." {
		t.Fatalf("the user was sent %+v, want the worker's answer alone:\n%s", f, paid)
	}
	for _, run := range []string{"the endpoint's", "the worker's"} {
		if c := <-given; c["pizza"] != 2 || c["tiramisu"] != 1 {
			t.Errorf("%s run was given %v, want the cart put", run, c)
		}
	}
	again := cart.Click("Pay")
	if !again.Ephemeral() || again.Content() != "This button has expired." {
		t.Errorf("another click answered %q, want the expiry, ephemeral:\n%s", again.Content(), again)
	}
	// The claim lives the token's lifetime, by Redis's clock.
	keys, err := srv.Client(t).Keys(context.Background(), prefix+"state:cart:*").Result()
	if err != nil || len(keys) != 1 || strings.Count(keys[0], ":") != 4 {
		t.Fatalf("keys %q, %v; want the claim alone", keys, err)
	}
	if d, err := srv.Client(t).PTTL(context.Background(), keys[0]).Result(); err != nil || d > interaction.TokenLifetime || d < interaction.TokenLifetime-time.Minute {
		t.Errorf("the claim lives %v, %v; want the token's %v", d, err, interaction.TokenLifetime)
	}
}
