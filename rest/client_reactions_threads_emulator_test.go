package rest_test

import (
	"context"
	"errors"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
)

// The reaction calls against the emulator: the bot reacts, lists who
// reacted and takes reactions away as the service lets it, in the forms
// of emoji the Client takes.
func TestReactionCallsAgainstTheEmulator(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	general, err := s.FindChannel(s.GuildID, "general")
	if err != nil {
		t.Fatal(err)
	}
	sent, err := c.CreateMessage(ctx, general, interaction.MessageData{Content: "the release is out"})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		// A second reaction with the same emoji changes nothing.
		if err := c.AddReaction(ctx, general, sent.ID, "🎉"); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.React(s.Member, general, sent.ID, "🎉"); err != nil {
		t.Fatal(err)
	}
	if err := s.React(s.Moderator, general, sent.ID, "👍"); err != nil {
		t.Fatal(err)
	}
	got, err := c.GetMessage(ctx, general, sent.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Reactions) != 2 || got.Reactions[0].Emoji.Name != "🎉" || got.Reactions[0].Count != 2 || !got.Reactions[0].Me ||
		got.Reactions[0].CountDetails.Normal != 2 || got.Reactions[1].Emoji.Name != "👍" || got.Reactions[1].Me {
		t.Errorf("the message's reactions: %+v", got.Reactions)
	}

	users, err := c.ListReactions(ctx, general, sent.ID, "🎉", rest.ReactionQuery{})
	if err != nil || len(users) != 2 {
		t.Fatalf("ListReactions = %+v, %v", users, err)
	}
	if users[0].ID > users[1].ID {
		t.Errorf("ListReactions is not by id: %+v", users)
	}
	page, err := c.ListReactions(ctx, general, sent.ID, "🎉", rest.ReactionQuery{After: users[0].ID, Limit: 1})
	if err != nil || len(page) != 1 || page[0].ID != users[1].ID {
		t.Errorf("ListReactions after the first = %+v, %v", page, err)
	}
	if burst, err := c.ListReactions(ctx, general, sent.ID, "🎉", rest.ReactionQuery{Type: rest.ReactionBurst}); err != nil || len(burst) != 0 {
		t.Errorf("ListReactions of burst reactions = %+v, %v", burst, err)
	}

	// A custom emoji of the guild is taken in each form the Client takes;
	// one the guild does not have is the service's Unknown Emoji.
	var emoji emulator.Emoji
	for _, g := range s.Guilds() {
		if g.ID == s.GuildID && len(g.Emojis) > 0 {
			emoji = g.Emojis[0]
		}
	}
	custom := emoji.Name + ":" + emoji.ID.String()
	for _, form := range []string{custom, "<:" + custom + ">"} {
		if err := c.AddReaction(ctx, general, sent.ID, form); err != nil {
			t.Errorf("AddReaction(%q): %v", form, err)
		}
	}
	if users, err := c.ListReactions(ctx, general, sent.ID, custom, rest.ReactionQuery{}); err != nil || len(users) != 1 {
		t.Errorf("ListReactions(%q) = %+v, %v", custom, users, err)
	}
	if err := c.RemoveOwnReaction(ctx, general, sent.ID, custom); err != nil {
		t.Fatal(err)
	}
	for _, emoji := range []string{"party:123", "<:party:123>", "<a:party:123>"} {
		if err := c.AddReaction(ctx, general, sent.ID, emoji); !errors.Is(err, rest.ErrUnknownEmoji) {
			t.Errorf("AddReaction(%q): %v; want ErrUnknownEmoji", emoji, err)
		}
	}
	if err := c.AddReaction(ctx, general, 1, "🎉"); !errors.Is(err, rest.ErrUnknownMessage) {
		t.Errorf("AddReaction on no message: %v; want ErrUnknownMessage", err)
	}

	if err := c.RemoveOwnReaction(ctx, general, sent.ID, "🎉"); err != nil {
		t.Fatal(err)
	}
	// Taking others' reactions away takes Manage Messages, which the
	// channel here takes from the bot, then gives back.
	deny := emulator.Overwrite{ID: s.ApplicationID, Type: emulator.OverwriteMember, Deny: interaction.PermissionManageMessages}
	if err := s.SetOverwrites(s.GuildID, general, deny); err != nil {
		t.Fatal(err)
	}
	if err := c.RemoveUserReaction(ctx, general, sent.ID, "🎉", s.Member); !errors.Is(err, rest.ErrMissingPermissions) {
		t.Errorf("RemoveUserReaction without Manage Messages: %v; want ErrMissingPermissions", err)
	}
	if err := s.SetOverwrites(s.GuildID, general); err != nil {
		t.Fatal(err)
	}
	if err := c.RemoveUserReaction(ctx, general, sent.ID, "🎉", s.Member); err != nil {
		t.Fatal(err)
	}
	if err := c.RemoveAllReactions(ctx, general, sent.ID, "👍"); err != nil {
		t.Fatal(err)
	}
	if msgs := s.ChannelMessages(general); len(msgs) != 1 || len(msgs[0].Reactions) != 0 {
		t.Errorf("after the removals the channel holds %+v", msgs)
	}
	if err := c.AddReaction(ctx, general, sent.ID, "👍"); err != nil {
		t.Fatal(err)
	}
	if err := c.RemoveAllReactions(ctx, general, sent.ID, ""); err != nil {
		t.Fatal(err)
	}
	if msgs := s.ChannelMessages(general); len(msgs[0].Reactions) != 0 {
		t.Errorf("RemoveAllReactions left %+v", msgs[0].Reactions)
	}
}

// The thread calls against the emulator: the bot starts threads from a
// message and without one, sends in them, and reads them back.
func TestThreadCallsAgainstTheEmulator(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	general, err := s.FindChannel(s.GuildID, "general")
	if err != nil {
		t.Fatal(err)
	}
	sent, err := c.CreateMessage(ctx, general, interaction.MessageData{Content: "what went wrong?"})
	if err != nil {
		t.Fatal(err)
	}
	// Where the guild takes Create Public Threads from the bot, it starts
	// none; everyone may in a new guild.
	deny := emulator.Overwrite{ID: s.ApplicationID, Type: emulator.OverwriteMember, Deny: interaction.PermissionCreatePublicThreads}
	if err := s.SetOverwrites(s.GuildID, general, deny); err != nil {
		t.Fatal(err)
	}
	if _, err := c.StartThreadFromMessage(ctx, general, sent.ID, rest.ThreadStart{Name: "postmortem"}, ""); !errors.Is(err, rest.ErrMissingPermissions) {
		t.Fatalf("StartThreadFromMessage without Create Public Threads: %v; want ErrMissingPermissions", err)
	}
	if err := s.SetOverwrites(s.GuildID, general); err != nil {
		t.Fatal(err)
	}

	th, err := c.StartThreadFromMessage(ctx, general, sent.ID, rest.ThreadStart{Name: "postmortem", AutoArchive: 4320, Slowmode: 10}, "a thread per incident")
	if err != nil {
		t.Fatal(err)
	}
	if th.ID != sent.ID || th.Type != interaction.ChannelPublicThread || th.ParentID != general || th.OwnerID != s.ApplicationID ||
		th.RateLimitPerUser != 10 || th.ThreadMetadata == nil || th.ThreadMetadata.AutoArchiveDuration != 4320 {
		t.Errorf("StartThreadFromMessage = %+v", th)
	}
	if _, err := c.StartThreadFromMessage(ctx, general, sent.ID, rest.ThreadStart{Name: "again"}, ""); !errors.Is(err, rest.ErrThreadExists) {
		t.Errorf("a second thread of the message: %v; want ErrThreadExists", err)
	}
	source, err := c.GetMessage(ctx, general, sent.ID)
	if err != nil || source.Flags&interaction.FlagHasThread == 0 {
		t.Errorf("the message with a thread: %+v, %v; want HAS_THREAD", source, err)
	}

	// Sending in the thread is sending in its channel.
	inside, err := c.CreateMessage(ctx, th.ID, interaction.MessageData{Content: "the cache expired"})
	if err != nil || inside.ChannelID != th.ID {
		t.Fatalf("CreateMessage in the thread = %+v, %v", inside, err)
	}
	read, err := c.GetChannel(ctx, th.ID)
	if err != nil || read.ID != th.ID || read.Name != "postmortem" || read.LastMessageID != inside.ID {
		t.Errorf("GetChannel of the thread = %+v, %v", read, err)
	}
	if err := c.AddReaction(ctx, th.ID, inside.ID, "👀"); err != nil {
		t.Errorf("AddReaction in the thread: %v", err)
	}

	private, err := c.StartThread(ctx, general, rest.ThreadStart{Name: "moderators", Invitable: true}, "")
	if err != nil || private.Type != interaction.ChannelPrivateThread || !private.ThreadMetadata.Invitable {
		t.Errorf("StartThread of no type = %+v, %v; want a private, invitable thread", private, err)
	}
	// Invitable false is sent: the service would take its absence as
	// true.
	closed, err := c.StartThread(ctx, general, rest.ThreadStart{Name: "staff"}, "")
	if err != nil || closed.Type != interaction.ChannelPrivateThread || closed.ThreadMetadata.Invitable {
		t.Errorf("StartThread without Invitable = %+v, %v; want a private thread not invitable", closed, err)
	}
	public, err := c.StartThread(ctx, general, rest.ThreadStart{Name: "announcements", Type: interaction.ChannelPublicThread}, "")
	if err != nil || public.Type != interaction.ChannelPublicThread {
		t.Fatalf("StartThread of a public thread = %+v, %v", public, err)
	}
	announcements, err := s.FindChannel(s.GuildID, "announcements")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.StartThread(ctx, announcements, rest.ThreadStart{Name: "hush", Type: interaction.ChannelPrivateThread}, ""); !errors.Is(err, rest.ErrorCode(50024)) {
		t.Errorf("a private thread in an announcement channel: %v; want 50024", err)
	}

	var threads []emulator.Thread
	for _, g := range s.Guilds() {
		if g.ID == s.GuildID {
			threads = g.Threads
		}
	}
	if len(threads) != 4 || threads[0].ID != th.ID || threads[0].TotalMessageSent != 1 || threads[0].MessageCount != 1 {
		t.Errorf("the guild's threads: %+v", threads)
	}
}
