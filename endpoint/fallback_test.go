package endpoint_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
)

// When an autocomplete source fails, the endpoint answers with the last
// good suggestions Fallback kept, and the observer is told the outcome
// was a fallback, not an answer and not an error.
func TestTheLastGoodSuggestionsAreServedAndObservedAsAFallback(t *testing.T) {
	key := interactiontest.NewKey("fallback")
	for _, a := range endpointtest.FrontEnds() {
		t.Run(a.Name, func(t *testing.T) {
			down := false
			cities := func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
				if down {
					return nil, errors.New("the city service is down")
				}
				return []interaction.Choice{interaction.StringChoice("Paris", "paris"), interaction.StringChoice("Parma", "parma")}, nil
			}
			r := router.New(router.DispatchOnly())
			r.Command("weather", ok)
			r.Autocomplete("weather", "city", autocomplete.Fallback(autocomplete.HandlerFunc(cities), autocomplete.NewMemoryCache(0)))
			o := newObserved()
			e := newEndpoint(t, endpointtest.Build(t, r), key.Verifier(), endpoint.WithObserver(o))
			typing := interactiontest.Autocomplete("weather").Focus("city", interaction.OptionString, interaction.StringValue("par"))

			if got := a.Do(e, endpointtest.Signed(key, typing.JSON())); got.Status != 200 || !strings.Contains(got.Body, "Parma") {
				t.Fatalf("the source's own answer: %d %s", got.Status, got.Body)
			}
			down = true
			got := a.Do(e, endpointtest.Signed(key, typing.JSON()))
			if got.Status != 200 || !strings.Contains(got.Body, `"name":"Paris"`) || !strings.Contains(got.Body, `"name":"Parma"`) {
				t.Fatalf("with the source down: %d %s, want the last good suggestions", got.Status, got.Body)
			}
			o.mu.Lock()
			defer o.mu.Unlock()
			if n := len(o.exchanges); n != 2 || o.exchanges[0].Outcome != endpoint.OutcomeAnswered || o.exchanges[1].Outcome != endpoint.OutcomeFallback {
				t.Errorf("observed %+v, want answered then fallback", o.exchanges)
			}
		})
	}
}

// With nothing kept, a failing source is an error, answered with no
// suggestions, as without Fallback.
func TestWithNothingKeptAFailingSourceIsAnError(t *testing.T) {
	key := interactiontest.NewKey("fallback")
	failing := func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
		return nil, errors.New("down")
	}
	r := router.New(router.DispatchOnly())
	r.Command("weather", ok)
	r.Autocomplete("weather", "city", autocomplete.Fallback(autocomplete.HandlerFunc(failing), autocomplete.NewMemoryCache(0)))
	o := newObserved()
	e := newEndpoint(t, endpointtest.Build(t, r), key.Verifier(), endpoint.WithObserver(o))
	typing := interactiontest.Autocomplete("weather").Focus("city", interaction.OptionString, interaction.StringValue("par"))
	if got := endpointtest.FrontEnds()[0].Do(e, endpointtest.Signed(key, typing.JSON())); got.Status != 200 || !strings.Contains(got.Body, `"choices":[]`) {
		t.Fatalf("%d %s", got.Status, got.Body)
	}
	if x := o.only(t); x.Outcome != endpoint.OutcomeError {
		t.Errorf("outcome %v, want error", x.Outcome)
	}
}
