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
//     route while the service has not named its bucket); while the first
//     request on a bucket nothing is known of waits for its answer, a
//     probe living a second at most, and once answered without counts, a
//     mark living a minute;
//   - size:BUCKET, the limit and window last told of a bucket, which hold
//     the requests of major ids not met yet, kept a day after it was
//     last reported;
//   - global, when a global limit the service reported ends;
//   - sent, when the Clients keep a global rate (rest.WithGlobalRateLimit),
//     a list of the times of the last requests under it, newest first
//     and as many as the rate, which expires a second after the last.
//
// Each operation is one script, so that replicas taking requests at once
// never take more than a bucket has; Batch, the answers a Client held
// and its next request's Take, is one too (rest.BatchingRateLimitStore).
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
// in microseconds, numbers written whole (Lua's own conversion keeps 14
// digits, too few for microseconds), expiries in milliseconds, never
// zero, and the three operations, each on the request set by on: the key
// of its route's bucket id, its route and its major ids. ARGV[1] is the
// prefix.
const rateLimitLib = `
local p = ARGV[1]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local function whole(n) return string.format('%.0f', n) end
local function ms(us) return math.max(1, math.ceil(us / 1000)) end
local probeLease, probePoll = ` + probeLease + `, ` + probePoll + `
local rk, route, major
local function on(k, r, m) rk, route, major = k, r, m end
local function bucketKey()
  local id = redis.call('GET', rk)
  return p .. 'state:' .. (id or route) .. '@' .. major
end
local function knownSize()
  local id = redis.call('GET', rk)
  if not id then return nil end
  local s = redis.call('HMGET', p .. 'size:' .. id, 'limit', 'window')
  local limit = tonumber(s[1]) or 0
  if limit <= 0 then return nil end
  return limit, tonumber(s[2]) or 0
end

-- take takes a request, global when it is under the global limit, rate
-- the global rate a second, 0 for none. It returns the wait in
-- microseconds, 0 when it took the request, and whether the request is
-- the one let through on a bucket nothing is known of.
local function take(global, rate)
  local key = bucketKey()
  local hold = 0
  if global then hold = tonumber(redis.call('GET', p .. 'global') or '0') end
  local b = redis.call('HMGET', key, 'limit', 'remaining', 'reset', 'window', 'probe')
  local known, probing = b[1] ~= false, b[5] == '1'
  local limit, remaining = tonumber(b[1]) or 0, tonumber(b[2]) or 0
  local reset, window = tonumber(b[3]), tonumber(b[4]) or 0
  if not known then
    -- New major ids of a known bucket begin with the limit it told.
    local l, w = knownSize()
    if l then limit, window, reset, remaining = l, w, now, 0 end
  end
  if probing and reset and now < reset then
    if math.min(reset, now + probePoll) > hold then hold = math.min(reset, now + probePoll) end
  elseif reset and now < reset and remaining <= 0 and reset > hold then hold = reset end
  -- The global rate holds over a sliding second: a request may go once the
  -- one rate requests back is a second old.
  local counted = global and rate > 0
  if counted then
    local back = redis.call('LINDEX', p .. 'sent', rate - 1)
    if back and tonumber(back) + 1000000 > hold then hold = tonumber(back) + 1000000 end
  end
  if now < hold then return hold - now, false end
  local probe = (not known and not reset) or probing
  if probe then
    -- Nothing is known of the bucket: this request goes, the others wait
    -- for its answer.
    redis.call('HSET', key, 'limit', 0, 'probe', 1, 'reset', whole(now + probeLease))
    redis.call('PEXPIRE', key, ms(probeLease))
  elseif reset and (now < reset or limit > 0) then
    -- Once the bucket has reset, a new window of the last one's length
    -- is taken to have begun with the whole limit.
    if now >= reset then remaining, reset = limit, now + window end
    redis.call('HSET', key, 'limit', limit, 'window', whole(window), 'remaining', whole(remaining - 1), 'reset', whole(reset))
    redis.call('PEXPIRE', key, ms(reset - now + window))
  end
  if counted then
    redis.call('LPUSH', p .. 'sent', whole(now))
    redis.call('LTRIM', p .. 'sent', 0, rate - 1)
    redis.call('PEXPIRE', p .. 'sent', 1000)
  end
  return 0, probe
end

-- record takes in an answer: the bucket's id or '', counted when it gave
-- the counts, the limit, the remaining requests and the wait until the
-- reset from when it arrived, age microseconds ago.
local function record(named, counted, limit, remaining, after, age)
  local before = bucketKey()
  if named ~= '' then redis.call('SET', rk, named, 'PX', 86400000) end
  local key = bucketKey()
  -- Once the answer names the bucket, the route's state is kept under it.
  if before ~= key and redis.call('HGET', before, 'probe') == '1' then redis.call('DEL', before) end
  local b = redis.call('HMGET', key, 'limit', 'remaining', 'reset', 'window', 'probe')
  if b[1] == false or b[5] == '1' then
    -- The answer to a probe, or to major ids not met: a fresh state.
    redis.call('DEL', key)
    b = {false, false, false, false}
    if not counted then
      -- Answered without counts: the bucket's known limit holds the next
      -- request, or nothing does.
      if not knownSize() then
        redis.call('HSET', key, 'limit', 0)
        redis.call('PEXPIRE', key, ` + answeredTTL + `)
      end
      return
    end
  end
  if not counted then return end
  local blimit, bremaining = tonumber(b[1]) or 0, tonumber(b[2]) or 0
  local breset, window = tonumber(b[3]), math.max(tonumber(b[4]) or 0, after)
  if limit > 0 then blimit = limit end
  local reset = now - age + after
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
  local id = redis.call('GET', rk)
  if id and blimit > 0 then
    local size = p .. 'size:' .. id
    local swindow = math.max(tonumber(redis.call('HGET', size, 'window') or '0'), window)
    redis.call('HSET', size, 'limit', blimit, 'window', whole(swindow))
    redis.call('PEXPIRE', size, 86400000)
  end
end

-- limited records a 429 asking a wait of after microseconds, on every
-- request under the global limit when global.
local function limited(global, after)
  local untilT = now + after
  if global then
    if untilT > tonumber(redis.call('GET', p .. 'global') or '0') then
      redis.call('SET', p .. 'global', whole(untilT), 'PX', ms(after))
    end
    return
  end
  local key = bucketKey()
  local b = redis.call('HMGET', key, 'reset', 'window', 'limit', 'probe')
  local reset, window = math.max(tonumber(b[1]) or 0, untilT), tonumber(b[2]) or 0
  if b[3] == false or b[4] == '1' then
    -- Major ids not met, or a probe: a state of the bucket's known limit.
    local limit, w = knownSize()
    reset, window = untilT, w or 0
    redis.call('DEL', key)
    redis.call('HSET', key, 'limit', limit or 0, 'window', whole(window))
  end
  redis.call('HSET', key, 'remaining', 0, 'reset', whole(reset))
  redis.call('PEXPIRE', key, ms(reset - now + window))
end
`

// What the service tells of its limits, it tells in the headers of its
// answers; the limit a bucket told holds its new major ids, and of a
// route never answered one request goes while the others wait for its
// answer, for the reasons the memory store gives (rest.MemoryRateLimitStore).
// probeLease bounds their wait when that answer never comes, and
// probePoll is how long they wait before asking again, both in
// microseconds.
const (
	probeLease = "1000000"
	probePoll  = "20000"
	// answeredTTL is how long the mark of a bucket answered without
	// counts is kept, in milliseconds: its major ids are not held until
	// it expires, and then one request goes before the others again.
	answeredTTL = "60000"
)

// The scripts of one operation: KEYS[1] is the key of the route's bucket
// id, ARGV[2] the route and ARGV[3] the major ids.
var (
	// takeScript: ARGV[4] is 1 for a request under the global limit,
	// ARGV[5] the global rate a second, 0 for none. It returns the
	// wait in microseconds, 0 when it took a request.
	takeScript = redis.NewScript(rateLimitLib + `
on(KEYS[1], ARGV[2], ARGV[3])
local wait = take(ARGV[4] == '1', tonumber(ARGV[5]))
return wait
`)
	// recordScript: ARGV[4] is the bucket's id or "", ARGV[5] 1 when
	// the answer gave the counts, ARGV[6] the limit, ARGV[7] the
	// remaining requests and ARGV[8] the wait until the reset, in
	// microseconds.
	recordScript = redis.NewScript(rateLimitLib + `
on(KEYS[1], ARGV[2], ARGV[3])
record(ARGV[4], ARGV[5] == '1', tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8]), 0)
return 0
`)
	// limitedScript: ARGV[4] is 1 for a global limit, ARGV[5] the wait
	// the 429 asked, in microseconds.
	limitedScript = redis.NewScript(rateLimitLib + `
on(KEYS[1], ARGV[2], ARGV[3])
limited(ARGV[4] == '1', tonumber(ARGV[5]))
return 0
`)
)

// batchScript records answers and takes a request: ARGV[2] is the number
// of answers, each followed by recordFields arguments, the route, the
// major ids and recordScript's ARGV[4] to ARGV[8], then the age of the
// answer in microseconds, KEYS[i] the key of the i-th's route; then,
// when there are more KEYS, the request to take, with takeScript's
// ARGV[2] to ARGV[5]. It returns the wait in microseconds and 1 when
// the request is the first on a bucket nothing is known of, else 0.
var batchScript = redis.NewScript(rateLimitLib + `
local n = tonumber(ARGV[2])
local a = 3
for i = 1, n do
  on(KEYS[i], ARGV[a], ARGV[a + 1])
  record(ARGV[a + 2], ARGV[a + 3] == '1', tonumber(ARGV[a + 4]), tonumber(ARGV[a + 5]), tonumber(ARGV[a + 6]), tonumber(ARGV[a + 7]))
  a = a + ` + recordFields + `
end
if #KEYS == n then return {0, 0} end
on(KEYS[n + 1], ARGV[a], ARGV[a + 1])
local wait, probe = take(ARGV[a + 2] == '1', tonumber(ARGV[a + 3]))
if probe then return {wait, 1} end
return {wait, 0}
`)

// recordFields is how many arguments of batchScript an answer takes.
const recordFields = "8"

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

// Batch records each of answers, in order, as Record does, and then,
// unless r is nil, takes *r as Take does, in one script.
func (s *RateLimits) Batch(ctx context.Context, answers []rest.PendingAnswer, r *rest.RateLimitRequest) (wait time.Duration, probe bool, err error) {
	keys := make([]string, 0, len(answers)+1)
	args := make([]any, 0, 2+len(answers)*8+4)
	args = append(args, s.prefix, len(answers))
	for _, p := range answers {
		a := p.Answer
		keys = append(keys, s.prefix+"route:"+p.Request.Route)
		args = append(args, p.Request.Route, p.Request.Major,
			a.Bucket, flag(a.Counted), a.Limit, a.Remaining, a.ResetAfter.Microseconds(), max(p.Age, 0).Microseconds())
	}
	what := "recording answers"
	if r != nil {
		keys = append(keys, s.prefix+"route:"+r.Route)
		args = append(args, r.Route, r.Major, flag(r.Global), max(r.GlobalRate, 0))
		what = "taking a request on " + r.Route
	}
	res, err := batchScript.Run(ctx, s.client, keys, args...).Int64Slice()
	if err != nil {
		return 0, false, fmt.Errorf("redisstore: rate limits: %s: %w", what, err)
	}
	if len(res) != 2 {
		return 0, false, fmt.Errorf("redisstore: rate limits: %s: the script answered %d numbers, want 2", what, len(res))
	}
	return time.Duration(res[0]) * time.Microsecond, res[1] == 1, nil
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
