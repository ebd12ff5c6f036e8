// Package snippets holds README.md's Go blocks, each fragment in a
// function of its own. This file gives them what they use without
// declaring it: the values a bot's main has by the time a fragment runs,
// and the helpers the README names without showing them, which stand for
// a bot's own work.
package snippets

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"testing/fstest"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// What a bot's main has made before the README's fragments: its context,
// its router built, its verifier, the service's API and its credentials,
// its logger.
var (
	ctx      = context.Background()
	r        = router.New()
	mux      *router.Mux
	verifier *interaction.Verifier
	baseURL  = "http://127.0.0.1:8484/v10"
	apiURL   = baseURL
	api      *rest.Client
	auth     rest.Auth = rest.BotToken("token")
	token              = "token"
	appID    interaction.Snowflake
	logger   = zerolog.Nop()
)

// build stands for a slow build.
func build() string { return "Built." }

// exportScores stands for reading a week's scores as CSV.
func exportScores(ctx context.Context) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("user,score\nada,12\nbob,9\n")
	return b.Bytes(), ctx.Err()
}

// summary describes a pizza order.
func summary(size string, toppings []string, gift bool, members []interaction.Member, photos []interaction.Attachment) string {
	return fmt.Sprintf("A %s pizza with %s for %d, gift wrapped: %v, %d photos.",
		size, strings.Join(toppings, " and "), len(members), gift, len(photos))
}

// reply is a handler that answers with text.
func reply(text string) router.HandlerFunc {
	return func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply(text), nil
	}
}

// The handlers of the README's tickets, fence and horn.
var (
	openTicket  = reply("Ticket opened.")
	listTickets = reply("No open tickets.")
	closeTicket = reply("Ticket closed.")
	paint       = reply("The fence is painted.")
	soundHorn   = reply("Honk.")
)

// The handlers of the guide's music commands, which share a cooldown.
var (
	playSong  = reply("Playing.")
	skipSong  = reply("Skipped.")
	showQueue = reply("1. Clair de lune")
)

// backupGuild stands for a long backup, which runs one at a time.
var backupGuild = reply("Backed up.")

// staffOnly lets only members who may manage the guild through.
func staffOnly(next router.Handler) router.Handler {
	return router.HandlerFunc(func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		if m, ok := req.Interaction.Member.Get(); !ok || !m.Permissions.Has(interaction.PermissionManageGuild) {
			return interaction.Reply("Only the staff may do that.").Ephemeral(), nil
		}
		return next.ServeInteraction(ctx, req)
	})
}

// messages stands for a bot's catalogue files, an embed.FS in a bot.
var messages fs.FS = fstest.MapFS{}

// weather stands for a source of suggestions that may be slow or down.
var weather autocomplete.Handler = autocomplete.HandlerFunc(func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
	return nil, nil
})

// Cart is the state of a shopping cart, behind a key in its buttons'
// custom_ids.
type Cart struct{ Items []string }

func (c Cart) String() string { return strings.Join(c.Items, ", ") }

// rdb stands for the bot's Redis client.
var rdb *redis.Client

// counts stands for a cooldown.Store of one's own: the times of each
// key's uses, read from now.
type counts struct {
	now  func() time.Time
	mu   sync.Mutex
	uses map[string][]time.Time
}

func newCounts(now func() time.Time) *counts {
	return &counts{now: now, uses: map[string][]time.Time{}}
}

func (c *counts) Use(_ context.Context, key string, n int, period time.Duration) (time.Duration, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	live := c.uses[key][:0:0]
	for _, at := range c.uses[key] {
		if at.After(now.Add(-period)) {
			live = append(live, at)
		}
	}
	if len(live) >= n {
		c.uses[key] = live
		return live[len(live)-n].Add(period).Sub(now), nil
	}
	c.uses[key] = append(live, now)
	return 0, nil
}

// pay stands for paying for a cart.
func pay(ctx context.Context, req *router.Request, key string, c Cart) (interaction.Response, error) {
	return interaction.Update("Paid for " + c.String() + "."), nil
}
