package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/redistest"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/storetest"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// reminderBot serves the bot with book and a clock the test moves, and
// returns the poster a process would run beside it.
func reminderBot(t *testing.T, book Book, opts ...switchboardtest.Option) (*switchboardtest.Bot, *Poster, *storetest.Clock) {
	t.Helper()
	clock := storetest.NewClock()
	bot := switchboardtest.NewFunc(t, func(*switchboardtest.Bot) *router.Router { return reminders(book, clock.Now) }, opts...)
	return bot, &Poster{Book: book, API: bot.Client, Now: clock.Now, Lease: lease, Log: bot.Logger()}, clock
}

// postDue has p post what is due, and checks how many it posted.
func postDue(t *testing.T, p *Poster, want int) {
	t.Helper()
	n, err := p.PostDue(t.Context())
	if err != nil || n != want {
		t.Fatalf("PostDue = %d, %v; want %d posted", n, err, want)
	}
}

func TestAReminderIsPostedInItsChannelWhenItFallsDue(t *testing.T) {
	bot, poster, clock := reminderBot(t, newMemoryBook())
	before := len(bot.Messages())
	x := bot.Command(`/remind in:20m text:"Stretch, and @everyone too."`)
	if got := x.Content(); got != "I will remind you here in 20m: Stretch, and @everyone too." || !x.Ephemeral() {
		t.Fatalf("/remind answered %q\n%s", got, x)
	}
	postDue(t, poster, 0)
	clock.Advance(20*time.Minute - time.Second)
	postDue(t, poster, 0)
	if n := len(bot.Messages()); n != before {
		t.Fatalf("the channel holds %d messages before the reminder is due, want %d", n, before)
	}
	clock.Advance(time.Second)
	postDue(t, poster, 1)

	msgs := bot.Messages()
	got := msgs[len(msgs)-1]
	want := "⏰ <@" + bot.Member.String() + ">, you asked me to remind you: Stretch, and @everyone too."
	if got.Data.Content != want || got.Author != bot.Emulator.ApplicationID || got.Interaction != nil {
		t.Errorf("the reminder posted is %+v; want the bot's post %q", got, want)
	}
	// Whoever asked is pinged, and no one else, whatever the text says.
	if !slices.Equal(got.Mentions, []interaction.Snowflake{bot.Member}) || got.MentionEveryone {
		t.Errorf("the reminder pings %v (everyone: %v); want its user alone", got.Mentions, got.MentionEveryone)
	}
	// Posted once: it is gone from the book.
	clock.Advance(time.Hour)
	postDue(t, poster, 0)
	bot.Command("/reminders").Shows("You have no reminders.")
}

func TestAReminderByDMGoesToWhoAskedForIt(t *testing.T) {
	bot, poster, clock := reminderBot(t, newMemoryBook())
	bot.Command(`/remind in:1h30m text:"Call the plumber." dm:true`).Shows("I will remind you by direct message in 1h30m: Call the plumber.")
	// In direct messages, a reminder goes there whatever dm says.
	bot.Command(`/remind in:2h text:"Water the plants."`, switchboardtest.InDM()).Shows("I will remind you by direct message in 2h: Water the plants.")
	bot.Command("/reminders").Shows("Your reminders (2):\n• in 1h30m, by DM: Call the plumber.\n• in 2h, by DM: Water the plants.")
	clock.Advance(2 * time.Hour)
	postDue(t, poster, 2)
	dms := bot.DMs(bot.Member)
	var texts []string
	for _, m := range dms {
		texts = append(texts, m.Data.Content)
	}
	want := []string{"⏰ You asked me to remind you: Call the plumber.", "⏰ You asked me to remind you: Water the plants."}
	if !slices.Equal(texts[len(texts)-2:], want) {
		t.Errorf("the member's direct messages end with %q, want %q", texts, want)
	}
	if dms := bot.DMs(bot.Moderator); len(dms) != 0 {
		t.Errorf("the moderator received %+v", dms)
	}
}

func TestAReminderCancelledIsNeverPosted(t *testing.T) {
	bot, poster, clock := reminderBot(t, newMemoryBook())
	before := len(bot.Messages())
	x := bot.Command(`/remind in:5m text:"Never mind."`)
	x.Click("Cancel").Shows("Cancelled.")
	clock.Advance(time.Hour)
	postDue(t, poster, 0)
	if n := len(bot.Messages()); n != before {
		t.Errorf("the channel holds %d messages, want %d", n, before)
	}
	bot.Command("/reminders").Shows("You have no reminders.")
}

func TestAReminderCanBeCancelledOnlyByItsUser(t *testing.T) {
	bot, _, _ := reminderBot(t, newMemoryBook())
	x := bot.Command(`/remind in:5m text:"Mine."`)
	id := x.Interaction().ID
	if ok, err := newMemoryBook().Cancel(t.Context(), bot.Member, id); ok || err != nil {
		t.Fatalf("a book without it cancelled it: %v, %v", ok, err)
	}
	bot.Command("/reminders", switchboardtest.As(bot.Moderator)).Shows("You have no reminders.")
	bot.Command("/reminders").Shows("• in 5m, here: Mine.")
}

func TestDelaysTheBotCannotKeepAreRefused(t *testing.T) {
	bot, _, _ := reminderBot(t, newMemoryBook())
	for _, in := range []string{"soon", "0s", "500ms", "9000h", "3d", "-5m"} {
		x := bot.Command(`/remind in:` + in + ` text:"x"`)
		if !strings.Contains(x.Content(), "as no delay I can keep") || !x.Ephemeral() {
			t.Errorf("in:%s answered %q", in, x.Content())
		}
	}
	bot.Command("/reminders").Shows("You have no reminders.")
	// Spaces are forgiven.
	bot.Command(`/remind in:"1h 30m" text:"x"`).Shows("I will remind you here in 1h30m: x")
}

func TestAUserHasAtMostSoManyRemindersWaiting(t *testing.T) {
	bot, poster, clock := reminderBot(t, newMemoryBook())
	for i := range maxPerUser {
		bot.Command(fmt.Sprintf(`/remind in:%dm text:"Number %d."`, i+1, i)).Shows("I will remind you here")
	}
	full := bot.Command(`/remind in:1h text:"One too many."`)
	if want := fmt.Sprintf("You have %d reminders waiting, as many as I keep for anyone: cancel one, or wait for one to fall due.", maxPerUser); full.Content() != want {
		t.Errorf("a reminder past the limit answered %q, want %q", full.Content(), want)
	}
	// Another user has room of their own, and one posted makes room.
	bot.Command(`/remind in:1m text:"Mine."`, switchboardtest.As(bot.Moderator)).Shows("I will remind you here in 1m: Mine.")
	clock.Advance(time.Minute)
	postDue(t, poster, 2)
	bot.Command(`/remind in:1h text:"Now there is room."`).Shows("I will remind you here in 1h: Now there is room.")
}

func TestThePosterPostsOnEveryTick(t *testing.T) {
	bot, poster, clock := reminderBot(t, newMemoryBook())
	before := len(bot.Messages())
	bot.Command(`/remind in:1m text:"Tick."`)
	tick := make(chan time.Time)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() {
		defer close(done)
		poster.Run(ctx, tick)
	}()
	clock.Advance(time.Minute)
	tick <- clock.Now()
	msgs := bot.WaitMessages(before + 1)
	if !strings.HasSuffix(msgs[len(msgs)-1].Data.Content, "remind you: Tick.") {
		t.Errorf("posted %+v", msgs[len(msgs)-1])
	}
	cancel()
	<-done
}

func TestAReminderTheServiceRefusesForGoodIsDropped(t *testing.T) {
	bot, poster, clock := reminderBot(t, newMemoryBook())
	bot.Command(`/remind in:1m text:"Nobody will read this."`)
	// The guild takes Send Messages from the bot's role in #general.
	general, err := bot.Emulator.FindChannel(bot.Guild, "#general")
	if err != nil {
		t.Fatal(err)
	}
	role := bot.GuildNow().BotRole
	if err := bot.Emulator.SetOverwrites(bot.Guild, general, emulator.Overwrite{ID: role, Type: emulator.OverwriteRole, Deny: interaction.PermissionSendMessages}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Minute)
	postDue(t, poster, 0)
	// Given up, not tried again at the lease's end.
	clock.Advance(2 * lease)
	if rs, _ := poster.Book.Claim(t.Context(), clock.Now(), lease, batch); len(rs) != 0 {
		t.Errorf("the refused reminder is still kept: %+v", rs)
	}
}

func TestAReminderThatFailedIsPostedAgainAfterItsLease(t *testing.T) {
	bot, poster, clock := reminderBot(t, newMemoryBook())
	// A client that does not retry: the test counts the attempts.
	api, err := rest.NewClient(bot.Emulator.URL, rest.BotToken(bot.Emulator.BotToken), rest.WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	poster.API = api
	before := len(bot.Messages())
	bot.Command(`/remind in:1m text:"Second time lucky."`)
	if err := bot.Emulator.InjectFault(emulator.Fault{Route: "channel_messages", Kind: emulator.FaultServerError, Status: 503}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Minute)
	postDue(t, poster, 0)
	// Claimed and not posted: not due again until the lease ends.
	clock.Advance(lease - time.Second)
	postDue(t, poster, 0)
	clock.Advance(time.Second)
	postDue(t, poster, 1)
	msgs := bot.Messages()
	if len(msgs) != before+1 || !strings.HasSuffix(msgs[len(msgs)-1].Data.Content, "Second time lucky.") {
		t.Errorf("the channel holds %d messages, the last %+v", len(msgs), msgs[len(msgs)-1])
	}
}

func TestRemindersOnRedisOutliveARestartOfTheBot(t *testing.T) {
	srv := redistest.Start(t)
	bot, first, clock := reminderBot(t, newRedisBook(srv.Client(t), redisPrefix))
	before := len(bot.Messages())
	bot.Command(`/remind in:10m text:"Still here."`)
	bot.Command(`/remind in:1h text:"By DM." dm:true`)
	_ = first // the first process stops before anything falls due

	// The next process has a client of its own; it shares only Redis.
	next := &Poster{Book: newRedisBook(srv.Client(t), redisPrefix), API: bot.Client, Now: clock.Now, Lease: lease, Log: bot.Logger()}
	clock.Advance(time.Hour)
	postDue(t, next, 2)
	msgs := bot.Messages()
	if len(msgs) != before+1 || !strings.HasSuffix(msgs[len(msgs)-1].Data.Content, "remind you: Still here.") {
		t.Errorf("the channel holds %d messages after the restart, the last %+v", len(msgs), msgs[len(msgs)-1])
	}
	if dms := bot.DMs(bot.Member); len(dms) != 1 {
		t.Errorf("the member's direct messages: %+v", dms)
	}
}

func TestReplicasOnRedisPostEachReminderOnce(t *testing.T) {
	srv := redistest.Start(t)
	bot, _, clock := reminderBot(t, newRedisBook(srv.Client(t), redisPrefix))
	before := len(bot.Messages())
	const n = 12
	for i := range n {
		bot.Command(`/remind in:1m text:"Number ` + string(rune('a'+i)) + `."`)
	}
	clock.Advance(time.Minute)
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		posted int
	)
	for range 4 {
		p := &Poster{Book: newRedisBook(srv.Client(t), redisPrefix), API: bot.Client, Now: clock.Now, Lease: lease, Log: bot.Logger()}
		wg.Go(func() {
			k, err := p.PostDue(context.Background())
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			posted += k
			mu.Unlock()
		})
	}
	wg.Wait()
	if posted != n || len(bot.Messages()) != before+n {
		t.Errorf("four replicas posted %d reminders, the channel got %d; want %d", posted, len(bot.Messages())-before, n)
	}
}

// TestTheBooksKeepTheSameContract runs the same steps on the book in
// memory and the one on Redis.
func TestTheBooksKeepTheSameContract(t *testing.T) {
	books := map[string]func(t *testing.T) Book{
		"memory": func(*testing.T) Book { return newMemoryBook() },
		"redis": func(t *testing.T) Book {
			return newRedisBook(redistest.Start(t).Client(t), redisPrefix)
		},
	}
	for name, newBook := range books {
		t.Run(name, func(t *testing.T) {
			ctx := t.Context()
			b := newBook(t)
			t0 := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
			add := func(id, user interaction.Snowflake, due time.Duration) {
				if err := b.Add(ctx, Reminder{ID: id, User: user, Channel: 9, Text: "r" + id.String(), Due: t0.Add(due)}); err != nil {
					t.Fatal(err)
				}
			}
			ids := func(rs []Reminder, err error) []interaction.Snowflake {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
				var out []interaction.Snowflake
				for _, r := range rs {
					out = append(out, r.ID)
				}
				return out
			}
			add(3, 100, 3*time.Minute)
			add(1, 100, time.Minute)
			add(2, 200, 2*time.Minute)
			add(4, 100, time.Hour)

			if got := ids(b.Of(ctx, 100)); !slices.Equal(got, []interaction.Snowflake{1, 3, 4}) {
				t.Errorf("Of(100) = %v, want soonest first", got)
			}
			if got := ids(b.Claim(ctx, t0, lease, 10)); len(got) != 0 {
				t.Errorf("claimed %v before anything was due", got)
			}
			// Due at now counts; oldest first; at most max.
			if got := ids(b.Claim(ctx, t0.Add(3*time.Minute), lease, 2)); !slices.Equal(got, []interaction.Snowflake{1, 2}) {
				t.Errorf("Claim(max 2) = %v, want 1 and 2", got)
			}
			if got := ids(b.Claim(ctx, t0.Add(3*time.Minute), lease, 10)); !slices.Equal(got, []interaction.Snowflake{3}) {
				t.Errorf("Claim again = %v, want 3 alone: 1 and 2 are claimed", got)
			}
			if err := b.Done(ctx, 1); err != nil {
				t.Fatal(err)
			}
			// At the lease's end, what was claimed and not done is due
			// again; what was done is gone.
			if got := ids(b.Claim(ctx, t0.Add(3*time.Minute+lease), lease, 10)); !slices.Equal(got, []interaction.Snowflake{2, 3}) {
				t.Errorf("Claim after the lease = %v, want 2 and 3", got)
			}
			if ok, err := b.Cancel(ctx, 200, 3); ok || err != nil {
				t.Errorf("user 200 cancelled user 100's reminder: %v, %v", ok, err)
			}
			if ok, err := b.Cancel(ctx, 100, 3); !ok || err != nil {
				t.Errorf("user 100 could not cancel their reminder: %v, %v", ok, err)
			}
			if ok, _ := b.Cancel(ctx, 100, 3); ok {
				t.Error("a reminder was cancelled twice")
			}
			if got := ids(b.Of(ctx, 100)); !slices.Equal(got, []interaction.Snowflake{4}) {
				t.Errorf("Of(100) = %v after a done and a cancel, want 4", got)
			}
			if err := b.Done(ctx, 99); err != nil {
				t.Errorf("Done of an unknown reminder: %v", err)
			}
			rs, err := b.Claim(ctx, t0.Add(24*time.Hour), lease, 10)
			if got := ids(rs, err); !slices.Equal(got, []interaction.Snowflake{2, 4}) {
				t.Errorf("Claim a day later = %v, want 2 and 4", got)
			}
			if r := rs[1]; r.User != 100 || r.Channel != 9 || r.Text != "r4" || !r.Due.Equal(t0.Add(time.Hour)) {
				t.Errorf("the reminder read back is %+v", r)
			}
		})
	}
}
