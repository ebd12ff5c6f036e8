package rest_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/rules"
)

// The channel calls against the emulator: what the Client sends is what
// the service takes, and what it answers decodes into what the bot reads.
func TestChannelCallsAgainstTheEmulator(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	general, err := s.FindChannel(s.GuildID, "general")
	if err != nil {
		t.Fatal(err)
	}
	// Pinning and bulk deletes take the Moderator's permissions, which
	// the bot's own role lacks.
	moderator, err := s.FindRole(s.GuildID, "Moderator")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetRoles(s.GuildID, s.ApplicationID, moderator); err != nil {
		t.Fatal(err)
	}

	sent, err := c.CreateMessage(ctx, general, interaction.MessageData{Content: "the deploy is done"})
	if err != nil {
		t.Fatal(err)
	}
	if sent.Content != "the deploy is done" || sent.ChannelID != general || sent.Author.ID == 0 || !sent.Author.Bot {
		t.Errorf("CreateMessage = %+v", sent)
	}
	got, err := c.GetMessage(ctx, general, sent.ID)
	if err != nil || got.ID != sent.ID || got.Content != sent.Content {
		t.Errorf("GetMessage = %+v, %v", got, err)
	}

	edited, err := c.EditMessage(ctx, general, sent.ID, interaction.MessageData{Content: "the deploy is done, twice"})
	if err != nil || edited.Content != "the deploy is done, twice" || edited.EditedTimestamp.IsZero() {
		t.Errorf("EditMessage = %+v, %v", edited, err)
	}

	if err := c.PinMessage(ctx, general, sent.ID, "the release note"); err != nil {
		t.Fatal(err)
	}
	pins, _, err := c.ListPins(ctx, general, rest.PinQuery{})
	if err != nil || len(pins) != 1 || pins[0].Message.ID != sent.ID {
		t.Errorf("ListPins = %+v, %v", pins, err)
	}
	if err := c.UnpinMessage(ctx, general, sent.ID, ""); err != nil {
		t.Fatal(err)
	}

	// A user's message beside the bot's: the channel lists both, newest
	// first.
	theirs, err := s.PostMessage(s.Member, general, interaction.MessageData{Content: "thanks!"})
	if err != nil {
		t.Fatal(err)
	}
	list, err := c.ListMessages(ctx, general, rest.MessageQuery{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]interaction.Snowflake, len(list))
	for i, m := range list {
		ids[i] = m.ID
	}
	if !slices.Equal(ids, []interaction.Snowflake{theirs.ID, sent.ID}) {
		t.Errorf("ListMessages ids = %v, want %v", ids, []interaction.Snowflake{theirs.ID, sent.ID})
	}

	// The same nonce twice is one message: a retried send is not
	// posted again.
	once := interaction.MessageData{Content: "once", Nonce: "reminder-42"}
	first, err := c.CreateMessage(ctx, general, once)
	if err != nil {
		t.Fatal(err)
	}
	again, err := c.CreateMessage(ctx, general, once)
	if err != nil || again.ID != first.ID {
		t.Errorf("the nonce sent again made %v (%v); want the first, %v", again.ID, err, first.ID)
	}

	second, err := c.CreateMessage(ctx, general, interaction.MessageData{Content: "two"})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.BulkDeleteMessages(ctx, general, []interaction.Snowflake{first.ID, second.ID}, "tidy"); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteMessage(ctx, general, sent.ID, ""); err != nil {
		t.Fatal(err)
	}
	left := s.ChannelMessages(general)
	if len(left) != 1 || left[0].ID != theirs.ID {
		t.Errorf("the channel holds %+v; want the user's message alone", left)
	}
	if _, err := c.GetMessage(ctx, general, sent.ID); !errors.Is(err, rest.ErrUnknownMessage) {
		t.Errorf("GetMessage of a deleted message: %v; want ErrUnknownMessage", err)
	}

	// A message the service would refuse is not sent.
	before := len(s.ChannelMessages(general))
	_, err = c.CreateMessage(ctx, general, interaction.MessageData{Content: strings.Repeat("x", 2001)})
	var vs rules.Violations
	if !errors.As(err, &vs) {
		t.Errorf("a message of 2001 characters: %v; want violations", err)
	}
	if n := len(s.ChannelMessages(general)); n != before {
		t.Errorf("the refused message reached the channel: %d messages, had %d", n, before)
	}
}

// A DM goes to a user who shares a guild with the bot, in the channel
// the service opens once for the pair.
func TestDirectMessagesAgainstTheEmulator(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))

	dm, err := c.CreateDM(ctx, s.Member)
	if err != nil {
		t.Fatal(err)
	}
	if dm.Type != interaction.ChannelDM {
		t.Errorf("CreateDM gave a channel of type %v", dm.Type)
	}
	if again, err := c.CreateDM(ctx, s.Member); err != nil || again.ID != dm.ID {
		t.Errorf("CreateDM again = %v, %v; want %v", again, err, dm.ID)
	}
	m, err := c.SendDM(ctx, s.Member, interaction.MessageData{Content: "your reminder: stand-up"})
	if err != nil {
		t.Fatal(err)
	}
	got := s.DirectMessages(s.Member)
	if len(got) != 1 || got[0].ID != m.ID || got[0].Data.Content != "your reminder: stand-up" {
		t.Errorf("the user's DMs: %+v", got)
	}
}

// Moderation against the emulator: the bot acts on a member below it,
// and the service's refusals reach the bot as typed errors.
func TestModerationAgainstTheEmulator(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	until := time.Now().Add(time.Hour).UTC().Truncate(time.Second)
	if err := c.Timeout(ctx, s.GuildID, s.Member, until, "spam"); err != nil {
		t.Fatal(err)
	}
	m, err := c.GetMember(ctx, s.GuildID, s.Member)
	if err != nil || !m.CommunicationDisabledUntil.Equal(until) {
		t.Errorf("the timed-out member: %+v, %v; want communication_disabled_until %v", m, err, until)
	}
	// The moderator ranks above the bot: the service refuses.
	if err := c.KickMember(ctx, s.GuildID, s.Moderator, ""); !errors.Is(err, rest.ErrMissingPermissions) {
		t.Errorf("kicking a member above the bot: %v; want ErrMissingPermissions", err)
	}
	if err := c.BanMember(ctx, s.GuildID, s.Member, time.Hour, "raid"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetMember(ctx, s.GuildID, s.Member); !errors.Is(err, rest.ErrUnknownMember) {
		t.Errorf("the banned member is still a member: %v", err)
	}
	ban, err := c.GetBan(ctx, s.GuildID, s.Member)
	if err != nil || ban.User.ID != s.Member || ban.Reason != "raid" {
		t.Errorf("GetBan = %+v, %v", ban, err)
	}
	bans, err := c.ListBans(ctx, s.GuildID, rest.BanQuery{})
	if err != nil || len(bans) != 1 {
		t.Errorf("ListBans = %+v, %v", bans, err)
	}
	if err := c.UnbanMember(ctx, s.GuildID, s.Member, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetBan(ctx, s.GuildID, s.Member); !errors.Is(err, rest.ErrUnknownBan) {
		t.Errorf("GetBan after the unban: %v; want ErrUnknownBan", err)
	}
}
