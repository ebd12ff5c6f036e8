package autocomplete

import (
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
)

// How well a candidate matches the input; lower is better.
const (
	rankExact       = iota // the whole name, ignoring case
	rankPrefix             // the name starts with the input
	rankWordPrefix         // a word of the name starts with the input
	rankSubstring          // the input appears inside the name
	rankSubsequence        // the input's characters appear in order
	rankNone
)

// Match returns the candidates whose text matches the partial input, best
// first, at most MaxChoices of them. Matching ignores case (Unicode simple
// folding). An exact match ranks first, then names that start with the
// input, then names with a word that starts with it (a word begins after any
// character that is not a letter, digit or combining mark), then names that
// contain it, then names that contain its characters in order; within a
// rank shorter names (in characters) come first, then the candidates' own
// order. Empty input matches every candidate, in order.
func Match(partial string, candidates []string) []string {
	ranked := rank(partial, len(candidates), func(i int) string { return candidates[i] })
	out := make([]string, len(ranked))
	for i, r := range ranked {
		out[i] = candidates[r.index]
	}
	return out
}

// MatchChoices is Match over choices: each is matched by its name in the
// locale (its localized name when it has one, else its default name).
func MatchChoices(partial string, locale interaction.Locale, choices []interaction.Choice) []interaction.Choice {
	ranked := rank(partial, len(choices), func(i int) string { return choiceName(&choices[i], locale) })
	out := make([]interaction.Choice, len(ranked))
	for i, r := range ranked {
		out[i] = choices[r.index]
	}
	return out
}

func choiceName(c *interaction.Choice, locale interaction.Locale) string {
	return locale.Localized(c.NameLocalizations, c.Name)
}

type ranked struct {
	index, rank, length int
}

func rank(partial string, n int, text func(int) string) []ranked {
	var out []ranked
	for i := 0; i < n; i++ {
		t := text(i)
		r := rankOf(partial, t)
		if r == rankNone {
			continue
		}
		out = append(out, ranked{index: i, rank: r, length: utf8.RuneCountInString(t)})
	}
	if partial != "" {
		slices.SortStableFunc(out, func(a, b ranked) int {
			if a.rank != b.rank {
				return a.rank - b.rank
			}
			return a.length - b.length
		})
	}
	if len(out) > MaxChoices {
		out = out[:MaxChoices]
	}
	return out
}

func rankOf(partial, text string) int {
	if partial == "" {
		return rankPrefix
	}
	best := rankNone
	wordStart := true
	for i := 0; i < len(text); {
		if hasPrefixFold(text[i:], partial) {
			switch {
			case i == 0 && equalFold(text, partial):
				return rankExact
			case i == 0:
				// Only the start of the name can rank higher, and it was
				// just tried.
				return rankPrefix
			case wordStart:
				return rankWordPrefix
			default:
				best = rankSubstring
			}
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		wordStart = !isWordRune(r)
		i += size
	}
	if best == rankNone && isSubsequenceFold(partial, text) {
		best = rankSubsequence
	}
	return best
}

// isWordRune reports whether r continues a word. Combining marks do: the
// accent of a decomposed "é" does not end the word it is in.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// equalFold reports whether a and b are equal under simple folding.
func equalFold(a, b string) bool {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if !equalRuneFold(ra, rb) {
			return false
		}
		a, b = a[na:], b[nb:]
	}
	return a == "" && b == ""
}

// hasPrefixFold reports whether s starts with prefix under simple folding.
func hasPrefixFold(s, prefix string) bool {
	for prefix != "" {
		if s == "" {
			return false
		}
		rs, ns := utf8.DecodeRuneInString(s)
		rp, np := utf8.DecodeRuneInString(prefix)
		if !equalRuneFold(rs, rp) {
			return false
		}
		s, prefix = s[ns:], prefix[np:]
	}
	return true
}

func isSubsequenceFold(sub, s string) bool {
	for sub != "" {
		rp, np := utf8.DecodeRuneInString(sub)
		found := false
		for s != "" {
			rs, ns := utf8.DecodeRuneInString(s)
			s = s[ns:]
			if equalRuneFold(rs, rp) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
		sub = sub[np:]
	}
	return true
}

func equalRuneFold(a, b rune) bool {
	if a == b {
		return true
	}
	if a < utf8.RuneSelf && b < utf8.RuneSelf {
		return 'A' <= a && a <= 'Z' && a+'a'-'A' == b || 'A' <= b && b <= 'Z' && b+'a'-'A' == a
	}
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}
