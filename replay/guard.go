package replay

import (
	"context"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// Guard remembers the interactions an endpoint has served. A request
// recorded off the wire verifies again as long as its signed timestamp is
// within the verifier's window; a guard lets the endpoint serve each
// interaction once and refuse the copies. storetest.TestReplayGuard
// checks a Guard against this contract.
type Guard interface {
	// Claim records that interaction id is being served, and reports
	// whether it is the first to claim it: of many claims at once, on
	// any replica, one is. The guard remembers id until expires, and
	// then forgets it, so that it holds no more than the interactions
	// whose copies still verify: a claim after expires is first again.
	// A bounded guard that is full may forget an id sooner, and says so,
	// as MemoryGuard does in Evicted. An error means the guard could not
	// tell; the endpoint then serves the request and logs the error,
	// since a guard that is down must not stop the bot.
	Claim(ctx context.Context, id interaction.Snowflake, expires time.Time) (first bool, err error)
}

// ClockAllowance is how much longer than a copy can verify a guard is
// asked to remember an interaction: the clocks of replicas sharing a
// guard may differ by that much, and one behind the others still verifies
// a copy after theirs would refuse it.
const ClockAllowance = 5 * time.Second
