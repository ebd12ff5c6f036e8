package switchboardtest

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/caption"
)

// fail fails the test with err and, when there is one, the whole of x.
func (b *Bot) fail(x *Exchange, err error) {
	b.t.Helper()
	msg := err.Error()
	if !strings.HasPrefix(msg, "switchboardtest: ") {
		msg = "switchboardtest: " + msg
	}
	if x == nil {
		b.t.Fatalf("%s", msg)
	}
	b.t.Fatalf("%s\n\n%s", msg, x)
}

// String writes the exchange out: what the user did, what the bot
// answered and when, and each message as it stands, with its history.
// Tests print it with what they found wrong.
func (x *Exchange) String() string {
	var b strings.Builder
	res := x.Result
	ix := res.Interaction
	if ix == nil {
		b.WriteString(x.line + "\n")
		if res.Launched {
			b.WriteString("the service launched the Activity itself and sent the bot nothing\n")
		} else {
			b.WriteString("(nothing was sent)\n")
		}
		return b.String()
	}
	fmt.Fprintf(&b, "%s\n", x.did())
	srv := x.bot.Emulator
	fmt.Fprintf(&b, "  by %s", x.bot.userName(x.who.user))
	if ix.GuildID != 0 {
		channel := "channel " + ix.ChannelID.String()
		if c, ok := srv.Channel(ix.GuildID, ix.ChannelID); ok && c.Name != "" {
			channel = "#" + c.Name
		}
		fmt.Fprintf(&b, " in %s of %s", channel, x.bot.guildName(ix.GuildID))
	} else {
		b.WriteString(" in their direct messages with the bot")
	}
	fmt.Fprintf(&b, ", locale %s; interaction %v, %v\n", ix.Locale, ix.ID, ix.Type)
	if res.Status == 0 {
		b.WriteString("the bot did not answer\n")
	} else {
		fmt.Fprintf(&b, "the bot answered %d after %v: %v", res.Status, res.Took.Round(time.Microsecond), res.Answer.Type)
		if res.Answer.Message.Flags&interaction.FlagEphemeral != 0 {
			b.WriteString(", ephemeral")
		}
		b.WriteString("\n")
	}
	for _, v := range res.Violations {
		fmt.Fprintf(&b, "  breaks a rule: %s\n", v)
	}
	if len(res.Faults) > 0 {
		fmt.Fprintf(&b, "delivery faults fired: %v\n", res.Faults)
	}
	for _, c := range res.Copies {
		fmt.Fprintf(&b, "  a %v copy was answered %d\n", c.Fault, c.Status)
		for _, v := range c.Violations {
			fmt.Fprintf(&b, "    breaks a rule: %s\n", v)
		}
	}
	if notes := x.bot.log.notesOf(ix.ID); len(notes) > 0 {
		b.WriteString("the bot logged:\n")
		for _, n := range notes {
			fmt.Fprintf(&b, "  %s\n", n)
		}
	}
	if m := res.Answer.Modal; m != nil {
		fmt.Fprintf(&b, "modal %q (%s)\n", m.Title, m.CustomID)
		writeComponents(&b, m.Components, "  | ")
	}
	for _, c := range res.Answer.Choices {
		fmt.Fprintf(&b, "  suggestion %q\n", c.Name)
	}
	rec, ok := x.bot.Emulator.Interaction(ix.ID)
	if !ok {
		return b.String()
	}
	if rec.Original != nil {
		fmt.Fprintf(&b, "message %v%s\n", rec.Original.ID, state(*rec.Original))
		writeMessage(&b, *rec.Original, "  | ")
	}
	for i, m := range rec.Followups {
		fmt.Fprintf(&b, "follow-up %d, message %v%s\n", i+1, m.ID, state(m))
		writeMessage(&b, m, "  | ")
	}
	if len(rec.History) > 0 {
		b.WriteString("history:\n")
		for _, e := range rec.History {
			which := "the answer's message"
			if !e.Original {
				which = fmt.Sprintf("message %v", e.Message.ID)
			}
			fmt.Fprintf(&b, "  +%v %s %s\n", e.At.Sub(rec.Sent).Round(time.Millisecond), e.Kind, which)
		}
	}
	return b.String()
}

// userName names a user as the client shows them, as the playground
// lists them: their display name and @username ("Ada (@ada)"), or the
// @username alone when it is their display name too; by id only a user
// the emulator does not know.
func (b *Bot) userName(id interaction.Snowflake) string {
	u, ok := b.Emulator.User(id)
	switch {
	case !ok || u.Username == "":
		return "user " + id.String()
	case u.DisplayName() == u.Username:
		return "@" + u.Username
	}
	return u.DisplayName() + " (@" + u.Username + ")"
}

// guildName names a guild as the client shows it; by id only a guild the
// emulator does not know.
func (b *Bot) guildName(id interaction.Snowflake) string {
	for _, g := range b.Emulator.Guilds() {
		if g.ID == id && g.Name != "" {
			return "the guild " + strconv.Quote(g.Name)
		}
	}
	return "guild " + id.String()
}

// did says what the user did.
func (x *Exchange) did() string {
	if x.line != "" {
		return x.line
	}
	ix := x.Result.Interaction
	switch ix.Type {
	case interaction.TypeApplicationCommand, interaction.TypeApplicationCommandAutocomplete:
		var b strings.Builder
		switch ix.Data.Type {
		case interaction.CommandUser:
			fmt.Fprintf(&b, "user command %q on %s", ix.Data.Name, x.bot.userName(ix.Data.TargetID))
		case interaction.CommandMessage:
			fmt.Fprintf(&b, "message command %q on message %v", ix.Data.Name, ix.Data.TargetID)
		default:
			b.WriteString("/" + ix.Data.Name)
			writeOptions(&b, ix.Data.Options)
		}
		return b.String()
	case interaction.TypeMessageComponent:
		return fmt.Sprintf("component %s of message", ix.Data.CustomID)
	case interaction.TypeModalSubmit:
		return "submit " + ix.Data.CustomID
	}
	return ix.Type.String()
}

func writeOptions(b *strings.Builder, opts []interaction.OptionData) {
	for _, o := range opts {
		if len(o.Options) > 0 || o.Type == interaction.OptionSubCommand || o.Type == interaction.OptionSubCommandGroup {
			b.WriteString(" " + o.Name)
			writeOptions(b, o.Options)
			continue
		}
		fmt.Fprintf(b, " %s:%s", o.Name, o.Value.AppendJSON(nil))
	}
}

// state says what became of a message, if anything did.
func state(m emulator.Message) string {
	var s []string
	if m.Data.Flags&interaction.FlagEphemeral != 0 {
		s = append(s, "ephemeral")
	}
	if m.Loading() {
		s = append(s, "loading")
	}
	if !m.Edited.IsZero() {
		s = append(s, "edited")
	}
	if m.Deleted {
		s = append(s, "deleted")
	}
	if len(s) == 0 {
		return ""
	}
	return " (" + strings.Join(s, ", ") + ")"
}

// writeMessage writes what a user sees of m, each line after prefix.
func writeMessage(b *strings.Builder, m emulator.Message, prefix string) {
	line := func(s string) {
		for l := range strings.SplitSeq(s, "\n") {
			b.WriteString(prefix + l + "\n")
		}
	}
	if m.Data.Content != "" {
		line(m.Data.Content)
	}
	for _, e := range m.Data.Embeds {
		if e.Author != nil && e.Author.Name != "" {
			line(e.Author.Name)
		}
		if e.Title != "" {
			line(e.Title)
		}
		if e.Description != "" {
			line(e.Description)
		}
		for _, f := range e.Fields {
			line(f.Name + ": " + f.Value)
		}
		if e.Footer != nil && e.Footer.Text != "" {
			line(e.Footer.Text)
		}
	}
	if m.Poll != nil {
		line("poll: " + m.Poll.Question.Text)
		for _, a := range m.Poll.Answers {
			line("  " + a.Media.Text)
		}
	}
	for _, a := range m.Attachments {
		line("file " + a.Filename)
	}
	writeComponents(b, m.Data.Components, prefix)
}

// writeComponents writes the text a user sees on components: text
// displays, and the labels of buttons, menus and inputs.
func writeComponents(b *strings.Builder, cs interaction.Components, prefix string) {
	for _, c := range component.Walk(cs) {
		if t, ok := c.(component.TextDisplay); ok {
			for l := range strings.SplitSeq(t.Content, "\n") {
				b.WriteString(prefix + l + "\n")
			}
			continue
		}
		if shown := caption.Of(c); shown != "" {
			b.WriteString(prefix + "[" + shown + "]\n")
		}
	}
}
