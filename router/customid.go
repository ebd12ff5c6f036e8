package router

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/internal/ident"
)

// The patterns of components and modals are described in the comment of
// Params, which users read; this file parses and compares them.

// MaxParts is the largest number of parts a custom_id pattern names. A
// Request keeps the parts of its custom_id in an array this long, which is
// why finding them allocates nothing.
const MaxParts = 8

// maxCustomIDLength is the longest custom_id the service accepts, in
// characters. A pattern that only longer custom_ids match is refused.
const maxCustomIDLength = 100

type segmentKind uint8

const (
	segmentText segmentKind = iota // text that must be there as written
	segmentPart                    // {name}: one segment, not empty
	segmentRest                    // {name...}: the rest, at least one character
)

// segment is one ':'-separated piece of a pattern.
type segment struct {
	kind segmentKind
	// text is the text to match, or the name of a part.
	text string
}

// pattern is a custom_id pattern, parsed.
type pattern struct {
	text     string
	segments []segment
	// names are the names of the parts, in the order they come.
	names []string
}

// parsePattern parses text, or says what is wrong with it.
func parsePattern(text string) (*pattern, string) {
	if text == "" {
		return nil, "pattern is empty"
	}
	p := &pattern{text: text}
	minLength := strings.Count(text, ":") // the separators
	for seg := range strings.SplitSeq(text, ":") {
		s, problem := parseSegment(seg)
		if problem != "" {
			return nil, problem
		}
		if n := len(p.segments); n > 0 && p.segments[n-1].kind == segmentRest {
			return nil, "part {" + p.segments[n-1].text + "...} takes the rest of the custom_id and must be the last segment"
		}
		if s.kind == segmentText {
			minLength += utf8.RuneCountInString(s.text)
		} else {
			minLength++ // a part is at least one character
			for _, name := range p.names {
				if name == s.text {
					return nil, "part name " + strconv.Quote(name) + " used twice"
				}
			}
			p.names = append(p.names, s.text)
		}
		p.segments = append(p.segments, s)
	}
	if len(p.names) > MaxParts {
		return nil, "more than " + strconv.Itoa(MaxParts) + " parts"
	}
	if minLength > maxCustomIDLength {
		return nil, "matches no custom_id of " + strconv.Itoa(maxCustomIDLength) +
			" characters or fewer: the shortest it matches has " + strconv.Itoa(minLength)
	}
	return p, ""
}

// parseSegment parses one segment of a pattern.
func parseSegment(seg string) (segment, string) {
	if !strings.ContainsAny(seg, "{}") {
		return segment{kind: segmentText, text: seg}, ""
	}
	if len(seg) < 2 || seg[0] != '{' || seg[len(seg)-1] != '}' {
		return segment{}, "segment " + strconv.Quote(seg) + " mixes text and braces: a part is a whole segment, as in \"poll:{id}\""
	}
	s := segment{kind: segmentPart, text: seg[1 : len(seg)-1]}
	if name, ok := strings.CutSuffix(s.text, "..."); ok {
		s = segment{kind: segmentRest, text: name}
	}
	if !ident.Valid(s.text) {
		return segment{}, "part " + strconv.Quote(seg) + ": a part's name is a letter or _ followed by letters, digits or _"
	}
	return s, ""
}

// relation is how the custom_ids two patterns match compare.
type relation uint8

const (
	disjoint     relation = iota // no custom_id matches both
	equivalent                   // the same custom_ids match both
	moreSpecific                 // the first matches some of what the second matches, and nothing else
	moreGeneral                  // the reverse of moreSpecific
	overlaps                     // some custom_ids match both, and each matches some the other does not
)

// compare returns how the custom_ids p matches compare with those q
// matches.
//
// A custom_id that either matches is cut at its first colons, one cut per
// segment before a rest, so that both patterns see the same pieces: the
// custom_ids each matches are the product of what its segments match, and
// two products compare as their factors do, combined.
func (p *pattern) compare(q *pattern) relation {
	rel := equivalent
	for i := 0; ; i++ {
		pEnd, qEnd := i == len(p.segments), i == len(q.segments)
		if pEnd || qEnd {
			if pEnd && qEnd {
				return rel
			}
			// The custom_ids of the shorter pattern have fewer colons
			// than any of the longer one's.
			return disjoint
		}
		ps, qs := p.segments[i], q.segments[i]
		switch {
		case ps.kind == segmentRest && qs.kind == segmentRest:
			return rel
		case ps.kind == segmentRest:
			return combine(rel, flip(restRelation(q.segments[i:])))
		case qs.kind == segmentRest:
			return combine(rel, restRelation(p.segments[i:]))
		}
		if rel = combine(rel, segmentRelation(ps, qs)); rel == disjoint {
			return disjoint
		}
	}
}

// restRelation returns how what the segments match compares with what a
// rest matches: any text of at least one character.
func restRelation(segments []segment) relation {
	if len(segments) == 1 && segments[0].kind == segmentText && segments[0].text == "" {
		return disjoint
	}
	return moreSpecific
}

// segmentRelation compares two segments that are not rests.
func segmentRelation(a, b segment) relation {
	switch {
	case a.kind == segmentText && b.kind == segmentText:
		if a.text == b.text {
			return equivalent
		}
		return disjoint
	case a.kind == segmentText:
		if a.text == "" {
			return disjoint // a part is never empty
		}
		return moreSpecific
	case b.kind == segmentText:
		return flip(segmentRelation(b, a))
	}
	return equivalent
}

func flip(r relation) relation {
	switch r {
	case moreSpecific:
		return moreGeneral
	case moreGeneral:
		return moreSpecific
	}
	return r
}

// combine returns the relation of two products from those of their
// factors.
func combine(a, b relation) relation {
	switch {
	case a == disjoint || b == disjoint:
		return disjoint
	case a == equivalent:
		return b
	case b == equivalent || a == b:
		return a
	}
	return overlaps
}

// example returns a custom_id both p and q match, when compare does not
// find them disjoint. Parts are filled in with their names.
func (p *pattern) example(q *pattern) string {
	var b strings.Builder
	for i := range p.segments {
		if i > 0 {
			b.WriteByte(':')
		}
		ps, qs := p.segments[i], q.segments[i]
		switch {
		case ps.kind == segmentRest:
			fill(&b, q.segments[i:])
			return b.String()
		case qs.kind == segmentRest:
			fill(&b, p.segments[i:])
			return b.String()
		case ps.kind == segmentText:
			b.WriteString(ps.text)
		case qs.kind == segmentText:
			b.WriteString(qs.text)
		default:
			b.WriteString(ps.text)
		}
	}
	return b.String()
}

// fill writes a custom_id the segments match.
func fill(b *strings.Builder, segments []segment) {
	for i, s := range segments {
		if i > 0 {
			b.WriteByte(':')
		}
		b.WriteString(s.text)
	}
}
