package switchboardtest_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// tipping is the bot: /tip counts one tip for each interaction it
// serves.
func tipping(tips *atomic.Int64) *router.Router {
	r := router.New()
	r.Command("tip", func(context.Context, *router.Request) (interaction.Response, error) {
		tips.Add(1)
		return interaction.Reply("Thanks for the tip!"), nil
	}, router.Description("Tip the bot"))
	return r
}

// testTipsSurviveFaults sends every /tip twice, after a badly signed
// copy: the endpoint refuses the stranger's copy with 401 and, with a
// replay guard, the second delivery with 409, so the tip counts once.
func testTipsSurviveFaults(t *testing.T) {
	var tips atomic.Int64
	bot := switchboardtest.New(t, tipping(&tips),
		switchboardtest.WithEndpoint(endpoint.WithReplayGuard(replay.NewMemoryGuard(1024))))
	bot.Fault(emulator.DeliveryFault{Kind: emulator.DeliveryDuplicate})
	bot.Fault(emulator.DeliveryFault{Kind: emulator.DeliveryBadSignature})
	tip := bot.Command("/tip").Shows("Thanks for the tip!")
	for _, c := range tip.Result.Copies {
		if !c.OK() {
			t.Fatalf("the bot did not cope with a %v copy:\n%s", c.Fault, tip)
		}
	}
	if len(tip.Result.Copies) != 2 || tips.Load() != 1 {
		t.Fatalf("%d copies, %d tips counted:\n%s", len(tip.Result.Copies), tips.Load(), tip)
	}
}

// A test that the bot copes with what the service may send it: an
// interaction delivered twice, and a stranger's badly signed copy. The
// example's test runs as TestTheFaultExampleTestPasses.
func ExampleBot_Fault() {}
