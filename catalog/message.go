package catalog

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"text/template"
	"text/template/parse"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// message is the text of one key in one locale: a text per plural form
// it has. A message without plural forms has only other.
type message struct {
	texts  [numForms]text
	plural bool // it has a form besides other
}

// text is one form of a message.
type text struct {
	src string
	// tmpl is the parsed template, nil when src has no action: then src
	// is what users read, with no template to run.
	tmpl *template.Template
	// runners make the text within the bounds, one at a time each.
	runners *sync.Pool
	// risk is why lists of CheckedItems would take the text past a
	// bound, which Check reports; nil when they would not.
	risk error
}

// has reports whether the message has form f.
func (m *message) has(f form) bool { return m.texts[f].src != "" }

// newMessage parses the texts of m. It returns nil, and no error, when m
// has no text at all: an empty text is a translation not made yet.
func newMessage(m *i18n.Message) (*message, error) {
	srcs := [numForms]string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other}
	msg := &message{}
	empty := true
	for f, src := range srcs {
		if src == "" {
			continue
		}
		empty = false
		if form(f) != other {
			msg.plural = true
		}
		t, err := parseText(m.ID, form(f), src, m.LeftDelim, m.RightDelim)
		if err != nil {
			return nil, err
		}
		msg.texts[f] = t
	}
	if empty {
		return nil, nil
	}
	if !msg.has(other) {
		return nil, errors.New("plural forms without other, which every language needs")
	}
	return msg, nil
}

// parseText parses one form's text as a text/template whose missing
// arguments are errors, not "<no value>": a text that names an argument
// its handler does not pass fails rather than show users a gap. It
// refuses a text that could pass the bounds whatever its arguments
// (checkBounds), and makes the ranges of the others count their
// iterations (boundRanges).
func parseText(key string, f form, src, left, right string) (text, error) {
	if left == "" {
		left = "{{"
	}
	if right == "" {
		right = "}}"
	}
	if !strings.Contains(src, left) {
		if len(src) > MaxTextBytes {
			return text{}, inForm(f, &limitError{fmt.Sprintf("%d bytes, more than the %d a text may write", len(src), MaxTextBytes), ErrTooLong})
		}
		return text{src: src}, nil
	}
	name := key
	if f != other {
		name += "[" + f.String() + "]"
	}
	t, err := template.New(name).Delims(left, right).Option("missingkey=error").
		Funcs(template.FuncMap{"printf": printf}).Parse(src)
	if err != nil {
		return text{}, err
	}
	if err := checkBounds(t, 1); err != nil {
		return text{}, inForm(f, err)
	}
	// Measured before boundRanges rewrites the ranges, so that the
	// constructs are named as written.
	risk := checkBounds(t, CheckedItems)
	boundRanges(t.Tree.Root)
	return text{src: src, tmpl: t, runners: newRunners(t), risk: risk}, nil
}

// inForm says which plural form err is of, but for other.
func inForm(f form, err error) error {
	if f == other {
		return err
	}
	return fmt.Errorf("form %s: %w", f, err)
}

// run makes the text with data, within the bounds.
func (t text) run(data any) (string, error) {
	r := t.runners.Get().(*runner)
	defer t.runners.Put(r)
	s, err := r.run(data)
	if cap(r.buf) > 4<<10 {
		r.buf = nil // a long text's buffer is not kept for the short ones
	}
	return s, err
}

// arguments returns the names of the arguments the message's texts use,
// sorted: {{.Name}} and {{$.Name}}, wherever they are. Within range and
// with, the dot is something else, so only $ names an argument there.
func (m *message) arguments() []string {
	var names []string
	for _, t := range m.texts {
		if t.tmpl != nil {
			names = collect(names, t.tmpl.Tree.Root, true)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// collect appends to names the arguments node uses; dot says whether the
// dot is still the arguments.
func collect(names []string, node parse.Node, dot bool) []string {
	switch n := node.(type) {
	case *parse.ListNode:
		if n == nil {
			return names
		}
		for _, c := range n.Nodes {
			names = collect(names, c, dot)
		}
	case *parse.ActionNode:
		names = collect(names, n.Pipe, dot)
	case *parse.PipeNode:
		if n == nil {
			return names
		}
		for _, c := range n.Cmds {
			names = collect(names, c, dot)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			names = collect(names, a, dot)
		}
	case *parse.ChainNode:
		names = collect(names, n.Node, dot)
	case *parse.FieldNode:
		if dot {
			names = append(names, n.Ident[0])
		}
	case *parse.VariableNode:
		if len(n.Ident) > 1 && n.Ident[0] == "$" {
			names = append(names, n.Ident[1])
		}
	case *parse.IfNode:
		names = branch(names, &n.BranchNode, dot, dot)
	case *parse.RangeNode:
		names = branch(names, &n.BranchNode, dot, false)
	case *parse.WithNode:
		names = branch(names, &n.BranchNode, dot, false)
	case *parse.TemplateNode:
		names = collect(names, n.Pipe, dot)
	}
	return names
}

// branch collects the arguments of an if, range or with: its pipeline
// sees the outer dot, its body inner, its else the outer.
func branch(names []string, b *parse.BranchNode, dot, inner bool) []string {
	names = collect(names, b.Pipe, dot)
	names = collect(names, b.List, inner)
	return collect(names, b.ElseList, dot)
}
