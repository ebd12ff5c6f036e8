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
