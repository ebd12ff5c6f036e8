package rest

import (
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// A query is sent as the service reads it: ids in decimal, the SKUs
// joined by commas, and the booleans only where they differ from the
// service's defaults.
func TestAnEntitlementQueryIsWrittenAsTheServiceReadsIt(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		q    EntitlementQuery
		want string
	}{
		{"the zero query asks for the defaults", EntitlementQuery{}, ""},
		{"every filter", EntitlementQuery{UserID: 1, GuildID: 2, SKUIDs: []interaction.Snowflake{3, 4}, Before: 5, After: 6, Limit: 7},
			"after=6&before=5&guild_id=2&limit=7&sku_ids=3%2C4&user_id=1"},
		{"ended ones left out", EntitlementQuery{ExcludeEnded: true}, "exclude_ended=true"},
		{"deleted ones kept", EntitlementQuery{IncludeDeleted: true}, "exclude_deleted=false"},
		{"a full page", EntitlementQuery{Limit: 100}, "limit=100"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := tc.q.values()
			if err != nil || v.Encode() != tc.want {
				t.Fatalf("values() = %q, %v; want %q", v.Encode(), err, tc.want)
			}
		})
	}
}
