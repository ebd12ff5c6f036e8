package web

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// The channel shows the messages the bot sent there, each with what the
// user did to make it, as the emulator holds them: made, completed,
// edited and deleted at the bot's pace. A user sees an ephemeral message
// only when it answers them.

// messageJSON is a message of the channel as the page shows it.
type messageJSON struct {
	ID interaction.Snowflake `json:"id"`
	// Interaction is what made the message: who did what.
	Interaction interactionJSON `json:"interaction"`
	// Original reports the answer's message; a follow-up has ReplyTo,
	// the answer's message it follows, when there is one.
	Original    bool                   `json:"original"`
	ReplyTo     interaction.Snowflake  `json:"reply_to,omitzero"`
	Author      userJSON               `json:"author"`
	Content     string                 `json:"content"`
	Embeds      []interaction.Embed    `json:"embeds"`
	Attachments []attachmentJSON       `json:"attachments"`
	Components  interaction.Components `json:"components"`
	// Poll is the message's poll, as the service made it.
	Poll      *pollJSON `json:"poll,omitempty"`
	Ephemeral bool      `json:"ephemeral"`
	// Loading is the "thinking…" of a deferred answer not yet complete.
	Loading bool      `json:"loading"`
	Edited  bool      `json:"edited"`
	Created time.Time `json:"created"`
}

// interactionJSON says who did what to make a message.
type interactionJSON struct {
	ID   interaction.Snowflake `json:"id"`
	Type interaction.Type      `json:"type"`
	User userJSON              `json:"user"`
	// Summary is what the user did, as the channel says it after their
	// name: "used /greet name:Ada", "used High Five on @bob", "pressed a
	// button".
	Summary string `json:"summary"`
}

// attachmentJSON is a file of a message, with the playground's own URL
// for its bytes, so that the page requests nothing elsewhere.
type attachmentJSON struct {
	ID          interaction.Snowflake `json:"id"`
	Filename    string                `json:"filename"`
	Size        int64                 `json:"size"`
	ContentType string                `json:"content_type,omitempty"`
	URL         string                `json:"url"`
	// Preview is where the page gets the picture to show, for a file
	// whose bytes are one.
	Preview string `json:"preview,omitempty"`
	// Spoiler marks a file the client hides until it is clicked.
	Spoiler bool `json:"spoiler,omitempty"`
}

// names are the names the channel writes ids with.
type names struct {
	users    map[interaction.Snowflake]interaction.User
	channels map[interaction.Snowflake]string
	roles    map[interaction.Snowflake]string
}

func (h *Handler) names() names {
	n := names{users: map[interaction.Snowflake]interaction.User{}, channels: map[interaction.Snowflake]string{}, roles: map[interaction.Snowflake]string{}}
	for _, u := range h.emu.Users() {
		n.users[u.ID] = u
	}
	for _, g := range h.emu.Guilds() {
		for _, c := range g.Channels {
			n.channels[c.ID] = c.Name
		}
		for _, r := range g.Roles {
			n.roles[r.ID] = strings.TrimPrefix(r.Name, "@")
		}
	}
	return n
}

// records are the interactions sent and those the service handled
// itself, oldest first.
func (h *Handler) records() []emulator.InteractionRecord {
	recs := append(h.emu.Interactions(), h.emu.Launches()...)
	slices.SortFunc(recs, func(a, b emulator.InteractionRecord) int { return cmp.Compare(a.Interaction.ID, b.Interaction.ID) })
	return recs
}

// channel returns the messages p.User sees where p says, oldest first.
func (h *Handler) channel(p place) []messageJSON {
	n := h.names()
	bot := userView(n.users[h.emu.ApplicationID])
	seen := map[interaction.Snowflake]bool{}
	var out []messageJSON
	for _, rec := range h.records() {
		invoker := rec.Interaction.Invoker().ID
		if p.Guild == 0 && (rec.Interaction.GuildID != 0 || invoker != p.User) {
			continue // the bot's direct messages with another user, or a guild
		}
		msgs := rec.Followups
		if rec.Original != nil {
			msgs = append([]emulator.Message{*rec.Original}, msgs...)
		}
		for _, m := range msgs {
			// A message is listed by the interaction that made it, the
			// first to hold it; another holds it when it answered a
			// component of it by updating it.
			if seen[m.ID] {
				continue
			}
			seen[m.ID] = true
			ephemeral := m.Data.Flags&interaction.FlagEphemeral != 0
			if m.Deleted || (p.Guild != 0 && m.ChannelID != p.Channel) || (ephemeral && invoker != p.User) {
				continue
			}
			v := messageJSON{
				ID: m.ID, Interaction: n.interaction(rec), Author: bot,
				Content: m.Data.Content, Embeds: m.Data.Embeds, Attachments: []attachmentJSON{}, Components: m.Data.Components,
				Ephemeral: ephemeral, Loading: m.Loading(), Edited: !m.Edited.IsZero(), Created: m.Created,
			}
			if v.Embeds == nil {
				v.Embeds = []interaction.Embed{}
			}
			if v.Components == nil {
				v.Components = interaction.Components{}
			}
			if rec.Original != nil {
				v.Original = m.ID == rec.Original.ID
				if !v.Original {
					v.ReplyTo = rec.Original.ID
				}
			}
			if m.Poll != nil {
				v.Poll = pollView(m.Poll)
			}
			for _, a := range m.Attachments {
				v.Attachments = append(v.Attachments, attachmentJSON{ID: a.ID, Filename: a.Filename, Size: a.Size, ContentType: a.ContentType,
					URL: fileURL(p.User, m.ID, a), Spoiler: a.IsSpoiler()})
				if previewable(a) {
					v.Attachments[len(v.Attachments)-1].Preview = fileURL(p.User, m.ID, a) + "&preview=1"
				}
			}
			out = append(out, v)
		}
	}
	slices.SortFunc(out, func(a, b messageJSON) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

// interaction says who did what in rec.
func (n names) interaction(rec emulator.InteractionRecord) interactionJSON {
	ix := &rec.Interaction
	u := ix.Invoker()
	if known, ok := n.users[u.ID]; ok {
		u = known
	}
	return interactionJSON{ID: ix.ID, Type: ix.Type, User: userView(u), Summary: n.summary(rec)}
}

// summary is what the user did in rec, in a few words.
func (n names) summary(rec emulator.InteractionRecord) string {
	ix := &rec.Interaction
	switch ix.Type {
	case interaction.TypeApplicationCommand:
		switch ix.Data.Type {
		case interaction.CommandChatInput:
			return "used /" + ix.Data.Name + n.options(ix.Data.Options)
		case interaction.CommandUser:
			return "used " + ix.Data.Name + " on " + n.user(ix.Data.TargetID)
		case interaction.CommandMessage:
			if m, ok := ix.Data.Resolved.Message(ix.Data.TargetID); ok && m.Author.ID != 0 {
				return "used " + ix.Data.Name + " on a message of " + n.user(m.Author.ID)
			}
			return "used " + ix.Data.Name + " on a message"
		case interaction.CommandPrimaryEntryPoint:
			if rec.Launched {
				return "used " + ix.Data.Name + ", which launched the Activity"
			}
		}
		return "used " + ix.Data.Name
	case interaction.TypeMessageComponent:
		if ix.Data.ComponentType == interaction.ComponentButton {
			return "pressed a button"
		}
		if len(ix.Data.Values) == 0 {
			return "cleared a menu"
		}
		return "chose " + strings.Join(ix.Data.Values, ", ")
	case interaction.TypeModalSubmit:
		return "submitted a form"
	}
	return "sent a " + ix.Type.String() + " interaction"
}

// options writes the options of a command as the user would type them.
func (n names) options(opts []interaction.OptionData) string {
	var b strings.Builder
	for _, o := range opts {
		switch o.Type {
		case interaction.OptionSubCommand, interaction.OptionSubCommandGroup:
			b.WriteString(" " + o.Name + n.options(o.Options))
			continue
		}
		b.WriteString(" " + o.Name + ":" + n.value(o))
	}
	return b.String()
}

// value writes an option's value as the user typed it: users, roles and
// channels by name.
func (n names) value(o interaction.OptionData) string {
	id, _ := o.Value.Snowflake()
	switch o.Type {
	case interaction.OptionUser:
		return n.user(id)
	case interaction.OptionRole:
		return n.role(id)
	case interaction.OptionMentionable:
		if _, ok := n.users[id]; ok {
			return n.user(id)
		}
		return n.role(id)
	case interaction.OptionChannel:
		if name, ok := n.channels[id]; ok {
			return "#" + name
		}
		return "<#" + id.String() + ">"
	case interaction.OptionAttachment:
		return "(a file)"
	}
	text := o.Value.Text()
	if strings.ContainsAny(text, " \t\"") || text == "" {
		return strconv.Quote(text)
	}
	return text
}

func (n names) user(id interaction.Snowflake) string {
	if u, ok := n.users[id]; ok {
		return "@" + u.Username
	}
	return "<@" + id.String() + ">"
}

func (n names) role(id interaction.Snowflake) string {
	if name, ok := n.roles[id]; ok {
		return "@" + name
	}
	return "<@&" + id.String() + ">"
}
