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

// suggestions works out what to offer for a line: the commands, options or
// values that may follow, and the line with the first in place.
func (e *editor) suggestions(line string) (hint, accept string) {
	prefix := ""
	if rest, ok := strings.CutPrefix(line, "complete "); ok {
		prefix, line = "complete ", rest
	}
	if !strings.HasPrefix(line, "/") {
		return "", ""
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
func (e *editor) suggestCommands(prefix, typed string) (hint, accept string) {
	var names []string
	for _, c := range e.commands() {
		if c.CommandType() == interaction.CommandChatInput && strings.HasPrefix(c.Name, strings.ToLower(typed)) {
			names = append(names, c.Name)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	if len(names) == 0 {
		return "no command starts with /" + typed, ""
	}
	return "/" + strings.Join(names, " · /"), prefix + "/" + names[0] + " "
}

// suggestOptions offers the subcommands or options that can follow.
func (e *editor) suggestOptions(prefix, line, typed string) (hint, accept string) {
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
		return "", ""
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
		return "", ""
	}
	accept = prefix + strings.TrimSuffix(line, typed) + names[0]
	if !strings.HasSuffix(names[0], ":") {
		accept += " "
	}
	return strings.Join(names, " · "), accept
}

// suggestValues offers what an option's value may be: the bot's
// autocomplete answers, or the option's choices.
func (e *editor) suggestValues(prefix, line, last string) (hint, accept string) {
	s := e.s
	inv, err := s.emu.ParsePartial(s.invocation(), line)
	if err != nil {
		return "", ""
	}
	def := e.option(inv)
	if def == nil {
		return "", ""
	}
	typed := strings.Trim(last[strings.Index(last, ":")+1:], `"`)
	var choices []interaction.Choice
	switch {
	case def.Autocomplete:
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		res, err := s.emu.Autocomplete(ctx, inv)
		cancel()
		if err != nil {
			return explain(err), ""
		}
		if !res.OK() {
			return "the bot's suggestions are refused: " + strings.Join(res.Violations, "; "), ""
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
	default:
		return "", ""
	}
	if len(choices) == 0 {
		return "no suggestions", ""
	}
	var names []string
	for _, c := range choices {
		names = append(names, localized(c, s.locale))
	}
	value := choices[0].Value.Text()
	if strings.ContainsAny(value, " \"") {
		value = `"` + strings.ReplaceAll(value, `"`, `\"`) + `"`
	}
	return strings.Join(names, " · "), prefix + strings.TrimSuffix(line, last) + last[:strings.Index(last, ":")+1] + value + " "
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
