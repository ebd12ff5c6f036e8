package redisstore

import (
	"context"
	"fmt"
	"time"

	jsonv2 "github.com/goccy/go-json/v2"
	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/interaction"
)

// AutocompleteCache is an autocomplete.Cache on Redis, shared by the
// replicas: the suggestions one replica's handler made are served by
// another's fallback. Each answer is a key holding its choices as JSON,
// which expires when the answer should no longer be served. Storing is one
// round trip (SET with PX), and so is looking up every beginning of what
// a user typed (MGET).
type AutocompleteCache struct {
	client redis.UniversalClient
	prefix string
}

// NewAutocompleteCache returns a cache that keeps each answer under the
// key prefix + "autocomplete:" + its key.
func NewAutocompleteCache(client redis.UniversalClient, prefix string) *AutocompleteCache {
	return &AutocompleteCache{client: client, prefix: prefixOr(prefix) + "autocomplete:"}
}

// Store keeps choices under key for ttl.
func (c *AutocompleteCache) Store(ctx context.Context, key string, choices []interaction.Choice, ttl time.Duration) error {
	if choices == nil {
		choices = []interaction.Choice{}
	}
	b, err := jsonv2.Marshal(choices)
	if err != nil {
		return fmt.Errorf("redisstore: autocomplete cache: %w", err)
	}
	if err := c.client.Set(ctx, c.prefix+key, b, max(ttl, time.Millisecond)).Err(); err != nil {
		return fmt.Errorf("redisstore: autocomplete cache: storing: %w", err)
	}
	return nil
}

// Lookup returns what is kept under each of keys, as autocomplete.Cache
// says, in one MGET. A value that does not decode, which this package
// never writes, counts as none.
func (c *AutocompleteCache) Lookup(ctx context.Context, keys []string) ([][]interaction.Choice, error) {
	full := make([]string, len(keys))
	for i, k := range keys {
		full[i] = c.prefix + k
	}
	vals, err := c.client.MGet(ctx, full...).Result()
	if err != nil {
		return nil, fmt.Errorf("redisstore: autocomplete cache: looking up: %w", err)
	}
	out := make([][]interaction.Choice, len(keys))
	for i, v := range vals {
		s, ok := v.(string)
		if !ok {
			continue
		}
		var choices []interaction.Choice
		if jsonv2.Unmarshal([]byte(s), &choices) == nil {
			if choices == nil {
				choices = []interaction.Choice{}
			}
			out[i] = choices
		}
	}
	return out, nil
}
