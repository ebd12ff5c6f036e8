package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/switchboard-go/switchboard/interaction"
)

// Catalog holds a bot's texts: in its default locale, and in every locale
// it is translated to. It is made once, by Load, and then only read: a
// Catalog is safe for use by any number of goroutines at once.
type Catalog struct {
	def    interaction.Locale
	tables []*table // in the service's order of locales
	// byLocale holds the Localizer of each of the service's locales, and
	// others the one for any other locale, which reads the default only.
	byLocale map[interaction.Locale]Localizer
	others   Localizer
}

// table is the texts of one locale, from one file.
type table struct {
	locale   interaction.Locale
	path     string
	messages map[string]*message
	plurals  *plurals
}

// Format is a file format catalogue files may be written in, beside
// JSON, which Load always reads. Unmarshal decodes a file into the *any
// it is given, as json.Unmarshal does: github.com/BurntSushi/toml's
// Unmarshal serves for TOML, and a YAML package's for YAML, which a bot
// then links by its own choice.
type Format struct {
	// Ext is the files' extension without its dot, such as "toml".
	Ext string
	// Unmarshal decodes a file's data into v, an *any.
	Unmarshal func(data []byte, v any) error
}

// Load reads a catalogue from the files of dir in fsys, such as an
// embed.FS: one file per locale, named after the locale as the service
// writes it and the format, such as en-US.json, fr.json or es-419.toml.
// def is the bot's default locale, whose file must be there: a key no
// other locale has is read from it.
//
// Load fails on a file it cannot read or parse, on a file whose name is
// not a locale of the service with a known format, on two files for one
// locale, on a text that is not a valid template, and on a text that
// could pass the bounds of MaxTextBytes and MaxIterations whatever its
// arguments or that defines or calls a template, naming its file, key,
// plural form and what in it goes past; it reads no subdirectory. It does not fail on missing translations, which the
// service's fallbacks and the default cover: Check reports those.
func Load(fsys fs.FS, dir string, def interaction.Locale, formats ...Format) (*Catalog, error) {
	unmarshal := map[string]func([]byte, any) error{"json": json.Unmarshal}
	for _, f := range formats {
		if f.Ext == "" || strings.Contains(f.Ext, ".") || f.Unmarshal == nil {
			return nil, fmt.Errorf("catalog: Format %q needs an extension without dot and an Unmarshal", f.Ext)
		}
		unmarshal[f.Ext] = f.Unmarshal
	}
	if !def.Valid() {
		return nil, fmt.Errorf("catalog: default locale %q is not one of the service's", def)
	}
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	c := &Catalog{def: def}
	var errs []error
	seen := make(map[interaction.Locale]string)
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		p := path.Join(dir, e.Name())
		stem, ext, _ := cutLast(e.Name(), ".")
		locale := interaction.Locale(stem)
		u, known := unmarshal[ext]
		switch {
		case !known || !locale.Valid():
			errs = append(errs, fmt.Errorf("%s: a catalogue file is named LOCALE.FORMAT, with one of the service's locales and a format Load reads", p))
			continue
		case seen[locale] != "":
			errs = append(errs, fmt.Errorf("%s: locale %s has another file, %s", p, locale, seen[locale]))
			continue
		}
		seen[locale] = p
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		t, err := parseTable(locale, p, data, u)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		c.tables = append(c.tables, t)
	}
	if seen[def] == "" {
		errs = append(errs, fmt.Errorf("%s: no file for the default locale %s", dir, def))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if err := c.index(); err != nil {
		return nil, err
	}
	return c, nil
}

// parseTable parses the file of one locale.
func parseTable(locale interaction.Locale, p string, data []byte, u func([]byte, any) error) (*table, error) {
	msgs, err := i18n.ParseMessageBytes(data, u)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	t := &table{locale: locale, path: p, messages: make(map[string]*message, len(msgs))}
	var errs []error
	for _, m := range msgs {
		if _, dup := t.messages[m.ID]; dup {
			errs = append(errs, fmt.Errorf("%s: key %q: given twice", p, m.ID))
			continue
		}
		msg, err := newMessage(m)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: key %q: %w", p, m.ID, err))
			continue
		}
		if msg != nil {
			t.messages[m.ID] = msg
		}
	}
	return t, errors.Join(errs...)
}

// index orders the tables as the service orders locales, learns their
// plural rules and makes the Localizer of every locale.
func (c *Catalog) index() error {
	order := make(map[interaction.Locale]int)
	for i, l := range interaction.Locales() {
		order[l] = i
	}
	slices.SortFunc(c.tables, func(a, b *table) int { return order[a.locale] - order[b.locale] })

	tags := make([]language.Tag, len(c.tables))
	for i, t := range c.tables {
		tag, err := language.Parse(string(t.locale))
		if err != nil {
			return fmt.Errorf("catalog: %s: %w", t.path, err)
		}
		tags[i] = tag
	}
	defTag, _ := language.Parse(string(c.def))
	probe, err := newProbe(defTag, tags)
	if err != nil {
		return fmt.Errorf("catalog: plural rules: %w", err)
	}
	for i, t := range c.tables {
		if t.plurals, err = newPlurals(probe, tags[i]); err != nil {
			return fmt.Errorf("catalog: plural rules of %s: %w", t.locale, err)
		}
	}

	c.byLocale = make(map[interaction.Locale]Localizer, len(order))
	for l := range order {
		c.byLocale[l] = c.localizer(l)
	}
	c.others = c.localizer("")
	return nil
}

// localizer returns the Localizer of l: the tables of l, of the locale
// the service falls back to from l, and of the default, those that exist,
// each once.
func (c *Catalog) localizer(l interaction.Locale) Localizer {
	tr := Localizer{locale: l}
	n := 0
	add := func(l interaction.Locale) {
		t := c.table(l)
		if t == nil || slices.Contains(tr.chain[:n], t) {
			return
		}
		tr.chain[n] = t
		n++
	}
	add(l)
	if fb, ok := l.Fallback(); ok {
		add(fb)
	}
	add(c.def)
	return tr
}

// table returns the table of l, nil if the catalogue has none.
func (c *Catalog) table(l interaction.Locale) *table {
	for _, t := range c.tables {
		if t.locale == l {
			return t
		}
	}
	return nil
}

// Default returns the bot's default locale.
func (c *Catalog) Default() interaction.Locale { return c.def }

// Locales returns the locales the catalogue has a file for, the default
// among them, in the service's order.
func (c *Catalog) Locales() []interaction.Locale {
	ls := make([]interaction.Locale, len(c.tables))
	for i, t := range c.tables {
		ls[i] = t.locale
	}
	return ls
}

// For returns the Localizer of a user of locale l, such as req.Locale():
// it reads the texts of l, else of the locale the service falls back to
// from l (en-US and en-GB to each other, es-419 to es-ES), else of the
// default locale, as the client shows a command's names. For costs a map
// look-up and allocates nothing.
func (c *Catalog) For(l interaction.Locale) Localizer {
	if tr, ok := c.byLocale[l]; ok {
		return tr
	}
	tr := c.others
	tr.locale = l
	return tr
}

// cutLast slices s around the last instance of sep.
func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}
