package redisstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// States is a state.Store on Redis: each state is a string key, prefix +
// "state:" + the kind's name + ":" + the state's key, holding the
// state's JSON, which Redis expires when its time to live ends (PX). It
// outlives the bot's process, so that the buttons of a message sent
// before a restart or a deploy still find their state after it, on
// whichever replica serves them. The claim of a state taken by
// state.Kind.OnceHandler is a key of its own, the state's and ":" + the
// id of the interaction that took it, which lives the interaction
// token's 15 minutes, so that a worker running the interaction again, on
// any replica, finds it.
//
// Each operation is one command, one round trip: SET … PX … NX adds a
// state, SET … PX … XX replaces one, GET reads one, and a script of GET
// and DEL takes one, so that of two replicas taking a state at once one
// finds it (GETDEL would do as much from Redis 6.2; the script keeps to
// Redis 5). A click that OnceHandler serves costs two: the take, then
// the claim added; a worker's run of a click handed over finds the state
// gone and reads the claim, a second. Each key
// is one key, which a Cluster places on the slot its hash gives.
type States struct {
	client redis.UniversalClient
	prefix string
}

// NewStates returns a store of states under the keys prefix + "state:".
func NewStates(client redis.UniversalClient, prefix string) *States {
	return &States{client: client, prefix: prefixOr(prefix) + "state:"}
}

// takeStateScript returns the value of KEYS[1], or nil, and deletes the key.
var takeStateScript = redis.NewScript(`
local v = redis.call('GET', KEYS[1])
if v then redis.call('DEL', KEYS[1]) end
return v
`)

// Add keeps value under key for ttl unless Redis holds the key.
func (s *States) Add(ctx context.Context, key string, value []byte, ttl time.Duration) (bool, error) {
	return s.set(ctx, "adding", key, value, ttl, "NX")
}

// Replace keeps value under key for ttl if Redis holds the key.
func (s *States) Replace(ctx context.Context, key string, value []byte, ttl time.Duration) (bool, error) {
	return s.set(ctx, "replacing", key, value, ttl, "XX")
}

// set runs SET with the condition cond (NX or XX) and reports whether
// Redis set the key.
func (s *States) set(ctx context.Context, doing, key string, value []byte, ttl time.Duration, cond string) (bool, error) {
	err := s.client.Do(ctx, "SET", s.prefix+key, value, "PX", stateTTL(ttl).Milliseconds(), cond).Err()
	switch {
	case errors.Is(err, redis.Nil):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("redisstore: %s a state: %w", doing, err)
	}
	return true, nil
}

// Get returns the value under key, if Redis holds it.
func (s *States) Get(ctx context.Context, key string) ([]byte, bool, error) {
	v, err := s.client.Get(ctx, s.prefix+key).Bytes()
	switch {
	case errors.Is(err, redis.Nil):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("redisstore: reading a state: %w", err)
	}
	return v, true, nil
}

// Take returns the value under key, if Redis holds it, and deletes the
// key.
func (s *States) Take(ctx context.Context, key string) ([]byte, bool, error) {
	v, err := takeStateScript.Run(ctx, s.client, []string{s.prefix + key}).Text()
	switch {
	case errors.Is(err, redis.Nil):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("redisstore: taking a state: %w", err)
	}
	return []byte(v), true, nil
}

// stateTTL returns ttl in whole milliseconds, the unit of PX, and at
// least one: a key without a time to live would never expire.
func stateTTL(ttl time.Duration) time.Duration {
	return max(ttl, time.Millisecond).Truncate(time.Millisecond)
}
