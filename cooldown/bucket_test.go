package cooldown_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
)

// musicBot is a bot whose /play, /skip and /queue and its pause button
// spend the bucket of the cooldown music, and whose /stop does not.
func musicBot(t *testing.T, music router.Middleware) *router.Mux {
	t.Helper()
	r := router.New(router.DispatchOnly())
	for _, name := range []string{"play", "skip", "queue"} {
		r.Handle(name, music(endpointtest.Reply(name)))
	}
	r.HandleComponent("player:{id}:pause", music(router.HandlerFunc(func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Update("paused"), nil
	})))
	r.Command("stop", endpointtest.Reply("stop"))
	return endpointtest.Build(t, r)
}

// A use, and whether the cooldown lets it through.
type bucketUse struct {
	b       *interactiontest.Builder
	allowed bool
}

func TestABucketIsSpentByEveryRouteItWraps(t *testing.T) {
	bob := interaction.Member{User: interaction.User{ID: interactiontest.UserID + 1, Username: "bob"}}
	inGuild := func(b *interactiontest.Builder, m interaction.Member) *interactiontest.Builder {
		return b.InGuild(interactiontest.GuildID, m)
	}
	for _, tc := range []struct {
		name  string
		scope cooldown.Scope
		uses  []bucketUse
	}{
		{"three commands spend one user's two uses", cooldown.PerUser, []bucketUse{
			{interactiontest.Command("play"), true},
			{interactiontest.Command("skip"), true},
			{interactiontest.Command("queue"), false},
			{interactiontest.Command("play"), false},
			{interactiontest.Command("stop"), true}, // not in the bucket
			{inGuild(interactiontest.Command("queue"), bob), true},
		}},
		{"a component spends the bucket as the commands do", cooldown.PerUser, []bucketUse{
			{interactiontest.Button("player:1:pause"), true},
			{interactiontest.Button("player:2:pause"), true},
			{interactiontest.Command("play"), false},
		}},
		{"per guild, every member spends the guild's", cooldown.PerGuild, []bucketUse{
			{interactiontest.Command("play"), true},
			{inGuild(interactiontest.Command("skip"), bob), true},
			{interactiontest.Command("queue"), false},
			{inGuild(interactiontest.Command("play"), bob), false},
			{interactiontest.Command("play").Modify(func(ix *interaction.Interaction) { ix.GuildID++ }), true},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store := &keyRecorder{MemoryStore: cooldown.NewMemoryStore(0)}
			m := musicBot(t, cooldown.New(tc.scope, 2, time.Minute, cooldown.WithBucket("music"), cooldown.WithStore(store)))
			for i, u := range tc.uses {
				resp, err := m.Dispatch(context.Background(), u.b.Interaction())
				if err != nil {
					t.Fatal(err)
				}
				refusal := strings.HasPrefix(resp.Message.Content, "You can ")
				if refusal == u.allowed {
					t.Errorf("use %d was answered %q; allowed %v, want %v", i+1, resp.Message.Content, !refusal, u.allowed)
				}
				if refusal && !strings.HasSuffix(resp.Message.Content, ":R>: it shares the music cooldown.") {
					t.Errorf("use %d was refused with %q, which does not name the bucket", i+1, resp.Message.Content)
				}
				if refusal {
					retryIn(t, resp)
				}
			}
			for _, key := range store.keys {
				if want := "music:" + tc.scope.String() + ":"; !strings.HasPrefix(key, want) || strings.Count(key, ":") != 2 {
					t.Errorf("counted under %q, want %q and an id", key, want)
				}
			}
		})
	}
}

// TestCooldownsOfOneBucketSharingAStoreCountTogether: two cooldowns made
// apart, as on two routers, spend one bucket when they share a store; a
// bucket of another name, or a cooldown without one, counts apart.
func TestCooldownsOfOneBucketSharingAStoreCountTogether(t *testing.T) {
	for _, tc := range []struct {
		name    string
		second  []cooldown.Option
		allowed bool
	}{
		{"the same bucket", []cooldown.Option{cooldown.WithBucket("music")}, false},
		{"another bucket", []cooldown.Option{cooldown.WithBucket("games")}, true},
		{"no bucket", nil, true},
		{"a name like the bucket's", []cooldown.Option{cooldown.WithName("music")}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store := cooldown.NewMemoryStore(0)
			r := router.New(router.DispatchOnly())
			play := cooldown.New(cooldown.PerUser, 1, time.Minute, cooldown.WithBucket("music"), cooldown.WithStore(store))
			skip := cooldown.New(cooldown.PerUser, 1, time.Minute, append(tc.second, cooldown.WithStore(store))...)
			r.Handle("play", play(endpointtest.Reply("playing")))
			r.Handle("skip", skip(endpointtest.Reply("skipped")))
			m := endpointtest.Build(t, r)
			endpointtest.Dispatch(t, m, interactiontest.Command("play"))
			resp, err := endpointtest.Dispatch(t, m, interactiontest.Command("skip"))
			if err != nil {
				t.Fatal(err)
			}
			if allowed := resp.Message.Content == "skipped"; allowed != tc.allowed {
				t.Errorf("/skip after /play was answered %q, allowed %v, want %v", resp.Message.Content, allowed, tc.allowed)
			}
		})
	}
}

// TestABucketsRefusalIsTheAuthorsWhenGiven: WithMessage replaces the
// text that names the bucket.
func TestABucketsRefusalIsTheAuthorsWhenGiven(t *testing.T) {
	m := musicBot(t, cooldown.New(cooldown.PerUser, 1, time.Minute, cooldown.WithBucket("music"),
		cooldown.WithMessage(func(_ *router.Request, retry time.Time) string {
			return "The band is tuning; back " + cooldown.RelativeTime(retry) + "."
		})))
	endpointtest.Dispatch(t, m, interactiontest.Command("play"))
	resp, _ := endpointtest.Dispatch(t, m, interactiontest.Command("skip"))
	if !strings.HasPrefix(resp.Message.Content, "The band is tuning; back <t:") {
		t.Errorf("answered %q, want the author's text", resp.Message.Content)
	}
}

func TestCooldownPanicsOnABucketItCannotName(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []cooldown.Option
		want string
	}{
		{"an empty bucket", []cooldown.Option{cooldown.WithBucket("")}, "the bucket's name is empty"},
		{"a bucket with a colon", []cooldown.Option{cooldown.WithBucket("music:queue")}, `the bucket "music:queue" holds a colon`},
		{"a bucket and a name", []cooldown.Option{cooldown.WithName("tunes"), cooldown.WithBucket("music")}, `given the name "tunes" and the bucket "music"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), tc.want) {
					t.Errorf("New panicked with %v, want %q", r, tc.want)
				}
			}()
			cooldown.New(cooldown.PerUser, 1, time.Second, tc.opts...)
		})
	}
}
