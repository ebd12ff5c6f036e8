package concurrency_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/concurrency"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
)

// BenchmarkLimit measures what a limit in memory adds to the dispatch of
// a command, by users each running it alone, whose slot is taken,
// scheduled for renewal and released; and by a user refused, whose slot
// another run holds:
//
//	go test ./concurrency -run XXX -bench Limit -count 10 | tee limit.txt
//	benchstat -col /limit limit.txt
func BenchmarkLimit(b *testing.B) {
	const users = 1024
	ixs := make([]*interaction.Interaction, users)
	for i := range ixs {
		member := interaction.Member{User: interaction.User{ID: interaction.Snowflake(1000 + i), Username: "u" + strconv.Itoa(i)}}
		ixs[i] = interactiontest.Command("export").InGuild(interactiontest.GuildID, member).Interaction()
	}
	held := concurrency.NewMemoryStore()
	for i := range users {
		held.Acquire(context.Background(), "max1:command:export:user:"+strconv.Itoa(1000+i), 1, time.Hour)
	}
	for _, tc := range []struct {
		name string
		mw   []router.Middleware
	}{
		{"limit=none", nil},
		{"limit=run", []router.Middleware{concurrency.New(concurrency.PerUser, 1)}},
		{"limit=refused", []router.Middleware{concurrency.New(concurrency.PerUser, 1, concurrency.WithStore(held))}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			r := router.New(router.DispatchOnly())
			r.Use(tc.mw...)
			r.Command("export", endpointtest.Reply("exported"))
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

// BenchmarkMemoryStore measures a slot taken and released, and a slot
// refused, on keys of many runs at once.
func BenchmarkMemoryStore(b *testing.B) {
	s := concurrency.NewMemoryStore()
	ctx := context.Background()
	keys := make([]string, 1024)
	for i := range keys {
		keys[i] = "max1:command:export:guild:" + strconv.Itoa(i)
		// Half the keys have a run going on.
		if i%2 == 0 {
			s.Acquire(ctx, keys[i]+":held", 1, time.Hour)
		}
	}
	b.Run("op=acquire+release", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			key := keys[i%len(keys)]
			token, _, _ := s.Acquire(ctx, key, 1, time.Minute)
			s.Release(ctx, key, token)
			i++
		}
	})
	b.Run("op=refused", func(b *testing.B) {
		s.Acquire(ctx, "busy", 1, time.Hour)
		b.ReportAllocs()
		for b.Loop() {
			s.Acquire(ctx, "busy", 1, time.Hour)
		}
	})
}
