package router

import (
	"maps"
	"slices"
	"strconv"

	"github.com/switchboard-go/switchboard/command"
)

// checkAutocomplete reports autocomplete wired one way and not the other
// on a command l that has a handler: an option marked Autocomplete that no
// handler serves (unless AutocompleteDefault does), and a handler for an
// option the command does not declare or does not mark, which the service
// would never ask for. A handler registered under a misspelt name is told
// the nearest option the command declares.
func (r *Router) checkAutocomplete(l *leaf, fail func(path, problem string)) {
	opts := make([]command.Option, len(l.decl.options))
	for i, o := range l.decl.options {
		opts[i] = o.Definition()
	}
	for _, o := range opts {
		if !o.Autocomplete {
			continue
		}
		if _, ok := l.complete[o.Name]; !ok && r.completeDefault == nil {
			fail(l.path, "option "+quote(o.Name)+" is marked Autocomplete but nothing suggests its values: register a handler with Autocomplete("+
				strconv.Quote(l.path)+", "+strconv.Quote(o.Name)+", ...), or one for every option with AutocompleteDefault")
		}
	}
	for _, name := range slices.Sorted(maps.Keys(l.complete)) {
		i := indexOfOption(opts, name)
		switch {
		case i < 0:
			problem := "autocomplete handler for option " + quote(name) + ", which the command does not declare"
			if near := nearestOption(name, opts); near != "" {
				problem += ": did you mean " + quote(near) + "?"
			}
			fail(l.path, problem)
		case !opts[i].Autocomplete:
			fail(l.path, "autocomplete handler for option "+quote(name)+", which is not marked Autocomplete: the service never asks for its suggestions; declare it with .Autocomplete()")
		}
	}
}

func indexOfOption(opts []command.Option, name string) int {
	for i := range opts {
		if opts[i].Name == name {
			return i
		}
	}
	return -1
}

// nearestOption returns the declared option whose name is nearest to
// name, by edit distance, if it is near enough to be a misspelling of it
// (a third of its letters or fewer, and at least one, differ); options
// marked Autocomplete win ties.
func nearestOption(name string, opts []command.Option) string {
	best, bestDist := "", 0
	for _, o := range opts {
		d := editDistance(name, o.Name)
		limit := max(1, len([]rune(o.Name))/3)
		if d > limit {
			continue
		}
		if best == "" || d < bestDist || d == bestDist && o.Autocomplete {
			best, bestDist = o.Name, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
