package catalog

import (
	"slices"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// Problem is one thing Check finds wrong with a catalogue: in the file of
// a locale, at a key.
type Problem struct {
	// Path is the file's path in the catalogue's fs.FS.
	Path string
	// Locale is the file's locale.
	Locale interaction.Locale
	// Key is the key at fault.
	Key string
	// Message says what is wrong.
	Message string
}

// Error returns the file, the key and what is wrong, as in
// `messages/fr.json: "inbox": no form many, which fr uses for 1000000`.
func (p Problem) Error() string {
	return p.Path + ": " + strconv.Quote(p.Key) + ": " + p.Message
}

// Problems are all Check finds, file by file in the service's order of
// locales, key by key in order.
type Problems []Problem

// Error returns one problem per line.
func (ps Problems) Error() string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(p.Error())
	}
	return b.String()
}

// Unwrap returns the problems one by one, for errors.As.
func (ps Problems) Unwrap() []error {
	errs := make([]error, len(ps))
	for i, p := range ps {
		errs[i] = p
	}
	return errs
}

// Check reports, as Problems, what a catalogue that loaded still gets
// wrong, so that a test or a deploy step fails on it rather than a user
// meeting it:
//
//   - a key of the default locale that a locale lacks, where the locale
//     the service falls back to from it (en-GB and en-US to each other,
//     es-419 to es-ES) lacks it too, or is the default: its users would
//     read the default's text. An en-GB file of the few words it spells
//     otherwise is complete, with the default in en-US;
//   - a key the default locale lacks, which only its own locale can show;
//   - a translation whose arguments are not the default's: one it uses
//     that the default's does not, which its handler may not pass, or one
//     it leaves out;
//   - plural forms: a form a locale's rules choose for some whole number
//     that its text lacks (Russian needs one, few, many and other; French
//     one, many, for a million, and other), a form the rules never choose
//     (English zero), and forms where the default's text has none, whose
//     handler may pass no Count;
//   - a text that passes MaxIterations or MaxTextBytes when each list it
//     ranges over has CheckedItems (100) items: nested ranges over
//     arguments, or a range that writes much for each item. Load refuses
//     a text that passes a bound whatever its arguments; such a text
//     loads, and a render past a bound fails;
//   - definition texts, the keys ending in .name and .desc that Command,
//     Option and Choice read: by the service's rules for a command's name
//     (lowercase, 1 to 32 letters, digits, - _ ') and description (1 to
//     100 characters), and plain, with no argument or plural form.
//
// Check returns nil when it finds nothing.
func (c *Catalog) Check() error {
	var ps Problems
	for _, t := range c.tables {
		ps = append(ps, c.checkTable(t)...)
	}
	if len(ps) == 0 {
		return nil
	}
	return ps
}

// checkTable returns the problems of one locale's file, by key.
func (c *Catalog) checkTable(t *table) Problems {
	var ps Problems
	report := func(key, msg string) {
		ps = append(ps, Problem{Path: t.path, Locale: t.locale, Key: key, Message: msg})
	}
	whole, decimal, err := t.plurals.reached()
	if err != nil {
		report("", "plural rules: "+err.Error())
		return ps
	}
	def := c.table(c.def)
	if t != def {
		for key := range def.messages {
			if t.messages[key] == nil && !c.coveredByFallback(t.locale, key) {
				report(key, "no translation: "+string(t.locale)+" users read the default "+string(c.def)+"'s")
			}
		}
	}
	for key, m := range t.messages {
		d := def.messages[key]
		if d == nil {
			report(key, "not in the default "+def.path+": no other locale can show it")
		} else if t != def {
			for _, msg := range compareArguments(m.arguments(), d.arguments(), c.def) {
				report(key, msg)
			}
			if m.plural && !d.plural {
				report(key, "plural forms, where the default "+string(c.def)+"'s text has none: its handler may pass no Count")
			}
		}
		if m.plural || (d != nil && d.plural) {
			for f := range numForms {
				switch {
				case whole[f] != "" && !m.has(f):
					report(key, "no form "+f.String()+", which "+string(t.locale)+" uses for "+whole[f])
				case m.has(f) && whole[f] == "" && !decimal[f]:
					report(key, "form "+f.String()+", which "+string(t.locale)+" never uses")
				}
			}
		}
		for _, msg := range checkDefinition(key, t.locale, m) {
			report(key, msg)
		}
		for f, tx := range m.texts {
			if tx.risk != nil {
				report(key, inForm(form(f), tx.risk).Error()+" when each list it ranges over has "+strconv.Itoa(CheckedItems)+
					" items: a render past a bound fails; bound the lists its handler passes, or write less for each item")
			}
		}
	}
	// Maps are walked in no order; each key's problems were reported in
	// the order above, which a stable sort keeps.
	slices.SortStableFunc(ps, func(a, b Problem) int { return strings.Compare(a.Key, b.Key) })
	return ps
}

// coveredByFallback reports whether the locale the service falls back to
// from l has key and is not the default.
func (c *Catalog) coveredByFallback(l interaction.Locale, key string) bool {
	fb, ok := l.Fallback()
	if !ok {
		return false
	}
	if fb == c.def {
		return true
	}
	t := c.table(fb)
	return t != nil && t.messages[key] != nil
}

// compareArguments words how a translation's arguments, got, differ from
// the default's, want; both sorted.
func compareArguments(got, want []string, def interaction.Locale) []string {
	var msgs []string
	for _, a := range got {
		if !contains(want, a) {
			msgs = append(msgs, "uses {{."+a+"}}, which the default "+string(def)+"'s text does not: its handler may not pass it")
		}
	}
	for _, a := range want {
		if !contains(got, a) {
			msgs = append(msgs, "leaves out {{."+a+"}}, which the default "+string(def)+"'s text shows")
		}
	}
	return msgs
}

func contains(sorted []string, s string) bool {
	for _, x := range sorted {
		if x == s {
			return true
		}
	}
	return false
}

// Suffixes of the keys whose texts are a command's or an option's name
// and description.
const (
	nameSuffix = ".name"
	descSuffix = ".desc"
)

// checkDefinition checks a text of key, in locale l, if key is a
// definition's name or description, by the service's rules: the rules of
// package command, on a command that carries the text as its localization.
func checkDefinition(key string, l interaction.Locale, m *message) []string {
	isName, isDesc := strings.HasSuffix(key, nameSuffix), strings.HasSuffix(key, descSuffix)
	if !isName && !isDesc {
		return nil
	}
	if m.plural || m.texts[other].tmpl != nil {
		return []string{"a definition's text is plain: no argument, no plural form"}
	}
	probe := command.Command{Type: interaction.CommandChatInput, Name: "probe", Description: "probe"}
	s := m.texts[other].src
	if isName {
		probe.NameLocalizations = command.Localizations{l: s}
	} else {
		probe.DescriptionLocalizations = command.Localizations{l: s}
	}
	var msgs []string
	for _, v := range command.ValidateCommand(command.Global, probe) {
		msgs = append(msgs, v.Message)
	}
	return msgs
}
