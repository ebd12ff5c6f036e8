package catalog

import (
	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

// Command declares, for the command, group or subcommand it is given to,
// the description and the translations of its name and description found
// at key: key.name and key.desc, as in
//
//	{"paint": {"name": "peindre", "desc": "Peindre la clôture"}}
//
// The default locale's key.desc is the description; its key.name is for
// translators to read, since the default name is the one the code
// registers. Where the default locale has a partner the service falls
// back to (en-US and en-GB), its own name and description are added
// beside the partner's, else its users would read the partner's. The
// router checks what is declared against the service's rules when it is
// built, and Check checks the catalogue's texts before that.
func (c *Catalog) Command(key string) router.Decl {
	var decls []router.Decl
	name, _ := c.plain(c.def, key+nameSuffix)
	desc, ok := c.plain(c.def, key+descSuffix)
	if ok {
		decls = append(decls, router.Description(desc))
	}
	c.translations(key, name, desc, func(l interaction.Locale, name, desc string) {
		decls = append(decls, router.Localize(l, name, desc))
	})
	return router.Decls(decls...)
}

// Option returns the option b declares, with its description and the
// translations of its name and description found at key, as Command reads
// them: key.name and key.desc. Give it the option as built, last:
//
//	cat.Option("paint.color", option.String("color", "").Required())
//
// The description the code gives b is kept where the default locale has
// no key.desc.
func (c *Catalog) Option(key string, b option.Builder) option.Definer {
	def := b.Definition()
	if desc, ok := c.plain(c.def, key+descSuffix); ok {
		def.Description = desc
	}
	c.translations(key, def.Name, def.Description, func(l interaction.Locale, name, desc string) {
		if name != "" {
			def.NameLocalizations = with(def.NameLocalizations, l, name)
		}
		if desc != "" {
			def.DescriptionLocalizations = with(def.DescriptionLocalizations, l, desc)
		}
	})
	return definer(def)
}

// Choice returns ch with the name found at key, its whole text, in the
// default locale and translated, as in
//
//	{"paint": {"color": {"red": "Rouge"}}}
//
// for cat.Choice("paint.color.red", interaction.StringChoice("Red", "red")).
func (c *Catalog) Choice(key string, ch interaction.Choice) interaction.Choice {
	if name, ok := c.plain(c.def, key); ok {
		ch.Name = name
	}
	names := make(map[interaction.Locale]string, len(ch.NameLocalizations))
	for l, s := range ch.NameLocalizations {
		names[l] = s
	}
	for _, t := range c.tables {
		if s, ok := t.plain(key); ok && t.locale != c.def {
			names[t.locale] = s
		}
	}
	if partner, ok := c.def.Fallback(); ok {
		if s, ok := names[partner]; ok && s != ch.Name && names[c.def] == "" {
			names[c.def] = ch.Name // else the client shows the partner's
		}
	}
	if len(names) > 0 {
		ch.NameLocalizations = names
	}
	return ch
}

// translations calls add with the name and description of key, either of
// which may be "", for every locale but the default that has either. Where
// the locale has them and is the one the service falls back to from the
// default (en-GB for en-US, en-US for en-GB), it calls add for the default
// locale too, with name and desc, the default texts, where they differ
// from the partner's: without an entry of its own, the client shows the
// partner's text to the default locale's users.
func (c *Catalog) translations(key, name, desc string, add func(l interaction.Locale, name, desc string)) {
	partner, _ := c.def.Fallback()
	for _, t := range c.tables {
		if t.locale == c.def {
			continue
		}
		n, _ := t.plain(key + nameSuffix)
		d, _ := t.plain(key + descSuffix)
		if n == "" && d == "" {
			continue
		}
		add(t.locale, n, d)
		if t.locale == partner {
			own := func(text, partners string) string {
				if partners == "" || partners == text {
					return ""
				}
				return text
			}
			if n, d := own(name, n), own(desc, d); n != "" || d != "" {
				add(c.def, n, d)
			}
		}
	}
}

// plain returns the text of key in locale l as it is written, if the
// catalogue has it.
func (c *Catalog) plain(l interaction.Locale, key string) (string, bool) {
	t := c.table(l)
	if t == nil {
		return "", false
	}
	return t.plain(key)
}

// plain returns the text of key as it is written, if t has it.
func (t *table) plain(key string) (string, bool) {
	m := t.messages[key]
	if m == nil {
		return "", false
	}
	return m.texts[other].src, true
}

// definer is an option's definition made from a catalogue.
type definer command.Option

// Definition returns the option's definition.
func (d definer) Definition() command.Option { return command.Option(d) }

// with returns a copy of m with one more entry, so that options built from
// one Builder never share a map.
func with(m command.Localizations, l interaction.Locale, text string) command.Localizations {
	out := make(command.Localizations, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	out[l] = text
	return out
}
