package redisstore_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/internal/redistest"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/router"
)

// TestClaimAndUseCountsTheUseOfAFirstClaimOnly: a copy of an interaction
// counts no use, and a use refused leaves its interaction claimed.
func TestClaimAndUseCountsTheUseOfAFirstClaimOnly(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	ctx := context.Background()
	p := newPrefix()
	cooldowns, guard := redisstore.NewCooldowns(c, p), redisstore.NewReplayGuard(c, p)
	expires := time.Now().Add(time.Minute)
	for i, step := range []struct {
		id          interaction.Snowflake
		first, wait bool
	}{
		{id: 1, first: true},
		{id: 1},
		// Two uses a minute: had the copy spent one, this would wait.
		{id: 2, first: true},
		{id: 3, first: true, wait: true},
		{id: 3},
	} {
		first, wait, err := cooldowns.ClaimAndUse(ctx, guard, step.id, expires, "k", 2, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if first != step.first || (wait > 0) != step.wait {
			t.Errorf("step %d, interaction %d: first %v, wait %v; want first %v, a wait %v", i+1, step.id, first, wait, step.first, step.wait)
		}
		if step.wait && (wait <= 59*time.Second || wait > time.Minute) {
			t.Errorf("step %d: waits %v, want a little under a minute", i+1, wait)
		}
	}
	// The guard alone sees the claims, and the store alone the uses.
	if first, err := guard.Claim(ctx, 3, expires); err != nil || first {
		t.Errorf("Claim of the refused interaction: first %v, %v; want claimed before", first, err)
	}
	if wait, err := cooldowns.Use(ctx, "k", 2, time.Minute); err != nil || wait <= 0 {
		t.Errorf("a third use waits %v, %v; want a wait", wait, err)
	}
	ttl, err := c.PTTL(ctx, p+"replay:1").Result()
	if err != nil || ttl <= 58*time.Second || ttl > time.Minute {
		t.Errorf("the claim lives %v, %v; want until it expires, a minute", ttl, err)
	}
}

// TestCooldownsClaimOnlyInAGuardOnTheirClient: one script reaches both
// keys only on the same client of one server.
func TestCooldownsClaimOnlyInAGuardOnTheirClient(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	cluster := redis.NewClusterClient(&redis.ClusterOptions{Addrs: []string{srv.Addr}})
	t.Cleanup(func() { cluster.Close() })
	for _, tc := range []struct {
		name  string
		cd    *redisstore.Cooldowns
		guard replay.Guard
		want  bool
	}{
		{"the same client", redisstore.NewCooldowns(c, "a:"), redisstore.NewReplayGuard(c, "b:"), true},
		{"another client of the same server", redisstore.NewCooldowns(c, "a:"), redisstore.NewReplayGuard(srv.Client(t), "a:"), false},
		{"a guard in memory", redisstore.NewCooldowns(c, "a:"), replay.NewMemoryGuard(0), false},
		{"a Cluster, whose keys lie in different slots", redisstore.NewCooldowns(cluster, "a:"), redisstore.NewReplayGuard(cluster, "a:"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.cd.Claims(tc.guard); got != tc.want {
				t.Errorf("Claims = %v, want %v", got, tc.want)
			}
			if !tc.want {
				if _, _, err := tc.cd.ClaimAndUse(context.Background(), tc.guard, 1, time.Now().Add(time.Minute), "k", 1, time.Minute); err == nil {
					t.Error("ClaimAndUse in a guard it does not claim in reported nothing")
				}
			}
		})
	}
}

// TestABucketOnRedisIsSpentByEveryRouteWithTheClaim: a cooldown with a
// bucket, first in line on an endpoint whose replay guard shares its
// client, counts the uses of every route under the bucket's one key in
// the script that claims each interaction.
func TestABucketOnRedisIsSpentByEveryRouteWithTheClaim(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	p := newPrefix()
	r := router.New(router.DispatchOnly())
	r.Use(cooldown.New(cooldown.PerUser, 2, time.Minute, cooldown.WithBucket("music"),
		cooldown.WithStore(redisstore.NewCooldowns(c, p))))
	for _, name := range []string{"play", "skip", "queue"} {
		r.Command(name, endpointtest.Reply(name))
	}
	key := interactiontest.NewKey("music")
	e, err := endpoint.New(endpointtest.Build(t, r), key.Verifier(), endpoint.WithReplayGuard(redisstore.NewReplayGuard(c, p)))
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct{ command, want string }{
		{"play", "play"},
		{"skip", "skip"},
		{"queue", "it shares the music cooldown"},
	} {
		body := interactiontest.Command(step.command).JSON()
		sig, ts := key.Sign(body)
		req := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
		req.Header.Set(endpoint.HeaderSignature, sig)
		req.Header.Set(endpoint.HeaderTimestamp, ts)
		w := httptest.NewRecorder()
		e.ServeHTTP(w, req)
		if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), step.want) {
			t.Errorf("/%s answered %d %s, want %q", step.command, w.Code, w.Body.String(), step.want)
		}
	}
	n, err := c.LLen(context.Background(), p+"cooldown:music:user:"+interactiontest.UserID.String()).Result()
	if err != nil || n != 2 {
		t.Errorf("the bucket's key holds %d uses (%v), want 2", n, err)
	}
}
