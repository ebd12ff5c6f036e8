package statetest_test

import "testing"

// The example's test of a store runs, so that the example stays right.
func TestTheExampleTestPasses(t *testing.T) { testStore(t) }
