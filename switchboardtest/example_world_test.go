package switchboardtest_test

import (
	"context"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// warden bans with its REST client, and tells the member why by direct
// message first, while they still share the guild.
func warden(api *rest.Client) *router.Router {
	r := router.New()
	r.Command("ban", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		u, _ := req.Options.User("user")
		reason, _ := req.Options.String("reason")
		if _, err := api.SendDM(ctx, u.User.ID, interaction.MessageData{Content: "You are banned: " + reason}); err != nil {
			return interaction.Response{}, err
		}
		if err := api.BanMember(ctx, req.Interaction.GuildID, u.User.ID, time.Hour, reason); err != nil {
			return interaction.Response{}, err
		}
		return interaction.Reply("Banned " + u.User.Username + ".").Ephemeral(), nil
	}, router.Description("Ban a member"), router.Options(
		option.User("user", "Who").Required(), option.String("reason", "Why").Required()))
	return r
}

// testWarden reads what the bot did beyond its answer: the ban, the
// member gone, the direct message.
func testWarden(t *testing.T) {
	bot := switchboardtest.NewFunc(t, func(b *switchboardtest.Bot) *router.Router { return warden(b.Client) })
	bot.Command("/ban user:@bob reason:spam", switchboardtest.As(bot.Moderator)).Shows("Banned bob.")
	if ban, ok := bot.Banned(bot.Member); !ok || ban.Reason != "spam" {
		t.Errorf("bob's ban: %+v, %v", ban, ok)
	}
	if _, ok := bot.Membership(bot.Member); ok {
		t.Error("bob is still a member")
	}
	if dms := bot.DMs(bot.Member); len(dms) != 1 || dms[0].Data.Content != "You are banned: spam" {
		t.Errorf("bob received %+v", dms)
	}
}

// What a bot does through the API is read from the emulator as it
// stands: bans, members and their roles and timeouts, the messages of a
// channel, the direct messages a user received. The example's test runs
// as TestTheBannedExampleTestPasses.
func ExampleBot_Banned() {}
