package jsonerr_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/internal/jsonerr"
)

func TestReasonJoinsThePathAndWhatIsWrong(t *testing.T) {
	long := strings.Repeat("/a", 150) + "/end"
	tests := []struct {
		name string
		path string
		what string
		want string
	}{
		{name: "a path goes before what is wrong", path: "/data/options/0/value", what: "expected a string",
			want: "/data/options/0/value: expected a string"},
		{name: "no path is what is wrong alone", path: "", what: "invalid JSON at offset 0",
			want: "invalid JSON at offset 0"},
		{name: "a path of the longest kept length is kept whole", path: strings.Repeat("x", jsonerr.MaxPath), what: "missing",
			want: strings.Repeat("x", jsonerr.MaxPath) + ": missing"},
		{name: "a longer path keeps where it starts and where it ends", path: long, what: "missing",
			want: long[:jsonerr.MaxPath/2] + "…" + long[len(long)-jsonerr.MaxPath/2:] + ": missing"},
		{name: "a cut in the middle of a character drops the character",
			path: strings.Repeat("x", jsonerr.MaxPath/2-1) + "é" + "yyyyyyyyyy" + "é" + strings.Repeat("z", jsonerr.MaxPath/2-1),
			what: "missing",
			want: strings.Repeat("x", jsonerr.MaxPath/2-1) + "…" + strings.Repeat("z", jsonerr.MaxPath/2-1) + ": missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := jsonerr.Reason(tt.path, tt.what)
			if got != tt.want {
				t.Errorf("Reason = %q, want %q", got, tt.want)
			}
			if !utf8.ValidString(got) {
				t.Errorf("Reason = %q, which is not valid UTF-8", got)
			}
		})
	}
}
