package rest_test

import (
	"context"
	"fmt"
	"log"
	"sync/atomic"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/rest"
)

// countingStore is a shared store that batches and counts the calls it
// gets: a stand-in, in memory, for one the replicas of a bot all reach,
// such as redisstore's, where each call is a round trip.
type countingStore struct {
	*rest.MemoryRateLimitStore
	calls atomic.Int32
}

func (s *countingStore) Batch(ctx context.Context, answers []rest.PendingAnswer, r *rest.RateLimitRequest) (time.Duration, bool, error) {
	s.calls.Add(1)
	return s.MemoryRateLimitStore.Batch(ctx, answers, r)
}

// Each request's Take carries the answer to the one before: one call to
// the store a request, but for the first on the route, whose answer the
// others would wait for, and the last, recorded when the bot stops.
func ExampleWithRecordDelay() {
	ctx := context.Background()
	service := startService()
	defer service.Close()

	store := &countingStore{MemoryRateLimitStore: rest.NewMemoryRateLimitStore()}
	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken),
		rest.WithRateLimitStore(store, func(err error) { log.Print(err) }),
		// However long the next request takes to come.
		rest.WithRecordDelay(time.Hour))
	if err != nil {
		log.Fatal(err)
	}
	for range 4 {
		if _, err := client.ListCommands(ctx, service.ApplicationID, command.Global, false); err != nil {
			log.Fatal(err)
		}
	}
	if err := client.FlushRateLimits(ctx); err != nil {
		log.Fatal(err)
	}
	fmt.Println(store.calls.Load(), "calls to the store for 4 requests")
	// Output: 6 calls to the store for 4 requests
}
