package main

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/gateway/discordgoroute/discordgoroutetest"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// newBot serves the bot to the embedded emulator on its own discordgo
// session, as main makes it: its interactions come on the session's
// connection to the emulator's gateway, through the adapter. The
// session calls its handlers in order (SyncEvents), so that once a
// message is waved at, the ones before it have been looked at.
func newBot(t *testing.T) *switchboardtest.Bot {
	inOrder := func(token string) (*discordgo.Session, error) {
		s, err := newSession(token)
		if s != nil {
			s.SyncEvents = true
		}
		return s, err
	}
	return switchboardtest.New(t, newRouter(), switchboardtest.OverGateway(discordgoroutetest.Connect(inOrder)))
}

func TestHelloIsAnsweredOverTheGateway(t *testing.T) {
	bot := newBot(t)
	hello := bot.Command("/hello", switchboardtest.As(bot.Admin))
	if !hello.Result.Gateway {
		t.Fatalf("the interaction did not come over the gateway\n%s", hello)
	}
	hello.Shows("Hello, owner!")
	hello.As(bot.Member).Click("Wave back").Shows("bob waves back! 👋")
	bot.Command("/hello", switchboardtest.InDM()).Shows("Hello, bob!")
}

func TestTheBotWavesAtTheMessagesThatMentionIt(t *testing.T) {
	bot := newBot(t)
	me, err := bot.Client.CurrentUser(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	plain := bot.Post("Lunch, anyone?")
	mention := bot.Post(fmt.Sprintf("<@%s> what is for lunch?", me.ID))

	waved := waitForWave(t, bot, mention)
	if !slices.Equal(waved.Users, []interaction.Snowflake{me.ID}) {
		t.Errorf("the 👋 on the message that mentions the bot is from %v, want the bot alone", waved.Users)
	}
	// The handlers ran in order: the message before has been looked at.
	if m, _ := bot.Emulator.MessageIn(plain.ChannelID, plain.ID); len(m.Reactions) != 0 {
		t.Errorf("the message that does not mention the bot has the reactions %+v", m.Reactions)
	}
}

// waitForWave waits until the bot has waved at m, and returns the
// reaction.
func waitForWave(t *testing.T, bot *switchboardtest.Bot, m emulator.ChannelMessage) emulator.Reaction {
	t.Helper()
	deadline := time.After(time.Minute)
	for {
		changed := bot.Emulator.Changed()
		now, _ := bot.Emulator.MessageIn(m.ChannelID, m.ID)
		if i := slices.IndexFunc(now.Reactions, func(r emulator.Reaction) bool { return r.Emoji == "👋" }); i >= 0 {
			return now.Reactions[i]
		}
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("the bot did not wave at %q within a minute: its reactions are %+v", m.Data.Content, now.Reactions)
		}
	}
}
