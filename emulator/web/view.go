package web

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// The channel shows the messages the bot sent there, each with what the
// user did to make it, and the messages posted there through the channel
// endpoints, by the bot or by users, with their reactions, pins and
// threads, as the emulator holds them: made, completed, edited and
// deleted at the bot's pace. A user sees an ephemeral message only when
// it answers them.

// messageJSON is a message of the channel as the page shows it.
type messageJSON struct {
	ID interaction.Snowflake `json:"id"`
	// Interaction is what made the message: who did what; nil for a
	// message posted in the channel.
	Interaction *interactionJSON `json:"interaction"`
	// Type is the message's type as the service numbers it (0, 19 for a
	// reply, 18 for a thread started, 20 and 23 for answers); 0 for an
	// ephemeral one, which is in no channel.
	Type int `json:"type"`
	// Original reports the answer's message; a follow-up has ReplyTo,
	// the answer's message it follows, when there is one, and a reply
	// posted in the channel the message it answers.
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
	// Pinned reports a message pinned in its channel.
	Pinned bool `json:"pinned"`
	// Reactions are the message's reactions, in the order they were
	// first added.
	Reactions []reactionJSON `json:"reactions"`
	// Thread is the thread started from the message, if one was.
	Thread *threadRefJSON `json:"thread,omitempty"`
	// Starter is, for the first message of a thread started from a
	// message (type 21), that message, which the client shows there.
	Starter *starterJSON `json:"starter,omitempty"`
}

// starterJSON is the message a thread started from.
type starterJSON struct {
	ID      interaction.Snowflake `json:"id"`
	Channel interaction.Snowflake `json:"channel"`
	Author  userJSON              `json:"author"`
	Content string                `json:"content"`
}

// messageThreadStarter is the type of the first message of a thread
// started from a message, which stands for that message.
const messageThreadStarter = 21

// reactionJSON is a reaction under a message: its emoji, how many reacted
// with it, and whether the user of the page is one of them.
type reactionJSON struct {
	// Emoji is the emoji as POST /api/react takes it: a Unicode emoji
	// itself, or name:id for a custom one; Name is what the page shows,
	// the emoji itself or a custom one's :name:, whose picture is
	// elsewhere.
	Emoji string `json:"emoji"`
	Name  string `json:"name"`
	Count int    `json:"count"`
	Me    bool   `json:"me"`
}

// threadRefJSON is the thread a message started.
type threadRefJSON struct {
	ID           interaction.Snowflake `json:"id"`
	Name         string                `json:"name"`
	MessageCount int                   `json:"message_count"`
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

// names are the names the channel writes ids and choices with, and the
// bot who writes its messages.
type names struct {
	emu      *emulator.Server
	users    map[interaction.Snowflake]interaction.User
	channels map[interaction.Snowflake]string
	roles    map[interaction.Snowflake]string
	bot      userJSON
	// picked names the suggestion a user picked (see picks).
	picked func(pickKey) (string, bool)
	// offered lists the commands the client offers where a page is,
	// whose options' choices are named in its language; commands holds
	// them by place, looked up when a message first needs them.
	offered  func(place) []command.Command
	commands map[place][]command.Command
	// threads are the guilds' threads, by id.
	threads map[interaction.Snowflake]emulator.Thread
}

func (h *Handler) names() names {
	n := names{emu: h.emu, users: map[interaction.Snowflake]interaction.User{}, channels: map[interaction.Snowflake]string{}, roles: map[interaction.Snowflake]string{},
		picked: h.picks.name, commands: map[place][]command.Command{}, threads: map[interaction.Snowflake]emulator.Thread{}}
	n.offered = func(p place) []command.Command {
		cmds, _ := h.emu.Offered(p.invocation()) // none where the user cannot be
		return cmds
	}
	for _, u := range h.emu.Users() {
		n.users[u.ID] = u
	}
	n.bot = userView(n.users[h.emu.ApplicationID])
	for _, g := range h.emu.Guilds() {
		for _, c := range g.Channels {
			n.channels[c.ID] = c.Name
		}
		for _, r := range g.Roles {
			n.roles[r.ID] = strings.TrimPrefix(r.Name, "@")
		}
		for _, t := range g.Threads {
			n.threads[t.ID] = t
		}
	}
	return n
}

// view returns a message as the page shows it to the user where p says,
// with the names n; false when the user does not see it there: a message
// of another channel, of the bot's direct messages with another user, an
// ephemeral message that answers another user, or a deleted one.
func (n names) view(p place, rec emulator.MessageRecord) (messageJSON, bool) {
	m := &rec.Message
	ephemeral := m.Data.Flags&interaction.FlagEphemeral != 0
	if !n.sees(p, rec) {
		return messageJSON{}, false
	}
	v := messageJSON{
		ID: m.ID, Author: n.bot,
		Original: rec.Original, ReplyTo: rec.ReplyTo,
		Content: m.Data.Content, Embeds: m.Data.Embeds, Attachments: []attachmentJSON{}, Components: m.Data.Components,
		Ephemeral: ephemeral, Loading: m.Loading(), Edited: !m.Edited.IsZero(), Created: m.Created, Reactions: []reactionJSON{},
	}
	if rec.Posted {
		v.Author = n.author(rec.Author)
	} else {
		ix := n.interaction(p, &rec.Interaction, rec.Launched)
		v.Interaction = &ix
	}
	if !ephemeral {
		n.channelView(p, &v, m.ChannelID)
	}
	if v.Embeds == nil {
		v.Embeds = []interaction.Embed{}
	}
	if v.Components == nil {
		v.Components = interaction.Components{}
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
	return v, true
}

// sees reports whether the user of a page at p sees the message rec in
// its channel: a message of that channel, in the bot's direct messages
// with them the answers to their commands and the messages posted there,
// and an ephemeral message only when it answers them.
func (n names) sees(p place, rec emulator.MessageRecord) bool {
	m := &rec.Message
	invoker := rec.Interaction.Invoker().ID
	ephemeral := m.Data.Flags&interaction.FlagEphemeral != 0
	switch {
	case m.Deleted, ephemeral && invoker != p.User:
		return false
	case p.Guild != 0:
		return m.ChannelID == p.Channel
	case rec.Posted:
		return m.ChannelID == n.emu.DirectChannel(p.User)
	}
	return rec.Interaction.GuildID == 0 && invoker == p.User
}

// channelView fills in what the channel shows of a message of channel
// beyond the message itself: its type, pin, reactions (pressed for the
// page's user), the message a reply answers, and the thread it started.
func (n names) channelView(p place, v *messageJSON, channel interaction.Snowflake) {
	cm, ok := n.emu.MessageIn(channel, v.ID)
	if !ok {
		return
	}
	v.Type, v.Pinned = cm.Type, cm.Pinned
	if cm.Interaction == nil && cm.ReplyTo != 0 {
		v.ReplyTo = cm.ReplyTo
	}
	for _, r := range cm.Reactions {
		name := r.Emoji
		if i := strings.LastIndexByte(name, ':'); i > 0 {
			name = ":" + name[:i] + ":"
		}
		v.Reactions = append(v.Reactions, reactionJSON{Emoji: r.Emoji, Name: name, Count: len(r.Users), Me: slices.Contains(r.Users, p.User)})
	}
	if t, ok := n.threads[cm.Thread]; ok && cm.Thread != 0 {
		v.Thread = &threadRefJSON{ID: t.ID, Name: t.Name, MessageCount: t.MessageCount}
	}
	// A thread started from a message has the message's id.
	if t, ok := n.threads[channel]; ok && cm.Type == messageThreadStarter {
		if from, ok := n.emu.MessageIn(t.ParentID, t.ID); ok {
			v.Starter = &starterJSON{ID: from.ID, Channel: t.ParentID, Author: n.author(from.Author), Content: from.Data.Content}
		}
	}
}

// author is the user who posted a message, as the page names them.
func (n names) author(id interaction.Snowflake) userJSON {
	if u, ok := n.users[id]; ok {
		return userView(u)
	}
	return userJSON{ID: id, Username: id.String(), Name: id.String()}
}

// interaction says who did what in ix, which the service launched itself
// when launched, to the user of the page at p.
func (n names) interaction(p place, ix *interaction.Interaction, launched bool) interactionJSON {
	u := ix.Invoker()
	if known, ok := n.users[u.ID]; ok {
		u = known
	}
	return interactionJSON{ID: ix.ID, Type: ix.Type, User: userView(u), Summary: n.summary(p, ix, launched)}
}

// summary is what the user did in ix, in a few words.
func (n names) summary(p place, ix *interaction.Interaction, launched bool) string {
	switch ix.Type {
	case interaction.TypeApplicationCommand:
		switch ix.Data.Type {
		case interaction.CommandChatInput:
			return "used /" + ix.Data.Name + n.options(used{p: p, ix: ix, path: []string{ix.Data.Name}}, ix.Data.Options)
		case interaction.CommandUser:
			return "used " + ix.Data.Name + " on " + n.user(ix.Data.TargetID)
		case interaction.CommandMessage:
			if m, ok := ix.Data.Resolved.Message(ix.Data.TargetID); ok && m.Author.ID != 0 {
				return "used " + ix.Data.Name + " on a message of " + n.user(m.Author.ID)
			}
			return "used " + ix.Data.Name + " on a message"
		case interaction.CommandPrimaryEntryPoint:
			if launched {
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

// used is a CHAT_INPUT command used, seen from a page at p: path is the
// command's, or its subcommand's, by declared names.
type used struct {
	p    place
	ix   *interaction.Interaction
	path []string
}

// options writes the options of a command as the user would type them.
func (n names) options(u used, opts []interaction.OptionData) string {
	var b strings.Builder
	for _, o := range opts {
		switch o.Type {
		case interaction.OptionSubCommand, interaction.OptionSubCommandGroup:
			sub := u
			sub.path = append(u.path[:len(u.path):len(u.path)], o.Name)
			b.WriteString(" " + o.Name + n.options(sub, o.Options))
			continue
		}
		b.WriteString(" " + o.Name + ":" + n.value(u, o))
	}
	return b.String()
}

// value writes an option's value as the user typed or picked it: users,
// roles and channels by name, and a choice by its name rather than the
// value the bot receives, as the client shows it.
func (n names) value(u used, o interaction.OptionData) string {
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
	case interaction.OptionString, interaction.OptionInteger, interaction.OptionNumber:
		if name, ok := n.choice(u, o); ok {
			return typedText(name)
		}
	}
	return typedText(o.Value.Text())
}

// choice returns the name of the choice o's value is: the bot's
// suggestion the user picked, or else one of the option's choices, in the
// language of the page, as the client names it.
func (n names) choice(u used, o interaction.OptionData) (string, bool) {
	value := string(o.Value.AppendJSON(nil))
	key := pickKey{user: u.ix.Invoker().ID, command: strings.Join(u.path, " "), option: o.Name, value: value}
	if name, ok := n.picked(key); ok {
		return name, true
	}
	def := n.option(u, o.Name)
	if def == nil {
		return "", false
	}
	for _, c := range def.Choices {
		if string(c.Value.AppendJSON(nil)) == value {
			return u.p.Locale.Localized(c.NameLocalizations, c.Name), true
		}
	}
	return "", false
}

// option finds the declaration of the option named name of the command
// used, among the commands offered where the page is; nil when the
// client there has no such command, or no longer such an option.
func (n names) option(u used, name string) *command.Option {
	cmds, ok := n.commands[u.p]
	if !ok {
		cmds = n.offered(u.p)
		n.commands[u.p] = cmds
	}
	i := slices.IndexFunc(cmds, func(c command.Command) bool { return c.ID == u.ix.Data.ID })
	if i < 0 {
		return nil
	}
	opts := cmds[i].Options
	for _, sub := range u.path[1:] {
		j := slices.IndexFunc(opts, func(o command.Option) bool { return o.Name == sub })
		if j < 0 {
			return nil
		}
		opts = opts[j].Options
	}
	j := slices.IndexFunc(opts, func(o command.Option) bool { return o.Name == name })
	if j < 0 {
		return nil
	}
	return &opts[j]
}

// typedText writes a value as the user types it: quoted when it holds a
// space or a quote, or nothing.
func typedText(text string) string {
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
