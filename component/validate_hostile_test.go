package component_test

import (
	"strconv"
	"testing"

	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// hostileSize is the size of the JSON of a hostile body: a bot's answer
// may be several megabytes, and validation must stay linear in it.
const hostileSize = 2 << 20

// hostile is a body with n elements in one list, each unique, so that no
// check stops early.
type hostile struct {
	name string
	body func(n int) any
}

var hostiles = []hostile{
	{"one select of many options", func(n int) any {
		opts := make([]component.SelectOption, n)
		for i := range opts {
			opts[i] = component.Option("Option", "v"+strconv.Itoa(i))
		}
		return rows(component.Row(component.Select("pick", opts...)))
	}},
	{"one row of many buttons", func(n int) any {
		bs := make([]interaction.Component, n)
		for i := range bs {
			bs[i] = component.PrimaryButton("b"+strconv.Itoa(i), "B")
		}
		return rows(component.Row(bs...))
	}},
	{"many rows", func(n int) any {
		rs := make([]interaction.Component, n)
		for i := range rs {
			rs[i] = component.Row(component.PrimaryButton("b"+strconv.Itoa(i), "B"))
		}
		return rows(rs...)
	}},
	{"a container of many numbered texts", func(n int) any {
		ts := make([]interaction.Component, n)
		for i := range ts {
			ts[i] = component.TextDisplay{ID: i + 1, Content: "t"}
		}
		return layout(component.Box(ts...))
	}},
	{"many sections with buttons", func(n int) any {
		ss := make([]interaction.Component, n)
		for i := range ss {
			ss[i] = component.Beside(component.PrimaryButton("b"+strconv.Itoa(i), "B"), "t")
		}
		return layout(ss...)
	}},
	{"a modal of many rows", func(n int) any {
		rs := make([]interaction.Component, n)
		for i := range rs {
			rs[i] = component.Row(component.ShortInput("i" + strconv.Itoa(i)).WithLabel("L"))
		}
		return component.Modal("m", "T", rs...)
	}},
	{"a checkbox group of many options", func(n int) any {
		opts := make([]component.GroupOption, n)
		for i := range opts {
			opts[i] = component.Choice("Option", "v"+strconv.Itoa(i))
		}
		return component.Modal("m", "T", component.Labeled("L", component.Checkboxes("g", opts...)))
	}},
	{"a file upload of many file types", func(n int) any {
		ts := make([]string, n)
		for i := range ts {
			ts[i] = ".e" + strconv.Itoa(i)
		}
		return component.Modal("m", "T", component.Labeled("L", component.Upload("f").WithFileTypes(ts...)))
	}},
	{"many faults", func(n int) any {
		bs := make([]interaction.Component, n)
		for i := range bs {
			bs[i] = component.Button{Style: 9, CustomID: "", URL: "u"}
		}
		return rows(component.Row(bs...))
	}},
}

// elements returns how many elements fill size bytes of the body's JSON.
func (h hostile) elements(tb testing.TB, size int) int {
	tb.Helper()
	sample, err := jsonv2.Marshal(h.body(1000))
	if err != nil {
		tb.Fatal(err)
	}
	return 1000 * size / len(sample)
}

// received encodes the body of h with n elements and decodes it as the
// emulator receives it, components raw, and returns its validation.
func (h hostile) received(tb testing.TB, n int) func() rules.Violations {
	tb.Helper()
	raw, err := jsonv2.Marshal(h.body(n))
	if err != nil {
		tb.Fatal(err)
	}
	if _, ok := h.body(0).(interaction.Modal); ok {
		var m interaction.Modal
		if err := jsonv2.Unmarshal(raw, &m); err != nil {
			tb.Fatal(err)
		}
		return func() rules.Violations { return component.ValidateModal(m) }
	}
	var m interaction.MessageData
	if err := jsonv2.Unmarshal(raw, &m); err != nil {
		tb.Fatal(err)
	}
	return func() rules.Violations { return component.ValidateMessage(m) }
}

// BenchmarkValidateHostile validates bodies of 2 MB built to make
// validation slow: long lists of unique elements.
func BenchmarkValidateHostile(b *testing.B) {
	for _, h := range hostiles {
		b.Run(h.name, func(b *testing.B) {
			validate := h.received(b, h.elements(b, hostileSize))
			if validate() == nil {
				b.Fatal("a hostile body validates")
			}
			b.ReportAllocs()
			for b.Loop() {
				validate()
			}
		})
	}
}

// TestAHostileBodyIsCheckedOnlyUpToItsLimits: the violations of a long
// list are those of its first elements, whatever its length, so that
// checking it costs no more than checking a list at its limit. The
// bodies are built, encoded and decoded, tens of thousands of elements
// each, in parallel subtests.
func TestAHostileBodyIsCheckedOnlyUpToItsLimits(t *testing.T) {
	t.Parallel()
	for _, h := range hostiles {
		t.Run(h.name, func(t *testing.T) {
			t.Parallel()
			short, long := h.received(t, 100)(), h.received(t, 10000)()
			if len(short) == 0 || len(long) != len(short) {
				t.Fatalf("%d violations of 100 elements, %d of 10000", len(short), len(long))
			}
			for i := range short {
				if long[i].Pointer != short[i].Pointer || long[i].Code != short[i].Code {
					t.Errorf("violation %d of 10000 elements is %s %s, of 100 elements %s %s",
						i, long[i].Pointer, long[i].Code, short[i].Pointer, short[i].Code)
				}
			}
		})
	}
}

// faultyOptions returns a message of n rows, each a select of 25 options
// without a label: 25 violations a row.
func faultyOptions(n int) interaction.MessageData {
	rs := make([]interaction.Component, n)
	for i := range rs {
		opts := make([]component.SelectOption, 25)
		for j := range opts {
			opts[j] = component.Option("", "v"+strconv.Itoa(j))
		}
		rs[i] = component.Row(component.Select("s"+strconv.Itoa(i), opts...))
	}
	return rows(rs...)
}

func TestValidationReportsAtMostMaxViolations(t *testing.T) {
	vs := component.ValidateMessage(faultyOptions(5))
	if len(vs) != component.MaxViolations {
		t.Fatalf("%d violations, want %d", len(vs), component.MaxViolations)
	}
	last := vs[len(vs)-1]
	if last.Code != rules.ViolationsTruncated || last.Place != "message" || last.Pointer != "" ||
		last.Message != "26 more violations are not reported" {
		t.Errorf("the last violation is %+v, want a count of the 125-99 left out", last)
	}
	for _, v := range vs[:len(vs)-1] {
		if v.Code != rules.BaseTypeRequired {
			t.Fatalf("violation %+v, want the options' missing labels", v)
		}
	}
}

func TestValidationReportsMaxViolationsInFull(t *testing.T) {
	vs := component.ValidateMessage(faultyOptions(4))
	if len(vs) != component.MaxViolations {
		t.Fatalf("%d violations, want %d", len(vs), component.MaxViolations)
	}
	for _, v := range vs {
		if v.Code != rules.BaseTypeRequired {
			t.Fatalf("violation %+v, want only the options' missing labels", v)
		}
	}
}
