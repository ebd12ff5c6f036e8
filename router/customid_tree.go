package router

import (
	"strconv"
	"strings"
)

// idRoute is a handler registered for a custom_id pattern.
type idRoute struct {
	pattern *pattern
	handler Handler
	// deferral is as declared: deferInherit stands for the default,
	// which depends on the interaction (see componentDeferral).
	deferral deferral
	// queued is whether the route declared Queued.
	queued bool
}

// idNode is a node of the tree of a kind's custom_id patterns. Each edge
// consumes one segment of the custom_id; a rest ends the walk.
type idNode struct {
	text  map[string]*idNode // segments of text, by their text
	part  *idNode            // a {name} segment
	rest  *idRoute           // the route of a pattern that ends with {name...} here
	route *idRoute           // the route of a pattern that ends here
}

// parts are the parts of a custom_id its pattern names, in the pattern's
// order: substrings of the custom_id, kept in place.
type parts struct {
	values [MaxParts]string
	n      int
}

// newIDTree checks the routes of one kind (components or modals) against
// each other in turn, reporting through fail a pattern registered twice and
// a pattern that no custom_id could choose between and one before it, and
// returns the tree of the others. A route refused is not compared again.
func newIDTree(kind string, routes []*idRoute, fail func(path, problem string)) *idNode {
	root := &idNode{}
	var accepted []*idRoute
	for _, r := range routes {
		clash := false
		for _, earlier := range accepted {
			p, q := r.pattern, earlier.pattern
			switch p.compare(q) {
			case equivalent:
				clash = true
				if p.text == q.text {
					fail(p.text, kind+" pattern registered twice")
				} else {
					fail(p.text, kind+" pattern registered twice: it matches what "+strconv.Quote(q.text)+" matches")
				}
			case overlaps:
				clash = true
				fail(p.text, kind+" pattern overlaps "+strconv.Quote(q.text)+": both match "+
					strconv.Quote(p.example(q))+", and neither matches only some of what the other matches")
			}
		}
		if !clash {
			root.add(r)
			accepted = append(accepted, r)
		}
	}
	return root
}

// add puts r in the tree.
func (n *idNode) add(r *idRoute) {
	for _, s := range r.pattern.segments {
		switch s.kind {
		case segmentRest:
			n.rest = r
			return
		case segmentPart:
			if n.part == nil {
				n.part = &idNode{}
			}
			n = n.part
		default:
			next := n.text[s.text]
			if next == nil {
				if n.text == nil {
					n.text = make(map[string]*idNode)
				}
				next = &idNode{}
				n.text[s.text] = next
			}
			n = next
		}
	}
	n.route = r
}

// match returns the route of the most specific pattern that matches id,
// and its parts, or nil.
//
// It walks the segments of id from the root, trying text first, then a
// part, then a rest, and backs up when a branch leads nowhere. When
// several patterns match, the first found is the most specific: the tree
// holds no two that overlap, so the patterns that match id are each more
// specific than the next, and one that is more specific than another
// never takes a later branch where they part.
func (n *idNode) match(id string, ps *parts) *idRoute {
	ps.n = 0
	return n.matchFrom(id, 0, ps)
}

// matchFrom matches the segments of id from the one at start.
func (n *idNode) matchFrom(id string, start int, ps *parts) *idRoute {
	end := strings.IndexByte(id[start:], ':')
	last := end < 0
	if last {
		end = len(id)
	} else {
		end += start
	}
	seg := id[start:end]
	if next := n.text[seg]; next != nil {
		if r := next.follow(id, end, last, ps); r != nil {
			return r
		}
	}
	if n.part != nil && seg != "" {
		// A pattern has at most MaxParts parts, so the tree is never
		// deeper in parts than the array is long.
		ps.values[ps.n] = seg
		ps.n++
		if r := n.part.follow(id, end, last, ps); r != nil {
			return r
		}
		ps.n--
	}
	if n.rest != nil && start < len(id) {
		ps.values[ps.n] = id[start:]
		ps.n++
		return n.rest
	}
	return nil
}

// follow goes on from n after the segment of id that ends at end.
func (n *idNode) follow(id string, end int, last bool, ps *parts) *idRoute {
	if last {
		return n.route
	}
	return n.matchFrom(id, end+1, ps)
}
