package interaction_test

import (
	"strconv"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// BenchmarkResolvedUsers decodes a user select of n users, each with their
// membership, and reads every one, as a handler of the select does: the
// cost should grow with n, not with n times the payload.
func BenchmarkResolvedUsers(b *testing.B) {
	for _, n := range []int{1, 5, 25} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			sel := interactiontest.Component("who", interaction.ComponentUserSelect)
			ids := make([]interaction.Snowflake, n)
			for i := range n {
				ids[i] = interaction.Snowflake(1100000000000000100 + i)
				sel.SelectedUser(interaction.User{ID: ids[i], Username: "user" + strconv.Itoa(i), GlobalName: "User " + strconv.Itoa(i)},
					&interaction.Member{Nick: "nick" + strconv.Itoa(i), Roles: []interaction.Snowflake{1, 2, 3}})
			}
			body := sel.JSON()
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			var ix interaction.Interaction
			for b.Loop() {
				if err := interaction.Decode(body, &ix); err != nil {
					b.Fatal(err)
				}
				for _, id := range ids {
					if _, _, hasUser, hasMember := ix.Data.Resolved.UserAndMember(id); !hasUser || !hasMember {
						b.Fatalf("user %v not found", id)
					}
				}
			}
		})
	}
}
