package playground

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// offer is what the prompt offers for a line.
type offer struct {
	hint   string // shown after the line
	accept string // what Tab puts in the line's place
	// pick is set when the suggestion Tab takes stands for a value the
	// bot receives in place of the name the line shows.
	pick *pick
}

// pick is a suggestion taken whose value is not the name shown for it: as
// the client does, the line shows the name and the bot receives the value.
type pick struct {
	shown string // the option as the line has it, name:Shown
	sent  string // the option as it is sent, name:value
}

// suggestions works out what to offer for a line: the commands, options or
// values that may follow, and the line with the first in place.
func (e *editor) suggestions(line string) offer {
	prefix := ""
	if rest, ok := strings.CutPrefix(line, "complete "); ok {
		prefix, line = "complete ", rest
	}
	if !strings.HasPrefix(line, "/") {
		return offer{}
	}
	if !strings.ContainsAny(line, " ") {
		return e.suggestCommands(prefix, line[1:])
	}
	last := lastWord(line)
	if !strings.Contains(last, ":") {
		return e.suggestOptions(prefix, line, last)
	}
	return e.suggestValues(prefix, line, last)
}

// splitWords splits a line at spaces outside quotes, keeping each word
// as typed, quotes and all.
func splitWords(line string) []string {
	var words []string
	start, quoted := -1, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		if !quoted && (c == ' ' || c == '\t') {
			if start >= 0 {
				words = append(words, line[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
		switch {
		case quoted && c == '\\':
			i++ // an escaped quote or backslash
		case c == '"':
			quoted = !quoted
		}
	}
	if start >= 0 {
		words = append(words, line[start:])
	}
	return words
}

// lastWord is the word a line ends with: after its last space outside
// quotes, so that a quoted value being typed, spaces and all, is one word.
func lastWord(line string) string {
	start, quoted := 0, false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case quoted && c == '\\':
			i++ // an escaped quote or backslash
		case c == '"':
			quoted = !quoted
		case !quoted && c == ' ':
			start = i + 1
		}
	}
	return line[start:]
}

// suggestCommands offers the commands whose names begin with typed.
func (e *editor) suggestCommands(prefix, typed string) offer {
	var names []string
	for _, c := range e.commands() {
		if c.CommandType() == interaction.CommandChatInput && strings.HasPrefix(c.Name, strings.ToLower(typed)) {
			names = append(names, c.Name)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	if len(names) == 0 {
		return offer{hint: "no command starts with /" + typed}
	}
	return offer{hint: "/" + strings.Join(names, " · /"), accept: prefix + "/" + names[0] + " "}
}

// suggestOptions offers the subcommands or options that can follow.
func (e *editor) suggestOptions(prefix, line, typed string) offer {
	words := strings.Fields(strings.TrimPrefix(line, "/"))
	if !strings.HasSuffix(line, " ") {
		words = words[:len(words)-1]
	} else {
		typed = ""
	}
	// The path is the names before the first option.
	path := words
	if i := slices.IndexFunc(words, func(w string) bool { return strings.Contains(w, ":") }); i >= 0 {
		path = words[:i]
	}
	defs, ok := e.optionsAt(path)
	if !ok {
		return offer{}
	}
	var names []string
	for _, o := range defs {
		if !strings.HasPrefix(o.Name, typed) {
			continue
		}
		switch o.Type {
		case interaction.OptionSubCommand, interaction.OptionSubCommandGroup:
			names = append(names, o.Name)
		default:
			if !strings.Contains(line, " "+o.Name+":") {
				names = append(names, o.Name+":")
			}
		}
	}
	if len(names) == 0 {
		return offer{}
	}
	accept := prefix + strings.TrimSuffix(line, typed) + names[0]
	if !strings.HasSuffix(names[0], ":") {
		accept += " "
	}
	return offer{hint: strings.Join(names, " · "), accept: accept}
}

// suggestValues offers what an option's value may be: the bot's
// autocomplete answers, the option's choices, or the users a picker
// lists. Each is shown, and put in the line, by the name the client shows
// for it: the typed-command parser reads a choice by that name as well as
// by its value, and an autocomplete answer taken is remembered as a pick,
// for the line to send its value.
func (e *editor) suggestValues(prefix, line, last string) offer {
	s := e.s
	inv, err := s.emu.ParsePartial(s.invocation(), sent(line, e.picks))
	if err != nil {
		return offer{}
	}
	def := e.option(inv)
	if def == nil {
		return offer{}
	}
	option := last[:strings.Index(last, ":")+1]
	typed := strings.Trim(strings.TrimPrefix(last, option), `"`)
	var choices []interaction.Choice
	switch {
	case def.Autocomplete:
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		res, err := s.emu.Autocomplete(ctx, inv)
		cancel()
		if err != nil {
			return offer{hint: explain(err)}
		}
		if !res.OK() {
			return offer{hint: "the bot's suggestions are refused: " + strings.Join(res.Violations, "; ")}
		}
		choices = res.Answer.Choices
	case len(def.Choices) > 0:
		for _, c := range def.Choices {
			if strings.HasPrefix(strings.ToLower(localized(c, s.locale)), strings.ToLower(typed)) {
				choices = append(choices, c)
			}
		}
	case def.Type == interaction.OptionBoolean:
		choices = []interaction.Choice{interaction.StringChoice("true", "true"), interaction.StringChoice("false", "false")}
	case def.Type == interaction.OptionUser || def.Type == interaction.OptionMentionable:
		for _, u := range e.users(strings.TrimPrefix(typed, "@")) {
			choices = append(choices, interaction.StringChoice("@"+u.Username, "@"+u.Username))
		}
	default:
		return offer{}
	}
	if len(choices) == 0 {
		return offer{hint: "no suggestions"}
	}
	var names []string
	for _, c := range choices {
		names = append(names, localized(c, s.locale))
	}
	before := prefix + strings.TrimSuffix(line, last)
	o := offer{hint: strings.Join(names, " · "), accept: before + option + quoteValue(names[0]) + " "}
	if value := choices[0].Value.Text(); def.Autocomplete && value != names[0] {
		o.pick = &pick{shown: option + quoteValue(names[0]), sent: option + quoteValue(value)}
	}
	return o
}

// quoteValue writes a value as the typed-command parser reads it: as it
// is, or in quotes when it holds a space or a quote, with \\ and \" for its
// backslashes and quotes.
func quoteValue(v string) string {
	if !strings.ContainsAny(v, " \t\"") {
		return v
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
}

// users are the users a picker offers where the session types, whose
// username or display name begins with typed, by username.
func (e *editor) users(typed string) []interaction.User {
	s := e.s
	if e.people == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		e.people = s.people(ctx)
		cancel()
	}
	var out []interaction.User
	for _, id := range e.people {
		u, ok := s.emu.User(id)
		if !ok {
			continue
		}
		if _, err := s.emu.FindUser(s.guild, id.String()); err != nil {
			continue // not a member of the guild
		}
		for _, name := range []string{u.Username, u.GlobalName} {
			if name != "" && strings.HasPrefix(strings.ToLower(name), strings.ToLower(typed)) {
				out = append(out, u)
				break
			}
		}
	}
	slices.SortFunc(out, func(a, b interaction.User) int { return strings.Compare(a.Username, b.Username) })
	return out
}

// sent is the line with the values of the suggestions picked in place of
// their names, as the client sends it.
func sent(line string, picks []pick) string {
	if len(picks) == 0 {
		return line
	}
	words := splitWords(line)
	for i, w := range words {
		for _, p := range picks {
			if w == p.shown {
				words[i] = p.sent
				break
			}
		}
	}
	return strings.Join(words, " ")
}

// localized is the name of a choice the client shows in locale l: its
// own translation, the fallback locale's, or the default.
func localized(c interaction.Choice, l interaction.Locale) string {
	return l.Localized(c.NameLocalizations, c.Name)
}

// commands are the bot's declared commands, in every scope.
func (e *editor) commands() []command.Command {
	defs := e.s.mux.Definitions()
	return append(defs.Commands(command.Global), defs.Commands(command.InGuild(e.s.emu.GuildID))...)
}

// optionsAt follows a path of names to the options under it.
func (e *editor) optionsAt(path []string) ([]command.Option, bool) {
	if len(path) == 0 {
		return nil, false
	}
	for _, c := range e.commands() {
		if c.CommandType() != interaction.CommandChatInput || c.Name != path[0] {
			continue
		}
		defs := c.Options
		for _, name := range path[1:] {
			i := slices.IndexFunc(defs, func(o command.Option) bool { return o.Name == name })
			if i < 0 {
				return nil, false
			}
			defs = defs[i].Options
		}
		return defs, true
	}
	return nil, false
}

// option is the definition of the focused option of inv.
func (e *editor) option(inv emulator.Invocation) *command.Option {
	defs, ok := e.optionsAt(strings.Fields(inv.Command))
	if !ok {
		return nil
	}
	i := slices.IndexFunc(defs, func(o command.Option) bool { return o.Name == inv.Focused })
	if i < 0 {
		return nil
	}
	return &defs[i]
}
