package catalog

import "testing"

func TestCheckPaddingAddsUpWidthsAndPrecisions(t *testing.T) {
	for _, tc := range []struct {
		format string
		want   int64
		err    string
	}{
		{"plain", 0, ""},
		{"%d %s %v %%", 0, ""},
		{"%5d|%-10s|%08.3f", 5 + 10 + 8 + 3, ""},
		{"%[2]5d %[1]s", 5, ""},
		{"%+ #0-12x", 12, ""},
		{"%.4000f", 4000, ""},
		{"%32768d", 32768, ""},
		{"%32769d", 0, "pads to 32769 bytes, more than the 32768 a text may write"},
		{"%20000d%20000d", 0, "pads to 40000 bytes, more than the 32768 a text may write"},
		{"%99999999999999999999999d", 0, "pads to 4611686018427387904 bytes, more than the 32768 a text may write"},
		{"%*d", 0, "a width or precision from an argument (*), which a text may not take"},
		{"%.*f", 0, "a width or precision from an argument (*), which a text may not take"},
		{"%[1]*d", 0, "a width or precision from an argument (*), which a text may not take"},
		{"%[A%*0", 0, "a width or precision from an argument (*), which a text may not take"},
		{"%[12d", 12, ""},
		{"%[1]5d", 5, ""},
		{"trailing %", 0, ""},
		{"%5", 5, ""},
	} {
		got, err := checkPadding(tc.format)
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("checkPadding(%q) = %d, %v; want %d", tc.format, got, err, tc.want)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("checkPadding(%q) = %d, %v; want the error %s", tc.format, got, err, tc.err)
		}
	}
}

func TestCountsStopAtMost(t *testing.T) {
	if got := add(most, most); got != most {
		t.Errorf("add(most, most) = %d", got)
	}
	if got := mul(most, most); got != most {
		t.Errorf("mul(most, most) = %d", got)
	}
	if got := mul(3, 4) + add(3, 4); got != 19 {
		t.Errorf("mul(3, 4) + add(3, 4) = %d", got)
	}
}

// FuzzPrintf: a format printf takes makes no more than the format itself
// and its padding for each value it pads, with a little for each verb.
func FuzzPrintf(f *testing.F) {
	for _, s := range []string{"%d", "%5.2f|%-8s", "%[2]*[1]d", "%x %q %v", "%0999999d", "%3000v"} {
		f.Add(s)
	}
	args := []any{12345, "text", 2.5, []int{1, 2, 3}, map[string]int{"a": 1}, struct{ A, B int }{1, 2}}
	f.Fuzz(func(t *testing.T, format string) {
		s, err := printf(format, args...)
		if err != nil {
			return
		}
		pad, _ := checkPadding(format)
		// The values of args, padded, and fmt's words for what is wrong
		// with a verb, or for an argument left over.
		if most := int64(len(format))*64 + (pad+64)*12 + 512; int64(len(s)) > most {
			t.Fatalf("printf(%q) made %d bytes, more than %d", format, len(s), most)
		}
	})
}
