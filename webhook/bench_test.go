package webhook_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/webhook"
)

func BenchmarkDecode(b *testing.B) {
	for _, bb := range []struct {
		name string
		body string
	}{
		{"ping", ping},
		{"authorized", authorizedToGuild},
		{"entitlement", entitlementCreated},
	} {
		b.Run(bb.name, func(b *testing.B) {
			body := []byte(bb.body)
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			var w webhook.Body
			for b.Loop() {
				if err := webhook.Decode(body, &w); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkAppendJSON(b *testing.B) {
	var w webhook.Body
	if err := webhook.Decode([]byte(authorizedToGuild), &w); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var out []byte
	for b.Loop() {
		var err error
		if out, err = w.AppendJSON(out[:0]); err != nil {
			b.Fatal(err)
		}
	}
}
