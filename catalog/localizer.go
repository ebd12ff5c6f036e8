package catalog

import (
	"fmt"

	"github.com/switchboard-go/switchboard/interaction"
)

// Localizer reads a catalogue's texts for a user of one locale. It is a
// small value, made by Catalog.For for each request, safe to copy and to
// share.
type Localizer struct {
	locale interaction.Locale
	// chain is the tables to read a key from, in order, up to the first
	// nil: the locale's own, its fallback's, the default's.
	chain [3]*table
}

// Argument is a named value a text shows, as {{.Name}}.
type Argument struct {
	name  string
	value any
}

// Arg returns the argument that {{.name}} shows in a text.
func Arg(name string, value any) Argument { return Argument{name: name, value: value} }

// CountArg is the name of the argument that chooses among the plural forms
// of a text, and that the text shows as {{.Count}}.
const CountArg = "Count"

// Count returns the argument Count, n: the number that chooses the plural
// form of a text by the rules of its language (CLDR's), as in
// {"one": "{{.Count}} message", "other": "{{.Count}} messages"}. A
// decimal count is passed as Arg(CountArg, "1.5"), written out, since the
// digits written decide the form in some languages.
func Count(n int) Argument { return Argument{name: CountArg, value: n} }

// Locale returns the locale the Localizer was made for.
func (tr Localizer) Locale() interaction.Locale { return tr.locale }

// Text returns the text of key for the Localizer's locale, with args
// filled in. It never fails: where a locale of the chain has key but its
// text cannot be made with args (an argument it names is missing, Count
// is not a number, or the arguments take it past MaxTextBytes or
// MaxIterations), it uses the next locale's; where none can, it
// returns key itself, which shows in the answer as a sign of what Check
// or a test with Render would have caught.
func (tr Localizer) Text(key string, args ...Argument) string {
	for _, t := range tr.chain {
		if t == nil {
			break
		}
		if m := t.messages[key]; m != nil {
			if s, err := t.render(m, args); err == nil {
				return s
			}
		}
	}
	return key
}

// Render returns the text of key as Text does, but returns an error
// instead of falling back when the first locale of the chain that has key
// cannot make its text with args, and a *MissingError when no locale of
// the chain has key. A text stopped at a bound returns an error that
// names its file, its key and what in it went past, and wraps ErrTooLong
// or ErrTooManyIterations.
func (tr Localizer) Render(key string, args ...Argument) (string, error) {
	for _, t := range tr.chain {
		if t == nil {
			break
		}
		if m := t.messages[key]; m != nil {
			s, err := t.render(m, args)
			if err != nil {
				return "", fmt.Errorf("%s: key %q: %w", t.path, key, err)
			}
			return s, nil
		}
	}
	return "", &MissingError{Key: key, Locale: tr.locale}
}

// MissingError reports a key that no locale of a Localizer's chain has:
// not even the default, whose file names every key.
type MissingError struct {
	// Key is the key asked for.
	Key string
	// Locale is the Localizer's locale.
	Locale interaction.Locale
}

// Error says which key no locale of the chain has.
func (e *MissingError) Error() string {
	return fmt.Sprintf("catalog: no text for key %q in %s, its fallback or the default", e.Key, e.locale())
}

func (e *MissingError) locale() string {
	if e.Locale == "" {
		return "the unset locale"
	}
	return string(e.Locale)
}

// render makes the text of m, one of t's, with args.
func (t *table) render(m *message, args []Argument) (string, error) {
	f := other
	if m.plural {
		count, ok := find(args, CountArg)
		if !ok {
			return "", fmt.Errorf("the text has plural forms and needs the argument %s", CountArg)
		}
		var err error
		if f, err = t.plurals.form(count); err != nil {
			return "", err
		}
		if !m.has(f) {
			f = other
		}
	}
	txt := m.texts[f]
	if txt.tmpl == nil {
		return txt.src, nil
	}
	data := make(map[string]any, len(args))
	for _, a := range args {
		data[a.name] = a.value
	}
	return txt.run(data)
}

// find returns the value of the argument named name.
func find(args []Argument, name string) (any, bool) {
	for _, a := range args {
		if a.name == name {
			return a.value, true
		}
	}
	return nil, false
}
