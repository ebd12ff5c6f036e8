package redisstore

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/interaction"
)

// ReplayGuard is a replay.Guard on Redis: each interaction served
// is a key set only if absent (SET NX), which expires when the guard may
// forget it.
type ReplayGuard struct {
	client redis.UniversalClient
	prefix string
}

// NewReplayGuard returns a guard that keeps each id under the key prefix +
// "replay:" + the id.
func NewReplayGuard(client redis.UniversalClient, prefix string) *ReplayGuard {
	return &ReplayGuard{client: client, prefix: prefixOr(prefix) + "replay:"}
}

// Claim records id until expires, and reports whether no replica had
// recorded it.
func (g *ReplayGuard) Claim(ctx context.Context, id interaction.Snowflake, expires time.Time) (bool, error) {
	first, err := g.client.SetNX(ctx, g.key(id), 1, claimTTL(expires)).Result()
	if err != nil {
		return false, fmt.Errorf("redisstore: replay guard: claiming interaction %v: %w", id, err)
	}
	return first, nil
}

// key returns the key of interaction id.
func (g *ReplayGuard) key(id interaction.Snowflake) string { return g.prefix + id.String() }

// claimTTL returns how long the key of an interaction to remember until
// expires lives: relative, so that the time is the server's from now on
// and a replica's clock ahead or behind does not shorten it. A key
// without a time would never expire, so the shortest is a millisecond.
func claimTTL(expires time.Time) time.Duration {
	return max(time.Until(expires), time.Millisecond).Truncate(time.Millisecond)
}
