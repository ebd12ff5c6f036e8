package redisstore

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/rest"
)

// RateLimits is a rest.RateLimitStore on Redis, for the Clients of one bot
// token (rest.WithRateLimitStore). Under its prefix it keeps:
//
//   - route:ROUTE, the id of the bucket the service named for a route,
//     kept a day after it was last reported;
//   - state:BUCKET@MAJOR, a hash of a bucket's limit, remaining
//     requests, reset and window length, which expires a window after
//     the reset, when it no longer holds anything back (BUCKET is the
//     route while the service has not named its bucket);
//   - global, when a global limit the service reported ends;
//   - sent, when the Clients keep a global rate (rest.WithGlobalRateLimit),
//     a list of the times of the last requests under it, newest first
//     and as many as the rate, which expires a second after the last.
//
// Each operation is one script, so that replicas taking requests at once
// never take more than a bucket has.
type RateLimits struct {
	client redis.UniversalClient
	prefix string
}

// NewRateLimits returns a store of rate limits under the keys prefix +
// "{ratelimit}:", or prefix + "ratelimit:" when the prefix has a hash
// tag of its own.
func NewRateLimits(client redis.UniversalClient, prefix string) *RateLimits {
	prefix = prefixOr(prefix)
	if hasHashTag(prefix) {
		return &RateLimits{client: client, prefix: prefix + "ratelimit:"}
	}
	return &RateLimits{client: client, prefix: prefix + "{ratelimit}:"}
}

// hasHashTag reports whether a Redis Cluster reads a hash tag in s, as it
// does in a key: the text between the first "{" and the first "}" after
// it, when that text is not empty. Braces in any other order are part of
// the key like any other byte.
func hasHashTag(s string) bool {
	open := strings.IndexByte(s, '{')
	if open < 0 {
		return false
	}
	return strings.IndexByte(s[open+1:], '}') > 0
}

// rateLimitLib is what the scripts share: the time by the server's clock
// in microseconds, the key of a route's bucket, numbers written whole
// (Lua's own conversion keeps 14 digits, too few for microseconds) and
// expiries in milliseconds, never zero.
const rateLimitLib = `
local p, route, major = ARGV[1], ARGV[2], ARGV[3]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local function whole(n) return string.format('%.0f', n) end
local function ms(us) return math.max(1, math.ceil(us / 1000)) end
local function bucketKey()
  local id = redis.call('GET', KEYS[1])
  return p .. 'state:' .. (id or route) .. '@' .. major
end
`

// takeScript: ARGV[4] is 1 for a request under the global limit, ARGV[5]
// the global rate a second, 0 for none. It returns the wait in
// microseconds, 0 when it took a request.
var takeScript = redis.NewScript(rateLimitLib + `
local global, rate = ARGV[4] == '1', tonumber(ARGV[5])
local key = bucketKey()
local hold = 0
if global then hold = tonumber(redis.call('GET', p .. 'global') or '0') end
local b = redis.call('HMGET', key, 'limit', 'remaining', 'reset', 'window')
local limit, remaining = tonumber(b[1]) or 0, tonumber(b[2]) or 0
local reset, window = tonumber(b[3]), tonumber(b[4]) or 0
if reset and now < reset and remaining <= 0 and reset > hold then hold = reset end
-- The global rate holds over a sliding second: a request may go once the
-- one rate requests back is a second old.
local counted = global and rate > 0
if counted then
  local back = redis.call('LINDEX', p .. 'sent', rate - 1)
  if back and tonumber(back) + 1000000 > hold then hold = tonumber(back) + 1000000 end
end
if now < hold then return hold - now end
if reset and (now < reset or limit > 0) then
  -- Once the bucket has reset, a new window of the last one's length
  -- is taken to have begun with the whole limit.
  if now >= reset then remaining, reset = limit, now + window end
  redis.call('HSET', key, 'remaining', whole(remaining - 1), 'reset', whole(reset))
  redis.call('PEXPIRE', key, ms(reset - now + window))
end
if counted then
  redis.call('LPUSH', p .. 'sent', whole(now))
  redis.call('LTRIM', p .. 'sent', 0, rate - 1)
  redis.call('PEXPIRE', p .. 'sent', 1000)
end
return 0
`)

// recordScript: ARGV[4] is the bucket's id or "", ARGV[5] 1 when the
// answer gave the counts, ARGV[6] the limit, ARGV[7] the remaining
// requests and ARGV[8] the wait until the reset, in microseconds.
var recordScript = redis.NewScript(rateLimitLib + `
if ARGV[4] ~= '' then redis.call('SET', KEYS[1], ARGV[4], 'PX', 86400000) end
if ARGV[5] ~= '1' then return 0 end
local limit, remaining, after = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
local key = bucketKey()
local b = redis.call('HMGET', key, 'limit', 'remaining', 'reset', 'window')
local blimit, bremaining = tonumber(b[1]) or 0, tonumber(b[2]) or 0
local breset, window = tonumber(b[3]), math.max(tonumber(b[4]) or 0, after)
if limit > 0 then blimit = limit end
local reset = now + after
-- Within one window the lower count stands, and the later reset. An
-- answer of an older window, arriving after a new one was assumed, tells
-- only the limit and the window: its count and its reset would reopen
-- the bucket. A reset never moves back.
if not breset or reset >= breset + window / 2 then
  bremaining, breset = remaining, reset
elseif reset > breset - window / 2 then
  bremaining = math.min(bremaining, remaining)
  breset = math.max(breset, reset)
end
redis.call('HSET', key, 'limit', blimit, 'remaining', bremaining, 'reset', whole(breset), 'window', whole(window))
redis.call('PEXPIRE', key, ms(breset - now + window))
return 0
`)

// limitedScript: ARGV[4] is 1 for a global limit, ARGV[5] the wait the
// 429 asked, in microseconds.
var limitedScript = redis.NewScript(rateLimitLib + `
local after = tonumber(ARGV[5])
local untilT = now + after
if ARGV[4] == '1' then
  if untilT > tonumber(redis.call('GET', p .. 'global') or '0') then
    redis.call('SET', p .. 'global', whole(untilT), 'PX', ms(after))
  end
  return 0
end
local key = bucketKey()
local b = redis.call('HMGET', key, 'reset', 'window')
local reset, window = math.max(tonumber(b[1]) or 0, untilT), tonumber(b[2]) or 0
redis.call('HSET', key, 'remaining', 0, 'reset', whole(reset))
redis.call('PEXPIRE', key, ms(reset - now + window))
return 0
`)

func (s *RateLimits) run(ctx context.Context, script *redis.Script, op string, r rest.RateLimitRequest, args ...any) (int64, error) {
	args = append([]any{s.prefix, r.Route, r.Major}, args...)
	n, err := script.Run(ctx, s.client, []string{s.prefix + "route:" + r.Route}, args...).Int64()
	if err != nil {
		return 0, fmt.Errorf("redisstore: rate limits: %s %s: %w", op, r.Route, err)
	}
	return n, nil
}

// Take takes one request from r's bucket, or returns how long to wait.
func (s *RateLimits) Take(ctx context.Context, r rest.RateLimitRequest) (time.Duration, error) {
	wait, err := s.run(ctx, takeScript, "taking a request on", r, flag(r.Global), max(r.GlobalRate, 0))
	return time.Duration(wait) * time.Microsecond, err
}

// Record takes in the state an answer on r reported.
func (s *RateLimits) Record(ctx context.Context, r rest.RateLimitRequest, a rest.RateLimitAnswer) error {
	_, err := s.run(ctx, recordScript, "recording an answer on", r,
		a.Bucket, flag(a.Counted), a.Limit, a.Remaining, a.ResetAfter.Microseconds())
	return err
}

// Limited closes r's bucket, or with global every request under the
// global limit, for retryAfter, at most rest.MaxRetryAfter: the keys it
// writes live no longer than that and a window.
func (s *RateLimits) Limited(ctx context.Context, r rest.RateLimitRequest, global bool, retryAfter time.Duration) error {
	var report error
	if retryAfter > rest.MaxRetryAfter {
		report = fmt.Errorf("redisstore: rate limits: a 429 on %s asked %v, held %v: %w", r.Route, retryAfter, rest.MaxRetryAfter, rest.ErrRetryAfterTooLong)
		retryAfter = rest.MaxRetryAfter
	}
	if _, err := s.run(ctx, limitedScript, "recording a 429 on", r, flag(global), retryAfter.Microseconds()); err != nil {
		return err
	}
	return report
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
