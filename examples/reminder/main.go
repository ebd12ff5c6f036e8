// Reminder is a bot that speaks after the interaction has ended: /remind
// keeps a reminder, and when it falls due, minutes or months later, the
// bot posts it in the channel where it was asked for, mentioning its user,
// or sends it by direct message. The interaction's token, which lets a bot
// answer for 15 minutes, is long gone by then: the bot posts with its REST
// client, as the bot user.
//
//	go run ./examples/reminder
//
// By default the reminders are kept in the bot's memory, and lost when it
// stops. Given a Redis, they are kept there: a restart or a deploy loses
// none, and replicas sharing the Redis post each once. A replica that
// stops between taking a due reminder and posting it leaves it to be
// taken again a minute later, so that every reminder is posted at least
// once:
//
//	SWITCHBOARD_REDIS_URL=redis://localhost:6379/0 go run ./examples/reminder
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:   "reminder",
	About:  "reminders posted in the channel or by DM once the interaction has ended, kept in memory or on Redis",
	Bot:    newBot,
	Script: script,
}

const script = `
# A reminder in the channel, and one by direct message; the bot answers
# at once, only to whoever asked.
/remind in:2s text:"The tea is ready."
/remind in:1h text:"Call the plumber." dm:true
/reminders
# When it falls due the bot posts it with its REST client, as the bot
# user, mentioning who asked: no interaction, no token needed.
wait 3s
# A reminder cancelled before it falls due is never posted.
/remind in:1m text:"Never mind."
click Cancel
/reminders
`

// redisPrefix keeps this bot's keys apart from others' in a shared Redis;
// its hash tag keeps them in one slot of a Redis Cluster.
const redisPrefix = "{switchboard-reminder}:"

// tick is how often the bot looks for due reminders: a reminder is
// posted at most this late.
const tick = time.Second

// lease is how long a reminder taken to be posted waits for its post
// before it is due again.
const lease = time.Minute

// maxDelay is the furthest ahead a reminder may be set.
const maxDelay = 366 * 24 * time.Hour

// maxPerUser is how many reminders one user may have waiting: whoever
// can use the command can fill the book only so far.
const maxPerUser = 25

func newBot(env playground.Env) (*router.Router, error) {
	book, err := bookFor(os.Getenv("SWITCHBOARD_REDIS_URL"))
	if err != nil {
		return nil, err
	}
	p := &Poster{Book: book, API: env.API, Now: time.Now, Lease: lease, Log: env.Log}
	t := time.NewTicker(tick)
	go func() {
		defer t.Stop()
		p.Run(env.Context, t.C)
	}()
	return reminders(book, time.Now), nil
}

// bookFor returns the book of the reminders: on the Redis at redisURL, or,
// when it is empty, in memory.
func bookFor(redisURL string) (Book, error) {
	if redisURL == "" {
		return newMemoryBook(), nil
	}
	o, err := redis.ParseURL(redisURL)
	if err != nil {
		// The URL holds Redis's password: the error does not quote it.
		return nil, errors.New("reminder: $SWITCHBOARD_REDIS_URL: not a valid redis:// or rediss:// URL (redis://[user:password@]host:port/db)")
	}
	o.ContextTimeoutEnabled = true
	o.DialTimeout = time.Second
	return newRedisBook(redis.NewClient(o), redisPrefix), nil
}

// reminders is the router of the bot, which keeps its reminders in book
// and reads the time from now.
func reminders(book Book, now func() time.Time) *router.Router {
	r := router.New()
	r.Command("remind", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		in, _ := req.Options.String("in")
		text, _ := req.Options.String("text")
		dm, _ := req.Options.Bool("dm")
		d, err := time.ParseDuration(strings.ReplaceAll(in, " ", ""))
		if err != nil || d < time.Second || d > maxDelay {
			return interaction.Reply("I read " + fmt.Sprintf("%q", in) + " as no delay I can keep: write it as 90s, 20m or 1h30m, from a second to a year.").
				Ephemeral().WithAllowedMentions(interaction.NoMentions()), nil
		}
		waiting, err := book.Of(ctx, req.Invoker().ID)
		if err != nil {
			return interaction.Response{}, err
		}
		if len(waiting) >= maxPerUser {
			return interaction.Reply(fmt.Sprintf("You have %d reminders waiting, as many as I keep for anyone: cancel one, or wait for one to fall due.", len(waiting))).
				Ephemeral(), nil
		}
		rem := Reminder{
			ID: req.Interaction.ID, User: req.Invoker().ID, Channel: req.Interaction.ChannelID,
			DM: dm || req.Interaction.GuildID == 0, Text: text, Due: now().Add(d),
		}
		if err := book.Add(ctx, rem); err != nil {
			return interaction.Response{}, err
		}
		where := "here"
		if rem.DM {
			where = "by direct message"
		}
		return interaction.Reply(fmt.Sprintf("I will remind you %s in %s: %s", where, human(d), text)).
			Ephemeral().WithAllowedMentions(interaction.NoMentions()).
			WithComponents(component.Row(component.SecondaryButton("forget:"+rem.ID.String(), "Cancel"))), nil
	}, router.Description("Remind me of something later"), router.Options(
		option.String("in", "When, from now: 90s, 20m, 1h30m").Required().MaxLength(20),
		option.String("text", "Of what").Required().MaxLength(1500),
		option.Boolean("dm", "By direct message rather than here"),
	))

	r.Command("reminders", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		rs, err := book.Of(ctx, req.Invoker().ID)
		if err != nil {
			return interaction.Response{}, err
		}
		if len(rs) == 0 {
			return interaction.Reply("You have no reminders.").Ephemeral(), nil
		}
		var b strings.Builder
		fmt.Fprintf(&b, "Your reminders (%d):", len(rs))
		for _, rem := range rs {
			where := "here"
			if rem.DM {
				where = "by DM"
			}
			fmt.Fprintf(&b, "\n• in %s, %s: %s", human(rem.Due.Sub(now())), where, rem.Text)
		}
		return interaction.Reply(b.String()).Ephemeral().WithAllowedMentions(interaction.NoMentions()), nil
	}, router.Description("The reminders you have set"))

	r.Component("forget:{id}", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		id, _ := req.Params.ID("id")
		ok, err := book.Cancel(ctx, req.Invoker().ID, id)
		if err != nil {
			return interaction.Response{}, err
		}
		if !ok {
			return interaction.Update("This reminder was posted or cancelled already.").WithComponents(), nil
		}
		return interaction.Update("Cancelled.").WithComponents(), nil
	})
	return r
}

// human writes d to the second, without the zero units Duration.String
// writes: 1h rather than 1h0m0s. A reminder already due is "a moment".
func human(d time.Duration) string {
	d = d.Round(time.Second)
	if d <= 0 {
		return "a moment"
	}
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
