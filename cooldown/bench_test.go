package cooldown_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
)

// BenchmarkCooldown measures what a cooldown in memory adds to the
// dispatch of a command, by users whose uses it allows, and by users it refuses:
//
//	go test ./cooldown -run XXX -bench Cooldown -count 10 | tee cooldown.txt
//	benchstat -col /cooldown cooldown.txt
func BenchmarkCooldown(b *testing.B) {
	const users = 1024
	ixs := make([]*interaction.Interaction, users)
	for i := range ixs {
		member := interaction.Member{User: interaction.User{ID: interaction.Snowflake(1000 + i), Username: "u" + strconv.Itoa(i)}}
		ixs[i] = interactiontest.Command("ping").InGuild(interactiontest.GuildID, member).Interaction()
	}
	for _, tc := range []struct {
		name string
		mw   []router.Middleware
	}{
		{"cooldown=none", nil},
		// Every use allowed: each finds its last use gone from the period.
		{"cooldown=allowed", []router.Middleware{cooldown.New(cooldown.PerUser, 1, time.Nanosecond)}},
		// Every use but each user's first refused.
		{"cooldown=refused", []router.Middleware{cooldown.New(cooldown.PerUser, 1, time.Hour)}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			r := router.New(router.DispatchOnly())
			r.Use(tc.mw...)
			r.Command("ping", endpointtest.Reply("pong"))
			m, err := r.Build()
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := m.Dispatch(ctx, ixs[i%users]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
