package redisstore

import (
	"context"
	"fmt"
	"strings"
	"time"

	jsonv2 "github.com/goccy/go-json/v2"
	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
)

// AutocompleteCache is an autocomplete.Cache on Redis, shared by the
// replicas: the suggestions one replica's handler made are served by
// another's fallback. It keeps at most PerScope answers of one scope
// (autocomplete.SplitKey): of the texts one user typed into an option,
// for a Fallback kept PerUser, or of those all users typed, by default.
// A user typing thousands of texts therefore costs Redis no more than
// PerScope answers, in the Redis that cooldowns, rate limits and states
// share.
//
// Under its prefix, the answers of a scope live under the key
// autocomplete:{SCOPE}, a sorted set of what was typed by when its
// answer expires, and each answer under autocomplete:{SCOPE}:TYPED, its
// choices as JSON; every key expires when its last answer should no
// longer be served. Storing is one script, one round trip, which keeps
// the answer, drops those past their time from the set and, past
// PerScope, the answers that expire first; looking up every beginning of
// what a user typed is one MGET. In SCOPE the bytes %, { and } are
// written %25, %7B and %7D, and the empty scope of a key with no NUL
// byte is written %, so that on a Cluster the keys of one scope share
// its hash tag, and a slot (or the prefix's own, when it has one).
type AutocompleteCache struct {
	// PerScope is how many answers the cache keeps of one scope at most;
	// zero or less means autocomplete.DefaultPerScope. Set it before the
	// cache is first used.
	PerScope int

	client redis.UniversalClient
	prefix string
}

// NewAutocompleteCache returns a cache that keeps its answers under the
// keys prefix + "autocomplete:".
func NewAutocompleteCache(client redis.UniversalClient, prefix string) *AutocompleteCache {
	return &AutocompleteCache{client: client, prefix: prefixOr(prefix) + "autocomplete:"}
}

// storeScript keeps an answer and bounds its scope. KEYS[1] is the
// answer's key, KEYS[2] its scope's set, which the answer's key begins
// with; ARGV[1] is the answer, ARGV[2] how long it is kept in
// milliseconds, ARGV[3] the most answers the scope keeps and ARGV[4]
// what was typed, the answer's member of the set, scored by when it
// expires by the server's clock, in milliseconds.
var storeScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function whole(n) return string.format('%.0f', n) end
local ttl = tonumber(ARGV[2])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', whole(now))
redis.call('ZADD', KEYS[2], whole(now + ttl), ARGV[4])
local over = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[3])
if over > 0 then
  local gone = redis.call('ZPOPMIN', KEYS[2], over)
  for i = 1, #gone, 2 do redis.call('DEL', KEYS[2] .. ':' .. gone[i]) end
end
local last = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')
redis.call('PEXPIRE', KEYS[2], whole(math.max(1, tonumber(last[2]) - now)))
return 0
`)

// Store keeps choices under key for ttl, and drops the answers of key's
// scope that expire first when it keeps more than PerScope.
func (c *AutocompleteCache) Store(ctx context.Context, key string, choices []interaction.Choice, ttl time.Duration) error {
	if choices == nil {
		choices = []interaction.Choice{}
	}
	b, err := jsonv2.Marshal(choices)
	if err != nil {
		return fmt.Errorf("redisstore: autocomplete cache: %w", err)
	}
	perScope := c.PerScope
	if perScope <= 0 {
		perScope = autocomplete.DefaultPerScope
	}
	scope, typed := autocomplete.SplitKey(key)
	set := c.scopeKey(scope)
	err = storeScript.Run(ctx, c.client, []string{set + ":" + typed, set},
		b, max(ttl, time.Millisecond).Milliseconds(), perScope, typed).Err()
	if err != nil {
		return fmt.Errorf("redisstore: autocomplete cache: storing: %w", err)
	}
	return nil
}

// Lookup returns what is kept under each of keys, as autocomplete.Cache
// says: the keys of one scope, all that Fallback looks up at once, in
// one MGET, and those of several scopes in one MGET a scope, pipelined,
// since on a Cluster the scopes lie in different slots, which no MGET
// reaches together. A value that does not decode, which this package
// never writes, counts as none.
func (c *AutocompleteCache) Lookup(ctx context.Context, keys []string) ([][]interaction.Choice, error) {
	out := make([][]interaction.Choice, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	// byScope holds the places in keys of each scope's keys, and scopes
	// the scopes' sets in the order first met.
	full := make([]string, len(keys))
	byScope := map[string][]int{}
	var scopes []string
	for i, k := range keys {
		scope, typed := autocomplete.SplitKey(k)
		set := c.scopeKey(scope)
		full[i] = set + ":" + typed
		if _, ok := byScope[set]; !ok {
			scopes = append(scopes, set)
		}
		byScope[set] = append(byScope[set], i)
	}
	vals := make([]any, len(keys))
	if len(scopes) == 1 {
		v, err := c.client.MGet(ctx, full...).Result()
		if err != nil {
			return nil, fmt.Errorf("redisstore: autocomplete cache: looking up: %w", err)
		}
		vals = v
	} else {
		cmds := make([]*redis.SliceCmd, len(scopes))
		_, err := c.client.Pipelined(ctx, func(p redis.Pipeliner) error {
			for j, set := range scopes {
				of := make([]string, len(byScope[set]))
				for k, i := range byScope[set] {
					of[k] = full[i]
				}
				cmds[j] = p.MGet(ctx, of...)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("redisstore: autocomplete cache: looking up: %w", err)
		}
		for j, set := range scopes {
			for k, v := range cmds[j].Val() {
				vals[byScope[set][k]] = v
			}
		}
	}
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

// scopeEscaper writes a scope so that it holds no brace: the first "}"
// of a key is then the end of its scope, and the hash tag of every key
// of one scope is the same.
var scopeEscaper = strings.NewReplacer("%", "%25", "{", "%7B", "}", "%7D")

// emptyScope is how the scope "" is written, that of a key with no NUL
// byte, which Fallback never makes: "{}" is no hash tag to a Cluster,
// which would hash each key whole and place the keys of the scope in
// different slots, where the script that stores an answer, reaching two
// of them, fails (CROSSSLOT). A scope written by scopeEscaper holds a %
// only before two hex digits, so no scope is written as this one.
const emptyScope = "%"

// scopeKey returns the key of a scope's set, which the keys of its
// answers begin with.
func (c *AutocompleteCache) scopeKey(scope string) string {
	if scope == "" {
		return c.prefix + "{" + emptyScope + "}"
	}
	return c.prefix + "{" + scopeEscaper.Replace(scope) + "}"
}
