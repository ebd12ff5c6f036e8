package redisstore

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// Cooldowns is a cooldown.Store on Redis. Each key is a list of the
// times of the uses within its period, by the server's clock, which
// expires a period after the last use.
type Cooldowns struct {
	client redis.UniversalClient
	prefix string
}

// NewCooldowns returns a store of cooldowns under the keys prefix +
// "cooldown:" + the cooldown's key.
func NewCooldowns(client redis.UniversalClient, prefix string) *Cooldowns {
	return &Cooldowns{client: client, prefix: prefixOr(prefix) + "cooldown:"}
}

// useScript counts a use unless the list holds uses within the period,
// in one step. Times are microseconds, formatted whole: Lua's own
// conversion of numbers to text keeps 14 digits, too few.
var useScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local uses = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
while true do
  local oldest = redis.call('LINDEX', KEYS[1], 0)
  if not oldest or tonumber(oldest) > now - period then break end
  redis.call('LPOP', KEYS[1])
end
local n = redis.call('LLEN', KEYS[1])
if n >= uses then
  return tonumber(redis.call('LINDEX', KEYS[1], n - uses)) + period - now
end
redis.call('RPUSH', KEYS[1], string.format('%.0f', now))
redis.call('PEXPIRE', KEYS[1], math.ceil(period / 1000))
return 0
`)

// Use counts a use of key unless uses were already counted within the
// period, and otherwise returns how long until one is allowed.
func (s *Cooldowns) Use(ctx context.Context, key string, uses int, period time.Duration) (time.Duration, error) {
	wait, err := useScript.Run(ctx, s.client, []string{s.prefix + key}, max(uses, 1), period.Microseconds()).Int64()
	if err != nil {
		return 0, fmt.Errorf("redisstore: cooldown %q: %w", key, err)
	}
	return time.Duration(wait) * time.Microsecond, nil
}
