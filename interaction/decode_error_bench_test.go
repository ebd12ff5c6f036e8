package interaction_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// BenchmarkDecodeError decodes damaged copies of the typical slash command,
// testdata/slash_mod_ban.json, so that the cost of describing what is wrong
// is measured: naming a field by its path, a syntax error by its offset,
// and a field of an object decoded when read.
func BenchmarkDecodeError(b *testing.B) {
	fixture := string(readFixture(b, "slash_mod_ban.json"))
	damage := []struct {
		name string
		old  string
		new  string
		read func(*interaction.Interaction) error
	}{
		{name: "a nested value of the wrong kind", old: `"type":4`, new: `"type":"4"`},
		{name: "a cut body", old: `,"type":2,"version":1}`, new: `,"type":2,"version":`},
		{name: "a field of the member read later", old: `"joined_at":"2023-01-17T09:12:33.480000+00:00"`, new: `"joined_at":"yesterday"`,
			read: func(ix *interaction.Interaction) error { _, err := ix.Member.Decode(); return err }},
	}
	for _, d := range damage {
		body := []byte(strings.Replace(fixture, d.old, d.new, 1))
		b.Run(d.name, func(b *testing.B) {
			ix := new(interaction.Interaction)
			b.ReportAllocs()
			for b.Loop() {
				err := interaction.Decode(body, ix)
				if d.read != nil && err == nil {
					err = d.read(ix)
				}
				if err == nil {
					b.Fatal("the damaged body decodes")
				}
			}
		})
	}
}

// BenchmarkDecodeNestedComponents decodes modal submissions whose
// components nest 10, 100 and 1000 levels deep, which the service never
// sends: the time a stranger's body costs grows with its length, not with
// the square of its depth.
func BenchmarkDecodeNestedComponents(b *testing.B) {
	for _, depth := range []int{10, 100, 1000} {
		body := []byte(`{"id":"1","type":5,"data":{"custom_id":"m","components":` +
			strings.Repeat(`[{"type":1,"components":`, depth) + `[]` + strings.Repeat(`}]`, depth) + `}}`)
		b.Run(strconv.Itoa(depth), func(b *testing.B) {
			ix := new(interaction.Interaction)
			b.ReportAllocs()
			for b.Loop() {
				if interaction.Decode(body, ix) == nil {
					b.Fatal("the body decodes")
				}
			}
		})
	}
}

// BenchmarkDecodeErrorInASubmission decodes modal submissions of about
// 120 KB with an error before a deeply nested rest (errorsInASubmission).
// Once the error is found, the rest of the body costs little: it is not
// read again for each component around the one at fault.
func BenchmarkDecodeErrorInASubmission(b *testing.B) {
	for _, tt := range errorsInASubmission {
		b.Run(tt.name, func(b *testing.B) {
			body := []byte(tt.body)
			ix := new(interaction.Interaction)
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				if interaction.Decode(body, ix) == nil {
					b.Fatal("the body decodes")
				}
			}
		})
	}
}

// errorsInASubmission are modal submissions of about 120 KB with an error
// before a deeply nested rest. Decoding one costs no more than twice
// decoding like, or where like is empty, four times the body's length.
var errorsInASubmission = []struct {
	name, body, like string
}{
	{
		// The decoder stops at the seventh level.
		name: "components nested too deeply",
		body: `{"id":"1","type":5,"data":{"custom_id":"m","components":` +
			strings.Repeat(`[{"type":1,"components":`, 4900) + `[]` + strings.Repeat(`}]`, 4900) + `}}`,
	},
	{
		// Found once the component, in a row as the service sends it,
		// is read: like the same body without the error, which the
		// decoder reads through without allocating for its depth.
		name: "a value of the wrong kind",
		body: submission(1, `"value":true`),
		like: submission(1, `"value":"yes"`),
	},
	{
		// Found while the component, six rows down, is read: the decoder
		// reads the rest of the component once, as deep as it is, and
		// not again for each row around it; like the same input at the
		// top.
		name: "an id of the wrong kind",
		body: submission(6, `"id":"7"`),
		like: submission(0, `"id":"7"`),
	},
}

// submission is a modal submission whose text input, inside levels rows,
// has first the field given, and then fields this package does not know,
// each nested as deeply as the decoder reads: about 120 KB.
func submission(levels int, field string) string {
	deep := strings.Repeat(`[`, 9990) + strings.Repeat(`]`, 9990)
	var more strings.Builder
	for i := range 6 {
		more.WriteString(`,"more` + strconv.Itoa(i) + `":` + deep)
	}
	return `{"id":"1","type":5,"data":{"custom_id":"m","components":[` + strings.Repeat(`{"type":1,"components":[`, levels) +
		`{"type":4,"custom_id":"a",` + field + more.String() + `}` + strings.Repeat(`]}`, levels) + `]}}`
}
