package playground

import (
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// typeKeys feeds reads to an editor as the prompt does, and returns the lines
// they ended and whether they ended the prompt.
func typeKeys(e *editor, reads ...string) (lines []string, done bool) {
	for _, r := range reads {
		line, err := e.keys([]byte(r))
		for ; line != "" && err == nil; line, err = e.keys(nil) {
			lines = append(lines, line)
		}
		if errors.Is(err, io.EOF) {
			return lines, true
		}
	}
	return lines, false
}

// fakeSuggestions offers /greet for what begins it, and counts the
// times it is asked.
func fakeSuggestions(asked *int) func(string) offer {
	return func(line string) offer {
		*asked++
		if line != "" && strings.HasPrefix("/greet", line) {
			return offer{hint: "/greet", accept: "/greet "}
		}
		return offer{}
	}
}

func TestEditorKeys(t *testing.T) {
	tests := []struct {
		name  string
		reads []string
		lines []string
		done  bool
		buf   string
		cur   int
	}{
		{name: "typed", reads: []string{"abc"}, buf: "abc", cur: 3},
		{name: "pasted lines", reads: []string{"one\rtwo\n\rthree"}, lines: []string{"one", "two"}, buf: "three", cur: 5},
		{name: "pasted lines then Ctrl-D", reads: []string{"one\rtwo\r\x04"}, lines: []string{"one", "two"}, done: true},
		{name: "Ctrl-C", reads: []string{"ab\x03cd"}, done: true, buf: "ab", cur: 2},
		{name: "Ctrl-D deletes in a line", reads: []string{"abc\x01\x04"}, buf: "bc", cur: 0},
		{name: "insert before the cursor", reads: []string{"Bo\x1b[Db"}, buf: "Bbo", cur: 2},
		{name: "Left stops at the start", reads: []string{"ab\x1b[D\x1b[D\x1b[Dx"}, buf: "xab", cur: 1},
		{name: "Right stops at the end", reads: []string{"ab\x1b[D\x1b[C\x1b[Cx"}, buf: "abx", cur: 3},
		{name: "Backspace at the cursor", reads: []string{"abc\x1b[D\x7f"}, buf: "ac", cur: 1},
		{name: "Delete", reads: []string{"abc\x1b[D\x1b[D\x1b[3~"}, buf: "ac", cur: 1},
		{name: "Delete at the end", reads: []string{"abc\x1b[3~"}, buf: "abc", cur: 3},
		{name: "Home CSI ~", reads: []string{"ab\x1b[1~x"}, buf: "xab", cur: 1},
		{name: "Home CSI H", reads: []string{"ab\x1b[Hx"}, buf: "xab", cur: 1},
		{name: "Home SS3", reads: []string{"ab\x1bOHx"}, buf: "xab", cur: 1},
		{name: "Home rxvt", reads: []string{"ab\x1b[7~x"}, buf: "xab", cur: 1},
		{name: "Ctrl-A", reads: []string{"ab\x01x"}, buf: "xab", cur: 1},
		{name: "End", reads: []string{"ab\x01\x1b[Fx\x01\x1b[4~y\x01\x1bOFz"}, buf: "abxyz", cur: 5},
		{name: "Ctrl-E", reads: []string{"ab\x01\x05x"}, buf: "abx", cur: 3},
		{name: "a modifier", reads: []string{"ab\x1b[1;5Dx"}, buf: "axb", cur: 2},
		{name: "keys without a use", reads: []string{"a\x1b[2~\x1b[5~\x1b[15;2~\x1b[Z\x1bOPb"}, buf: "ab", cur: 2},
		{name: "a sequence cut short", reads: []string{"a\x1b[1\x7fb"}, buf: "b", cur: 1},
		{name: "ESC without a sequence", reads: []string{"a\x1bxb"}, buf: "axb", cur: 3},
		{name: "a sequence over reads", reads: []string{"ab\x1b", "[", "1;5", "Dx"}, buf: "axb", cur: 2},
		{name: "SS3 over reads", reads: []string{"ab\x1b", "O", "Hx"}, buf: "xab", cur: 1},
		{name: "a rune over reads", reads: []string{"\xc3", "\xa9t\xc3", "\xa9"}, buf: "été", cur: 3},
		{name: "Ctrl-U", reads: []string{"one two\x1b[D\x1b[D\x15"}, buf: "wo", cur: 0},
		{name: "Ctrl-K", reads: []string{"one two\x1b[D\x1b[D\x0b"}, buf: "one t", cur: 5},
		{name: "Ctrl-W", reads: []string{"one two  \x17"}, buf: "one ", cur: 4},
		{name: "Ctrl-W in a word", reads: []string{"one two\x1b[D\x1b[D\x17"}, buf: "one wo", cur: 4},
		{name: "Tab", reads: []string{"/g", "\t"}, buf: "/greet ", cur: 7},
		{name: "Tab read with the key before it", reads: []string{"/g\t"}, buf: "/greet ", cur: 7},
		{name: "Tab after an edit in the same read", reads: []string{"x", "\x7f/g\t"}, buf: "/greet ", cur: 7},
		{name: "Tab with the cursor inside", reads: []string{"/g", "\x1b[D\t"}, buf: "/g", cur: 1},
		{name: "history", reads: []string{"one\rtwo\r", "\x1b[A\x1b[A"}, lines: []string{"one", "two"}, buf: "one", cur: 3},
		{name: "history back down", reads: []string{"one\rtwo\r", "\x1b[A\x1b[A\x1b[B"}, lines: []string{"one", "two"}, buf: "two", cur: 3},
		{name: "history to the empty line", reads: []string{"one\r\x1bOA\x1bOB"}, lines: []string{"one"}, buf: "", cur: 0},
		{name: "edit a line from history", reads: []string{"one\r\x1b[A\x1b[Dx\r"}, lines: []string{"one", "onxe"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var asked int
			e := &editor{complete: fakeSuggestions(&asked)}
			lines, done := typeKeys(e, tt.reads...)
			if !slices.Equal(lines, tt.lines) || done != tt.done {
				t.Errorf("lines %q, done %v; want %q, %v", lines, done, tt.lines, tt.done)
			}
			if string(e.buf) != tt.buf || e.cur != tt.cur {
				t.Errorf("line %q, cursor at %d; want %q at %d", string(e.buf), e.cur, tt.buf, tt.cur)
			}
		})
	}
}

func TestEditorSuggest(t *testing.T) {
	var asked int
	e := &editor{complete: fakeSuggestions(&asked)}
	typeKeys(e, "/g")
	if e.offer.hint != "/greet" || asked != 1 {
		t.Fatalf("hint %q after asking %d times; want /greet after 1", e.offer.hint, asked)
	}
	// Moving over the line is no reason to ask again.
	typeKeys(e, "\x1b[D")
	typeKeys(e, "\x1b[C")
	if e.offer.hint != "/greet" || asked != 1 {
		t.Errorf("hint %q after asking %d times; want /greet after 1", e.offer.hint, asked)
	}
	// An edit inside the line is worked out once the cursor is back at
	// the end.
	typeKeys(e, "\x01x")
	if asked != 1 {
		t.Errorf("asked %d times with the cursor inside the line; want 1", asked)
	}
	typeKeys(e, "\x05")
	if e.offer.hint != "" || asked != 2 {
		t.Errorf("hint %q after asking %d times; want none after 2", e.offer.hint, asked)
	}
}

func TestEscape(t *testing.T) {
	tests := []struct {
		in  string
		key key
		n   int
	}{
		{"\x1b", keyNone, 0},
		{"\x1b[", keyNone, 0},
		{"\x1b[1;5", keyNone, 0},
		{"\x1bO", keyNone, 0},
		{"\x1b[A", keyUp, 3},
		{"\x1b[Bx", keyDown, 3},
		{"\x1bOC", keyRight, 3},
		{"\x1b[1;5D", keyLeft, 6},
		{"\x1b[3~", keyDelete, 4},
		{"\x1b[3;2~", keyDelete, 6},
		{"\x1b[1~", keyHome, 4},
		{"\x1b[8~", keyEnd, 4},
		{"\x1b[200~", keyNone, 6},
		{"\x1b[2m", keyNone, 4},
		{"\x1b[1\r", keyNone, 3},
		{"\x1bx", keyNone, 1},
	}
	for _, tt := range tests {
		if k, n := escape([]byte(tt.in)); k != tt.key || n != tt.n {
			t.Errorf("escape(%q) = %v, %d; want %v, %d", tt.in, k, n, tt.key, tt.n)
		}
	}
}

func TestCells(t *testing.T) {
	p := newPrinter(io.Discard, true)
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"abc", 3},
		{"ada › ", 6},
		{"été", 3},
		{p.style(dim, "ada › "), 6},
		{p.style(dim, "a") + "b" + p.style(cyan, "c"), 3},
	}
	for _, tt := range tests {
		if got := cells(tt.in); got != tt.want {
			t.Errorf("cells(%q) = %d; want %d", tt.in, got, tt.want)
		}
	}
}

func TestEditorDraw(t *testing.T) {
	plain := newPrinter(io.Discard, false).style
	color := newPrinter(io.Discard, true).style
	// The prompt "a" is drawn "a › ", 4 cells wide.
	tests := []struct {
		name  string
		view  view
		style func(s, text string) string
		cols  int
		want  string
		row   int
	}{
		{name: "at the end", view: view{buf: []rune("bc"), cur: 2}, cols: 20, want: "a › bc"},
		{name: "inside", view: view{buf: []rune("bcd"), cur: 1}, cols: 20, want: "a › bcd\r\x1b[5C"},
		{name: "at the start of the prompt", view: view{}, cols: 20, want: "a › "},
		{name: "a hint", view: view{buf: []rune("/g"), cur: 2, hint: "/greet"}, cols: 20, want: "a › /g   /greet\r\x1b[6C"},
		{name: "a styled hint", view: view{buf: []rune("/g"), cur: 2, hint: "/greet"}, style: color, cols: 20,
			want: dim + "a › " + reset + "/g" + cyan + "   /greet" + reset + "\r\x1b[6C"},
		{name: "a hint cut to the row", view: view{buf: []rune("/g"), cur: 2, hint: "/greet · /go"}, cols: 14, want: "a › /g   /gr…\r\x1b[6C"},
		{name: "no room for a hint", view: view{buf: []rune("/gre"), cur: 4, hint: "/greet"}, cols: 10, want: "a › /gre"},
		{name: "wrapped", view: view{buf: []rune("bcdefgh"), cur: 7}, cols: 5, want: "a › bcdefgh", row: 2},
		{name: "wrapped, inside", view: view{buf: []rune("bcdefgh"), cur: 2}, cols: 5, want: "a › bcdefgh\x1b[1A\r\x1b[1C", row: 1},
		{name: "wrapped, at a row's start", view: view{buf: []rune("bcdefgh"), cur: 6}, cols: 5, want: "a › bcdefgh\r", row: 2},
		{name: "filling the row", view: view{buf: []rune("b"), cur: 1}, cols: 5, want: "a › b\r\n", row: 1},
		{name: "filling the row, inside", view: view{buf: []rune("bcdefg"), cur: 0}, cols: 5, want: "a › bcdefg\x1b[1A\r\x1b[4C"},
		{name: "a hint on the next row", view: view{buf: []rune("bcdef"), cur: 5, hint: "h"}, cols: 9, want: "a › bcdef   h\r", row: 1},
		{name: "width unknown", view: view{buf: []rune("bcdefgh"), cur: 7}, want: "a › bcdefgh"},
		{name: "width unknown, inside", view: view{buf: []rune("bcd"), cur: 1}, want: "a › bcd\x1b[2D"},
		{name: "width unknown, a hint", view: view{buf: []rune("/g"), cur: 2, hint: "/greet · /go"}, want: "a › /g   /greet · /go\x1b[15D"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			style := tt.style
			if style == nil {
				style = plain
			}
			tt.view.prompt = "a"
			e := &editor{shown: tt.view}
			if got := e.draw(style, tt.cols); got != tt.want || e.row != tt.row {
				t.Errorf("draw = %q with the cursor on row %d; want %q on row %d", got, e.row, tt.want, tt.row)
			}
			// Drawn again, the line replaces itself from its top row.
			clear := "\r\x1b[J"
			if tt.row > 0 {
				clear = "\x1b[" + strconv.Itoa(tt.row) + "A" + clear
			}
			if got := e.draw(style, tt.cols); got != clear+tt.want {
				t.Errorf("drawn again = %q; want %q", got, clear+tt.want)
			}
		})
	}
}

// TestScreen checks that what the printer prints while the prompt is up
// replaces all of a line that wrapped, not just the row of the cursor.
func TestScreen(t *testing.T) {
	var out strings.Builder
	e := &editor{shown: view{prompt: "a", buf: []rune("bcdefgh"), cur: 2}}
	p := newPrinter(&screen{w: &out, ed: e}, false)
	p.raw, p.input = true, func() string { return e.draw(p.style, 5) }
	p.redraw()
	p.print("note\n")
	p.redraw()
	line := "a › bcdefgh\x1b[1A\r\x1b[1C"
	want := "\r\x1b[K" + line +
		"\x1b[1A\r\x1b[J" + "\r\x1b[K" + "note\r\n" + line +
		"\x1b[1A\r\x1b[J" + "\r\x1b[K" + line
	if got := out.String(); got != want {
		t.Errorf("printed\n%q\nwant\n%q", got, want)
	}
}
