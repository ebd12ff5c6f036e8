package autocomplete_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/internal/storetest"
)

func TestMemoryCacheKeepsTheContract(t *testing.T) {
	storetest.AutocompleteCaches(t, func(*testing.T) (a, b autocomplete.Cache) {
		c := autocomplete.NewMemoryCache(0)
		return c, c
	})
}
