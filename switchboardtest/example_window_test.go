package switchboardtest_test

import (
	"context"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// statistics is the bot: /stats counts until done is closed, longer than
// the service waits, and the endpoint defers its answer.
func statistics(done <-chan struct{}) *router.Router {
	r := router.New()
	r.Command("stats", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		select {
		case <-done:
			return interaction.Reply("1,024 members, 96 online."), nil
		case <-ctx.Done():
			return interaction.Response{}, ctx.Err()
		}
	}, router.Description("Count the members"))
	return r
}

// testStats waits for the answer the endpoint deferred, in a quarter of
// a second rather than 2.5: the window is half a second.
func testStats(t *testing.T) {
	done := make(chan struct{})
	bot := switchboardtest.New(t, statistics(done), switchboardtest.WithResponseWindow(500*time.Millisecond))
	stats := bot.Command("/stats")
	if !stats.Message().Loading() {
		t.Fatalf("the answer is not deferred:\n%s", stats)
	}
	close(done)
	stats.Wait().Shows("1,024 members, 96 online.")
}

// A test of an answer the endpoint defers, in a shortened response
// window. The example's test runs as
// TestTheWithResponseWindowExampleTestPasses.
func ExampleWithResponseWindow() {}
