package router

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// reference matches custom_ids against one pattern with a regular
// expression: the definition of a pattern written another way.
type reference struct {
	p  *pattern
	re *regexp.Regexp
}

func newReference(p *pattern) reference {
	var b strings.Builder
	b.WriteString(`(?s)^`)
	for i, s := range p.segments {
		if i > 0 {
			b.WriteByte(':')
		}
		switch s.kind {
		case segmentText:
			b.WriteString(regexp.QuoteMeta(s.text))
		case segmentPart:
			b.WriteString(`([^:]+)`)
		case segmentRest:
			b.WriteString(`(.+)`)
		}
	}
	b.WriteByte('$')
	return reference{p: p, re: regexp.MustCompile(b.String())}
}

// parts returns the parts of id, or false when id does not match.
func (r reference) parts(id string) ([]string, bool) {
	m := r.re.FindStringSubmatch(id)
	if m == nil {
		return nil, false
	}
	return m[1:], true
}

// universe returns every string of up to n characters of "ab:", beside
// extra: a space of custom_ids in which brute force compares patterns.
func universe(n int, extra ...string) []string {
	out := append([]string(nil), extra...)
	level := []string{""}
	for range n {
		var next []string
		for _, s := range level {
			for _, c := range []string{"a", "b", ":"} {
				next = append(next, s+c)
			}
		}
		out = append(out, next...)
		level = next
	}
	return out
}

// fillParts returns a custom_id that p matches, with its parts taken from
// values in turn, and those parts.
func fillParts(p *pattern, values []string) (string, []string) {
	var b strings.Builder
	var got []string
	for i, s := range p.segments {
		if i > 0 {
			b.WriteByte(':')
		}
		if s.kind == segmentText {
			b.WriteString(s.text)
			continue
		}
		v := s.text // the part's name when values run out
		if len(got) < len(values) && values[len(got)] != "" {
			v = values[len(got)]
		}
		if s.kind == segmentPart {
			v = strings.ReplaceAll(v, ":", "")
			if v == "" {
				v = s.text
			}
		}
		got = append(got, v)
		b.WriteString(v)
	}
	return b.String(), got
}

func FuzzCustomIDPattern(f *testing.F) {
	f.Add("poll:{id}:vote", "poll:{id}:{choice}\npoll:new:vote\npoll:{rest...}", "42")
	f.Add("{a}:b", "a:{b}\n{x...}\na:b", "a")
	f.Add("a:{x...}", "{y}:b\na::b\n:", "b:a")
	f.Add("{a}:{b}:{c}", "a:{b...}\n{a}:a:{c}\nb:b:b", ":\x00:")
	f.Add("open:{path...}", "open:{x}\nopen:a:{y}", "a:b:c")
	f.Add("a{b}", "", "")
	f.Add("::", "{a}::\n:{b}:", "")
	f.Fuzz(func(t *testing.T, text, others, values string) {
		p, problem := parsePattern(text)
		if p == nil {
			if problem == "" {
				t.Fatalf("parsePattern(%q) refused it without saying why", text)
			}
			return
		}
		if problem != "" {
			t.Fatalf("parsePattern(%q) gave a pattern and a problem: %s", text, problem)
		}
		routes := []*idRoute{{pattern: p}}
		for i, line := range strings.Split(others, "\n") {
			if i == 8 {
				break
			}
			if q, _ := parsePattern(line); q != nil {
				routes = append(routes, &idRoute{pattern: q})
			}
		}
		root := newIDTree("component", routes, func(string, string) {})

		// A custom_id made by filling p's parts matches p and gives them
		// back, unless a pattern more specific than p takes it.
		id, want := fillParts(p, strings.Split(values, "|"))
		var ps parts
		r := root.match(id, &ps)
		switch {
		case r == nil:
			t.Fatalf("%q: %q matched nothing", text, id)
		case r.pattern == p:
			if !slices.Equal(ps.values[:ps.n], want) {
				t.Fatalf("%q: %q gave parts %q, want %q", text, id, ps.values[:ps.n], want)
			}
		case r.pattern.compare(p) != moreSpecific:
			t.Fatalf("%q: %q was taken by %q, which is not more specific", text, id, r.pattern.text)
		}

		// The rest is checked against regular expressions, which take
		// only valid UTF-8.
		for _, r := range routes {
			if !utf8.ValidString(r.pattern.text) {
				return
			}
		}
		space := universe(4, id, values)
		refs := make([]reference, len(routes))
		sets := make([][]bool, len(routes))
		for i, r := range routes {
			refs[i] = newReference(r.pattern)
			sets[i] = make([]bool, len(space))
			for j, s := range space {
				_, sets[i][j] = refs[i].parts(s)
			}
		}
		subset := func(a, b int) bool {
			for j := range space {
				if sets[a][j] && !sets[b][j] {
					return false
				}
			}
			return true
		}
		for i := range routes {
			for j := range routes[:i] {
				rel := routes[i].pattern.compare(routes[j].pattern)
				pi, pj := routes[i].pattern.text, routes[j].pattern.text
				switch rel {
				case disjoint:
					for k := range space {
						if sets[i][k] && sets[j][k] {
							t.Fatalf("%q and %q found disjoint, but both match %q", pi, pj, space[k])
						}
					}
				case equivalent:
					if !subset(i, j) || !subset(j, i) {
						t.Fatalf("%q and %q found equivalent, but they match different custom_ids", pi, pj)
					}
				case moreSpecific:
					if !subset(i, j) {
						t.Fatalf("%q found more specific than %q, but matches what it does not", pi, pj)
					}
				case moreGeneral:
					if !subset(j, i) {
						t.Fatalf("%q found more general than %q, but %q matches what it does not", pi, pj, pj)
					}
				case overlaps:
					ex := routes[i].pattern.example(routes[j].pattern)
					_, ok1 := refs[i].parts(ex)
					_, ok2 := refs[j].parts(ex)
					if !ok1 || !ok2 {
						t.Fatalf("%q overlaps %q, but not both match the example %q", pi, pj, ex)
					}
				}
			}
		}

		// In the tree, every custom_id finds the pattern a brute-force
		// search finds: of those that match it, the one that matches
		// nothing the others do not.
		inTree := make([]bool, len(routes))
		for i, r := range routes {
			inTree[i] = true
			for j, earlier := range routes[:i] {
				if rel := r.pattern.compare(earlier.pattern); inTree[j] && (rel == equivalent || rel == overlaps) {
					inTree[i] = false
				}
			}
		}
		for k, s := range space {
			var ps parts
			got := root.match(s, &ps)
			best := -1
			for i := range routes {
				if !inTree[i] || !sets[i][k] {
					continue
				}
				if best >= 0 && !subset(best, i) && !subset(i, best) {
					t.Fatalf("%q and %q are both in the tree, both match %q, and neither is more specific", routes[best].pattern.text, routes[i].pattern.text, s)
				}
				if best < 0 || subset(i, best) {
					best = i
				}
			}
			if best < 0 {
				if got != nil {
					t.Fatalf("%q matched %q, which the brute-force search finds does not", s, got.pattern.text)
				}
				continue
			}
			if got == nil {
				t.Fatalf("%q matched nothing, want %q", s, routes[best].pattern.text)
			}
			gi := slices.IndexFunc(routes, func(r *idRoute) bool { return r == got })
			if gi != best && !(subset(gi, best) && subset(best, gi)) {
				t.Fatalf("%q matched %q, want %q", s, got.pattern.text, routes[best].pattern.text)
			}
			if want, _ := refs[gi].parts(s); !slices.Equal(ps.values[:ps.n], want) {
				t.Fatalf("%q matched %q with parts %q, want %q", s, got.pattern.text, ps.values[:ps.n], want)
			}
		}
	})
}
