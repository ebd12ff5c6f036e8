package state_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/state"
	"github.com/switchboard-go/switchboard/storecall"
	"github.com/switchboard-go/switchboard/storetest"
)

// Cart is a state larger than a custom_id holds.
type Cart struct {
	Owner string         `json:"owner"`
	Items map[string]int `json:"items"`
	Note  string         `json:"note,omitempty"`
}

func bigCart() Cart {
	return Cart{Owner: "80351110224678912", Items: map[string]int{
		"Margherita, large, extra basil": 2, "Quattro formaggi, small": 1, "Tiramisu": 3, "Sparkling water, 1 litre": 4,
	}, Note: strings.Repeat("Ring twice; the bell is broken. ", 4)}
}

// spyStore is a Store in memory that counts its calls, and fails or
// hangs when told to.
type spyStore struct {
	*state.MemoryStore
	mu    sync.Mutex
	calls int
	fail  error
	hang  bool
}

func (s *spyStore) enter(ctx context.Context) error {
	s.mu.Lock()
	s.calls++
	fail, hang := s.fail, s.hang
	s.mu.Unlock()
	if hang {
		<-ctx.Done()
		return ctx.Err()
	}
	return fail
}

func (s *spyStore) failWith(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail = err
}

func (s *spyStore) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls
}

func (s *spyStore) Add(ctx context.Context, key string, v []byte, ttl time.Duration) (bool, error) {
	if err := s.enter(ctx); err != nil {
		return false, err
	}
	return s.MemoryStore.Add(ctx, key, v, ttl)
}

func (s *spyStore) Replace(ctx context.Context, key string, v []byte, ttl time.Duration) (bool, error) {
	if err := s.enter(ctx); err != nil {
		return false, err
	}
	return s.MemoryStore.Replace(ctx, key, v, ttl)
}

func (s *spyStore) Get(ctx context.Context, key string) ([]byte, bool, error) {
	if err := s.enter(ctx); err != nil {
		return nil, false, err
	}
	return s.MemoryStore.Get(ctx, key)
}

func (s *spyStore) Take(ctx context.Context, key string) ([]byte, bool, error) {
	if err := s.enter(ctx); err != nil {
		return nil, false, err
	}
	return s.MemoryStore.Take(ctx, key)
}

func newSpy(c *storetest.Clock) *spyStore { return &spyStore{MemoryStore: memoryStore(0, 0, c)} }

func TestAStateIsReadBackTypedUntilItExpires(t *testing.T) {
	ctx := context.Background()
	c := storetest.NewClock()
	carts := state.New[Cart]("cart", 30*time.Minute, state.WithStore(memoryStore(0, 0, c)))
	want := bigCart()
	key, err := carts.Put(ctx, want)
	if err != nil {
		t.Fatal(err)
	}
	if custom := "cart:" + key + ":checkout"; len(custom) > 100 {
		t.Fatalf("the custom_id %q is longer than the service takes", custom)
	}
	for _, tc := range []struct {
		name    string
		advance time.Duration
		expired bool
	}{
		{"at once", 0, false},
		{"a millisecond before its time to live ends", 30*time.Minute - time.Millisecond, false},
		{"when its time to live ends", time.Millisecond, true},
		{"long after", time.Hour, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Advance(tc.advance)
			got, err := carts.Get(ctx, key)
			switch {
			case tc.expired && !errors.Is(err, state.ErrExpired):
				t.Errorf("Get = %+v, %v; want ErrExpired", got, err)
			case !tc.expired && err != nil:
				t.Errorf("Get: %v", err)
			case !tc.expired && (got.Owner != want.Owner || len(got.Items) != 4 || got.Items["Tiramisu"] != 3 || got.Note != want.Note):
				t.Errorf("Get = %+v, want %+v", got, want)
			}
		})
	}
}

func TestSetReplacesAStateAndStartsItsTimeToLiveAgain(t *testing.T) {
	ctx := context.Background()
	c := storetest.NewClock()
	steps := state.New[[]string]("wizard", 10*time.Minute, state.WithStore(memoryStore(0, 0, c)))
	key, err := steps.Put(ctx, []string{"size: large"})
	if err != nil {
		t.Fatal(err)
	}
	c.Advance(9 * time.Minute)
	if err := steps.Set(ctx, key, []string{"size: large", "toppings: basil"}); err != nil {
		t.Fatal(err)
	}
	c.Advance(9 * time.Minute) // 18 minutes after the Put, 9 after the Set
	got, err := steps.Get(ctx, key)
	if err != nil || len(got) != 2 || got[1] != "toppings: basil" {
		t.Fatalf("Get after Set = %q, %v", got, err)
	}
	c.Advance(time.Minute)
	if err := steps.Set(ctx, key, []string{"late"}); !errors.Is(err, state.ErrExpired) {
		t.Errorf("Set of an expired state = %v, want ErrExpired", err)
	}
	if _, err := steps.Get(ctx, key); !errors.Is(err, state.ErrExpired) {
		t.Errorf("Set brought an expired state back: %v", err)
	}
}

func TestTakeAndDeleteEndAState(t *testing.T) {
	ctx := context.Background()
	carts := state.New[Cart]("cart", time.Hour)
	key, _ := carts.Put(ctx, bigCart())
	if got, err := carts.Take(ctx, key); err != nil || got.Owner == "" {
		t.Fatalf("Take = %+v, %v", got, err)
	}
	if _, err := carts.Take(ctx, key); !errors.Is(err, state.ErrExpired) {
		t.Errorf("a second Take = %v, want ErrExpired", err)
	}
	key, _ = carts.Put(ctx, bigCart())
	if err := carts.Delete(ctx, key); err != nil {
		t.Fatal(err)
	}
	if _, err := carts.Get(ctx, key); !errors.Is(err, state.ErrExpired) {
		t.Errorf("Get after Delete = %v, want ErrExpired", err)
	}
	if err := carts.Delete(ctx, key); err != nil {
		t.Errorf("Delete of a state gone = %v, want nil", err)
	}
}

func TestAKeyNoPutReturnedIsExpiredWithoutAskingTheStore(t *testing.T) {
	ctx := context.Background()
	spy := newSpy(storetest.NewClock())
	carts := state.New[Cart]("cart", time.Hour, state.WithStore(spy))
	for _, key := range []string{"", "42", "3q2-7wXbTOa9yA_aQcTh8g:x", strings.Repeat("A", 90), "*", "../../etc"} {
		if _, err := carts.Get(ctx, key); !errors.Is(err, state.ErrExpired) {
			t.Errorf("Get(%q) = %v, want ErrExpired", key, err)
		}
		if _, err := carts.Take(ctx, key); !errors.Is(err, state.ErrExpired) {
			t.Errorf("Take(%q) = %v, want ErrExpired", key, err)
		}
		if err := carts.Set(ctx, key, Cart{}); !errors.Is(err, state.ErrExpired) {
			t.Errorf("Set(%q) = %v, want ErrExpired", key, err)
		}
		if err := carts.Delete(ctx, key); err != nil {
			t.Errorf("Delete(%q) = %v", key, err)
		}
	}
	if n := spy.count(); n != 0 {
		t.Errorf("the store was called %d times for keys no Put returned", n)
	}
	// A key of the right shape that was never put is asked for.
	if _, err := carts.Get(ctx, "3q2-7wXbTOa9yA_aQcTh8g"); !errors.Is(err, state.ErrExpired) || spy.count() != 1 {
		t.Errorf("Get of a well-formed key = %v after %d calls", err, spy.count())
	}
}

func TestKindsSharingAStoreNeverReadEachOthersStates(t *testing.T) {
	ctx := context.Background()
	shared := state.NewMemoryStore(0, 0)
	carts := state.New[Cart]("cart", time.Hour, state.WithStore(shared))
	notes := state.New[string]("note", time.Hour, state.WithStore(shared))
	key, err := carts.Put(ctx, bigCart())
	if err != nil {
		t.Fatal(err)
	}
	if v, err := notes.Get(ctx, key); !errors.Is(err, state.ErrExpired) {
		t.Errorf("the note kind read the cart's key as %q, %v", v, err)
	}
	if err := notes.Set(ctx, key, "overwritten"); !errors.Is(err, state.ErrExpired) {
		t.Errorf("the note kind set the cart's key: %v", err)
	}
	if c, err := carts.Get(ctx, key); err != nil || c.Owner == "" {
		t.Errorf("the cart reads %+v, %v", c, err)
	}
}

func TestAStateThatNoLongerDecodesIsAnErrorNotAnExpiry(t *testing.T) {
	ctx := context.Background()
	shared := state.NewMemoryStore(0, 0)
	old := state.New[string]("cart", time.Hour, state.WithStore(shared))
	key, _ := old.Put(ctx, "a cart of an older build")
	carts := state.New[Cart]("cart", time.Hour, state.WithStore(shared))
	_, err := carts.Get(ctx, key)
	if err == nil || errors.Is(err, state.ErrExpired) || !strings.HasPrefix(err.Error(), "state: cart: decoding a state: ") {
		t.Errorf("Get of a state of another type = %v", err)
	}
}

func TestAStateLargerThanMaxValueSizeIsRefused(t *testing.T) {
	blobs := state.New[string]("blob", time.Hour)
	if _, err := blobs.Put(context.Background(), strings.Repeat("x", state.MaxValueSize)); !errors.Is(err, state.ErrTooLarge) {
		t.Errorf("Put of %d bytes = %v, want ErrTooLarge", state.MaxValueSize+2, err)
	}
	if _, err := blobs.Put(context.Background(), strings.Repeat("x", state.MaxValueSize-2)); err != nil {
		t.Errorf("Put of exactly MaxValueSize bytes: %v", err)
	}
}

func TestAStoreThatFailsIsAnErrorAndIsLeftAloneAfterAWhile(t *testing.T) {
	ctx := context.Background()
	broken := errors.New("connection refused")
	spy := newSpy(storetest.NewClock())
	var failures []string
	carts := state.New[Cart]("cart", time.Hour, state.WithStore(spy,
		storecall.WithBreaker(3, time.Minute),
		storecall.WithOnFailure(func(kind string, why storecall.Failure) { failures = append(failures, kind+" "+string(why)) })))
	key, err := carts.Put(ctx, bigCart())
	if err != nil {
		t.Fatal(err)
	}
	spy.failWith(broken)
	for i := range 3 {
		_, err := carts.Get(ctx, key)
		if !errors.Is(err, broken) || errors.Is(err, state.ErrExpired) {
			t.Fatalf("Get %d on a failing store = %v; want its error, not an expiry", i+1, err)
		}
		if !strings.HasPrefix(err.Error(), "state: cart: reading a state: ") {
			t.Errorf("the error %q does not say where", err)
		}
	}
	calls := spy.count()
	if _, err := carts.Get(ctx, key); !errors.Is(err, storecall.ErrPaused) {
		t.Errorf("Get after 3 failures = %v, want ErrPaused", err)
	}
	if spy.count() != calls {
		t.Error("a store left alone was called")
	}
	want := []string{"state error", "state error", "state error", "state paused"}
	if strings.Join(failures, ",") != strings.Join(want, ",") {
		t.Errorf("OnFailure was told %q, want %q", failures, want)
	}
}

func TestACallToAStoreThatDoesNotAnswerIsBounded(t *testing.T) {
	spy := newSpy(storetest.NewClock())
	carts := state.New[Cart]("cart", time.Hour, state.WithStore(spy, storecall.WithTimeout(20*time.Millisecond)))
	spy.mu.Lock()
	spy.hang = true
	spy.mu.Unlock()
	// The call ends at its own bound, though the caller's context has
	// none.
	_, err := carts.Put(context.Background(), bigCart())
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Put on a store that does not answer = %v, want its deadline", err)
	}
}

func TestNewRefusesANameNoPatternPartTakesAndATimeToLiveOfNothing(t *testing.T) {
	for _, tc := range []struct {
		name string
		kind string
		ttl  time.Duration
	}{
		{"an empty name", "", time.Minute},
		{"a name with a colon", "cart:v2", time.Minute},
		{"a name that begins with a digit", "2cart", time.Minute},
		{"a name with a dash", "my-cart", time.Minute},
		{"a time to live of zero", "cart", 0},
		{"a negative time to live", "cart", -time.Minute},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("New(%q, %v) did not panic", tc.kind, tc.ttl)
				}
			}()
			state.New[Cart](tc.kind, tc.ttl)
		})
	}
}
