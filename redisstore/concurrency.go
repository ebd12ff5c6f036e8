package redisstore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// ConcurrencyLimits is a concurrency.Store on Redis. Each key is a sorted
// set of the tokens of the slots held, each scored by when its lease
// ends, in microseconds by the server's clock; the key expires when its
// last lease ends. Acquire and Renew are a script each, Release one ZREM:
// one round trip each, on one server or a Cluster alike, as each touches
// one key.
type ConcurrencyLimits struct {
	client redis.UniversalClient
	prefix string
	// id begins every token the store gives, random, so that the tokens
	// of two replicas never meet; tokens counts those given.
	id     string
	tokens atomic.Uint64
	// now, when set, is the clock the scripts read in place of the
	// server's.
	now func() time.Time
}

// NewConcurrencyLimits returns a store of concurrency limits under the
// keys prefix + "concurrency:" + the limit's key.
func NewConcurrencyLimits(client redis.UniversalClient, prefix string) *ConcurrencyLimits {
	var id [8]byte
	rand.Read(id[:])
	return &ConcurrencyLimits{client: client, prefix: prefixOr(prefix) + "concurrency:", id: hex.EncodeToString(id[:])}
}

// concurrencyLib reads the time, and sets a key's time to live to the
// end of its last lease. Times are microseconds, formatted whole, as
// cooldownLib's are; ARGV[1] is the time the caller read, or "" for the
// server's.
const concurrencyLib = `
local now
if ARGV[1] ~= '' then
  now = tonumber(ARGV[1])
else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000000 + tonumber(t[2])
end
local function expire(key)
  local last = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
  if last[2] then
    redis.call('PEXPIRE', key, math.max(1, math.ceil((tonumber(last[2]) - now) / 1000)))
  end
end
-- A lease that ends at now is over.
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
`

// acquireScript: KEYS[1] is the limit's key, ARGV[2] the slots, ARGV[3]
// the lease in microseconds and ARGV[4] the token. It returns 1 when it
// took a slot.
var acquireScript = redis.NewScript(concurrencyLib + `
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], string.format('%.0f', now + tonumber(ARGV[3])), ARGV[4])
expire(KEYS[1])
return 1
`)

// renewScript: KEYS[1] is the limit's key, ARGV[2] the lease in
// microseconds and ARGV[3] the token. It returns 1 when the slot was
// still held.
var renewScript = redis.NewScript(concurrencyLib + `
if not redis.call('ZSCORE', KEYS[1], ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], 'XX', string.format('%.0f', now + tonumber(ARGV[2])), ARGV[3])
expire(KEYS[1])
return 1
`)

// clock returns the time the scripts read: "" for the server's.
func (s *ConcurrencyLimits) clock() string {
	if s.now == nil {
		return ""
	}
	return strconv.FormatInt(s.now().UnixMicro(), 10)
}

// Acquire takes one of the n slots of key for lease unless they are all
// held.
func (s *ConcurrencyLimits) Acquire(ctx context.Context, key string, n int, lease time.Duration) (string, bool, error) {
	token := s.id + "-" + strconv.FormatUint(s.tokens.Add(1), 36)
	took, err := acquireScript.Run(ctx, s.client, []string{s.prefix + key}, s.clock(), max(n, 1), lease.Microseconds(), token).Int()
	if err != nil {
		return "", false, fmt.Errorf("redisstore: concurrency %q: acquiring a slot: %w", key, err)
	}
	if took == 0 {
		return "", false, nil
	}
	return token, true, nil
}

// Renew extends the lease of token's slot of key, if it is still held.
func (s *ConcurrencyLimits) Renew(ctx context.Context, key, token string, lease time.Duration) (bool, error) {
	held, err := renewScript.Run(ctx, s.client, []string{s.prefix + key}, s.clock(), lease.Microseconds(), token).Int()
	if err != nil {
		return false, fmt.Errorf("redisstore: concurrency %q: renewing slot %s: %w", key, token, err)
	}
	return held == 1, nil
}

// Release frees token's slot of key.
func (s *ConcurrencyLimits) Release(ctx context.Context, key, token string) error {
	if err := s.client.ZRem(ctx, s.prefix+key, token).Err(); err != nil {
		return fmt.Errorf("redisstore: concurrency %q: releasing slot %s: %w", key, token, err)
	}
	return nil
}
