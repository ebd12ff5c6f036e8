package command

import (
	"slices"
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// localizations checks the dictionary in the field name of the current
// object: its keys must be locales of the service, and its values follow
// rule r, as def, the value they localize, does; label names that value in
// messages. The service ignores a value identical to the default, so it is
// not checked twice.
//
// When siblings is not nil, m holds the localized names of siblings[j],
// which must also differ from the names of the other options at their
// level (see localizedNameConflicts).
//
// It returns the characters of the longest of def, which has n, and its
// localizations: what the field adds to the size of the command.
func (v *validator) localizations(name, label, def string, n int, m Localizations, r textRule, siblings []Option, j int) int {
	if len(m) == 0 {
		return n
	}
	longest, ok, clashes := n, true, false
	for l, s := range m {
		valid := l.Valid()
		ok = ok && valid
		if s == def {
			continue
		}
		c := r.check(s)
		longest = max(longest, c.n)
		ok = ok && c.ok(r)
		if siblings != nil && valid {
			if !clashes && v.names.mayHold(s) {
				_, kind := nameClash(siblings, j, l, s)
				clashes = kind != noClash
			}
			v.names.addLocalized(s)
		}
	}
	if !ok {
		// Report in the order of the keys, which map iteration does not
		// keep.
		for _, l := range sortedLocales(m) {
			s := m[l]
			switch {
			case !l.Valid():
				v.report(fieldKey(name, string(l)), rules.EnumTypeCoerce,
					name+" key "+strconv.Quote(string(l))+" must be one of the service's locales")
			case s != def:
				v.text(fieldKey(name, string(l)), string(l)+" "+label, s, r)
			}
		}
	}
	if clashes {
		v.localizedNameConflicts(siblings, j)
	}
	return longest
}

func sortedLocales(m Localizations) []interaction.Locale {
	ls := make([]interaction.Locale, 0, len(m))
	for l := range m {
		ls = append(ls, l)
	}
	slices.Sort(ls)
	return ls
}

// localizedNameConflicts reports the localized names of opts[j] that clash
// with the other options of its array: the service requires a localized
// option name to differ from every other default option name of the command
// and from every other option name in that locale on that command.
//
// "The command" here is the options array the option belongs to: the
// options of a command, of one subcommand, or the subcommands of one group.
// A user picks among exactly these at once, and an invoked subcommand is
// what the client shows as a command. Reading it as the whole tree would
// contradict the service's own allowance of the same default name in two
// subcommands (/mod ban user and /mod kick user): their localizations of
// that name would then collide with each other. Locale fallbacks are not
// applied: the rule speaks of the names given in a locale.
func (v *validator) localizedNameConflicts(opts []Option, j int) {
	o := &opts[j]
	for _, l := range sortedLocales(o.NameLocalizations) {
		n := o.NameLocalizations[l]
		if n == o.Name || !l.Valid() {
			continue
		}
		k, kind := nameClash(opts, j, l, n)
		if kind == noClash {
			continue
		}
		other := optionKind(opts[k].Type) + " " + strconv.Quote(opts[k].Name)
		switch kind {
		case clashDefault:
			v.report(fieldKey("name_localizations", string(l)), rules.ApplicationCommandOptionsLocalizedNameConflict,
				string(l)+" name "+strconv.Quote(n)+" is the name of "+other+"; option names must differ in every locale")
		case clashLocalized:
			v.report(fieldKey("name_localizations", string(l)), rules.ApplicationCommandOptionsLocalizedNameConflict,
				string(l)+" name "+strconv.Quote(n)+" is also the "+string(l)+" name of "+other+
					"; option names must differ in every locale")
		}
	}
}

// nameLengths are the lengths of the names of an options array, modulo 64,
// as bit sets: a name of another length cannot clash with any of them, which
// spares most localized names the search through their siblings.
type nameLengths struct {
	names     uint64 // the default names of all the options
	localized uint64 // the localized names of the options checked so far
}

func lengthBit(s string) uint64 { return 1 << (len(s) & 63) }

func namesOf(opts []Option) nameLengths {
	var ls nameLengths
	for i := range opts {
		ls.names |= lengthBit(opts[i].Name)
	}
	return ls
}

func (ls *nameLengths) addLocalized(s string) { ls.localized |= lengthBit(s) }

func (ls *nameLengths) mayHold(s string) bool { return (ls.names|ls.localized)&lengthBit(s) != 0 }

type clash uint8

const (
	noClash        clash = iota
	clashDefault         // n is the default name of another option
	clashLocalized       // n is another option's name in the same locale
)

// nameClash finds an option of opts other than opts[j] that n, the name of
// opts[j] in locale l, collides with. A collision between two localized
// names is found only from the later of the two options, so that it is
// reported once.
func nameClash(opts []Option, j int, l interaction.Locale, n string) (int, clash) {
	for k := range opts {
		if k != j && opts[k].Name == n {
			return k, clashDefault
		}
	}
	for k := range opts[:j] {
		if len(opts[k].NameLocalizations) == 0 {
			continue
		}
		if m, ok := opts[k].NameLocalizations[l]; ok && m == n {
			return k, clashLocalized
		}
	}
	return -1, noClash
}
