package redisstore

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/replay"
)

// Cooldowns is a cooldown.Store on Redis. Each key is a list of the
// times of the uses within its period, by the server's clock, which
// expires a period after the last use.
//
// It is also a cooldown.ClaimingStore: given a ReplayGuard on the same
// client of one server, it claims an interaction and counts its use in
// one script, one round trip.
type Cooldowns struct {
	client redis.UniversalClient
	prefix string
}

// NewCooldowns returns a store of cooldowns under the keys prefix +
// "cooldown:" + the cooldown's key.
func NewCooldowns(client redis.UniversalClient, prefix string) *Cooldowns {
	return &Cooldowns{client: client, prefix: prefixOr(prefix) + "cooldown:"}
}

// cooldownLib counts a use of a key unless its list holds uses within
// the period, in one step, and returns 0, or the wait in microseconds.
// Times are microseconds, formatted whole: Lua's own conversion of
// numbers to text keeps 14 digits, too few.
const cooldownLib = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local function use(key, uses, period)
  while true do
    local oldest = redis.call('LINDEX', key, 0)
    if not oldest or tonumber(oldest) > now - period then break end
    redis.call('LPOP', key)
  end
  local n = redis.call('LLEN', key)
  if n >= uses then
    return tonumber(redis.call('LINDEX', key, n - uses)) + period - now
  end
  redis.call('RPUSH', key, string.format('%.0f', now))
  redis.call('PEXPIRE', key, math.ceil(period / 1000))
  return 0
end
`

// useScript: KEYS[1] is the cooldown's key, ARGV[1] the uses allowed
// and ARGV[2] the period in microseconds.
var useScript = redis.NewScript(cooldownLib + `
return use(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]))
`)

// claimUseScript: KEYS[1] is an interaction's key in the replay guard,
// set unless present for ARGV[1] milliseconds; KEYS[2], ARGV[2] and
// ARGV[3] are useScript's. It returns -1 for an interaction claimed
// before, whose use is not counted.
var claimUseScript = redis.NewScript(cooldownLib + `
if not redis.call('SET', KEYS[1], 1, 'NX', 'PX', ARGV[1]) then return -1 end
return use(KEYS[2], tonumber(ARGV[2]), tonumber(ARGV[3]))
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

// Claims reports whether ClaimAndUse can claim in g: whether g is a
// ReplayGuard on the same client as s, a client of one server (or of a
// Sentinel group). On a Cluster the two keys lie in different slots,
// which no script may reach together.
func (s *Cooldowns) Claims(g replay.Guard) bool {
	rg, ok := g.(*ReplayGuard)
	if !ok {
		return false
	}
	c, single := s.client.(*redis.Client)
	return single && rg.client == redis.UniversalClient(c)
}

// ClaimAndUse claims interaction id in g until expires, as g.Claim does,
// and only when the claim is the first counts a use of key, as Use does,
// in one script: a copy of an interaction counts no use, and a use
// refused leaves the interaction claimed. g must be one Claims accepts.
func (s *Cooldowns) ClaimAndUse(ctx context.Context, g replay.Guard, id interaction.Snowflake, expires time.Time, key string, uses int, period time.Duration) (first bool, wait time.Duration, err error) {
	if !s.Claims(g) {
		return false, 0, fmt.Errorf("redisstore: cooldown %q: claiming interaction %v in a guard not on the cooldowns' client", key, id)
	}
	n, err := claimUseScript.Run(ctx, s.client, []string{g.(*ReplayGuard).key(id), s.prefix + key},
		claimTTL(expires).Milliseconds(), max(uses, 1), period.Microseconds()).Int64()
	if err != nil {
		return false, 0, fmt.Errorf("redisstore: cooldown %q: claiming interaction %v: %w", key, id, err)
	}
	if n < 0 {
		return false, 0, nil
	}
	return true, time.Duration(n) * time.Microsecond, nil
}
