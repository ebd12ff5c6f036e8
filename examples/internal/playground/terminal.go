package playground

import (
	"context"
	"errors"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/registry"
)

// prompt reads lines at a terminal, in raw mode so that suggestions can
// follow each key, until Ctrl-D on an empty line, Ctrl-C, or ctx ends.
func (s *Session) prompt(ctx context.Context, tty *os.File) error {
	s.out.note("type a command (help lists what you can do; Tab takes a suggestion; Ctrl-D ends)")
	fd := int(tty.Fd())
	old, err := term.MakeRaw(fd)
	if err != nil {
		return s.RunScript(ctx, tty) // not a terminal after all: read it as a script
	}
	defer term.Restore(fd, old)

	ed := &editor{s: s}
	s.out.mu.Lock()
	s.out.raw, s.out.input = true, ed.render
	s.out.mu.Unlock()
	defer func() {
		s.out.mu.Lock()
		s.out.raw, s.out.input = false, nil
		io.WriteString(s.out.w, "\r\n")
		s.out.mu.Unlock()
	}()
	s.out.redraw()

	keys := make(chan []byte)
	go func() {
		buf := make([]byte, 64)
		for {
			n, err := tty.Read(buf)
			if err != nil || n == 0 {
				close(keys)
				return
			}
			select {
			case keys <- append([]byte(nil), buf[:n]...):
			case <-ctx.Done():
				return
			}
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return nil
		case b, ok := <-keys:
			if !ok {
				return nil
			}
			line, err := ed.keys(b)
			if errors.Is(err, io.EOF) {
				return nil
			}
			if line != "" {
				s.out.typed(s.promptText(), line)
				s.Do(ctx, line)
				s.out.redraw()
			}
		}
	}
}

// editor is the line being typed, and the suggestions for it.
type editor struct {
	s       *Session
	buf     []rune
	hint    string
	accept  string // what Tab puts in place of the word being typed
	history []string
	back    int // how far back in history Up has gone
	pending []byte
}

// keys applies the keys pressed; it returns a line when Enter ends one,
// and io.EOF when the person is done.
func (e *editor) keys(b []byte) (string, error) {
	b = append(e.pending, b...)
	e.pending = nil
	for len(b) > 0 {
		switch c := b[0]; {
		case c == 3: // Ctrl-C
			return "", io.EOF
		case c == 4: // Ctrl-D: the end on an empty line
			if len(e.buf) == 0 {
				return "", io.EOF
			}
			b = b[1:]
		case c == '\r' || c == '\n':
			line := strings.TrimSpace(string(e.buf))
			e.buf, e.hint, e.accept, e.back = nil, "", "", 0
			if line != "" {
				e.history = append(e.history, line)
			}
			return line, nil
		case c == 127 || c == 8: // Backspace
			if len(e.buf) > 0 {
				e.buf = e.buf[:len(e.buf)-1]
			}
			b = b[1:]
		case c == 21: // Ctrl-U
			e.buf = nil
			b = b[1:]
		case c == 23: // Ctrl-W
			e.buf = []rune(strings.TrimRightFunc(string(e.buf), unicode.IsSpace))
			for len(e.buf) > 0 && !unicode.IsSpace(e.buf[len(e.buf)-1]) {
				e.buf = e.buf[:len(e.buf)-1]
			}
			b = b[1:]
		case c == '\t':
			if e.accept != "" {
				e.buf = []rune(e.accept)
			}
			b = b[1:]
		case c == 0x1b: // an escape sequence: Up and Down walk the history
			if len(b) < 3 {
				e.pending = b
				return "", nil
			}
			switch string(b[1:3]) {
			case "[A":
				if e.back < len(e.history) {
					e.back++
					e.buf = []rune(e.history[len(e.history)-e.back])
				}
			case "[B":
				if e.back > 0 {
					e.back--
					e.buf = nil
					if e.back > 0 {
						e.buf = []rune(e.history[len(e.history)-e.back])
					}
				}
			}
			b = b[3:]
		case c < 0x20:
			b = b[1:]
		default:
			r, n := utf8.DecodeRune(b)
			if r == utf8.RuneError && n < 2 && !utf8.FullRune(b) {
				e.pending = b
				return "", nil
			}
			e.buf = append(e.buf, r)
			b = b[n:]
		}
	}
	e.suggest()
	e.s.out.redraw()
	return "", nil
}

// render is the prompt line as drawn: the prompt, the input, and the
// suggestion after it, with the cursor put back at the end of the input.
func (e *editor) render() string {
	p := e.s.out
	line := p.style(dim, e.s.promptText()+" › ") + string(e.buf)
	if e.hint == "" {
		return line
	}
	hint := "   " + e.hint
	if w, _, err := term.GetSize(int(os.Stdout.Fd())); err == nil && w > 0 {
		room := w - len([]rune(e.s.promptText()+" › "+string(e.buf))) - 1
		if r := []rune(hint); len(r) > room {
			if room < 4 {
				return line
			}
			hint = string(r[:room-1]) + "…"
		}
	}
	return line + p.style(cyan, hint) + "\x1b[" + strconv.Itoa(len([]rune(hint))) + "D"
}

// suggest works out what to offer for the line as typed so far.
func (e *editor) suggest() {
	e.hint, e.accept = "", ""
	line := string(e.buf)
	prefix := ""
	if rest, ok := strings.CutPrefix(line, "complete "); ok {
		prefix, line = "complete ", rest
	}
	if !strings.HasPrefix(line, "/") {
		return
	}
	if !strings.ContainsAny(line, " ") {
		e.suggestCommands(prefix, line[1:])
		return
	}
	last := line[strings.LastIndexAny(line, " ")+1:]
	if !strings.Contains(last, ":") {
		e.suggestOptions(prefix, line, last)
		return
	}
	e.suggestValues(prefix, line, last)
}

func (e *editor) suggestCommands(prefix, typed string) {
	var names []string
	for _, c := range e.commands() {
		if c.CommandType() == interaction.CommandChatInput && strings.HasPrefix(c.Name, strings.ToLower(typed)) {
			names = append(names, c.Name)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	if len(names) == 0 {
		e.hint = "no command starts with /" + typed
		return
	}
	e.hint = "/" + strings.Join(names, " · /")
	e.accept = prefix + "/" + names[0] + " "
}

// suggestOptions offers the subcommands or options that can follow.
func (e *editor) suggestOptions(prefix, line, typed string) {
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
		return
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
		return
	}
	e.hint = strings.Join(names, " · ")
	e.accept = prefix + strings.TrimSuffix(line, typed) + names[0]
	if !strings.HasSuffix(names[0], ":") {
		e.accept += " "
	}
}

// suggestValues offers what an option's value may be: the bot's
// autocomplete answers, or the option's choices.
func (e *editor) suggestValues(prefix, line, last string) {
	s := e.s
	inv, err := s.emu.ParsePartial(s.invocation(), line)
	if err != nil {
		return
	}
	def := e.option(inv)
	if def == nil {
		return
	}
	typed := strings.Trim(last[strings.Index(last, ":")+1:], `"`)
	var choices []interaction.Choice
	switch {
	case def.Autocomplete:
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		res, err := s.emu.Autocomplete(ctx, inv)
		cancel()
		if err != nil {
			e.hint = explain(err)
			return
		}
		if !res.OK() {
			e.hint = "the bot's suggestions are refused: " + strings.Join(res.Violations, "; ")
			return
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
		return
	}
	if len(choices) == 0 {
		e.hint = "no suggestions"
		return
	}
	var names []string
	for _, c := range choices {
		names = append(names, localized(c, s.locale))
	}
	e.hint = strings.Join(names, " · ")
	value := choices[0].Value.Text()
	if strings.ContainsAny(value, " \"") {
		value = `"` + strings.ReplaceAll(value, `"`, `\"`) + `"`
	}
	e.accept = prefix + strings.TrimSuffix(line, last) + last[:strings.Index(last, ":")+1] + value + " "
}

// localized is the name of a choice the client shows in locale l: its
// own translation, the fallback locale's, or the default.
func localized(c interaction.Choice, l interaction.Locale) string {
	if n, ok := c.NameLocalizations[l]; ok {
		return n
	}
	if fb, ok := l.Fallback(); ok {
		if n, ok := c.NameLocalizations[fb]; ok {
			return n
		}
	}
	return c.Name
}

// commands are the bot's declared commands, in every scope.
func (e *editor) commands() []registry.Command {
	defs := e.s.mux.Definitions()
	return append(defs.Commands(registry.Global), defs.Commands(registry.InGuild(e.s.emu.GuildID))...)
}

// optionsAt follows a path of names to the options under it.
func (e *editor) optionsAt(path []string) ([]registry.Option, bool) {
	if len(path) == 0 {
		return nil, false
	}
	for _, c := range e.commands() {
		if c.CommandType() != interaction.CommandChatInput || c.Name != path[0] {
			continue
		}
		defs := c.Options
		for _, name := range path[1:] {
			i := slices.IndexFunc(defs, func(o registry.Option) bool { return o.Name == name })
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
func (e *editor) option(inv emulator.Invocation) *registry.Option {
	defs, ok := e.optionsAt(strings.Fields(inv.Command))
	if !ok {
		return nil
	}
	i := slices.IndexFunc(defs, func(o registry.Option) bool { return o.Name == inv.Focused })
	if i < 0 {
		return nil
	}
	return &defs[i]
}
