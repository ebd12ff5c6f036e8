package emulator

import (
	"net/url"
	"testing"
)

// The query of a list of the control API is read without panicking
// whatever it holds; what is accepted is a page of 1 to 1000 on one side
// of an id at most.
func FuzzPageQuery(f *testing.F) {
	for _, seed := range []string{"", "limit=1000", "limit=1001", "limit=0", "before=1&after=2", "after=18446744073709551616", "before=x", "limit=-1&after=5", "%zz"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		p, err := parsePage(v)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q refused without a reason", raw)
			}
			return
		}
		if p.limit < 1 || p.limit > maxInteractionPage || p.before != 0 && p.after != 0 {
			t.Fatalf("%q accepted as %+v", raw, p)
		}
	})
}
