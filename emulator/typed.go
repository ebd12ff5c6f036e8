package emulator

import (
	"errors"
	"io/fs"
	"mime"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// ParseCommand reads a CHAT_INPUT command as a user types it into the
// client's message box, and returns inv with Command, Type and Options
// filled in:
//
//	/greet name:Ada
//	/mod user ban user:@eve reason:"spam, twice"
//	/poll size:Large channel:#general
//
// Names may be the defaults or their localizations in inv.Locale (with the
// client's fallbacks). Values are read by the type of their option: whole
// and decimal numbers, true or false, a choice by its value or by the name
// the client shows, a user as @name (username, display name or nickname),
// <@id> or an id, a role as @name, <@&id> or an id, a channel as #name,
// <#id> or an id, and an attachment as the path of a local file. Quotes
// keep spaces in a value; inside them, \" and \\ stand for " and \.
//
// Everything is resolved where inv says the command is used (inv.Guild, or
// the bot's direct messages), so the result is ready for Invoke. A line
// that names no command or option, or a value its option cannot take, is
// an *InvocationError.
func (s *Server) ParseCommand(inv Invocation, line string) (Invocation, error) {
	return s.parseTyped(inv, line, false)
}

// ParsePartial reads a command being typed, for Autocomplete: as
// ParseCommand, except that the last option of the line is the one the
// user is typing into. It becomes inv.Focused, and its value is kept as
// typed so far (possibly empty, as in "/weather city:").
func (s *Server) ParsePartial(inv Invocation, line string) (Invocation, error) {
	return s.parseTyped(inv, line, true)
}

func (s *Server) parseTyped(inv Invocation, line string, partial bool) (Invocation, error) {
	inv, err := s.parseLocked(inv, line, partial)
	if err != nil {
		return inv, err
	}
	// Files are read after the state's lock is let go: a slow disk
	// holds up no request to the service.
	for i, a := range inv.Options {
		if f, ok := a.Value.(localFile); ok {
			att, err := f.attachment(inv.Files)
			if err != nil {
				return inv, err
			}
			inv.Options[i].Value = att
		}
	}
	return inv, nil
}

// parseLocked does what parseTyped does under the state's lock, leaving
// attachments as the localFile to upload.
func (s *Server) parseLocked(inv Invocation, line string, partial bool) (Invocation, error) {
	words, open, err := splitTyped(line)
	if err != nil {
		return inv, err
	}
	if open && !partial {
		// While typing, a quote not yet closed is a value being
		// written; a command sent so is more likely a slip.
		return inv, refuse(ErrInvalidInput, "a quote is not closed")
	}
	if len(words) == 0 || !strings.HasPrefix(words[0].text, "/") || len(words[0].text) == 1 {
		return inv, refuse(ErrInvalidInput, "a command starts with / and its name, as in /command option:value")
	}
	if inv.Locale == "" {
		inv.Locale = interaction.LocaleEnglishUS
	}

	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	var g *guild
	if inv.Guild != 0 {
		if g = s.st.guilds[inv.Guild]; g == nil {
			return inv, refuse(ErrUnknownTarget, "no guild "+inv.Guild.String())
		}
	}
	typedName := strings.TrimPrefix(words[0].text, "/")
	// The line is read against the command of the application it goes
	// to: inv.Application's, or the one application that has it.
	named := inv
	named.Command, named.Type = typedName, interaction.CommandChatInput
	app, ierr := s.invoked(named)
	if ierr != nil {
		return inv, ierr
	}
	defer s.st.actFor(app)()
	t := typing{s: s, g: g, locale: inv.Locale}

	cmd := t.command(typedName)
	if cmd == nil {
		return inv, refuse(ErrUnknownCommand, "no command /"+typedName+t.where()+t.commandNames(inv))
	}
	path, defs := []string{cmd.Name}, cmd.Options
	rest := words[1:]
	for len(rest) > 0 && !rest[0].option {
		sub := t.option(defs, rest[0].text)
		if sub == nil || (sub.Type != interaction.OptionSubCommand && sub.Type != interaction.OptionSubCommandGroup) {
			return inv, refuse(ErrInvalidInput, strconv.Quote(rest[0].text)+" is no subcommand of /"+strings.Join(path, " ")+"; options are written name:value")
		}
		path, defs, rest = append(path, sub.Name), sub.Options, rest[1:]
	}

	inv.Command = strings.Join(path, " ")
	inv.Type = interaction.CommandChatInput
	inv.Options = nil
	inv.Focused = ""
	for i, w := range rest {
		if !w.option {
			return inv, refuse(ErrInvalidInput, "unexpected "+strconv.Quote(w.text)+" after the options; options are written name:value")
		}
		def := t.option(defs, w.name)
		if def == nil || def.Type == interaction.OptionSubCommand || def.Type == interaction.OptionSubCommandGroup {
			return inv, refuse(ErrInvalidInput, "/"+inv.Command+" has no option "+strconv.Quote(w.name)+t.optionNames(defs))
		}
		if partial && i == len(rest)-1 {
			inv.Focused = def.Name
			inv.Options = append(inv.Options, Arg{Name: def.Name, Value: w.text})
			break
		}
		v, err := t.value(def, w.text)
		if err != nil {
			return inv, err
		}
		inv.Options = append(inv.Options, Arg{Name: def.Name, Value: v})
	}
	if partial && inv.Focused == "" {
		return inv, refuse(ErrInvalidInput, "autocomplete needs an option being typed, as in /command option:partial")
	}
	return inv, nil
}

// typedWord is a word of a typed command: a name in its path, or an option
// written name:value.
type typedWord struct {
	option bool
	name   string // the option's name
	text   string // the path name, or the option's value without quotes
}

// splitTyped splits a typed command into words at spaces outside quotes,
// and reports whether the line ends inside a quote. An unclosed quote runs
// to the end of the line, as it does while the user
// is still typing.
func splitTyped(line string) (words []typedWord, open bool, err error) {
	var b strings.Builder
	for i := 0; i < len(line); {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i == len(line) {
			break
		}
		b.Reset()
		w := typedWord{}
		quoted := false
		for ; i < len(line); i++ {
			c := line[i]
			switch {
			case quoted && c == '\\' && i+1 < len(line) && (line[i+1] == '"' || line[i+1] == '\\'):
				i++
				b.WriteByte(line[i])
				continue
			case c == '"':
				quoted = !quoted
				continue
			case !quoted && (c == ' ' || c == '\t'):
			case !quoted && c == ':' && !w.option && len(words) > 0:
				w.option, w.name = true, b.String()
				b.Reset()
				continue
			default:
				b.WriteByte(c)
				continue
			}
			break
		}
		w.text = b.String()
		if w.option && w.name == "" {
			return nil, false, refuse(ErrInvalidInput, "an option needs its name before the colon, as in name:"+w.text)
		}
		words = append(words, w)
		open = quoted
	}
	return words, open, nil
}

// typing resolves what a user typed where the command is used. Its
// methods run under s.st.mu.
type typing struct {
	s      *Server
	g      *guild // nil in the bot's direct messages
	locale interaction.Locale
}

func (t typing) where() string {
	if t.g == nil {
		return " in the bot's direct messages"
	}
	return " in guild " + strconv.Quote(t.g.name)
}

// names reports whether typed is the name the user sees in their locale
// (with the client's fallback) or the default name.
func (t typing) names(name string, locs command.Localizations, typed string) bool {
	return strings.EqualFold(typed, name) || strings.EqualFold(typed, t.locale.Localized(locs, name))
}

// command finds the CHAT_INPUT command a typed name reaches: the guild's
// own first, then the global one, as the client lists them.
func (t typing) command(typed string) *command.Command {
	scopes := []interaction.Snowflake{0}
	ctx := interaction.ContextBotDM
	if t.g != nil {
		ctx = interaction.ContextGuild
		if t.g.installed[t.s.st.app.id] {
			scopes = []interaction.Snowflake{t.g.id, 0}
		}
	}
	for _, scope := range scopes {
		for _, c := range t.s.st.app.commands[scope] {
			if c.CommandType() != interaction.CommandChatInput || !t.names(c.Name, c.NameLocalizations, typed) {
				continue
			}
			// The client lists a global command only where it is
			// offered; Invoke makes the rest of the checks.
			if scope == 0 && !allowedIn(c, ctx) {
				continue
			}
			return c
		}
	}
	return nil
}

func (t typing) option(defs []command.Option, typed string) *command.Option {
	for i := range defs {
		if t.names(defs[i].Name, defs[i].NameLocalizations, typed) {
			return &defs[i]
		}
	}
	return nil
}

// commandNames lists the CHAT_INPUT commands the user could have meant:
// those the client offers them there, by the names they see.
func (t typing) commandNames(inv Invocation) string {
	if inv.User == 0 {
		inv.User = t.s.Member
	}
	offered, err := t.s.offeredLocked(inv)
	if err != nil {
		return ""
	}
	var names []string
	for _, c := range offered {
		name := "/" + t.locale.Localized(c.NameLocalizations, c.Name)
		if c.CommandType() == interaction.CommandChatInput && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return "; none is offered here"
	}
	slices.Sort(names)
	return "; there are " + strings.Join(names, ", ")
}

// optionNames lists the options the user could have meant.
func (t typing) optionNames(defs []command.Option) string {
	var names []string
	for _, d := range defs {
		if d.Type != interaction.OptionSubCommand && d.Type != interaction.OptionSubCommandGroup {
			names = append(names, d.Name)
		}
	}
	if len(names) == 0 {
		return "; it takes none"
	}
	return "; it takes " + strings.Join(names, ", ")
}

// value reads a typed value as its option's type, as the client's pickers
// do. Checks of bounds and lengths are left to Invoke, which makes them
// for every invocation.
func (t typing) value(def *command.Option, text string) (any, *InvocationError) {
	if len(def.Choices) > 0 {
		if v, ok := t.choice(def, text); ok {
			return v, nil
		}
	}
	switch def.Type {
	case interaction.OptionString:
		return text, nil
	case interaction.OptionInteger:
		i, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return nil, invalid("option %q takes a whole number, not %q", def.Name, text)
		}
		return i, nil
	case interaction.OptionNumber:
		f, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return nil, invalid("option %q takes a number, not %q", def.Name, text)
		}
		return f, nil
	case interaction.OptionBoolean:
		switch strings.ToLower(text) {
		case "true", "yes":
			return true, nil
		case "false", "no":
			return false, nil
		}
		return nil, invalid("option %q takes true or false, not %q", def.Name, text)
	case interaction.OptionUser:
		return t.user(def, text)
	case interaction.OptionRole:
		return t.role(def, text)
	case interaction.OptionMentionable:
		if id, err := t.user(def, text); err == nil {
			return id, nil
		}
		if id, err := t.role(def, text); err == nil {
			return id, nil
		}
		return nil, invalid("%sno user or role %s%s", about(def), text, t.where())
	case interaction.OptionChannel:
		return t.channel(def, text)
	case interaction.OptionAttachment:
		return localFile{option: def.Name, path: text}, nil
	}
	return nil, invalid("option %q has type %v, which takes no value", def.Name, def.Type)
}

// choice finds the choice a typed value picks: by its value, or by the
// name the client shows for it.
func (t typing) choice(def *command.Option, text string) (any, bool) {
	for _, c := range def.Choices {
		if c.Value.Text() == text {
			return choiceValue(c.Value), true
		}
	}
	for _, c := range def.Choices {
		if t.names(c.Name, c.NameLocalizations, text) {
			return choiceValue(c.Value), true
		}
	}
	return nil, false
}

func choiceValue(v interaction.Value) any {
	if s, ok := v.Str(); ok {
		return s
	}
	if i, ok := v.Int(); ok {
		return i
	}
	f, _ := v.Float()
	return f
}

// about names the option a value was typed into, to begin an error.
func about(def *command.Option) string {
	if def.Name == "" {
		return ""
	}
	return "option " + strconv.Quote(def.Name) + ": "
}

// mentionID reads <prefix id> or a bare id.
func mentionID(text string, prefixes ...string) (interaction.Snowflake, bool) {
	for _, p := range prefixes {
		if strings.HasPrefix(text, p) && strings.HasSuffix(text, ">") {
			text = text[len(p) : len(text)-1]
			break
		}
	}
	id, err := interaction.ParseSnowflake(text)
	return id, err == nil && id != 0
}

func (t typing) user(def *command.Option, text string) (any, *InvocationError) {
	if id, ok := mentionID(text, "<@!", "<@"); ok {
		return id, nil
	}
	name := strings.TrimPrefix(text, "@")
	var found []interaction.Snowflake
	for id, u := range t.s.st.users {
		match := strings.EqualFold(u.Username, name) || strings.EqualFold(u.GlobalName, name)
		if t.g != nil {
			m := t.g.members[id]
			if m == nil {
				continue // the client offers the guild's members
			}
			match = match || strings.EqualFold(m.Nick, name)
		}
		if match {
			found = append(found, id)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return nil, invalid("%sno user %s%s", about(def), text, t.where())
	}
	return nil, invalid("%s%s is %d users; give an id as <@id>", about(def), text, len(found))
}

func (t typing) role(def *command.Option, text string) (any, *InvocationError) {
	if id, ok := mentionID(text, "<@&"); ok {
		return id, nil
	}
	if t.g == nil {
		return nil, invalid("%sthere are no roles%s", about(def), t.where())
	}
	name := strings.TrimPrefix(text, "@")
	for id, r := range t.g.roles {
		if strings.EqualFold(strings.TrimPrefix(r.Name, "@"), name) {
			return id, nil
		}
	}
	return nil, invalid("%sno role %s%s", about(def), text, t.where())
}

func (t typing) channel(def *command.Option, text string) (any, *InvocationError) {
	if id, ok := mentionID(text, "<#"); ok {
		return id, nil
	}
	if t.g != nil {
		if c := channelNamed(t.g, strings.TrimPrefix(text, "#")); c != nil {
			return c.ID, nil
		}
	}
	return nil, invalid("%sno channel %s%s", about(def), text, t.where())
}

// localFile is a file typed into an ATTACHMENT option, to upload.
type localFile struct {
	option, path string
}

// attachment makes the attachment of the file, as the client uploads it,
// found in files first, then on the process's file system.
func (f localFile) attachment(files fs.FS) (interaction.Attachment, *InvocationError) {
	var fi fs.FileInfo
	err := fs.ErrNotExist
	if files != nil && fs.ValidPath(f.path) {
		fi, err = fs.Stat(files, f.path)
	}
	if errors.Is(err, fs.ErrNotExist) {
		fi, err = os.Stat(f.path)
	}
	if err != nil {
		return interaction.Attachment{}, invalid("option %q takes the path of a file to upload: %v", f.option, err)
	}
	if !fi.Mode().IsRegular() {
		return interaction.Attachment{}, invalid("option %q takes the path of a file to upload: %s is not a file", f.option, f.path)
	}
	return interaction.Attachment{
		Filename:    filepath.Base(f.path),
		Size:        fi.Size(),
		ContentType: mime.TypeByExtension(filepath.Ext(f.path)),
	}, nil
}

// FindUser resolves a user as the client's pickers do: @name (username,
// display name, or nickname in guild), <@id>, or an id. With guild zero
// every user the emulator knows is considered; otherwise the guild's
// members.
func (s *Server) FindUser(guild interaction.Snowflake, text string) (interaction.Snowflake, error) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	t := typing{s: s, g: s.st.guilds[guild]}
	if guild != 0 && t.g == nil {
		return 0, refuse(ErrUnknownTarget, "no guild "+guild.String())
	}
	id, err := t.user(&command.Option{}, text)
	if err != nil {
		reason := err.Reason
		if guild == 0 {
			reason = strings.TrimSuffix(reason, t.where())
		}
		return 0, refuse(ErrUnknownTarget, reason+"; there are "+t.userNames())
	}
	uid := id.(interaction.Snowflake)
	if _, ok := s.st.users[uid]; !ok || (t.g != nil && t.g.members[uid] == nil) {
		// A mention or an id names anyone; the picker offers the
		// guild's members.
		return 0, refuse(ErrUnknownTarget, "no user "+text+t.where()+"; there are "+t.userNames())
	}
	return uid, nil
}

// FindChannel resolves a channel of guild as the client's pickers do:
// #name, <#id>, or an id.
func (s *Server) FindChannel(guild interaction.Snowflake, text string) (interaction.Snowflake, error) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	t := typing{s: s, g: s.st.guilds[guild]}
	if t.g == nil {
		return 0, refuse(ErrUnknownTarget, "no guild "+guild.String())
	}
	id, err := t.channel(&command.Option{}, text)
	if err != nil {
		return 0, refuse(ErrUnknownTarget, err.Reason+"; there are "+t.channelNames())
	}
	if t.g.channels[id.(interaction.Snowflake)] == nil {
		return 0, refuse(ErrUnknownTarget, "no channel "+text+t.where())
	}
	return id.(interaction.Snowflake), nil
}

// User returns the user with id.
func (s *Server) User(id interaction.Snowflake) (interaction.User, bool) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	u, ok := s.st.users[id]
	if !ok {
		return interaction.User{}, false
	}
	return *u, true
}

// Channel returns the channel with id in guild.
func (s *Server) Channel(guild, id interaction.Snowflake) (interaction.Channel, bool) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	g := s.st.guilds[guild]
	if g == nil || g.channels[id] == nil {
		return interaction.Channel{}, false
	}
	return *g.channels[id], true
}

// userNames lists the users a picker offers: the guild's members, or
// everyone.
func (t typing) userNames() string {
	var names []string
	for id, u := range t.s.st.users {
		if t.g == nil || t.g.members[id] != nil {
			names = append(names, "@"+u.Username)
		}
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// roleNames lists the guild's roles.
func (t typing) roleNames() string {
	var names []string
	for _, r := range t.g.roles {
		names = append(names, "@"+strings.TrimPrefix(r.Name, "@"))
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// channelNames lists the guild's channels.
func (t typing) channelNames() string {
	var names []string
	for _, c := range t.g.channels {
		names = append(names, "#"+c.Name)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// FindRole resolves a role of guild as the client's pickers do: @name,
// <@&id>, or an id.
func (s *Server) FindRole(guild interaction.Snowflake, text string) (interaction.Snowflake, error) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	t := typing{s: s, g: s.st.guilds[guild]}
	if t.g == nil {
		return 0, refuse(ErrUnknownTarget, "no guild "+guild.String())
	}
	id, err := t.role(&command.Option{}, text)
	if err != nil {
		return 0, refuse(ErrUnknownTarget, err.Reason+"; there are "+t.roleNames())
	}
	if t.g.roles[id.(interaction.Snowflake)] == nil {
		return 0, refuse(ErrUnknownTarget, "no role "+text+t.where()+"; there are "+t.roleNames())
	}
	return id.(interaction.Snowflake), nil
}
