package option_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
)

// Handlers read options on every request, so reading a string, number or
// boolean, present or not, must not allocate.
func TestReadingScalarsDoesNotAllocate(t *testing.T) {
	vs := fixture(t)
	// Sinks keep the compiler from discarding the calls.
	var (
		s  string
		i  int64
		f  float64
		b  bool
		ok bool
		id interaction.Snowflake
	)
	tests := []struct {
		name string
		read func()
	}{
		{"String of a present option", func() { s, ok = vs.String("text") }},
		{"Int of a present option", func() { i, ok = vs.Int("count") }},
		{"Float of a present NUMBER option", func() { f, ok = vs.Float("ratio") }},
		{"Float of a present INTEGER option", func() { f, ok = vs.Float("count") }},
		{"Bool of a present option", func() { b, ok = vs.Bool("flag") }},
		{"ID of a present option", func() { id, ok = vs.ID("member") }},
		{"Has of a present option", func() { ok = vs.Has("flag") }},

		{"String of a missing option", func() { s, ok = vs.String("absent") }},
		{"Int of a missing option", func() { i, ok = vs.Int("absent") }},
		{"Float of a missing option", func() { f, ok = vs.Float("absent") }},
		{"Bool of a missing option", func() { b, ok = vs.Bool("absent") }},
		{"ID of a missing option", func() { id, ok = vs.ID("absent") }},
		{"Has of a missing option", func() { ok = vs.Has("absent") }},

		{"String of an option of another type", func() { s, ok = vs.String("count") }},
		{"Int of an option of another type", func() { i, ok = vs.Int("text") }},

		{"Value.Text of a present option", func() {
			var err error
			s, err = vs.Get("text").Text()
			ok = err == nil
		}},
		{"Value.Int of a present option", func() {
			var err error
			i, err = vs.Get("count").Int()
			ok = err == nil
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, tt.read); n != 0 {
				t.Errorf("%v allocations per call, want 0", n)
			}
		})
	}
	_, _, _, _, _, _ = s, i, f, b, ok, id
}

// A benchmark of the common handler path: two options read, one optional
// option missing.
func BenchmarkValues(b *testing.B) {
	vs := option.New(fixtureOptions(), interaction.Resolved{})
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := vs.String("text"); !ok {
			b.Fatal("text missing")
		}
		if _, ok := vs.Int("count"); !ok {
			b.Fatal("count missing")
		}
		if _, ok := vs.Bool("absent"); ok {
			b.Fatal("absent present")
		}
	}
}
