package cooldown

import (
	"testing"

	"github.com/switchboard-go/switchboard/internal/routekey"
)

// TestScopesAreNumberedAsTheKeysScopes: a cooldown's scope is handed to
// package routekey as a number.
func TestScopesAreNumberedAsTheKeysScopes(t *testing.T) {
	for s, want := range map[Scope]routekey.Scope{PerUser: routekey.User, PerGuild: routekey.Guild, PerChannel: routekey.Channel} {
		if routekey.Scope(s) != want || s.String() != want.String() {
			t.Errorf("%v is %v as a key's scope, want %v", s, routekey.Scope(s), want)
		}
	}
}
