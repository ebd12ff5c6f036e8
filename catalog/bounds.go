package catalog

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"sync"
	"text/template"
	"text/template/parse"
)

// The bounds of what one text may do when it is made. A text that could
// pass them whatever its arguments, such as {{range 20000000}} or a range
// within a range of 200 each, does not load; one whose arguments take it
// past them stops there, and Render returns an error that wraps
// ErrTooLong or ErrTooManyIterations.
const (
	// MaxTextBytes is the most a text may write: 32 KiB, more than the
	// most one message of the service shows (2,000 characters of content,
	// 6,000 of embeds, at up to 4 bytes each).
	MaxTextBytes = 32 << 10
	// MaxIterations is how many times, in all, the ranges of a text may
	// run their bodies in one making of it: enough for a list of
	// anything one message can show, and few enough that a text writing
	// nothing is made in a millisecond or so.
	MaxIterations = 10000
)

var (
	// ErrTooLong is wrapped by the errors of a text that writes more than
	// MaxTextBytes.
	ErrTooLong = errors.New("catalog: text longer than MaxTextBytes")
	// ErrTooManyIterations is wrapped by the errors of a text whose
	// ranges run more than MaxIterations times.
	ErrTooManyIterations = errors.New("catalog: text ranging more than MaxIterations times")
)

// limitError is a text going past a bound: what went past, in words, and
// which bound.
type limitError struct {
	msg   string
	limit error
}

func (e *limitError) Error() string { return e.msg }
func (e *limitError) Unwrap() error { return e.limit }

func tooManyIterations(construct string, n int64) error {
	return &limitError{fmt.Sprintf("%s: %d iterations, more than the %d a text may make", construct, n, MaxIterations), ErrTooManyIterations}
}

func tooLong(construct string, n int64) error {
	return &limitError{fmt.Sprintf("%s: writes %d bytes, more than the %d a text may write", construct, n, MaxTextBytes), ErrTooLong}
}

// most is where the counts of a text's cost stop growing: past both
// bounds, and far from overflowing.
const most = 1 << 62

// add and mul add and multiply counts of at most most, and stop there.
func add(a, b int64) int64 {
	if a > most-b {
		return most
	}
	return a + b
}

func mul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a > most/b {
		return most
	}
	return min(a*b, most)
}

// cost is the most a part of a text writes and iterates for its
// literal parts, with the arguments that cost most: a range over an
// argument counts as running its body a given number of times (once
// for Load, CheckedItems for Check).
type cost struct{ bytes, iterations int64 }

func (c cost) plus(d cost) cost {
	return cost{add(c.bytes, d.bytes), add(c.iterations, d.iterations)}
}

func (c cost) or(d cost) cost {
	return cost{max(c.bytes, d.bytes), max(c.iterations, d.iterations)}
}

// CheckedItems is how many items Check takes each list a text ranges
// over to have: a text that passes a bound with lists of that length
// (two nested ranges, or a range writing over 327 bytes an item) is
// named, though it loads, because a handler listing what a user has can
// meet such lists. More than a message shows anyway: at most 25 choices,
// 25 fields of an embed, 40 components.
const CheckedItems = 100

// checkBounds returns an error naming the first construct of t that
// could take it past a bound whatever its arguments, or that the bounds
// cannot hold: a template called or defined. A range over an argument
// counts as running items times.
func checkBounds(t *template.Template, items int64) error {
	var c cost
	if t.Tree != nil {
		var err error
		if c, err = listCost(t.Tree.Root, items); err != nil {
			return err
		}
	}
	for _, d := range t.Templates() {
		if d.Name() != t.Name() {
			return errors.New(`{{define "` + d.Name() + `"}}: a text calls no template and defines none`)
		}
	}
	if c.iterations > MaxIterations {
		return tooManyIterations("its ranges", c.iterations)
	}
	if c.bytes > MaxTextBytes {
		return &limitError{fmt.Sprintf("%d bytes, more than the %d a text may write", c.bytes, MaxTextBytes), ErrTooLong}
	}
	return nil
}

func listCost(l *parse.ListNode, items int64) (cost, error) {
	var c cost
	if l == nil {
		return c, nil
	}
	for _, n := range l.Nodes {
		d, err := nodeCost(n, items)
		if err != nil {
			return c, err
		}
		c = c.plus(d)
	}
	return c, nil
}

func nodeCost(n parse.Node, items int64) (cost, error) {
	switch n := n.(type) {
	case *parse.TextNode:
		return cost{bytes: int64(len(n.Text))}, nil
	case *parse.ActionNode:
		pad, err := pipePadding(n.Pipe)
		if err != nil {
			return cost{}, fmt.Errorf("%s: %w", n, err)
		}
		return cost{bytes: pad}, nil
	case *parse.IfNode:
		return branchCost("if", &n.BranchNode, items)
	case *parse.WithNode:
		return branchCost("with", &n.BranchNode, items)
	case *parse.RangeNode:
		construct := "{{range " + n.Pipe.String() + "}}"
		if _, err := pipePadding(n.Pipe); err != nil {
			return cost{}, fmt.Errorf("%s: %w", construct, err)
		}
		body, err := listCost(n.List, items)
		if err != nil {
			return cost{}, err
		}
		els, err := listCost(n.ElseList, items)
		if err != nil {
			return cost{}, err
		}
		var c cost
		switch count, literal := literalCount(n.Pipe); {
		case !literal:
			c = els.or(cost{mul(items, body.bytes), mul(items, add(body.iterations, 1))})
		case count <= 0:
			c = els
		default:
			c = cost{mul(count, body.bytes), mul(count, add(body.iterations, 1))}
		}
		if c.iterations > MaxIterations {
			return c, tooManyIterations(construct, c.iterations)
		}
		if c.bytes > MaxTextBytes {
			return c, tooLong(construct, c.bytes)
		}
		return c, nil
	case *parse.TemplateNode:
		return cost{}, errors.New(n.String() + ": a text calls no template and defines none")
	}
	return cost{}, nil
}

// branchCost is the cost of an if or a with: its pipeline's, and the
// costlier of its branches.
func branchCost(keyword string, b *parse.BranchNode, items int64) (cost, error) {
	if _, err := pipePadding(b.Pipe); err != nil {
		return cost{}, fmt.Errorf("{{%s %s}}: %w", keyword, b.Pipe, err)
	}
	list, err := listCost(b.List, items)
	if err != nil {
		return cost{}, err
	}
	els, err := listCost(b.ElseList, items)
	return list.or(els), err
}

// literalCount returns the number a range's pipeline is when it is a
// number written in the text, as in {{range 5}} or {{range $i := 5}}.
func literalCount(p *parse.PipeNode) (int64, bool) {
	if p == nil || len(p.Cmds) != 1 || len(p.Cmds[0].Args) != 1 {
		return 0, false
	}
	switch a := p.Cmds[0].Args[0].(type) {
	case *parse.NumberNode:
		if a.IsInt {
			return a.Int64, true
		}
		if a.IsUint {
			return most, true
		}
	case *parse.PipeNode:
		return literalCount(a)
	}
	return 0, false
}

// pipePadding returns how much the calls of printf in p with a format
// written in the text pad, in all, and an error for one that pads past
// MaxTextBytes or takes its padding from an argument.
func pipePadding(p *parse.PipeNode) (int64, error) {
	if p == nil {
		return 0, nil
	}
	var sum int64
	for _, cmd := range p.Cmds {
		if len(cmd.Args) >= 2 {
			if id, ok := cmd.Args[0].(*parse.IdentifierNode); ok && id.Ident == "printf" {
				if s, ok := cmd.Args[1].(*parse.StringNode); ok {
					pad, err := checkPadding(s.Text)
					if err != nil {
						return 0, err
					}
					sum = add(sum, pad)
				}
			}
		}
		for _, a := range cmd.Args {
			if inner, ok := a.(*parse.PipeNode); ok {
				pad, err := pipePadding(inner)
				if err != nil {
					return 0, err
				}
				sum = add(sum, pad)
			}
		}
	}
	return sum, nil
}

// checkPadding returns how many bytes the widths and precisions of a
// format of fmt's add up to, and an error when they are past
// MaxTextBytes or one is taken from an argument (*), which no text may
// do: it would let an argument pad without bound.
func checkPadding(format string) (int64, error) {
	var sum int64
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && isFlag(format[i]) {
			i++
		}
		for i < len(format) {
			switch c := format[i]; {
			case c == '*':
				return 0, &limitError{"a width or precision from an argument (*), which a text may not take", ErrTooLong}
			case c == '[':
				// An argument's index, [n]: fmt reads a malformed one as
				// its "[" alone, and goes on after it.
				j := i + 1
				for j < len(format) && format[j] >= '0' && format[j] <= '9' {
					j++
				}
				if j < len(format) && format[j] == ']' {
					i = j + 1
				} else {
					i++
				}
			case c == '.':
				i++
			case c >= '0' && c <= '9':
				var n int64
				for ; i < len(format) && format[i] >= '0' && format[i] <= '9'; i++ {
					n = add(mul(n, 10), int64(format[i]-'0'))
				}
				sum = add(sum, n)
			default:
				goto verb
			}
		}
	verb:
	}
	if sum > MaxTextBytes {
		return sum, &limitError{fmt.Sprintf("pads to %d bytes, more than the %d a text may write", sum, MaxTextBytes), ErrTooLong}
	}
	return sum, nil
}

func isFlag(c byte) bool { return c == '+' || c == '-' || c == '#' || c == ' ' || c == '0' }

// printf is text/template's printf, but refuses a format that pads past
// MaxTextBytes before fmt makes it: a text's writer sees what printf
// made only once it is made. fmt pads each element of a list, each key
// and value of a map and each field of a struct, so the padding counts
// once for each.
func printf(format string, args ...any) (string, error) {
	pad, err := checkPadding(format)
	if err == nil && pad > 0 {
		var values int64
		for _, a := range args {
			values = add(values, padded(reflect.ValueOf(a), 0))
		}
		if total := mul(pad, values); total > MaxTextBytes {
			err = &limitError{fmt.Sprintf("pads to %d bytes, more than the %d a text may write", total, MaxTextBytes), ErrTooLong}
		}
	}
	if err != nil {
		le := err.(*limitError)
		return "", &limitError{"printf " + strconv.Quote(format) + ": " + le.msg, le.limit}
	}
	return fmt.Sprintf(format, args...), nil
}

// padded returns how many values fmt pads in printing v: one, or one for
// each element of a list, key and value of a map and field of a struct,
// counted down to a depth of 8 and up to more than MaxTextBytes. A value
// that prints itself (a Stringer, an error, a Formatter) is one.
func padded(v reflect.Value, depth int) int64 {
	if !v.IsValid() || depth > 8 {
		return 1
	}
	if v.CanInterface() {
		switch v.Interface().(type) {
		case fmt.Formatter, fmt.Stringer, error:
			return 1
		}
	}
	var n int64
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() || depth > 0 { // fmt prints a pointer within a value as an address
			return 1
		}
		return padded(v.Elem(), depth+1)
	case reflect.Array, reflect.Slice:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return 1 // fmt prints []byte as one string with %s, %q and %x
		}
		for i := 0; i < v.Len() && n <= MaxTextBytes; i++ {
			n = add(n, padded(v.Index(i), depth+1))
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next() && n <= MaxTextBytes; {
			n = add(n, add(padded(it.Key(), depth+1), padded(it.Value(), depth+1)))
		}
	case reflect.Struct:
		for i := 0; i < v.NumField() && n <= MaxTextBytes; i++ {
			n = add(n, padded(v.Field(i), depth+1))
		}
	default:
		return 1
	}
	return max(n, 1)
}

// boundFunc is the function every range's pipeline ends with, which
// counts its iterations against the bound. Its name is one that no
// text's own may call, as it is not defined when texts are parsed.
const boundFunc = "_bound"

// boundRanges ends the pipeline of every range of l with a call of
// boundFunc, given the range as it was written, so that each making of
// the text counts what its ranges run (runner.bound).
func boundRanges(l *parse.ListNode) {
	if l == nil {
		return
	}
	for _, n := range l.Nodes {
		switch n := n.(type) {
		case *parse.IfNode:
			boundRanges(n.List)
			boundRanges(n.ElseList)
		case *parse.WithNode:
			boundRanges(n.List)
			boundRanges(n.ElseList)
		case *parse.RangeNode:
			construct := "{{range " + n.Pipe.String() + "}}"
			pos := n.Pipe.Position()
			n.Pipe.Cmds = append(n.Pipe.Cmds, &parse.CommandNode{
				NodeType: parse.NodeCommand,
				Pos:      pos,
				Args: []parse.Node{
					parse.NewIdentifier(boundFunc).SetPos(pos),
					&parse.StringNode{NodeType: parse.NodeString, Pos: pos, Quoted: strconv.Quote(construct), Text: construct},
				},
			})
			boundRanges(n.List)
			boundRanges(n.ElseList)
		}
	}
}

// runner makes one text at a time within the bounds: a copy of its
// template whose boundFunc counts against the runner's iterations, and
// the writer it writes to. A text keeps a pool of them.
type runner struct {
	tmpl *template.Template
	buf  []byte
	left int64 // iterations
	// stopped is the error of an iterator stopped at the bound.
	stopped error
}

// newRunners returns the pool of runners of tmpl.
func newRunners(tmpl *template.Template) *sync.Pool {
	return &sync.Pool{New: func() any {
		r := &runner{}
		clone, err := tmpl.Clone()
		if err != nil { // text/template clones whatever it parsed
			panic(err)
		}
		r.tmpl = clone.Funcs(template.FuncMap{boundFunc: r.bound})
		return r
	}}
}

// run makes the text with data.
func (r *runner) run(data any) (string, error) {
	r.buf, r.left, r.stopped = r.buf[:0], MaxIterations, nil
	err := r.tmpl.Execute(r, data)
	if r.stopped != nil {
		return "", r.stopped
	}
	if err != nil {
		if le := (*limitError)(nil); errors.As(err, &le) {
			return "", le
		}
		return "", err
	}
	return string(r.buf), nil
}

// Write takes what the text writes, up to MaxTextBytes.
func (r *runner) Write(p []byte) (int, error) {
	if len(r.buf)+len(p) > MaxTextBytes {
		return 0, &limitError{fmt.Sprintf("writes more than the %d bytes a text may", MaxTextBytes), ErrTooLong}
	}
	r.buf = append(r.buf, p...)
	return len(p), nil
}

// bound is boundFunc: it takes what a range runs over and counts its
// iterations, refusing those past what the text has left, and returns it
// as it was, or an iterator that stops at the bound.
func (r *runner) bound(construct string, v reflect.Value) (reflect.Value, error) {
	u := v
	for u.Kind() == reflect.Pointer || u.Kind() == reflect.Interface {
		if u.IsNil() {
			return v, nil
		}
		u = u.Elem()
	}
	var n int64
	switch u.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n = max(u.Int(), 0)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n = int64(min(u.Uint(), most))
	case reflect.Array, reflect.Slice, reflect.Map:
		n = int64(u.Len())
	case reflect.Chan:
		return v, errors.New(construct + ": a channel, which a text may not range over")
	case reflect.Func:
		if u.Type().CanSeq() || u.Type().CanSeq2() {
			return r.counted(construct, u), nil
		}
		return v, nil
	default:
		return v, nil // text/template says what it cannot range over
	}
	if n > r.left {
		if r.left == MaxIterations {
			return v, tooManyIterations(construct, n)
		}
		return v, &limitError{fmt.Sprintf("%s: %d iterations, more than the %d left of the %d a text may make", construct, n, r.left, MaxIterations), ErrTooManyIterations}
	}
	r.left -= n
	return v, nil
}

// counted returns an iterator like seq, an iter.Seq or iter.Seq2, that
// counts what it yields against what the text has left, and stops past
// it.
func (r *runner) counted(construct string, seq reflect.Value) reflect.Value {
	return reflect.MakeFunc(seq.Type(), func(in []reflect.Value) []reflect.Value {
		yield := in[0]
		counting := reflect.MakeFunc(yield.Type(), func(args []reflect.Value) []reflect.Value {
			if r.left <= 0 {
				r.stopped = &limitError{fmt.Sprintf("%s: more than the %d iterations a text may make", construct, MaxIterations), ErrTooManyIterations}
				return []reflect.Value{reflect.ValueOf(false)}
			}
			r.left--
			return yield.Call(args)
		})
		return seq.Call([]reflect.Value{counting})
	})
}
