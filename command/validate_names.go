package command

import (
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/internal/commandwords"
	"github.com/switchboard-go/switchboard/rules"
)

// textRule is what one piece of text must be. Lengths count characters
// (code points), as the service does, not bytes.
type textRule struct {
	min, max int
	// slashName marks the names of CHAT_INPUT commands and of options,
	// which the service matches against
	//
	//	^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$
	//
	// and which must be in lower case.
	slashName bool
}

// The service's rules for text.
var (
	slashNameRule = textRule{min: 1, max: 32, slashName: true}
	// USER and MESSAGE names may be mixed case and contain spaces.
	// PRIMARY_ENTRY_POINT names follow them: the service describes entry
	// points, like USER and MESSAGE commands, as UI-based commands, and
	// names its own default entry point "Launch", which the CHAT_INPUT rule
	// would refuse.
	menuNameRule    = textRule{min: 1, max: 32}
	descriptionRule = textRule{min: 1, max: 100}
	// An entry point may leave its description out; the service states no
	// lower bound for it.
	entryDescriptionRule = textRule{max: 100}
	choiceNameRule       = textRule{min: 1, max: 100}
	choiceValueRule      = textRule{max: 100}
)

// textCheck is what is wrong with a piece of text.
type textCheck struct {
	n       int // characters
	badUTF8 bool
	badRune rune // the first character a slash name may not have, or -1
	upper   bool // a slash name has a character with a lower-case form
}

func (c textCheck) ok(r textRule) bool {
	return !c.badUTF8 && r.min <= c.n && c.n <= r.max && c.badRune < 0 && !c.upper
}

// check returns what is wrong with s and its number of characters.
func (r textRule) check(s string) textCheck {
	c := textCheck{badRune: -1}
	if !r.slashName {
		c.n, c.badUTF8 = utf8.RuneCountInString(s), !utf8.ValidString(s)
		return c
	}
	for i := 0; i < len(s); c.n++ {
		ch := rune(s[i])
		if ch < utf8.RuneSelf {
			// Most names are ASCII: lower-case letters, digits, - _ and '.
			i++
			switch {
			case 'a' <= ch && ch <= 'z', '0' <= ch && ch <= '9', ch == '-', ch == '_', ch == '\'':
			case 'A' <= ch && ch <= 'Z':
				c.upper = true
			case c.badRune < 0:
				c.badRune = ch
			}
			continue
		}
		ch, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if ch == utf8.RuneError && size == 1 {
			c.badUTF8 = true
		}
		if c.badRune < 0 && !slashNameRune(ch) {
			c.badRune = ch
		}
		// The service asks for the lower-case form of every letter that has
		// one. Checking every character rather than only letters also
		// refuses the upper-case Roman numerals (Ⅻ), numbers that have a
		// lower-case form as well.
		if !c.upper && unicode.ToLower(ch) != ch {
			c.upper = true
		}
	}
	return c
}

// slashNameRune reports whether a slash name may contain r: the class
// [-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]. Devanagari and Thai are listed for
// their combining vowel signs, which are neither letters nor numbers.
func slashNameRune(r rune) bool {
	switch {
	case r == '-' || r == '_' || r == '\'':
		return true
	case r < utf8.RuneSelf:
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r) ||
		unicode.Is(unicode.Devanagari, r) || unicode.Is(unicode.Thai, r)
}

// text checks s, the field at a called label in messages, against r, and
// returns its number of characters.
func (v *validator) text(a at, label, s string, r textRule) int {
	c := r.check(s)
	if c.ok(r) {
		return c.n
	}
	if c.badUTF8 {
		v.report(a, rules.StringInvalidUTF8, label+" must be valid UTF-8")
		return c.n
	}
	if c.n < r.min || c.n > r.max {
		if r.min == 0 {
			v.report(a, rules.BaseTypeMaxLength, commandwords.TooLong(label, r.max, c.n))
		} else {
			v.report(a, rules.BaseTypeBadLength, commandwords.OutOfBounds(label, r.min, r.max, c.n))
		}
	}
	if c.badRune >= 0 {
		v.report(a, rules.ApplicationCommandInvalidName, label+" may contain only letters, numbers, - _ and ', has "+
			strconv.QuoteRune(c.badRune))
	}
	if c.upper {
		v.report(a, rules.ApplicationCommandInvalidName, label+" must be lowercase")
	}
	return c.n
}
