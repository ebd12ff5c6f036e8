package autocomplete_test

import (
	"context"
	"errors"
	"fmt"
	"time"

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

// A cache bounds what it keeps by the scope of each answer: here, one
// user's texts typed into /weather city, kept apart by PerUser.
func ExampleSplitKey() {
	var keys []string
	record := recordingCache(func(key string) { keys = append(keys, key) })
	cities := autocomplete.HandlerFunc(func(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		return []interaction.Choice{interaction.StringChoice("Paris", "paris")}, nil
	})
	h := autocomplete.Fallback(cities, record, autocomplete.WithScope(autocomplete.PerUser))
	ix := interactiontest.Autocomplete("weather").Focus("city", interaction.OptionString, interaction.StringValue("par")).
		InDM(interaction.User{ID: 7, Username: "ana"}).Interaction()
	req, _ := autocomplete.NewRequest(ix)
	h(context.Background(), &req)

	scope, typed := autocomplete.SplitKey(keys[0])
	fmt.Printf("%q %q\n", scope, typed)
	// Output:
	// "weather\x00\x00\x00city\x00en-US\x00u7\x00" "par"
}

// recordingCache is a Cache that keeps nothing and tells the keys it is
// given.
type recordingCache func(key string)

func (r recordingCache) Store(_ context.Context, key string, _ []interaction.Choice, _ time.Duration) error {
	r(key)
	return nil
}

func (r recordingCache) Lookup(_ context.Context, keys []string) ([][]interaction.Choice, error) {
	return make([][]interaction.Choice, len(keys)), nil
}
