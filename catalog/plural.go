package catalog

import (
	"fmt"
	"math"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// form is a plural category of CLDR; it indexes the texts of a message.
type form uint8

const (
	zero form = iota
	one
	two
	few
	many
	other
	numForms
)

var formNames = [numForms]string{"zero", "one", "two", "few", "many", "other"}

func (f form) String() string { return formNames[f] }

// formNamed returns the form of a category's name.
func formNamed(name string) (form, bool) {
	for f, n := range formNames {
		if n == name {
			return form(f), true
		}
	}
	return 0, false
}

// probeID is the one message of a probe bundle: each of its forms reads
// the name of the form, so that go-i18n, asked for it with a count,
// answers with the category its CLDR rules give the count. go-i18n keeps
// its rules to itself; asking through its public API keeps the answers
// and Check on the very same rules.
const probeID = "form"

// smallCounts is how many counts, from 0, a plurals remembers the form of,
// so that the counts answers mostly carry cost a look-up in an array.
const smallCounts = 1000

// plurals tells the plural form of a count in one locale.
type plurals struct {
	probe *i18n.Localizer
	small [smallCounts]form
}

// newProbe returns a bundle that holds the probe message in each of tags.
func newProbe(def language.Tag, tags []language.Tag) (*i18n.Bundle, error) {
	b := i18n.NewBundle(def)
	m := &i18n.Message{ID: probeID, Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"}
	for _, t := range tags {
		if err := b.AddMessages(t, m); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// newPlurals returns the plural rules of tag, which probe holds.
func newPlurals(probe *i18n.Bundle, tag language.Tag) (*plurals, error) {
	p := &plurals{probe: i18n.NewLocalizer(probe, tag.String())}
	for n := range smallCounts {
		f, err := p.ask(n)
		if err != nil {
			return nil, err
		}
		p.small[n] = f
	}
	return p, nil
}

// ask asks go-i18n for the form of count: an integer of an int type or a
// decimal written as a string.
func (p *plurals) ask(count any) (form, error) {
	name, err := p.probe.Localize(&i18n.LocalizeConfig{MessageID: probeID, PluralCount: count})
	if err != nil {
		return 0, err
	}
	f, ok := formNamed(name)
	if !ok {
		return 0, fmt.Errorf("plural rules answered %q", name)
	}
	return f, nil
}

// form returns the form of count: any integer type, or a decimal written
// as a string ("1.5", "2.0"), since how many fraction digits are written
// decides the form in some languages. A float is refused for that reason.
func (p *plurals) form(count any) (form, error) {
	n, ok := integer(count)
	if ok {
		if n >= 0 && n < smallCounts {
			return p.small[n], nil
		}
		return p.ask(n)
	}
	if s, ok := count.(string); ok {
		return p.ask(s)
	}
	switch count.(type) {
	case float32, float64:
		return 0, fmt.Errorf("argument Count is a %T: write a fraction as a string, such as \"1.5\", since its written digits choose the form", count)
	}
	return 0, fmt.Errorf("argument Count is a %T, not an integer or a decimal string", count)
}

// integer returns count as an int64 if it is an integer that fits one.
func integer(count any) (int64, bool) {
	switch n := count.(type) {
	case int:
		return int64(n), true
	case int8:
		return int64(n), true
	case int16:
		return int64(n), true
	case int32:
		return int64(n), true
	case int64:
		return n, true
	case uint:
		return int64(n), uint64(n) <= math.MaxInt64
	case uint8:
		return int64(n), true
	case uint16:
		return int64(n), true
	case uint32:
		return int64(n), true
	case uint64:
		return int64(n), n <= math.MaxInt64
	}
	return 0, false
}

// integerProbes and decimalProbes are the counts Check asks the form of,
// to learn which forms a locale needs: every category whole numbers
// reach must be written, and a category no probe reaches is never chosen.
// Counts up to smallCounts are asked at load; the rules of the service's
// languages change past them only at the millions (French, Spanish,
// Italian and Portuguese "many").
var (
	integerProbes = []int64{1_000_000, 2_000_000, 1_000_001}
	decimalProbes = []string{
		"0.0", "0.1", "0.5", "1.0", "1.5", "2.0", "2.5", "3.5", "5.5",
		"11.5", "21.5", "22.5", "101.5", "0.01", "1.25", "1.10",
	}
)

// reached returns, for one locale, the forms that whole numbers reach, each
// with the first such number, and the forms that only decimals reach.
func (p *plurals) reached() (whole [numForms]string, decimal [numForms]bool, err error) {
	for n, f := range p.small {
		if whole[f] == "" {
			whole[f] = fmt.Sprint(n)
		}
	}
	for _, n := range integerProbes {
		f, err := p.ask(n)
		if err != nil {
			return whole, decimal, err
		}
		if whole[f] == "" {
			whole[f] = fmt.Sprint(n)
		}
	}
	for _, s := range decimalProbes {
		f, err := p.ask(s)
		if err != nil {
			return whole, decimal, err
		}
		decimal[f] = true
	}
	return whole, decimal, nil
}
