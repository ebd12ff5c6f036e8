package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/interaction"
)

// redisBook is a Book on Redis, shared by the bot's replicas and kept
// across their restarts. Under its prefix it keeps each reminder as JSON
// at r:<id>, the ids of a user's reminders in the set u:<user>, and every
// id in the sorted set "due", scored by when it is due (Unix
// milliseconds). The prefix's {hash tag} keeps the keys in one slot of a
// Redis Cluster, which the claim's script needs.
type redisBook struct {
	rdb    redis.UniversalClient
	prefix string
}

func newRedisBook(rdb redis.UniversalClient, prefix string) *redisBook {
	return &redisBook{rdb: rdb, prefix: prefix}
}

func (b *redisBook) key(parts ...string) string {
	k := b.prefix
	for _, p := range parts {
		k += p
	}
	return k
}

func (b *redisBook) Add(ctx context.Context, r Reminder) error {
	v, err := json.Marshal(r)
	if err != nil {
		return err
	}
	id := r.ID.String()
	_, err = b.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, b.key("r:", id), v, 0)
		p.SAdd(ctx, b.key("u:", r.User.String()), id)
		p.ZAdd(ctx, b.key("due"), redis.Z{Score: float64(r.Due.UnixMilli()), Member: id})
		return nil
	})
	return err
}

// claim takes the due ids, oldest first, and makes each due again at the
// lease's end, in one step: two replicas claiming at once never take the
// same reminder. An id whose reminder is gone is dropped.
//
// KEYS[1] the sorted set; ARGV: now, the lease's end (Unix ms), the most
// to take, the prefix of the reminders' keys.
var claim = redis.NewScript(`
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
local out = {}
for _, id in ipairs(ids) do
	local v = redis.call('GET', ARGV[4] .. id)
	if v then
		redis.call('ZADD', KEYS[1], 'XX', ARGV[2], id)
		table.insert(out, v)
	else
		redis.call('ZREM', KEYS[1], id)
	end
end
return out
`)

func (b *redisBook) Claim(ctx context.Context, now time.Time, lease time.Duration, max int) ([]Reminder, error) {
	vs, err := claim.Run(ctx, b.rdb, []string{b.key("due")},
		now.UnixMilli(), now.Add(lease).UnixMilli(), max, b.key("r:")).StringSlice()
	if err != nil {
		return nil, err
	}
	out := make([]Reminder, 0, len(vs))
	for _, v := range vs {
		var r Reminder
		if err := json.Unmarshal([]byte(v), &r); err != nil {
			return nil, fmt.Errorf("a reminder kept on Redis does not read: %w", err)
		}
		out = append(out, r)
	}
	return out, nil
}

func (b *redisBook) Done(ctx context.Context, id interaction.Snowflake) error {
	v, err := b.rdb.Get(ctx, b.key("r:", id.String())).Bytes()
	if errors.Is(err, redis.Nil) {
		return b.rdb.ZRem(ctx, b.key("due"), id.String()).Err()
	}
	if err != nil {
		return err
	}
	var r Reminder
	if err := json.Unmarshal(v, &r); err != nil {
		return fmt.Errorf("a reminder kept on Redis does not read: %w", err)
	}
	_, err = b.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Del(ctx, b.key("r:", id.String()))
		p.SRem(ctx, b.key("u:", r.User.String()), id.String())
		p.ZRem(ctx, b.key("due"), id.String())
		return nil
	})
	return err
}

func (b *redisBook) Of(ctx context.Context, user interaction.Snowflake) ([]Reminder, error) {
	ids, err := b.rdb.SMembers(ctx, b.key("u:", user.String())).Result()
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	keys := make([]string, len(ids))
	for i, id := range ids {
		keys[i] = b.key("r:", id)
	}
	vs, err := b.rdb.MGet(ctx, keys...).Result()
	if err != nil {
		return nil, err
	}
	var out []Reminder
	for _, v := range vs {
		s, ok := v.(string)
		if !ok {
			continue // posted or cancelled since the set was read
		}
		var r Reminder
		if err := json.Unmarshal([]byte(s), &r); err != nil {
			return nil, fmt.Errorf("a reminder kept on Redis does not read: %w", err)
		}
		out = append(out, r)
	}
	sortByDue(out)
	return out, nil
}

func (b *redisBook) Cancel(ctx context.Context, user, id interaction.Snowflake) (bool, error) {
	// Removing the id from the user's own set is the check that the
	// reminder is theirs, and takes it from a cancel at the same time.
	n, err := b.rdb.SRem(ctx, b.key("u:", user.String()), id.String()).Result()
	if err != nil || n == 0 {
		return false, err
	}
	_, err = b.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Del(ctx, b.key("r:", id.String()))
		p.ZRem(ctx, b.key("due"), id.String())
		return nil
	})
	return err == nil, err
}
