package router

import (
	"slices"
	"strings"
	"testing"
)

func TestMalformedPatternsAreRefused(t *testing.T) {
	for _, tt := range []struct {
		name, pattern, problem string
	}{
		{"an empty pattern", "", "pattern is empty"},
		{"a part without a name", "poll:{}", `part "{}"`},
		{"a rest without a name", "open:{...}", `part "{...}"`},
		{"a name that starts with a digit", "poll:{1d}", `part "{1d}"`},
		{"a name with a dash", "poll:{poll-id}", `part "{poll-id}"`},
		{"a name with spaces", "poll:{ id }", `part "{ id }"`},
		{"a brace inside text", "poll{id}", `segment "poll{id}" mixes text and braces`},
		{"text after a part", "poll:{id}x", `segment "{id}x" mixes text and braces`},
		{"a lone closing brace", "poll:id}", `segment "id}" mixes text and braces`},
		{"a nested part", "poll:{{id}}", `part "{{id}}"`},
		{"a name used twice", "{id}:vote:{id}", `part name "id" used twice`},
		{"a part and a rest of the same name", "{id}:{id...}", `part name "id" used twice`},
		{"a rest before the end", "open:{path...}:x", "must be the last segment"},
		{"more parts than a request keeps", "{a}:{b}:{c}:{d}:{e}:{f}:{g}:{h}:{i}", "more than 8 parts"},
		{"a pattern longer than any custom_id", strings.Repeat("x", 101), "the shortest it matches has 101"},
		{"parts that make it too long", strings.Repeat("x", 97) + ":{a}:{b}", "the shortest it matches has 101"},
		{"text counted in characters", strings.Repeat("é", 101), "the shortest it matches has 101"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, problem := parsePattern(tt.pattern)
			if p != nil || !strings.Contains(problem, tt.problem) {
				t.Fatalf("parsePattern(%q) = %v, %q; want a problem with %q", tt.pattern, p, problem, tt.problem)
			}
		})
	}
}

func TestWellFormedPatternsParse(t *testing.T) {
	for _, tt := range []struct {
		pattern string
		names   []string
	}{
		{"ping", nil},
		{"poll:{id}:vote", []string{"id"}},
		{"open:{path...}", []string{"path"}},
		{"{all...}", []string{"all"}},
		{"a::b", nil},
		{":", nil},
		{"{_x}:{y2}:{Z}", []string{"_x", "y2", "Z"}},
		{"{a}:{b}:{c}:{d}:{e}:{f}:{g}:{h}", []string{"a", "b", "c", "d", "e", "f", "g", "h"}},
		{strings.Repeat("é", 100), nil},
		{strings.Repeat("x", 98) + ":{a}", []string{"a"}},
		{"dots...:{x}", []string{"x"}},
	} {
		p, problem := parsePattern(tt.pattern)
		if problem != "" || !slices.Equal(p.names, tt.names) {
			t.Errorf("parsePattern(%q): names %v, problem %q; want names %v", tt.pattern, p.names, problem, tt.names)
		}
	}
}

func mustParse(t testing.TB, text string) *pattern {
	t.Helper()
	p, problem := parsePattern(text)
	if problem != "" {
		t.Fatalf("parsePattern(%q): %s", text, problem)
	}
	return p
}

func TestPatternsCompareByWhatTheyMatch(t *testing.T) {
	for _, tt := range []struct {
		p, q string
		want relation
	}{
		{"poll:vote", "poll:vote", equivalent},
		{"poll:{id}", "poll:{other}", equivalent},
		{"{a...}", "{b...}", equivalent},
		{"poll:vote", "poll:{id}", moreSpecific},
		{"poll:{id}", "poll:vote", moreGeneral},
		{"poll:{id}", "poll:{rest...}", moreSpecific},
		{"poll:{id}:x", "poll:{rest...}", moreSpecific},
		{"poll:a:b:c", "{all...}", moreSpecific},
		{"poll:{rest...}", "{a}:{b...}", moreSpecific},
		{"poll:{id}", "{kind}:42", overlaps},
		{"{a}:x:{b...}", "{c}:{d}:y", overlaps},
		{"poll:{rest...}", "{kind}:x", overlaps},
		{"poll:a", "poll:b", disjoint},
		{"poll", "poll:{id}", disjoint},
		{"poll:{id}", "poll:{id}:{x}", disjoint},
		{"poll", "poll:{rest...}", disjoint},
		{"poll:", "poll:{id}", disjoint},
		{"poll:", "poll:{rest...}", disjoint},
		{"poll::", "poll:{rest...}", moreSpecific},
		{"{a}:{b}", "x:y:{c...}", disjoint},
	} {
		p, q := mustParse(t, tt.p), mustParse(t, tt.q)
		if got := p.compare(q); got != tt.want {
			t.Errorf("%q against %q: %v, want %v", tt.p, tt.q, got, tt.want)
		}
		if got, want := q.compare(p), flip(tt.want); got != want {
			t.Errorf("%q against %q: %v, want %v", tt.q, tt.p, got, want)
		}
	}
}

// tree builds the tree of patterns, failing the test on a problem.
func tree(t testing.TB, patterns ...string) *idNode {
	t.Helper()
	routes := make([]*idRoute, len(patterns))
	for i, text := range patterns {
		routes[i] = &idRoute{pattern: mustParse(t, text)}
	}
	return newIDTree("component", routes, func(path, problem string) { t.Fatalf("%s: %s", path, problem) })
}

func TestTheMostSpecificPatternMatches(t *testing.T) {
	root := tree(t,
		"poll:{id}:vote",
		"poll:{id}:{choice}",
		"poll:new:vote",
		"poll:{rest...}",
		"page:{n}",
		"open:{path...}",
		"empty::end",
		"trail:",
		"many:{a}:{b}:{c}:{d}:{e}:{f}:{g}:{h}",
	)
	for _, tt := range []struct {
		id      string
		pattern string // "" for none
		parts   []string
	}{
		{"poll:42:vote", "poll:{id}:vote", []string{"42"}},
		{"poll:new:vote", "poll:new:vote", nil},
		{"poll:42:close", "poll:{id}:{choice}", []string{"42", "close"}},
		{"poll:42", "poll:{rest...}", []string{"42"}},
		{"poll:42:vote:again", "poll:{rest...}", []string{"42:vote:again"}},
		{"poll::vote", "poll:{rest...}", []string{":vote"}},
		{"poll:", "", nil},
		{"poll", "", nil},
		{"page:3", "page:{n}", []string{"3"}},
		{"page:", "", nil},
		{"page:3:4", "", nil},
		{"open:a:b:c", "open:{path...}", []string{"a:b:c"}},
		{"open::", "open:{path...}", []string{":"}},
		{"empty::end", "empty::end", nil},
		{"empty:x:end", "", nil},
		{"trail:", "trail:", nil},
		{"trail:x", "", nil},
		{"many:1:2:3:4:5:6:7:8", "many:{a}:{b}:{c}:{d}:{e}:{f}:{g}:{h}", []string{"1", "2", "3", "4", "5", "6", "7", "8"}},
		{"many:1:2:3:4:5:6:7", "", nil},
		{"", "", nil},
		{":", "", nil},
		{"unknown", "", nil},
	} {
		var ps parts
		r := root.match(tt.id, &ps)
		got := ""
		if r != nil {
			got = r.pattern.text
		}
		if got != tt.pattern || (r != nil && !slices.Equal(ps.values[:ps.n], tt.parts)) {
			t.Errorf("%q matched %q with %q, want %q with %q", tt.id, got, ps.values[:ps.n], tt.pattern, tt.parts)
		}
	}
}

func TestClashingPatternsAreReported(t *testing.T) {
	for _, tt := range []struct {
		name     string
		patterns []string
		problems []string
	}{
		{"the same pattern twice", []string{"poll:{id}", "poll:{id}"},
			[]string{`poll:{id}: component pattern registered twice`}},
		{"the same shape with other names", []string{"poll:{id}", "poll:{x}"},
			[]string{`poll:{x}: component pattern registered twice: it matches what "poll:{id}" matches`}},
		{"two patterns neither of which is more specific", []string{"poll:{id}", "{kind}:42"},
			[]string{`{kind}:42: component pattern overlaps "poll:{id}": both match "poll:42", and neither matches only some of what the other matches`}},
		{"a rest against a part", []string{"{kind}:x", "poll:{rest...}"},
			[]string{`poll:{rest...}: component pattern overlaps "{kind}:x": both match "poll:x", and neither matches only some of what the other matches`}},
		{"a pattern more specific than another", []string{"poll:{id}", "poll:new"}, nil},
		{"patterns that share no custom_id", []string{"{a}:{b}", "{a}:{b}:{c}", "x"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			routes := make([]*idRoute, len(tt.patterns))
			for i, text := range tt.patterns {
				routes[i] = &idRoute{pattern: mustParse(t, text)}
			}
			var problems []string
			newIDTree("component", routes, func(path, problem string) { problems = append(problems, path+": "+problem) })
			if !slices.Equal(problems, tt.problems) {
				t.Errorf("problems\n%q\nwant\n%q", problems, tt.problems)
			}
		})
	}
}

func TestMatchingAllocatesNothing(t *testing.T) {
	root := tree(t, "poll:{id}:vote", "poll:{id}:{choice}", "open:{path...}", "ping")
	var ps parts
	for _, id := range []string{"ping", "poll:42:vote", "poll:42:x", "open:a:b", "missing:x"} {
		if n := testing.AllocsPerRun(100, func() { root.match(id, &ps) }); n != 0 {
			t.Errorf("matching %q: %v allocations", id, n)
		}
	}
}
