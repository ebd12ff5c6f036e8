package playground

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"

	"github.com/rs/zerolog"
	"golang.org/x/term"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// printer writes what the person sees. Everything goes through it, so
// that notes from the watcher and the bot's log do not cut into a line
// being typed at the prompt.
type printer struct {
	mu    sync.Mutex
	w     io.Writer
	color bool
	// raw is set while the terminal is in raw mode, where a newline
	// does not return the carriage; input redraws the line being typed
	// after anything printed under it.
	raw   bool
	input func() string
	// lastComment is set when the last thing printed was a comment.
	lastComment bool
}

func newPrinter(w io.Writer, color bool) *printer { return &printer{w: w, color: color} }

func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Styles, used only on a terminal.
const (
	dim   = "\x1b[2m"
	bold  = "\x1b[1m"
	red   = "\x1b[31m"
	green = "\x1b[32m"
	cyan  = "\x1b[36m"
	reset = "\x1b[0m"
)

func (p *printer) style(s, text string) string {
	if !p.color || text == "" {
		return text
	}
	return s + text + reset
}

// print writes whole lines.
func (p *printer) print(text string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.write(text)
}

// write writes whole lines; the caller holds p.mu.
func (p *printer) write(text string) {
	if p.raw {
		io.WriteString(p.w, "\r\x1b[K")
		text = strings.ReplaceAll(text, "\n", "\r\n")
	}
	io.WriteString(p.w, text)
	p.lastComment = false
	if p.raw && p.input != nil {
		io.WriteString(p.w, p.input())
	}
}

// redraw draws the line being typed again.
func (p *printer) redraw() { p.print("") }

func (p *printer) note(format string, args ...any) {
	p.print(p.style(dim, "· "+fmt.Sprintf(format, args...)) + "\n")
}

// comment prints a line of narration; a blank line sets a comment apart
// from the answers before it, not from the comment lines it continues.
func (p *printer) comment(text string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	gap := "\n"
	if p.lastComment {
		gap = ""
	}
	p.write(gap + p.style(dim, "# "+text) + "\n")
	p.lastComment = true
}

// block prints text indented.
func (p *printer) block(text string) {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		b.WriteString("    " + line + "\n")
	}
	p.print(b.String())
}

func (p *printer) typed(prompt, line string) {
	p.print(p.style(dim, prompt+" › ") + p.style(bold, line) + "\n")
}

func (p *printer) refused(text string) {
	p.print("  " + p.style(red, "✗ "+text) + "\n")
}

// indented is a writer of indented lines, for a sync's progress.
func (p *printer) indented() io.Writer { return lineWriter{p} }

type lineWriter struct{ p *printer }

func (l lineWriter) Write(b []byte) (int, error) {
	l.p.block(string(b))
	return len(b), nil
}

// log is the bot endpoint's logger: warnings and errors, such as a handler
// that panicked, printed among the answers.
func (p *printer) log() zerolog.Logger {
	// A panic's stack would bury the prompt; its message and command say
	// where to look.
	return zerolog.New(zerolog.ConsoleWriter{Out: lineWriter{p}, NoColor: !p.color,
		PartsExclude: []string{zerolog.TimestampFieldName}, FieldsExclude: []string{"stack"}}).Level(zerolog.WarnLevel)
}

// result prints what came back from the bot.
func (p *printer) result(res *emulator.Result, locale interaction.Locale) {
	var b strings.Builder
	switch {
	case res.Launched:
		b.WriteString("  " + p.style(green, "the service launches the Activity itself; the bot is not asked") + "\n")
	case res.Status != http.StatusOK && res.Status != http.StatusAccepted:
		// 202 acknowledges the interaction; the answer came through the
		// callback endpoint, and res.Answer holds it.
		fmt.Fprintf(&b, "  %s\n", p.style(red, fmt.Sprintf("✗ the bot answered HTTP %d: %s", res.Status, strings.TrimSpace(string(res.RawAnswer)))))
	default:
		p.answer(&b, res.Answer, locale)
	}
	for _, v := range res.Violations {
		b.WriteString("  " + p.style(red, "! the service refuses this answer: "+v) + "\n")
	}
	p.print(b.String())
}

// answer prints an answer as the user sees it: suggestions by their names
// in the user's locale.
func (p *printer) answer(b *strings.Builder, a interaction.Response, locale interaction.Locale) {
	switch a.Type {
	case interaction.CallbackChannelMessageWithSource:
		p.message(b, "", a.Message)
	case interaction.CallbackDeferredChannelMessageWithSource:
		line := "bot is thinking…"
		if a.Message.Flags&interaction.FlagEphemeral != 0 {
			line += " (only you can see this)"
		}
		b.WriteString("  " + p.style(dim, line) + "\n")
	case interaction.CallbackAutocompleteResult:
		if len(a.Choices) == 0 {
			b.WriteString("  " + p.style(dim, "no suggestions") + "\n")
			return
		}
		var names []string
		for _, c := range a.Choices {
			name := localized(c, locale)
			if v := c.Value.Text(); v != name {
				name += p.style(dim, " ("+v+")")
			}
			names = append(names, name)
		}
		b.WriteString("  " + p.style(cyan, "suggestions: ") + strings.Join(names, " · ") + "\n")
	case interaction.CallbackUpdateMessage:
		p.message(b, "updates its message", a.Message)
	case interaction.CallbackDeferredUpdateMessage:
		b.WriteString("  " + p.style(dim, "bot acknowledges; the message may change") + "\n")
	case interaction.CallbackModal:
		p.modal(b, a.Modal)
	case interaction.CallbackLaunchActivity:
		b.WriteString("  " + p.style(green, "bot launches the Activity") + "\n")
	default:
		fmt.Fprintf(b, "  bot answers with callback type %v\n", a.Type)
	}
}

// message prints a message of the bot, with what kind of message it is.
func (p *printer) message(b *strings.Builder, kind string, m interaction.MessageData) {
	head := "bot › "
	if kind != "" {
		head = "bot (" + kind + ") › "
	}
	lines := strings.Split(m.Content, "\n")
	if m.Content == "" {
		lines = nil
	}
	for i, e := range m.Embeds {
		text := e.Title
		if e.Description != "" {
			text = strings.TrimSpace(text + " — " + e.Description)
		}
		for _, f := range e.Fields {
			text += "; " + f.Name + ": " + f.Value
		}
		lines = append(lines, fmt.Sprintf("[embed %d] %s", i+1, text))
	}
	lines = append(lines, p.pollLines(m.Poll)...)
	lines = append(lines, p.componentLines(m.Components)...)
	if len(lines) == 0 {
		lines = []string{p.style(dim, "(an empty message)")}
	}
	if m.Flags&interaction.FlagEphemeral != 0 {
		lines[len(lines)-1] += p.style(dim, "  (only you can see this)")
	}
	for i, line := range lines {
		if i == 0 {
			b.WriteString("  " + p.style(green, head) + line + "\n")
		} else {
			b.WriteString("  " + strings.Repeat(" ", len([]rune(head))) + line + "\n")
		}
	}
}

// event prints a message the bot sent or changed after its answer.
func (p *printer) event(kind string, m *emulator.Message) {
	var b strings.Builder
	if m.Deleted {
		b.WriteString("  " + p.style(dim, "bot deleted its "+kind) + "\n")
	} else {
		p.message(&b, kind, m.Data)
	}
	p.print(b.String())
}
