package autocomplete_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/storetest"
)

func TestMemoryCacheKeepsTheContract(t *testing.T) {
	storetest.TestAutocompleteCache(t, func(*testing.T) storetest.Handles[autocomplete.Cache] {
		clock := storetest.NewClock()
		c := autocomplete.NewMemoryCache(0)
		c.SetClock(clock.Now)
		return storetest.Handles[autocomplete.Cache]{A: c, B: c, Clock: clock}
	})
}
