package component

import "testing"

// TestSeenFindsDuplicatesPastItsArray: the set keeps its first values in
// an array and the others in a map; a duplicate is found in either.
func TestSeenFindsDuplicatesPastItsArray(t *testing.T) {
	var s seen[int]
	const n = 3 * maxLayoutComponents
	for i := range n {
		if !s.add(i) {
			t.Fatalf("add(%d) of a new value = false", i)
		}
	}
	for i := range n {
		if s.add(i) {
			t.Fatalf("add(%d) of a value added before = true", i)
		}
	}
}
