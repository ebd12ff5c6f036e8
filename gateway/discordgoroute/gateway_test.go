package discordgoroute_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/gateway/discordgoroute"
	"github.com/switchboard-go/switchboard/gateway/discordgoroute/discordgoroutetest"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// newBot is the bot the tests serve on a discordgo session. /build
// answers once release is closed; /slow, once slow is.
func newBot(release, slow <-chan struct{}) *router.Router {
	r := router.New()
	r.Command("greet", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		name, _ := req.Options.String("name")
		return interaction.Reply("Hello, " + name + "!").WithComponents(component.Row(
			component.PrimaryButton("wave:"+name, "Wave back"))), nil
	}, router.Description("Greet someone"), router.Options(option.String("name", "Who").Required()))
	r.Component("wave:{name}", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		name, err := req.Params.Get("name").Text()
		if err != nil {
			return interaction.Response{}, err
		}
		return interaction.Update(req.Invoker().Username + " waves back at " + name + "."), nil
	})

	// The handler defers, and completes its answer later.
	r.Command("build", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		go func() {
			<-release
			ctx := context.Background()
			if _, err := req.EditOriginal(ctx, interaction.MessageData{Content: "Built."}); err != nil {
				req.Logger().Error().Err(err).Msg("edit")
				return
			}
			req.Followup(ctx, interaction.MessageData{Content: "Deployed too."}) //nolint:errcheck // the test sees it or not
		}()
		return interaction.Defer(), nil
	}, router.Description("Build the project"), router.NoAutoDefer())
	// The endpoint defers for the handler, which is late.
	r.Command("slow", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		<-slow
		return interaction.Reply("Done at last."), nil
	}, router.Description("Take your time"))

	r.Command("bake", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Response{}, errors.New("the oven is cold")
	}, router.Description("Bake a cake"))
	r.OnError(func(_ context.Context, _ *router.Request, err error) interaction.Response {
		return interaction.Reply("Sorry: " + err.Error() + ".").Ephemeral()
	})
	r.Command("boom", func(context.Context, *router.Request) (interaction.Response, error) {
		panic("boom")
	}, router.Description("Blow up"))

	r.Command("purge", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("Purged."), nil
	}, router.Description("Delete messages"), router.Permissions(interaction.PermissionManageMessages))

	// What only a gateway session knows: its shard and its cache of the
	// guild, filled by the GUILD_CREATE that followed READY.
	r.Command("where", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		s, ok := discordgoroute.SessionFromContext(ctx)
		if !ok {
			return interaction.Response{}, errors.New("no session in the context")
		}
		g, err := s.State.Guild(req.Interaction.GuildID.String())
		if err != nil {
			return interaction.Response{}, fmt.Errorf("the guild from the state: %w", err)
		}
		return interaction.Reply(fmt.Sprintf("Shard %d of %d, in %s.", s.ShardID, s.ShardCount, g.Name)), nil
	}, router.Description("Where the bot is"), router.Contexts(interaction.ContextGuild))
	return r
}

// A bot on discordgo is driven by the kit as one on HTTP is: every
// interaction reaches it through discordgo's connection to the
// emulator's gateway and the adapter, and is answered through the
// callback endpoint.
func TestABotOnDiscordgoIsDrivenAsOneOnHTTP(t *testing.T) {
	release := make(chan struct{})
	bot := switchboardtest.New(t, newBot(release, nil), switchboardtest.OverGateway(discordgoroutetest.Connect(nil)))
	if ss := bot.Emulator.GatewaySessions(); len(ss) != 1 || !ss[0].Connected {
		t.Fatalf("the bot's gateway sessions: %+v", ss)
	}

	x := bot.Command("/greet name:Ada")
	if !x.Result.Gateway || x.Content() != "Hello, Ada!" {
		t.Fatalf("over the gateway: %v %q\n%s", x.Result.Gateway, x.Content(), x)
	}
	x.As(bot.Admin).Click("Wave back").Shows("owner waves back at Ada.")

	build := bot.Command("/build")
	if !build.Message().Loading() {
		t.Fatalf("the answer is not deferred\n%s", build)
	}
	close(release)
	build.Wait().WaitFollowups(1)
	build.Shows("Built.", "Deployed too.")

	sorry := bot.Command("/bake")
	if sorry.Content() != "Sorry: the oven is cold." || !sorry.Ephemeral() {
		t.Errorf("the error handler's answer: %q, ephemeral %v\n%s", sorry.Content(), sorry.Ephemeral(), sorry)
	}
	if _, err := bot.TryCommand("/purge", switchboardtest.As(bot.Member)); !errors.Is(err, emulator.ErrPermissionDenied) {
		t.Errorf("a member without Manage Messages: %v", err)
	}
	bot.Command("/purge", switchboardtest.As(bot.Moderator)).Shows("Purged.")
	bot.Command("/greet name:Bob", switchboardtest.InDM()).Shows("Hello, Bob!")

	guild := bot.GuildNow()
	bot.Command("/where").Shows("Shard 0 of 1, in " + guild.Name + ".")
}

// The endpoint defers a late handler at the margin of the window, as over
// HTTP, and a handler's panic costs its interaction alone: the session
// serves the next.
func TestALateHandlerIsDeferredAndAPanicLeavesTheSessionServing(t *testing.T) {
	slow := make(chan struct{})
	bot := switchboardtest.New(t, newBot(nil, slow), switchboardtest.WithResponseWindow(time.Second),
		switchboardtest.OverGateway(discordgoroutetest.Connect(nil)))
	session := bot.Emulator.GatewaySessions()[0].ID

	x := bot.Command("/slow")
	if x.Answer().Type != interaction.CallbackDeferredChannelMessageWithSource || !x.Message().Loading() {
		t.Fatalf("the answer is %v, want the endpoint's deferral\n%s", x.Answer().Type, x)
	}
	close(slow)
	x.Wait().Shows("Done at last.")

	boom, err := bot.TryCommand("/boom")
	if !errors.Is(err, switchboardtest.ErrViolations) {
		t.Fatalf("a handler that panicked: %v, want the kit's violations (no answer)\n%s", err, boom)
	}
	bot.Command("/greet name:Ada").Shows("Hello, Ada!")
	if ss := bot.Emulator.GatewaySessions(); len(ss) != 1 || ss[0].ID != session || !ss[0].Connected {
		t.Errorf("after the panic, the sessions are %+v; want %s, connected, alone", ss, session)
	}
}

// Asked to reconnect, discordgo resumes its session, and the adapter
// serves the interactions that come after.
func TestAResumedSessionServesTheInteractionsAfter(t *testing.T) {
	resumed := make(chan struct{}, 1)
	newSession := func(token string) (*discordgo.Session, error) {
		s, err := discordgo.New("Bot " + token)
		if err != nil {
			return nil, err
		}
		s.AddHandler(func(*discordgo.Session, *discordgo.Resumed) {
			select {
			case resumed <- struct{}{}:
			default:
			}
		})
		return s, nil
	}
	bot := switchboardtest.New(t, newBot(nil, nil), switchboardtest.OverGateway(discordgoroutetest.Connect(newSession)))
	session := bot.Emulator.GatewaySessions()[0].ID
	bot.Command("/greet name:Ada").Shows("Hello, Ada!")

	bot.Emulator.ReconnectGateway()
	select {
	case <-resumed:
	case <-time.After(time.Minute):
		t.Fatalf("discordgo did not resume within a minute; the sessions: %+v", bot.Emulator.GatewaySessions())
	}
	if ss := bot.Emulator.GatewaySessions(); len(ss) != 1 || ss[0].ID != session || !ss[0].Connected {
		t.Fatalf("after the resume, the sessions are %+v; want %s, connected, alone", ss, session)
	}
	x := bot.Command("/greet name:Bob")
	if !x.Result.Gateway {
		t.Fatalf("the interaction did not go over the gateway\n%s", x)
	}
	x.Shows("Hello, Bob!")
}
