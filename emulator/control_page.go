package emulator

import (
	"cmp"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// The lists of interactions the control API serves are paged, as the
// service pages its own lists, by snowflake: ?limit= says how many, at
// most maxInteractionPage, and ?before= or ?after= where, by an id. Each
// page is written oldest first. Without before or after, a page is the
// newest interactions, so that a caller who lists them without a query
// still sees the latest, and all of them while they are fewer than a
// page; before the first id of a page is the page before it, after its
// last the one after it.
const (
	defaultInteractionPage = 100
	maxInteractionPage     = 1000
)

// page is where in a list, and how much of it.
type page struct {
	before, after interaction.Snowflake
	limit         int
}

// parsePage reads the query of a list: limit, before and after.
func parsePage(q url.Values) (page, error) {
	p := page{limit: defaultInteractionPage}
	if text := q.Get("limit"); text != "" {
		n, err := strconv.Atoi(text)
		if err != nil || n < 1 || n > maxInteractionPage {
			return p, errors.New("limit must be a number from 1 to " + strconv.Itoa(maxInteractionPage))
		}
		p.limit = n
	}
	for _, f := range []struct {
		name string
		to   *interaction.Snowflake
	}{{"before", &p.before}, {"after", &p.after}} {
		if text := q.Get(f.name); text != "" {
			id, err := interaction.ParseSnowflake(text)
			if err != nil {
				return p, errors.New(f.name + " must be a snowflake")
			}
			*f.to = id
		}
	}
	if p.before != 0 && p.after != 0 {
		return p, errors.New("give before or after, not both")
	}
	return p, nil
}

// pageOf returns the page p of the interactions kept that the service
// launched itself, or of those sent, oldest first. The kept ones are in
// the order of their ids, so that a page costs its length, not the
// list's. The caller holds the state's lock.
func (st *state) pageOf(launched bool, p page) []*sentInteraction {
	all := st.kept()
	// at is where id is in all, or would be.
	at := func(id interaction.Snowflake) (int, bool) {
		return slices.BinarySearchFunc(all, id, func(si *sentInteraction, id interaction.Snowflake) int { return cmp.Compare(si.ix.ID, id) })
	}
	var out []*sentInteraction
	if p.after != 0 {
		from, found := at(p.after)
		if found {
			from++
		}
		for _, si := range all[from:] {
			if len(out) == p.limit {
				break
			}
			if si.launched == launched {
				out = append(out, si)
			}
		}
		return out
	}
	end := len(all)
	if p.before != 0 {
		end, _ = at(p.before)
	}
	for i := end - 1; i >= 0 && len(out) < p.limit; i-- {
		if all[i].launched == launched {
			out = append(out, all[i])
		}
	}
	slices.Reverse(out)
	return out
}

// controlPage answers a list of interactions: the page the query asks
// for, or 400 saying what is wrong with the query.
func (s *Server) controlPage(w http.ResponseWriter, r *http.Request, launched bool) {
	p, err := parsePage(r.URL.Query())
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_input", "message": err.Error()})
		return
	}
	b, err := s.encodeInteractions(func() []*sentInteraction { return s.st.pageOf(launched, p) })
	writeEncoded(w, b, err)
}
