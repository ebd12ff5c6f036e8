package switchboardtest

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// What a bot does beyond its answers, through the API (a message posted
// in a channel or by DM, a member given a role, timed out, kicked or
// banned), the test reads from the emulator as it stands, as typed
// values. The guild is the Bot's unless InGuild says otherwise, the
// channel the guild's general channel unless InChannel says otherwise,
// as for a command.

// GuildNow returns the guild as the emulator holds it now: its channels
// and their overwrites, roles, members and bans. It fails the test for a
// guild the emulator does not have.
func (b *Bot) GuildNow(ws ...Who) emulator.Guild {
	b.t.Helper()
	w := b.who(ws)
	if w.dm || w.guild == 0 {
		b.t.Fatalf("switchboardtest: direct messages are not a guild: name one with InGuild")
	}
	for _, g := range b.Emulator.Guilds() {
		if g.ID == w.guild {
			return g
		}
	}
	b.t.Fatalf("switchboardtest: the emulator has no guild %v", w.guild)
	return emulator.Guild{}
}

// Members returns the guild's members, by user id. A member's
// Permissions are theirs in the guild, before any channel's overwrites;
// a timed-out member's CommunicationDisabledUntil is when the timeout
// ends.
func (b *Bot) Members(ws ...Who) []interaction.Member {
	b.t.Helper()
	return b.GuildNow(ws...).Members
}

// Membership returns user's membership of the guild, and whether they
// are a member: a user kicked or banned is not.
func (b *Bot) Membership(user interaction.Snowflake, ws ...Who) (interaction.Member, bool) {
	b.t.Helper()
	ms := b.Members(ws...)
	i := slices.IndexFunc(ms, func(m interaction.Member) bool { return m.User.ID == user })
	if i < 0 {
		return interaction.Member{}, false
	}
	return ms[i], true
}

// Roles returns the roles user has in the guild, highest first, without
// @everyone, which every member has. A user who is not a member has
// none.
func (b *Bot) Roles(user interaction.Snowflake, ws ...Who) []interaction.Role {
	b.t.Helper()
	g := b.GuildNow(ws...)
	i := slices.IndexFunc(g.Members, func(m interaction.Member) bool { return m.User.ID == user })
	if i < 0 {
		return nil
	}
	var out []interaction.Role
	// g.Roles are lowest first.
	for _, r := range slices.Backward(g.Roles) {
		if slices.Contains(g.Members[i].Roles, r.ID) {
			out = append(out, r)
		}
	}
	return out
}

// TimedOut returns when user's timeout in the guild ends, and whether
// they are timed out now, by the emulator's clock: a timeout that has
// ended, or that a moderator took back, is none.
func (b *Bot) TimedOut(user interaction.Snowflake, ws ...Who) (time.Time, bool) {
	b.t.Helper()
	m, ok := b.Membership(user, ws...)
	if !ok || !m.CommunicationDisabledUntil.After(b.now()) {
		return time.Time{}, false
	}
	return m.CommunicationDisabledUntil, true
}

// now is the emulator's time.
func (b *Bot) now() time.Time {
	if b.clock != nil {
		return b.clock()
	}
	return time.Now()
}

// Bans returns the guild's bans, by user id, each with its reason.
func (b *Bot) Bans(ws ...Who) []emulator.Ban {
	b.t.Helper()
	return b.GuildNow(ws...).Bans
}

// Banned returns user's ban from the guild, and whether they are banned.
func (b *Bot) Banned(user interaction.Snowflake, ws ...Who) (emulator.Ban, bool) {
	b.t.Helper()
	bans := b.Bans(ws...)
	i := slices.IndexFunc(bans, func(x emulator.Ban) bool { return x.User.ID == user })
	if i < 0 {
		return emulator.Ban{}, false
	}
	return bans[i], true
}

// Messages returns the messages of a channel, oldest first, deleted ones
// left out: the guild's general channel unless InChannel names another,
// or, with InDM, the direct messages between the user (As) and the bot.
// They are every message there, whoever wrote it (Author), the answers
// and follow-ups of interactions that are not ephemeral among them
// (Interaction).
func (b *Bot) Messages(ws ...Who) []emulator.ChannelMessage {
	b.t.Helper()
	return b.Emulator.ChannelMessages(b.channelOf(b.who(ws)))
}

// DMs returns the messages the bot sent user in their direct messages,
// oldest first: those it posted and the answers of interactions there
// that are not ephemeral.
func (b *Bot) DMs(user interaction.Snowflake) []emulator.ChannelMessage {
	b.t.Helper()
	return b.Emulator.DirectMessages(user)
}

// WaitMessages waits until the channel Messages reads holds at least n
// messages, and returns them: for what a bot posts after its answer, in
// its own time, such as a reminder. Past the Bot's wait (WithWait), the
// test fails with the messages there.
func (b *Bot) WaitMessages(n int, ws ...Who) []emulator.ChannelMessage {
	b.t.Helper()
	w := b.who(ws)
	channel := b.channelOf(w)
	what := fmt.Sprintf("%d messages in %s", n, b.channelName(w, channel))
	return b.waitMessages(what, n, func() []emulator.ChannelMessage { return b.Emulator.ChannelMessages(channel) })
}

// WaitDMs waits until the bot has sent user at least n direct messages,
// and returns them, as WaitMessages does.
func (b *Bot) WaitDMs(user interaction.Snowflake, n int) []emulator.ChannelMessage {
	b.t.Helper()
	what := fmt.Sprintf("%d direct messages from the bot to %s", n, b.userName(user))
	return b.waitMessages(what, n, func() []emulator.ChannelMessage { return b.Emulator.DirectMessages(user) })
}

// waitMessages waits until read returns at least n messages.
func (b *Bot) waitMessages(what string, n int, read func() []emulator.ChannelMessage) []emulator.ChannelMessage {
	b.t.Helper()
	timer := time.NewTimer(b.wait)
	defer timer.Stop()
	for {
		// Taken before the messages are read, so that a change
		// between the two is not missed.
		changed := b.Emulator.Changed()
		msgs := read()
		if len(msgs) >= n {
			return msgs
		}
		select {
		case <-changed:
		case <-timer.C:
			b.t.Fatalf("switchboardtest: waited %v for %s; there are %d:\n%s", b.wait, what, len(msgs), b.listMessages(msgs))
		case <-b.t.Context().Done():
			b.t.Fatalf("switchboardtest: the test ended while waiting for %s", what)
		}
	}
}

// Post posts content as a user, in the channel Messages reads, as the
// user's client would, and returns the message: something for the bot's
// commands to act on, such as a message to pin, quote or delete. A
// refusal of the emulator (a user who may not send there, a message the
// service refuses) fails the test.
func (b *Bot) Post(content string, ws ...Who) emulator.ChannelMessage {
	b.t.Helper()
	w := b.who(ws)
	m, err := b.Emulator.PostMessage(w.user, b.channelOf(w), interaction.MessageData{Content: content})
	if err != nil {
		b.t.Fatalf("switchboardtest: %s posting %q: %v", b.userName(w.user), content, err)
	}
	return m
}

// channelOf returns the channel w points at: its own, the guild's general
// channel, or the user's direct messages with the bot.
func (b *Bot) channelOf(w who) interaction.Snowflake {
	b.t.Helper()
	if w.dm {
		return b.dmChannel(w.user)
	}
	if w.channel != 0 {
		return w.channel
	}
	id, err := b.Emulator.FindChannel(w.guild, "#general")
	if err != nil {
		b.t.Fatalf("switchboardtest: guild %v has no general channel: name one with InChannel (%v)", w.guild, err)
	}
	return id
}

// dmChannel returns the id of the direct-message channel between user
// and the bot, as the service's API gives it to the bot.
func (b *Bot) dmChannel(user interaction.Snowflake) interaction.Snowflake {
	b.t.Helper()
	ch, err := b.Client.CreateDM(b.t.Context(), user)
	if err != nil {
		b.t.Fatalf("switchboardtest: the direct messages of %s: %v", b.userName(user), err)
	}
	return ch.ID
}

// channelName names a channel for a failure's message.
func (b *Bot) channelName(w who, channel interaction.Snowflake) string {
	if w.dm {
		return "the direct messages of " + b.userName(w.user) + " with the bot"
	}
	if c, ok := b.Emulator.Channel(w.guild, channel); ok && c.Name != "" {
		return "#" + c.Name
	}
	return "channel " + channel.String()
}

// listMessages writes msgs out, one a line, for a failure's message.
func (b *Bot) listMessages(msgs []emulator.ChannelMessage) string {
	var s strings.Builder
	for _, m := range msgs {
		fmt.Fprintf(&s, "  %s: %q\n", b.userName(m.Author), m.Data.Content)
	}
	if len(msgs) == 0 {
		s.WriteString("  (none)\n")
	}
	return s.String()
}
