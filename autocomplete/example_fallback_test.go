package autocomplete_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// A source of suggestions that goes down: Fallback serves what it kept of
// the source's last good answer, for what the user typed or a beginning
// of it, ranked against what they typed.
func ExampleFallback() {
	down := false
	cities := autocomplete.HandlerFunc(func(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		if down {
			return nil, errors.New("the city service is down")
		}
		return []interaction.Choice{
			interaction.StringChoice("Paris", "paris"),
			interaction.StringChoice("Parma", "parma"),
			interaction.StringChoice("Paramaribo", "paramaribo"),
		}, nil
	})
	h := autocomplete.Fallback(cities, autocomplete.NewMemoryCache(0))
	// In a bot: r.Autocomplete("weather", "city", h)

	ask := func(typed string) {
		ix := interactiontest.Autocomplete("weather").Focus("city", interaction.OptionString, interaction.StringValue(typed)).Interaction()
		req, _ := autocomplete.NewRequest(ix)
		choices, err := h(context.Background(), &req)
		var names []string
		for _, c := range choices {
			names = append(names, c.Name)
		}
		fmt.Println(typed, names, err)
	}
	ask("par")
	down = true
	ask("pari")
	// Output:
	// par [Paris Parma Paramaribo] <nil>
	// pari [Paris Paramaribo] autocomplete: served the last good suggestions for "par": the city service is down
}
