package redisstore_test

import (
	"context"
	"os"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/state"
	"github.com/switchboard-go/switchboard/storecall"
)

// The carts of a shop live an hour on Redis: every replica reads the
// cart of a button another replica sent, and a restart loses none.
// Each read, set or take is one command; each call is bounded, and a
// Redis that keeps failing is left alone for a while (package storecall).
func ExampleNewStates() {
	rdb := redis.NewClient(&redis.Options{
		Addr:                  os.Getenv("REDIS_ADDR"),
		ContextTimeoutEnabled: true,
		MaxRetries:            1,
		DialerRetries:         1,
		DialTimeout:           250 * time.Millisecond,
		PoolTimeout:           250 * time.Millisecond,
	})
	defer rdb.Close()
	carts := state.New[map[string]int]("cart", time.Hour,
		state.WithStore(redisstore.NewStates(rdb, "shop:"), storecall.WithTimeout(100*time.Millisecond)))

	r := router.New()
	r.HandleComponent("cart:{cart}:add", carts.Handler(func(ctx context.Context, req *router.Request, key string, cart map[string]int) (interaction.Response, error) {
		cart[req.Values()[0]]++
		return interaction.Update("Added."), carts.Set(ctx, key, cart)
	}))
	// Keys such as shop:state:cart:3q2-7wXbTOa9yA_aQcTh8g, each expiring
	// an hour after it was last set.
}
