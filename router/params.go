package router

import (
	"iter"
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
)

// Params are the parts of a custom_id that the pattern of its route names:
// with the pattern "poll:{id}:vote", the custom_id "poll:42:vote" has the
// part "id", "42". They are read as text or parsed, like options; a
// command's Request has none.
//
// A pattern is a custom_id cut at each ':' into segments. A segment is
// text that must be there as written, or a part: {name} takes one
// segment, which must not be empty, and {name...}, only as the last
// segment, takes the rest of the custom_id, ':' included, at least one
// character of it. A name is a letter or _ followed by letters, digits or
// _, and a pattern names at most MaxParts parts.
//
//	poll:{id}:vote     matches poll:42:vote, with id "42"
//	page:{n}           matches page:3, but neither page: nor page:3:4
//	open:{path...}     matches open:a:b:c, with path "a:b:c"
//
// When two patterns match the same custom_id, the one that matches fewer
// custom_ids wins: text before a part, a part before a rest, so that
// "poll:new:vote" wins over "poll:{id}:vote", which wins over
// "poll:{rest...}". Two patterns that share a custom_id while neither
// matches fewer than the other, such as "poll:{id}" and "{kind}:42", are
// refused by Build with a custom_id both match, as net/http's ServeMux
// refuses two paths it could not choose between.
//
// Its accessors that return a bool report false for a part the pattern
// does not name, or one that does not parse; Get says why in an error.
type Params struct {
	pattern *pattern // nil when no pattern matched
	parts   parts
}

// Len returns the number of parts.
func (p *Params) Len() int { return p.parts.n }

// All returns the parts' names and values, in the pattern's order.
func (p *Params) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for i := range p.parts.n {
			if !yield(p.pattern.names[i], p.parts.values[i]) {
				return
			}
		}
	}
}

// Has reports whether the pattern names the part.
func (p *Params) Has(name string) bool {
	_, ok := p.find(name)
	return ok
}

func (p *Params) find(name string) (string, bool) {
	for i := range p.parts.n {
		if p.pattern.names[i] == name {
			return p.parts.values[i], true
		}
	}
	return "", false
}

// Get returns the part; its accessors report why it cannot be read.
func (p *Params) Get(name string) Param {
	v, ok := p.find(name)
	var text string
	if p.pattern != nil {
		text = p.pattern.text
	}
	return Param{name: name, value: v, present: ok, pattern: text}
}

// String returns the part as it is in the custom_id.
func (p *Params) String(name string) (string, bool) { return p.find(name) }

// Int returns the part as a base-10 integer.
func (p *Params) Int(name string) (int64, bool) {
	v, ok := p.find(name)
	if !ok {
		return 0, false
	}
	i, f := parseInt(v)
	return i, f.ok()
}

// Float returns the part as a finite decimal number.
func (p *Params) Float(name string) (float64, bool) {
	v, ok := p.find(name)
	if !ok {
		return 0, false
	}
	x, f := parseFloat(v)
	return x, f.ok()
}

// Bool returns the part as a boolean, as strconv.ParseBool reads one:
// "true", "false", "1", "0", "t", "f" and their capitalized forms.
func (p *Params) Bool(name string) (bool, bool) {
	v, ok := p.find(name)
	if !ok {
		return false, false
	}
	b, f := parseBool(v)
	return b, f.ok()
}

// ID returns the part as a snowflake.
func (p *Params) ID(name string) (interaction.Snowflake, bool) {
	v, ok := p.find(name)
	if !ok {
		return 0, false
	}
	id, f := parseID(v)
	return id, f.ok()
}

// Param is one part of a custom_id, read with a typed accessor.
type Param struct {
	name, value, pattern string
	present              bool
}

// Name returns the part's name.
func (v Param) Name() string { return v.name }

// Present reports whether the pattern names the part.
func (v Param) Present() bool { return v.present }

// Text returns the part as it is in the custom_id.
func (v Param) Text() (string, error) {
	if !v.present {
		return "", v.missing()
	}
	return v.value, nil
}

// Int returns the part as a base-10 integer.
func (v Param) Int() (int64, error) {
	if !v.present {
		return 0, v.missing()
	}
	i, f := parseInt(v.value)
	return i, v.error(f)
}

// Float returns the part as a finite decimal number.
func (v Param) Float() (float64, error) {
	if !v.present {
		return 0, v.missing()
	}
	x, f := parseFloat(v.value)
	return x, v.error(f)
}

// Bool returns the part as a boolean, as strconv.ParseBool reads one.
func (v Param) Bool() (bool, error) {
	if !v.present {
		return false, v.missing()
	}
	b, f := parseBool(v.value)
	return b, v.error(f)
}

// ID returns the part as a snowflake.
func (v Param) ID() (interaction.Snowflake, error) {
	if !v.present {
		return 0, v.missing()
	}
	id, f := parseID(v.value)
	return id, v.error(f)
}

func (v Param) missing() error {
	if v.pattern == "" {
		return v.error(fault{option.ErrMissing, "the interaction matched no custom_id pattern"})
	}
	return v.error(fault{option.ErrMissing, "the pattern names no such part"})
}

func (v Param) error(f fault) error {
	if f.ok() {
		return nil
	}
	return &ParamError{Param: v.name, Pattern: v.pattern, Kind: f.kind, detail: f.detail}
}

// ParamError says why a part of a custom_id cannot be read as asked.
type ParamError struct {
	// Param is the part's name, and Pattern the pattern of the route.
	Param, Pattern string
	// Kind is option.ErrMissing for a part the pattern does not name,
	// option.ErrType for one that does not parse as asked, and
	// option.ErrRange for a number beyond its type's range.
	Kind error

	detail string
}

// Error names the part and the pattern and says what is wrong.
func (e *ParamError) Error() string {
	where := "custom_id part " + strconv.Quote(e.Param)
	if e.Pattern != "" {
		where += " of " + strconv.Quote(e.Pattern)
	}
	return where + ": " + e.detail
}

// Unwrap returns the kind, so that errors.Is(err, option.ErrType) works.
func (e *ParamError) Unwrap() error { return e.Kind }
