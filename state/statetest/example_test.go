package statetest_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/state"
	"github.com/switchboard-go/switchboard/state/statetest"
)

// testStore is a test of a store, as the TestStore of a package that
// writes one would be: open returns two handles on a new, empty store,
// as two replicas hold them. A MemoryStore stands in for the store here;
// a store on a server gives each handle a client of its own and a prefix
// of the test's, and no Advance, since the test cannot move the server's
// clock.
func testStore(t *testing.T) {
	statetest.Check(t, func(t *testing.T) statetest.Handles {
		s := state.NewMemoryStore(0, 0)
		return statetest.Handles{A: s, B: s}
	})
}

// A package that writes a state.Store checks it against the contract in
// its tests. The example's test runs as TestTheExampleTestPasses.
func Example() {}
