package playground

import (
	"context"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"golang.org/x/term"
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

	ed := &editor{s: s, cols: columns(s.out.w)}
	ed.complete = ed.suggestions
	// show hands the line as it now is to the printer, which draws it
	// from whichever goroutine prints: the watcher's as well as this one.
	show := func() {
		s.out.mu.Lock()
		ed.shown = ed.view()
		s.out.mu.Unlock()
	}
	show()
	s.out.mu.Lock()
	scr := &screen{w: s.out.w, ed: ed}
	s.out.raw, s.out.input, s.out.w = true, ed.render, scr
	s.out.mu.Unlock()
	defer func() {
		s.out.mu.Lock()
		defer s.out.mu.Unlock()
		s.out.raw, s.out.input, s.out.w = false, nil, scr.w
		// Leave the line on the screen as it was typed, without its
		// suggestion, and the cursor below it.
		ed.shown = view{prompt: ed.shown.prompt, buf: ed.buf, cur: len(ed.buf)}
		io.WriteString(scr.w, ed.render()+"\r\n")
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
			// Keys pasted together may hold several lines: each runs
			// before the keys after it are applied, as if typed.
			line, err := ed.keys(b)
			for ; line != "" && err == nil && ctx.Err() == nil; line, err = ed.keys(nil) {
				show()
				s.out.typed(s.promptText(), line)
				s.Do(ctx, sent(line, ed.taken))
			}
			if err != nil || ctx.Err() != nil {
				return nil // Ctrl-C, Ctrl-D on an empty line, or ctx ended
			}
			show()
			s.out.redraw()
		}
	}
}

// columns returns how wide the terminal w writes to is, 0 when that is
// not known.
func columns(w io.Writer) func() int {
	f, ok := w.(*os.File)
	return func() int {
		if !ok {
			return 0
		}
		cols, _, err := term.GetSize(int(f.Fd()))
		if err != nil {
			return 0
		}
		return cols
	}
}

// editor is the line being typed, and the suggestions for it.
type editor struct {
	s       *Session
	buf     []rune
	cur     int // where in buf the cursor is
	history []string
	back    int    // how far back in history Up has gone
	pending []byte // the start of a key, or the keys after a line ended

	// complete works out what to offer for a line: a hint to show
	// after it, and what Tab puts in its place.
	complete func(line string) offer
	offer    offer
	hinted   string // the line offer is for
	// picks are the suggestions taken with Tab in the line being typed
	// whose values are not their names; taken are those of the line
	// last ended, for sending it.
	picks, taken []pick
	// people are the users suggestions may name, worked out once.
	people []interaction.Snowflake

	// The printer's lock guards the rest, which render uses.
	shown   view
	cols    func() int // the terminal's width, 0 when not known
	drawn   bool       // the line is on the screen,
	row     int        // with the cursor this many rows below its top
	drawing bool       // what render returned is the next thing written
}

// view is the line as the printer draws it.
type view struct {
	prompt string
	buf    []rune
	cur    int
	hint   string
}

// view is the line as it now is. The hint is shown only with the cursor
// at the end of the line, the place suggestions are for.
func (e *editor) view() view {
	v := view{prompt: e.s.promptText(), buf: slices.Clone(e.buf), cur: e.cur}
	if e.cur == len(e.buf) && e.hinted == string(e.buf) {
		v.hint = e.offer.hint
	}
	return v
}

// Keys that arrive as escape sequences.
type key int

const (
	keyNone key = iota
	keyUp
	keyDown
	keyLeft
	keyRight
	keyHome
	keyEnd
	keyDelete
)

// keys applies the keys pressed. When Enter ends a line that is not
// empty, keys returns it and keeps the keys after it, which the next
// call applies first: call keys(nil) until it returns "". It returns
// io.EOF when the person is done.
func (e *editor) keys(b []byte) (string, error) {
	b = append(e.pending, b...)
	e.pending = nil
	for len(b) > 0 {
		c, n := b[0], 1
		switch {
		case c == 3: // Ctrl-C
			return "", io.EOF
		case c == 4: // Ctrl-D: the end on an empty line, else Delete
			if len(e.buf) == 0 {
				return "", io.EOF
			}
			e.delete()
		case c == '\r' || c == '\n':
			line := strings.TrimSpace(string(e.buf))
			e.buf, e.cur, e.back = nil, 0, 0
			e.offer, e.hinted = offer{}, ""
			e.taken, e.picks = e.picks, nil
			if line != "" {
				e.history = append(e.history, line)
				e.pending = b[1:]
				return line, nil
			}
		case c == 127 || c == 8: // Backspace
			if e.cur > 0 {
				e.erase(e.cur-1, e.cur)
			}
		case c == 1: // Ctrl-A
			e.cur = 0
		case c == 5: // Ctrl-E
			e.cur = len(e.buf)
		case c == 11: // Ctrl-K: what follows the cursor
			e.erase(e.cur, len(e.buf))
		case c == 21: // Ctrl-U: what comes before the cursor
			e.erase(0, e.cur)
		case c == 23: // Ctrl-W: the word before the cursor
			i := e.cur
			for i > 0 && unicode.IsSpace(e.buf[i-1]) {
				i--
			}
			for i > 0 && !unicode.IsSpace(e.buf[i-1]) {
				i--
			}
			e.erase(i, e.cur)
		case c == '\t':
			// The suggestion is for the line as it is now, which
			// keys read with the Tab may have changed.
			if e.cur == len(e.buf) {
				e.suggest()
				if e.offer.accept != "" {
					e.set(e.offer.accept)
					if e.offer.pick != nil {
						e.picks = append(e.picks, *e.offer.pick)
					}
				}
			}
		case c == 0x1b:
			var k key
			if k, n = escape(b); n == 0 {
				e.pending = b // the rest of the sequence is still to come
				return "", nil
			}
			e.press(k)
		case c < 0x20:
		default:
			if !utf8.FullRune(b) {
				e.pending = b
				return "", nil
			}
			var r rune
			r, n = utf8.DecodeRune(b)
			e.insert(r)
		}
		b = b[n:]
	}
	e.suggest()
	return "", nil
}

// press applies a key that arrived as an escape sequence.
func (e *editor) press(k key) {
	switch k {
	case keyUp:
		if e.back < len(e.history) {
			e.back++
			e.set(e.history[len(e.history)-e.back])
		}
	case keyDown:
		if e.back > 0 {
			e.back--
			e.set("")
			if e.back > 0 {
				e.set(e.history[len(e.history)-e.back])
			}
		}
	case keyLeft:
		e.cur = max(e.cur-1, 0)
	case keyRight:
		e.cur = min(e.cur+1, len(e.buf))
	case keyHome:
		e.cur = 0
	case keyEnd:
		e.cur = len(e.buf)
	case keyDelete:
		e.delete()
	}
}

// escape reads the escape sequence b begins with: CSI (ESC [, parameter
// and intermediate bytes, a final byte from @ to ~) or SS3 (ESC O and one
// byte). It returns the key the sequence stands for, if any, and its
// length, which is 0 when b ends before the sequence does. An ESC that
// begins neither is taken alone.
func escape(b []byte) (key, int) {
	if len(b) < 2 {
		return keyNone, 0
	}
	switch b[1] {
	case 'O':
		if len(b) < 3 {
			return keyNone, 0
		}
		return keyOf(b[2], ""), 3
	case '[':
		i := 2
		for i < len(b) && b[i] >= 0x20 && b[i] <= 0x3f {
			i++
		}
		switch {
		case i == len(b):
			return keyNone, 0
		case b[i] < 0x40 || b[i] > 0x7e:
			return keyNone, i // cut short: what follows is a key of its own
		}
		return keyOf(b[i], string(b[2:i])), i + 1
	}
	return keyNone, 1
}

// keyOf is the key a sequence with the final byte and parameters stands
// for. A modifier, as in ESC [ 1 ; 5 D for Ctrl-Left, changes nothing.
func keyOf(final byte, params string) key {
	switch final {
	case 'A':
		return keyUp
	case 'B':
		return keyDown
	case 'C':
		return keyRight
	case 'D':
		return keyLeft
	case 'H':
		return keyHome
	case 'F':
		return keyEnd
	case '~':
		p, _, _ := strings.Cut(params, ";")
		switch p {
		case "1", "7":
			return keyHome
		case "4", "8":
			return keyEnd
		case "3":
			return keyDelete
		}
	}
	return keyNone
}

// insert puts r at the cursor, and the cursor after it.
func (e *editor) insert(r rune) {
	e.buf = slices.Insert(e.buf, e.cur, r)
	e.cur++
}

// erase removes buf[i:j], and puts the cursor where it was.
func (e *editor) erase(i, j int) {
	e.buf = slices.Delete(e.buf, i, j)
	e.cur = i
}

// delete removes the rune under the cursor.
func (e *editor) delete() {
	if e.cur < len(e.buf) {
		e.erase(e.cur, e.cur+1)
	}
}

// set replaces the line, with the cursor at its end.
func (e *editor) set(line string) {
	e.buf = []rune(line)
	e.cur = len(e.buf)
}

// suggest works out what to offer for the line, once for each line as
// typed: the bot may be asked, and is asked no more often than that.
// Suggestions are for the end of the line, so there are none to work out
// with the cursor elsewhere. hinted begins as the empty line, which
// offers nothing.
func (e *editor) suggest() {
	line := string(e.buf)
	if e.cur != len(e.buf) || line == e.hinted {
		return
	}
	e.offer, e.hinted = offer{}, line
	if e.complete != nil {
		e.offer = e.complete(line)
	}
}

// render is the prompt line as drawn: the prompt, the input, and the
// suggestion after it, with the cursor where it is in the input.
func (e *editor) render() string {
	return e.draw(e.s.out.style, e.cols())
}

// draw is render for a terminal cols wide, 0 when that is not known.
//
// A line wider than the terminal wraps onto more rows, so draw begins
// by taking the cursor up to the top row of the line it drew last, and
// clearing from there down, and remembers the row it leaves the cursor
// on for next time.
func (e *editor) draw(style func(s, text string) string, cols int) string {
	v := e.shown
	prompt := style(dim, v.prompt+" › ")
	var b strings.Builder
	b.WriteString(e.clear())
	b.WriteString(prompt)
	b.WriteString(string(v.buf))
	at := cells(prompt) + v.cur // the cursor, in cells from the start
	end := cells(prompt) + len(v.buf)
	if hint := fit(v.hint, end, cols); hint != "" {
		b.WriteString(style(cyan, hint))
		end += utf8.RuneCountInString(hint)
	}
	e.drawn, e.row, e.drawing = true, 0, true
	if cols <= 0 {
		// Assume the line fits on a row, and step back from its end.
		if at < end {
			b.WriteString("\x1b[" + strconv.Itoa(end-at) + "D")
		}
		return b.String()
	}
	e.row = at / cols
	if at == end {
		// The cursor stays on a row filled to its last column until
		// more is written; it belongs at the start of the next.
		if end > 0 && end%cols == 0 {
			b.WriteString("\r\n")
		}
		return b.String()
	}
	if up := (end-1)/cols - e.row; up > 0 {
		b.WriteString("\x1b[" + strconv.Itoa(up) + "A")
	}
	b.WriteString("\r")
	if col := at % cols; col > 0 {
		b.WriteString("\x1b[" + strconv.Itoa(col) + "C")
	}
	return b.String()
}

// clear takes the cursor to the top row of the line drawn last and clears
// from there down, so that what is written next replaces all of it. It
// is empty when the line is not on the screen.
func (e *editor) clear() string {
	if !e.drawn {
		return ""
	}
	e.drawn = false
	if e.row == 0 {
		return "\r\x1b[J"
	}
	return "\x1b[" + strconv.Itoa(e.row) + "A\r\x1b[J"
}

// fit is the hint as drawn after a line that ends end cells from its
// start: cut to the room left on that row, so that it does not wrap.
func fit(hint string, end, cols int) string {
	if hint == "" {
		return ""
	}
	hint = "   " + hint
	if cols <= 0 {
		return hint
	}
	room := cols - end%cols - 1
	if r := []rune(hint); len(r) > room {
		if room < 4 {
			return ""
		}
		hint = string(r[:room-1]) + "…"
	}
	return hint
}

// cells is how many columns s takes on the terminal: its runes, less the
// escape sequences that style it.
func cells(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			_, m := escape([]byte(s[i:]))
			if m == 0 {
				break
			}
			i += m
			continue
		}
		_, m := utf8.DecodeRuneInString(s[i:])
		i += m
		n++
	}
	return n
}

// screen is the terminal the printer writes to while the prompt is up.
// The printer clears the row the cursor is on before it prints, and draws
// the line again after; a line wider than the terminal takes more rows
// than that one, so the screen clears all of the line before anything is
// written but the line itself.
type screen struct {
	w  io.Writer
	ed *editor
}

func (s *screen) Write(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	if s.ed.drawing {
		s.ed.drawing = false
	} else if c := s.ed.clear(); c != "" {
		if _, err := io.WriteString(s.w, c); err != nil {
			return 0, err
		}
	}
	return s.w.Write(b)
}
