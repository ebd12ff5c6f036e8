package switchboardtest_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// moderationBot acts through the API after it is used: it bans, times
// out, gives roles, posts in its channel and sends direct messages with
// the Bot's client. later lets the message it promises be posted.
func moderationBot(later <-chan struct{}) func(b *switchboardtest.Bot) *router.Router {
	return func(b *switchboardtest.Bot) *router.Router {
		r := router.New()
		done := func(err error) (interaction.Response, error) {
			if err != nil {
				return interaction.Response{}, err
			}
			return interaction.Reply("Done.").Ephemeral(), nil
		}
		r.Command("ban", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			u, _ := req.Options.User("user")
			reason, _ := req.Options.String("reason")
			return done(b.Client.BanMember(ctx, req.Interaction.GuildID, u.User.ID, 0, reason))
		}, router.Description("Ban a member"), router.Options(option.User("user", "Who").Required(), option.String("reason", "Why")))
		r.Command("mute", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			u, _ := req.Options.User("user")
			return done(b.Client.Timeout(ctx, req.Interaction.GuildID, u.User.ID, time.Now().Add(time.Hour), ""))
		}, router.Description("Time a member out for an hour"), router.Options(option.User("user", "Who").Required()))
		r.Command("promote", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			u, _ := req.Options.User("user")
			role, _ := req.Options.Role("role")
			return done(b.Client.AddMemberRole(ctx, req.Interaction.GuildID, u.User.ID, role.ID, "promoted"))
		}, router.Description("Give a member a role"), router.Options(option.User("user", "Who").Required(), option.Role("role", "Which").Required()))
		r.Command("tell", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			u, _ := req.Options.User("user")
			text, _ := req.Options.String("text")
			_, err := b.Client.SendDM(ctx, u.User.ID, interaction.MessageData{Content: text})
			return done(err)
		}, router.Description("Send a member a direct message"), router.Options(option.User("user", "Who").Required(), option.String("text", "What").Required()))
		r.Command("later", func(_ context.Context, req *router.Request) (interaction.Response, error) {
			text, _ := req.Options.String("text")
			channel := req.Interaction.ChannelID
			go func() {
				<-later
				if _, err := b.Client.CreateMessage(context.Background(), channel, interaction.MessageData{Content: text}); err != nil {
					log := b.Logger()
					log.Error().Err(err).Msg("posting later")
				}
			}()
			return interaction.Reply("I will.").Ephemeral(), nil
		}, router.Description("Post a message later"), router.Options(option.String("text", "What").Required()))
		return r
	}
}

func TestTheKitReadsWhatTheBotDidToMembers(t *testing.T) {
	t.Parallel()
	b := switchboardtest.NewFunc(t, moderationBot(nil))
	as := switchboardtest.As(b.Moderator)

	if _, ok := b.Membership(b.Member); !ok {
		t.Fatal("the guild's Member is not a member before anything happened")
	}
	if _, ok := b.Banned(b.Member); ok {
		t.Fatal("the guild's Member is banned before anything happened")
	}
	if _, ok := b.TimedOut(b.Member); ok {
		t.Fatal("the guild's Member is timed out before anything happened")
	}
	if roles := b.Roles(b.Moderator); len(roles) != 1 || roles[0].Name != "Moderator" {
		t.Fatalf("the moderator's roles are %+v, want Moderator alone", roles)
	}

	b.Command("/mute user:"+b.Member.String(), as).Shows("Done.")
	until, ok := b.TimedOut(b.Member)
	if !ok || until.Before(time.Now().Add(59*time.Minute)) {
		t.Errorf("after /mute, TimedOut = %v, %v; want about an hour from now", until, ok)
	}
	if m, _ := b.Membership(b.Member); !m.CommunicationDisabledUntil.Equal(until) {
		t.Errorf("Membership says the timeout ends %v, TimedOut %v", m.CommunicationDisabledUntil, until)
	}

	b.Command("/ban user:"+b.Member.String()+` reason:"spam"`, as).Shows("Done.")
	if _, ok := b.Membership(b.Member); ok {
		t.Error("a banned member is still a member")
	}
	ban, ok := b.Banned(b.Member)
	if !ok || ban.Reason != "spam" || ban.User.ID != b.Member {
		t.Errorf("Banned = %+v, %v; want the member, for spam", ban, ok)
	}
	if bans := b.Bans(); len(bans) != 1 {
		t.Errorf("Bans = %+v, want the one ban", bans)
	}
	if ms := b.Members(); slices.ContainsFunc(ms, func(m interaction.Member) bool { return m.User.ID == b.Member }) {
		t.Error("Members lists the banned member")
	}
	if _, ok := b.TimedOut(b.Member); ok {
		t.Error("a banned user is said to be timed out in a guild they left")
	}

	// The moderator ranks above the bot: the service refuses, and the
	// kit shows nothing changed.
	x, err := b.TryCommand("/ban user:"+b.Admin.String(), as)
	if err == nil && x.Content() == "Done." {
		t.Errorf("the bot banned the guild's owner:\n%s", x)
	}
	if _, ok := b.Membership(b.Admin); !ok {
		t.Error("the owner was banned")
	}
}

func TestTheKitReadsTheMessagesTheBotPosted(t *testing.T) {
	t.Parallel()
	later := make(chan struct{})
	b := switchboardtest.NewFunc(t, moderationBot(later))

	before := len(b.Messages())
	b.Command(`/later text:"Tea is ready."`).Shows("I will.")
	// An ephemeral answer is not a message of the channel.
	if got := b.Messages(); len(got) != before {
		t.Fatalf("the channel holds %d messages after an ephemeral answer, want %d", len(got), before)
	}
	close(later)
	msgs := b.WaitMessages(before + 1)
	last := msgs[len(msgs)-1]
	if last.Data.Content != "Tea is ready." || last.Author == b.Member || last.Interaction != nil {
		t.Errorf("the message posted later is %+v, want the bot's post", last)
	}

	posted := b.Post("hello", switchboardtest.As(b.Member))
	if msgs := b.Messages(); msgs[len(msgs)-1].ID != posted.ID || msgs[len(msgs)-1].Author != b.Member {
		t.Errorf("the last message is %+v, want the member's post %v", msgs[len(msgs)-1], posted.ID)
	}

	moderation, err := b.Emulator.FindChannel(b.Guild, "#moderation")
	if err != nil {
		t.Fatal(err)
	}
	b.Command(`/later text:"Elsewhere."`, switchboardtest.InChannel(moderation))
	if got := b.WaitMessages(1, switchboardtest.InChannel(moderation)); got[0].Data.Content != "Elsewhere." {
		t.Errorf("#moderation holds %+v", got)
	}
}

func TestTheKitReadsTheDirectMessagesAUserReceived(t *testing.T) {
	t.Parallel()
	b := switchboardtest.NewFunc(t, moderationBot(nil))
	if dms := b.DMs(b.Member); len(dms) != 0 {
		t.Fatalf("the member has DMs before anything happened: %+v", dms)
	}
	b.Command("/tell user:"+b.Member.String()+` text:"Welcome!"`, switchboardtest.As(b.Moderator))
	dms := b.WaitDMs(b.Member, 1)
	if dms[0].Data.Content != "Welcome!" {
		t.Errorf("the member's DMs are %+v", dms)
	}
	// Both sides of the conversation.
	b.Post("Thanks!", switchboardtest.As(b.Member), switchboardtest.InDM())
	both := b.Messages(switchboardtest.As(b.Member), switchboardtest.InDM())
	if len(both) != 2 || both[1].Data.Content != "Thanks!" || both[1].Author != b.Member {
		t.Errorf("the conversation is %+v", both)
	}
	if dms := b.DMs(b.Member); len(dms) != 1 {
		t.Errorf("DMs lists the user's own messages: %+v", dms)
	}
	if dms := b.DMs(b.Moderator); len(dms) != 0 {
		t.Errorf("the moderator received %+v", dms)
	}
}

func TestTheKitReadsAnotherGuild(t *testing.T) {
	t.Parallel()
	seed := &emulator.Seed{
		Users: []interaction.User{{ID: 7001, Username: "carol"}, {ID: 7002, Username: "dave"}},
		Guilds: []emulator.SeedGuild{{
			ID: 7100, Name: "Other", OwnerID: 7001,
			// The bot has Bots besides its managed role, which ranks
			// above Helper: it may give Helper.
			Roles: []interaction.Role{
				{ID: 7201, Name: "Helper", Position: 1},
				{ID: 7202, Name: "Bots", Position: 2},
			},
			Channels:       []emulator.SeedChannel{{Channel: interaction.Channel{ID: 7300, Type: interaction.ChannelGuildText, Name: "general"}}},
			Members:        []emulator.SeedMember{{UserID: 7001}, {UserID: 7002}},
			BotPermissions: interaction.PermissionManageRoles,
			BotRoles:       []interaction.Snowflake{7202},
		}},
	}
	b := switchboardtest.NewFunc(t, moderationBot(nil), switchboardtest.WithEmulator(emulator.Config{Seed: seed}))
	other := switchboardtest.InGuild(7100)
	if g := b.GuildNow(other); g.Name != "Other" {
		t.Errorf("GuildNow(InGuild(7100)) is %q", g.Name)
	}
	if _, ok := b.Membership(7002, other); !ok {
		t.Error("dave is not a member of the other guild")
	}
	if _, ok := b.Membership(7002); ok {
		t.Error("dave is a member of the Bot's guild")
	}
	if roles := b.Roles(7002, other); len(roles) != 0 {
		t.Errorf("dave has the roles %+v before he is promoted", roles)
	}
	b.Command("/promote user:7002 role:7201", switchboardtest.As(7001), other).Shows("Done.")
	if roles := b.Roles(7002, other); len(roles) != 1 || roles[0].Name != "Helper" {
		t.Errorf("after /promote dave has the roles %+v, want Helper", roles)
	}
	bot := b.Roles(b.Emulator.ApplicationID, other)
	if len(bot) != 2 || bot[0].Name != "Bots" || !bot[1].Managed {
		t.Errorf("the bot's roles are %+v, want Bots, then its managed role", bot)
	}
}
