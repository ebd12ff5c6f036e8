package main

import "testing"

// A size is read without panicking whatever is written; one accepted is
// positive, and written back it reads as itself.
func FuzzSize(f *testing.F) {
	for _, seed := range []string{"1", "64MiB", "2GiB", "1536KiB", "0", "-1", "MiB", "9223372036854775807", "8589934592GiB"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var s size
		if err := s.Set(text); err != nil {
			return
		}
		if s <= 0 {
			t.Fatalf("%q read as %d", text, int64(s))
		}
		var again size
		if err := again.Set(s.String()); err != nil || again != s {
			t.Fatalf("%q read as %d, written %q, read again as %d (%v)", text, int64(s), s.String(), int64(again), err)
		}
	})
}
