package state_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/state"
	"github.com/switchboard-go/switchboard/storecall"
	"github.com/switchboard-go/switchboard/storetest"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// gatedStore is a store in memory whose reads wait until the test opens
// the gate, when one is set.
type gatedStore struct {
	*state.MemoryStore
	gate atomic.Pointer[chan struct{}]
}

func (s *gatedStore) Get(ctx context.Context, key string) ([]byte, bool, error) {
	if gate := s.gate.Load(); gate != nil {
		select {
		case <-*gate:
		case <-ctx.Done():
			return nil, false, ctx.Err()
		}
	}
	return s.MemoryStore.Get(ctx, key)
}

// TestAnExpiryAnsweredAfterTheEndpointDeferredStaysEphemeral: on the
// emulator, a button whose state is live works from an ephemeral
// message; when the store answers so late that the endpoint has deferred
// the update of the message, the expiry still reaches the user alone, as
// an ephemeral follow-up, and the message is left as it was.
func TestAnExpiryAnsweredAfterTheEndpointDeferredStaysEphemeral(t *testing.T) {
	clock := storetest.NewClock()
	st := &gatedStore{MemoryStore: memoryStore(0, 0, clock)}
	carts := state.New[Cart]("cart", 15*time.Minute, state.WithStore(st, storecall.WithTimeout(time.Minute)))
	r := router.New()
	r.Command("shop", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		key, err := carts.Put(ctx, bigCart())
		if err != nil {
			return interaction.Response{}, err
		}
		return interaction.Reply("Your cart").Ephemeral().WithComponents(
			component.Row(component.PrimaryButton("cart:"+key+":add", "Add tiramisu"))), nil
	}, router.Description("Open a cart"),
		// Answered whenever it is done, so that a loaded machine that
		// takes past the short deadline below does not defer it: only
		// the click whose store is held is to be deferred.
		router.NoAutoDefer())
	r.HandleComponent("cart:{cart}:add", carts.Handler(func(ctx context.Context, req *router.Request, key string, c Cart) (interaction.Response, error) {
		c.Items["Tiramisu"]++
		return interaction.Update("Your cart, with more tiramisu"), carts.Set(ctx, key, c)
	}))
	bot := switchboardtest.New(t, r, switchboardtest.WithEndpoint(
		endpoint.WithResponseDeadline(200*time.Millisecond), endpoint.WithAnswerMargin(100*time.Millisecond)))

	cart := bot.Command("/shop")
	cart.Click("Add tiramisu").Shows("Your cart, with more tiramisu")

	clock.Advance(15 * time.Minute)
	gate := make(chan struct{})
	st.gate.Store(&gate)
	late := cart.Click("Add tiramisu")
	if got := late.Answer().Type; got != interaction.CallbackDeferredUpdateMessage {
		t.Fatalf("the endpoint answered %v before the store did, want a deferred update:\n%s", got, late)
	}
	close(gate)
	late.WaitFollowups(1)
	f := late.Followups()
	if len(f) != 1 || f[0].Data.Content != "This button has expired." || f[0].Data.Flags&interaction.FlagEphemeral == 0 {
		t.Errorf("follow-ups %+v, want the expiry, ephemeral:\n%s", f, late)
	}
	if got := late.Message().Data.Content; got != "Your cart, with more tiramisu" {
		t.Errorf("the message reads %q after the expiry; want it as it was", got)
	}
}
