package router_test

import (
	"context"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

func suggestNothing(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
	return nil, nil
}

// Build refuses autocomplete wired one way only, naming the command and
// the option, and points a misspelt handler at the option meant.
func TestBuildChecksAutocompleteWiringBothWays(t *testing.T) {
	declare := func(r *router.Router) {
		r.Group("docs", router.Description("Docs"))
		r.Command("docs search", ok, router.Description("Search the docs"), router.Options(
			option.String("query", "What to look for").Required().Autocomplete(),
			option.String("language", "Which language"),
			option.Integer("limit", "How many").Autocomplete(),
		))
	}
	tests := []struct {
		name string
		wire func(r *router.Router)
		want []string // each a problem Build reports; none for a router that builds
	}{
		{"every marked option has its handler", func(r *router.Router) {
			r.Autocomplete("docs search", "query", suggestNothing)
			r.Autocomplete("docs search", "limit", suggestNothing)
		}, nil},
		{"a default handler serves the options without their own", func(r *router.Router) {
			r.Autocomplete("docs search", "query", suggestNothing)
			r.AutocompleteDefault(suggestNothing)
		}, nil},
		{"a marked option that nothing serves", func(r *router.Router) {
			r.Autocomplete("docs search", "query", suggestNothing)
		}, []string{`docs search: option "limit" is marked Autocomplete but nothing suggests its values: register a handler with Autocomplete("docs search", "limit", ...)`}},
		{"a handler under a misspelt name", func(r *router.Router) {
			r.Autocomplete("docs search", "querry", suggestNothing)
			r.Autocomplete("docs search", "limit", suggestNothing)
		}, []string{
			`docs search: option "query" is marked Autocomplete but nothing suggests its values`,
			`docs search: autocomplete handler for option "querry", which the command does not declare: did you mean "query"?`,
		}},
		{"a handler for a name like no option", func(r *router.Router) {
			r.Autocomplete("docs search", "query", suggestNothing)
			r.Autocomplete("docs search", "limit", suggestNothing)
			r.Autocomplete("docs search", "colour", suggestNothing)
		}, []string{`docs search: autocomplete handler for option "colour", which the command does not declare`}},
		{"a handler for an option not marked", func(r *router.Router) {
			r.Autocomplete("docs search", "query", suggestNothing)
			r.Autocomplete("docs search", "limit", suggestNothing)
			r.Autocomplete("docs search", "language", suggestNothing)
		}, []string{`docs search: autocomplete handler for option "language", which is not marked Autocomplete: the service never asks for its suggestions; declare it with .Autocomplete()`}},
		{"a handler for the command itself, which has subcommands", func(r *router.Router) {
			r.Autocomplete("docs search", "query", suggestNothing)
			r.Autocomplete("docs search", "limit", suggestNothing)
			r.Autocomplete("docs", "query", suggestNothing)
		}, []string{`docs: autocomplete registered for a command with subcommands, which has no options of its own: ` +
			`register it for the subcommand that declares the option, as in Autocomplete("docs search", ...)`}},
		{"a handler for a subcommand group", func(r *router.Router) {
			r.Autocomplete("docs search", "query", suggestNothing)
			r.Autocomplete("docs search", "limit", suggestNothing)
			r.Command("docs api get", ok, router.Description("Get an endpoint's docs"))
			r.Autocomplete("docs api", "endpoint", suggestNothing)
		}, []string{`docs api: autocomplete registered for a command with subcommands, which has no options of its own: ` +
			`register it for the subcommand that declares the option, as in Autocomplete("docs api get", ...)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := router.New()
			declare(r)
			tt.wire(r)
			_, err := r.Build()
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatalf("Build: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Build took it; want %q", tt.want)
			}
			for _, want := range tt.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("Build: %v\nwant a problem starting %q", err, want)
				}
			}
			if n := strings.Count(err.Error(), "\n") + 1; n != len(tt.want) {
				t.Errorf("Build reported %d problems, want %d:\n%v", n, len(tt.want), err)
			}
			if strings.Contains(err.Error(), "colour") && strings.Contains(err.Error(), "did you mean") {
				t.Errorf("Build suggested an option for a name like none: %v", err)
			}
		})
	}
}

// A router that only dispatches declares no options, so its autocomplete
// handlers cannot be checked against them.
func TestADispatchOnlyRouterIsNotCheckedForAutocompleteWiring(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Command("search", ok)
	r.Autocomplete("search", "query", suggestNothing)
	if _, err := r.Build(); err != nil {
		t.Fatalf("Build: %v", err)
	}
}
