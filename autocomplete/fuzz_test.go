package autocomplete_test

import (
	"encoding/binary"
	"math"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
)

// The fuzz tests hold Match and Sanitize to models of their documented
// rules, written differently from the code: Match's over slices of folded
// runes rather than strings, Sanitize's from the specification's limits.

// Ranks of the model, best first.
const (
	modelExact = iota
	modelPrefix
	modelWordPrefix
	modelSubstring
	modelSubsequence
	modelNone
)

// foldKey maps r to the smallest rune of its simple folding orbit, so that
// two runes are equal under simple folding exactly when their keys are.
func foldKey(r rune) rune {
	min := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f < min {
			min = f
		}
	}
	return min
}

func foldRunes(s string) []rune {
	rs := []rune(s) // invalid bytes become U+FFFD, as when decoding
	for i, r := range rs {
		rs[i] = foldKey(r)
	}
	return rs
}

func modelRank(partial, name string) int {
	p, n, orig := foldRunes(partial), foldRunes(name), []rune(name)
	switch {
	case len(p) == 0:
		return modelPrefix
	case slices.Equal(p, n):
		return modelExact
	}
	best := modelNone
	for i := 0; i+len(p) <= len(n); i++ {
		if !slices.Equal(n[i:i+len(p)], p) {
			continue
		}
		switch {
		case i == 0:
			best = min(best, modelPrefix)
		case !isLetterDigitOrMark(orig[i-1]):
			best = min(best, modelWordPrefix)
		default:
			best = min(best, modelSubstring)
		}
	}
	if best != modelNone {
		return best
	}
	j := 0
	for _, r := range n {
		if j < len(p) && r == p[j] {
			j++
		}
	}
	if j == len(p) {
		return modelSubsequence
	}
	return modelNone
}

func isLetterDigitOrMark(r rune) bool {
	return unicode.In(r, unicode.L, unicode.Nd, unicode.M)
}

// modelMatch is Match as its documentation states it.
func modelMatch(partial string, candidates []string) []string {
	type hit struct {
		name        string
		rank, runes int
	}
	var hits []hit
	for _, c := range candidates {
		if r := modelRank(partial, c); r != modelNone {
			hits = append(hits, hit{c, r, utf8.RuneCountInString(c)})
		}
	}
	if partial != "" {
		slices.SortStableFunc(hits, func(a, b hit) int {
			if a.rank != b.rank {
				return a.rank - b.rank
			}
			return a.runes - b.runes
		})
	}
	out := []string{}
	for _, h := range hits[:min(len(hits), autocomplete.MaxChoices)] {
		out = append(out, h.name)
	}
	return out
}

func FuzzMatch(f *testing.F) {
	for _, seed := range []struct {
		partial, candidates string // candidates separated by "\n"
		repeat              uint8
	}{
		{"ban", "ban\nunban\nban list\nthe ban hammer\nb-a-n\nkick", 1},
		{"", "a\nb\n\nc", 10},
		{"ÉCOLE", "école\nÉcole\necole\ne\u0301cole\nl'école", 1},
		{"cole", "e\u0301cole\nle cole\necole", 1},
		{"οδοσ", "ΟΔΟΣ\nοδος\nΟδός", 1},
		{"ı", "I\ni\nİ\nı", 1},
		{"ß", "ẞ\nss\nSS", 1},
		{"k", "\u212a\nK\nk", 1},
		{"item", "item1\nx-item\nitem", 20},
		{"\xff", "\xff\xfe\n\ufffd\na\xffb", 1},
		{"a b", "a b\na-b\nab\na  b", 1},
		{"😀", "😀cat\ncat😀\n😃", 1},
	} {
		f.Add(seed.partial, seed.candidates, seed.repeat)
	}
	f.Fuzz(func(t *testing.T, partial, joined string, repeat uint8) {
		if len(partial) > 64 || len(joined) > 4096 {
			return // the model is quadratic; long inputs only slow the search
		}
		var candidates []string
		for range int(repeat%40) + 1 {
			candidates = append(candidates, strings.Split(joined, "\n")...)
		}
		got := autocomplete.Match(partial, candidates)
		if len(got) > autocomplete.MaxChoices {
			t.Fatalf("%d results, more than %d", len(got), autocomplete.MaxChoices)
		}
		for _, g := range got {
			if !slices.Contains(candidates, g) {
				t.Fatalf("result %q is not a candidate", g)
			}
			if modelRank(partial, g) == modelNone {
				t.Fatalf("result %q does not match %q", g, partial)
			}
		}
		if want := modelMatch(partial, candidates); !slices.Equal(got, want) {
			t.Fatalf("Match(%q, %q)\n got  %q\n want %q", partial, candidates, got, want)
		}

		// MatchChoices ranks default names as Match ranks strings.
		choices := make([]interaction.Choice, len(candidates))
		for i, c := range candidates {
			choices[i] = interaction.IntChoice(c, int64(i))
		}
		gotChoices := autocomplete.MatchChoices(partial, interaction.LocaleFrench, choices)
		if len(gotChoices) != len(got) {
			t.Fatalf("MatchChoices gave %d results, Match %d", len(gotChoices), len(got))
		}
		for i, c := range gotChoices {
			if c.Name != got[i] {
				t.Fatalf("MatchChoices result %d is %q, Match's %q", i, c.Name, got[i])
			}
		}
	})
}

// choiceReader turns fuzz bytes into choices: each is a header byte (the
// kind of value in its low two bits, the number of localizations in the
// next two), a name, a value and its localizations.
type choiceReader struct{ b []byte }

func (r *choiceReader) byte() byte {
	if len(r.b) == 0 {
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *choiceReader) string() string {
	n := min(int(r.byte()), len(r.b))
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

func (r *choiceReader) uint64() uint64 {
	var buf [8]byte
	n := copy(buf[:], r.b)
	r.b = r.b[n:]
	return binary.LittleEndian.Uint64(buf[:])
}

func (r *choiceReader) choices() []interaction.Choice {
	var out []interaction.Choice
	for len(r.b) > 0 {
		h := r.byte()
		c := interaction.Choice{Name: r.string()}
		switch h & 3 {
		case 0:
			c.Value = interaction.StringValue(r.string())
		case 1:
			c.Value = interaction.IntValue(int64(r.uint64()))
		case 2:
			c.Value = interaction.FloatValue(math.Float64frombits(r.uint64()))
		case 3:
			if r.byte()&1 == 1 {
				c.Value = interaction.BoolValue(true)
			} // else no value at all
		}
		if n := h >> 2 & 3; n > 0 {
			c.NameLocalizations = make(map[interaction.Locale]string)
			for range n {
				c.NameLocalizations[interaction.Locale(r.string())] = r.string()
			}
		}
		out = append(out, c)
	}
	return out
}

// modelValid is whether the service accepts c for an option of type t.
func modelValid(c interaction.Choice, t interaction.OptionType) bool {
	nameOK := func(s string) bool { n := utf8.RuneCountInString(s); return 1 <= n && n <= 100 }
	if !nameOK(c.Name) {
		return false
	}
	for l, name := range c.NameLocalizations {
		if !slices.Contains(interaction.Locales(), l) || !nameOK(name) {
			return false
		}
	}
	switch t {
	case interaction.OptionString:
		s, _ := c.Value.Str()
		return c.Value.Kind() == interaction.KindString && utf8.RuneCountInString(s) <= 100
	case interaction.OptionInteger:
		f, _ := c.Value.Float()
		return c.Value.Kind() == interaction.KindNumber && f == math.Trunc(f) && math.Abs(f) <= maxInteger
	case interaction.OptionNumber:
		f, _ := c.Value.Float()
		return c.Value.Kind() == interaction.KindNumber && math.Abs(f) <= maxNumber
	}
	return false
}

func FuzzSanitize(f *testing.F) {
	name := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	str := func(n, v string) []byte { return append(append([]byte{0}, name(n)...), name(v)...) }
	num := func(kind byte, n string, bits uint64) []byte {
		b := append([]byte{kind}, name(n)...)
		return binary.LittleEndian.AppendUint64(b, bits)
	}
	cat := func(parts ...[]byte) []byte { return slices.Concat(parts...) }
	for _, seed := range []struct {
		typ    int
		data   []byte
		repeat uint8
	}{
		{3, cat(str("Paris", "paris"), str("", "x"), str(strings.Repeat("é", 100), "v"), str("n", strings.Repeat("v", 101))), 1},
		{3, str("a", "a"), 30},
		{3, cat(str("a", "a"), str("", "")), 13},
		{4, cat(num(1, "max", maxInteger), num(1, "over", maxInteger+1), num(2, "half", math.Float64bits(0.5)), num(2, "three", math.Float64bits(3))), 1},
		{10, cat(num(2, "nan", math.Float64bits(math.NaN())), num(2, "max", math.Float64bits(maxNumber)), num(1, "int", 7), num(2, "inf", math.Float64bits(math.Inf(1)))), 1},
		{3, cat([]byte{4}, name("Red"), name("red"), name("fr"), name("Rouge"), []byte{8}, name("n"), name("v"), name("xx"), name("n"), name("en-GB"), name("")), 1},
		{3, cat([]byte{3}, name("none"), []byte{0}, []byte{3}, name("bool"), []byte{1}), 1},
		{6, str("user", "1"), 1},
		{0, nil, 1},
	} {
		f.Add(seed.typ, seed.data, seed.repeat)
	}
	f.Fuzz(func(t *testing.T, typ int, data []byte, repeat uint8) {
		if len(data) > 4096 {
			return // longer inputs add nothing but slower minimizing
		}
		one := (&choiceReader{data}).choices()
		var choices []interaction.Choice
		for range int(repeat%40) + 1 {
			choices = append(choices, one...)
		}
		ot := interaction.OptionType(typ)
		before := cloneChoices(choices)
		kept, dropped := autocomplete.Sanitize(choices, ot)
		if !sameChoices(choices, before) {
			t.Fatalf("Sanitize modified its input")
		}
		if len(kept)+len(dropped) != len(choices) {
			t.Fatalf("kept %d + dropped %d != %d choices", len(kept), len(dropped), len(choices))
		}
		var want []interaction.Choice
		var wantDropped []int
		for i, c := range choices {
			if modelValid(c, ot) && len(want) < autocomplete.MaxChoices {
				want = append(want, c)
			} else {
				wantDropped = append(wantDropped, i)
			}
		}
		if len(kept) != len(want) {
			t.Fatalf("kept %d choices, want %d", len(kept), len(want))
		}
		for i := range kept {
			if !sameChoice(kept[i], want[i]) {
				t.Fatalf("kept[%d] = %+v, want %+v", i, kept[i], want[i])
			}
			if !modelValid(kept[i], ot) {
				t.Fatalf("kept %+v, which the service refuses for %v", kept[i], ot)
			}
		}
		if len(dropped) != len(wantDropped) {
			t.Fatalf("dropped %v, want indexes %v", dropped, wantDropped)
		}
		for i, d := range dropped {
			if d.Index != wantDropped[i] || d.Reason == "" {
				t.Fatalf("dropped %v, want indexes %v, each with a reason", dropped, wantDropped)
			}
		}
		if len(dropped) == 0 && len(choices) > 0 && &kept[0] != &choices[0] {
			t.Fatalf("Sanitize copied choices that were all valid")
		}
	})
}
