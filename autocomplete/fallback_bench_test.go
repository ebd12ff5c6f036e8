package autocomplete_test

import (
	"context"
	"testing"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// BenchmarkFallback is what Fallback adds to a source that answers: the
// source runs apart, under a deadline, and its answer is kept. Compare
// with BenchmarkFallback/without.
func BenchmarkFallback(b *testing.B) {
	choices := make([]interaction.Choice, 25)
	for i := range choices {
		choices[i] = interaction.StringChoice("City number "+string(rune('A'+i)), "city-"+string(rune('a'+i)))
	}
	src := autocomplete.HandlerFunc(func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
		return choices, nil
	})
	ix := interactiontest.Autocomplete("weather").Focus("city", interaction.OptionString, interaction.StringValue("par")).Interaction()
	req, _ := autocomplete.NewRequest(ix)
	ctx := context.Background()
	for _, bc := range []struct {
		name string
		h    autocomplete.Handler
	}{
		{"without", src},
		{"with", autocomplete.Fallback(src, autocomplete.NewMemoryCache(0))},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bc.h.Complete(ctx, &req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
