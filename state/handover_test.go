package state_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/state"
	"github.com/switchboard-go/switchboard/storetest"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// payments is a "Pay" button whose run on the endpoint is slow: it waits
// for its context to end, as a call to a payment service does when the
// endpoint hands the interaction over; a worker's run, whose context
// carries inWorker, answers at once. It reports the cart each run was
// given.
type payments struct {
	carts *state.Kind[Cart]
	runs  atomic.Int32
	given chan Cart
}

// inWorker is the key of the value that marks the context of a worker's
// run.
type inWorker struct{}

func newPayments(carts *state.Kind[Cart]) *payments {
	return &payments{carts: carts, given: make(chan Cart, 4)}
}

func (p *payments) pay(ctx context.Context, req *router.Request, key string, c Cart) (interaction.Response, error) {
	p.runs.Add(1)
	p.given <- c
	if ctx.Value(inWorker{}) == nil {
		<-ctx.Done()
		return interaction.Response{}, ctx.Err()
	}
	return interaction.Reply(fmt.Sprintf("Paid for %d kinds of things.", len(c.Items))), nil
}

// shopRouter is a router whose /shop puts a cart and shows its "Pay"
// button, served by p.
func shopRouter(p *payments) *router.Router {
	r := router.New()
	r.Command("shop", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		key, err := p.carts.Put(ctx, bigCart())
		if err != nil {
			return interaction.Response{}, err
		}
		return interaction.Reply("Your cart").WithComponents(
			component.Row(component.SuccessButton("cart:"+key+":pay", "Pay"))), nil
	}, router.Description("Open a cart"))
	r.HandleComponent("cart:{cart}:pay", p.carts.OnceHandler(p.pay))
	return r
}

// serveWithQueue serves r on the emulator with a queue in memory, which a
// worker on the same router serves until the test ends, its runs'
// contexts marked inWorker.
func serveWithQueue(t *testing.T, r *router.Router) *switchboardtest.Bot {
	t.Helper()
	q := queue.NewMemory(4)
	keys := queue.RandomKeys() // the endpoint and the worker share them
	bot := switchboardtest.New(t, r, switchboardtest.WithResponseWindow(500*time.Millisecond),
		switchboardtest.WithEndpoint(endpoint.WithQueue(q), endpoint.WithJobKeys(keys), endpoint.WithJobClaims(replay.NewMemoryGuard(0))))
	verifier, err := interaction.NewVerifier(bot.Emulator.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	worker, err := endpoint.New(bot.Mux, verifier, endpoint.WithClient(bot.Client), endpoint.WithDefaultLogger(bot.Logger()), endpoint.WithJobKeys(keys), endpoint.WithJobClaims(replay.NewMemoryGuard(0)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.WithValue(context.Background(), inWorker{}, true))
	done := make(chan error, 1)
	go func() {
		done <- q.Serve(ctx, worker, func(_ queue.Job, err error) { t.Errorf("the worker refused a job: %v", err) })
	}()
	t.Cleanup(func() {
		stop()
		<-done
	})
	return bot
}

// TestAClickHandedOverIsServedByTheWorkerWithTheStateTheFirstRunTook: the
// first run of "Pay" takes the cart and is still running at the answer
// margin; the endpoint hands the click to the queue, and the worker's run
// is given the same cart and answers the user. Another click of the
// button, another interaction, is told it has expired.
func TestAClickHandedOverIsServedByTheWorkerWithTheStateTheFirstRunTook(t *testing.T) {
	clock := storetest.NewClock()
	p := newPayments(state.New[Cart]("cart", 30*time.Minute, state.WithStore(memoryStore(0, 0, clock))))
	bot := serveWithQueue(t, shopRouter(p))

	cart := bot.Command("/shop")
	paid := cart.Click("Pay")
	if got := paid.Answer().Type; got != interaction.CallbackDeferredUpdateMessage {
		t.Fatalf("the endpoint answered %v, want the deferral of a click handed over:\n%s", got, paid)
	}
	paid.WaitFollowups(1)
	if f := paid.Followups(); len(f) != 1 || f[0].Data.Content != "Paid for 4 kinds of things." {
		t.Fatalf("the user was sent %+v, want the worker's answer alone:\n%s", f, paid)
	}
	if n := p.runs.Load(); n != 2 {
		t.Errorf("the handler ran %d times, want twice: the endpoint's run and the worker's", n)
	}
	for range 2 {
		if c := <-p.given; len(c.Items) != 4 || c.Owner != bigCart().Owner {
			t.Errorf("a run was given %+v, want the cart put", c)
		}
	}

	again := cart.Click("Pay")
	if !again.Ephemeral() || again.Content() != "This button has expired." {
		t.Errorf("another click answered %q, want the expiry, ephemeral:\n%s", again.Content(), again)
	}
	if n := p.runs.Load(); n != 2 {
		t.Errorf("the handler ran %d times after another click, want it not run", n)
	}
}

// TestEveryRunOfTheInteractionThatTookAStateIsGivenItForTheTokensLifetime:
// the worker's runs of the interaction that took a state, handed over,
// are given it until its token expires; a click of the button, another
// interaction, never is, nor a copy of the same click served again at
// the endpoint, which must not pay twice.
func TestEveryRunOfTheInteractionThatTookAStateIsGivenItForTheTokensLifetime(t *testing.T) {
	s := newShop(t)
	key := s.put(t)
	click := interactiontest.Button("cart:" + key + ":pay").Interaction()
	dispatch := func(ctx context.Context) string {
		t.Helper()
		resp, err := s.mux.Dispatch(ctx, click)
		if err != nil {
			t.Fatal(err)
		}
		return content(resp)
	}
	run := func() string { t.Helper(); return dispatch(router.HandedOver(context.Background())) }
	if got := dispatch(context.Background()); got != "paid for 4 kinds of things" {
		t.Fatalf("the first run answered %q", got)
	}
	if got := dispatch(context.Background()); got != "This button has expired." {
		t.Errorf("a copy of the click served again at the endpoint answered %q, want the expiry", got)
	}
	if resp, _ := s.use(interactiontest.Button("cart:" + key + ":pay")); content(resp) != "This button has expired." {
		t.Errorf("another click answered %q, want the expiry", content(resp))
	}
	s.clock.Advance(interaction.TokenLifetime - time.Millisecond)
	if got := run(); got != "paid for 4 kinds of things" {
		t.Errorf("a run of the same interaction as its token ends answered %q, want the state the first took", got)
	}
	s.clock.Advance(time.Millisecond)
	if got := run(); got != "This button has expired." {
		t.Errorf("a run of the same interaction once its token has expired answered %q, want the expiry", got)
	}
	// The claim is gone with the token: the store holds the state of no
	// one.
	if n := s.spy.Len(); n != 0 {
		t.Errorf("the store holds %d entries once the claim expired", n)
	}
}

// TestOfManyClicksAtOnceOneIsServedAndEachRunsAgainAsItWas: of many
// clicks of "Pay" at once, one is given the cart; each click run again
// by a worker, handed over, is answered as it was the first time.
func TestOfManyClicksAtOnceOneIsServedAndEachRunsAgainAsItWas(t *testing.T) {
	s := newShop(t)
	key := s.put(t)
	const n = 16
	clicks := make([]*interaction.Interaction, n)
	for i := range clicks {
		clicks[i] = interactiontest.Button("cart:" + key + ":pay").Interaction()
	}
	first := make([]string, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, click := range clicks {
		wg.Go(func() {
			<-start
			resp, err := s.mux.Dispatch(context.Background(), click)
			if err != nil {
				t.Error(err)
			}
			first[i] = content(resp)
		})
	}
	close(start)
	wg.Wait()
	served := 0
	for i, click := range clicks {
		if first[i] == "paid for 4 kinds of things" {
			served++
		} else if first[i] != "This button has expired." {
			t.Errorf("click %d answered %q", i, first[i])
		}
		resp, err := s.mux.Dispatch(router.HandedOver(context.Background()), click)
		if err != nil || content(resp) != first[i] {
			t.Errorf("click %d run again answered %q, %v; want %q, as the first time", i, content(resp), err, first[i])
		}
	}
	if served != 1 {
		t.Errorf("%d clicks were served, want 1", served)
	}
}

// claimsFailing is a store in memory that fails for the claims of
// states, the keys with two colons, once told to.
type claimsFailing struct {
	*state.MemoryStore
	fail atomic.Bool
}

var errClaims = errors.New("connection reset")

func (s *claimsFailing) failing(key string) bool {
	return s.fail.Load() && strings.Count(key, ":") == 2
}

func (s *claimsFailing) Add(ctx context.Context, key string, v []byte, ttl time.Duration) (bool, error) {
	if s.failing(key) {
		return false, errClaims
	}
	return s.MemoryStore.Add(ctx, key, v, ttl)
}

func (s *claimsFailing) Get(ctx context.Context, key string) ([]byte, bool, error) {
	if s.failing(key) {
		return nil, false, errClaims
	}
	return s.MemoryStore.Get(ctx, key)
}

// TestAClaimThatCannotBeKeptLeavesTheClickServed: a store that takes
// the state but fails to keep its claim leaves the run that took it
// served, and logged; a run of the interaction after it, which cannot
// read the claim, is an error for the error handler, never an expiry.
func TestAClaimThatCannotBeKeptLeavesTheClickServed(t *testing.T) {
	st := &claimsFailing{MemoryStore: memoryStore(0, 0, storetest.NewClock())}
	carts := state.New[Cart]("cart", time.Hour, state.WithStore(st))
	var log bytes.Buffer
	r := router.New(router.DispatchOnly(), router.WithLogger(zerolog.New(&log)))
	r.HandleComponent("cart:{cart}:pay", carts.OnceHandler(func(ctx context.Context, req *router.Request, key string, c Cart) (interaction.Response, error) {
		return interaction.Reply("paid"), nil
	}))
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	key, err := carts.Put(context.Background(), bigCart())
	if err != nil {
		t.Fatal(err)
	}
	st.fail.Store(true)
	click := interactiontest.Button("cart:" + key + ":pay").Interaction()
	resp, err := mux.Dispatch(context.Background(), click)
	if err != nil || content(resp) != "paid" {
		t.Fatalf("the click answered %q, %v; want it served", content(resp), err)
	}
	if !strings.Contains(log.String(), "keeping the claim of a state taken failed") || !strings.Contains(log.String(), click.ID.String()) {
		t.Errorf("the log does not tell of the claim lost:\n%s", log.String())
	}
	resp, err = mux.Dispatch(router.HandedOver(context.Background()), click)
	if err == nil || !strings.Contains(err.Error(), "state: cart: reading the claim of a state: connection reset") {
		t.Errorf("the click run again: Dispatch's error = %v, want the store's", err)
	}
	if strings.Contains(content(resp), "expired") {
		t.Errorf("the click run again was told %q", content(resp))
	}
}

// TestARunEndedBeforeItTakesLeavesTheState: a run whose context has
// ended, as one handed over before its handler began, takes nothing: the
// state is there for the run that comes after it.
func TestARunEndedBeforeItTakesLeavesTheState(t *testing.T) {
	s := newShop(t)
	key := s.put(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	click := interactiontest.Button("cart:" + key + ":pay").Interaction()
	if _, err := s.mux.Dispatch(ctx, click); !errors.Is(err, context.Canceled) {
		t.Fatalf("the run ended before it began: Dispatch's error = %v, want it canceled", err)
	}
	resp, err := s.mux.Dispatch(context.Background(), click)
	if err != nil || content(resp) != "paid for 4 kinds of things" {
		t.Errorf("the run after it answered %q, %v; want the state", content(resp), err)
	}
}
