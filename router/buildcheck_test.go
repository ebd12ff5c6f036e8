package router_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

func passThrough(next router.Handler) router.Handler { return next }

func returnsNil(router.Handler) router.Handler { return nil }

// Build reports what the declarations alone show would fail at run time,
// each problem once, naming the route and how to fix it.
func TestBuildReportsMiswiringsThatWouldFailAtRunTime(t *testing.T) {
	tests := []struct {
		name string
		wire func(r *router.Router)
		want string // the one problem Build reports; "" for a router that builds
	}{
		{"middleware that returns the handler it wraps", func(r *router.Router) {
			r.Use(passThrough)
			r.Group("mod", router.Description("Moderation")).Use(passThrough)
			r.Command("mod ban", ok, router.Description("Ban"))
			r.Component("poll:{id}", ok)
		}, ""},
		{"a nil middleware given to the router", func(r *router.Router) {
			r.Use(passThrough, nil)
			r.Command("ping", ok, router.Description("Ping"))
		}, "Router.Use: middleware 2 is nil"},
		{"a nil middleware given to a group", func(r *router.Router) {
			r.Group("mod", router.Description("Moderation")).Use(nil)
			r.Command("mod ban", ok, router.Description("Ban"))
		}, "mod: Group.Use: middleware 1 is nil"},
		{"a router middleware that returns no handler, reported once for every route", func(r *router.Router) {
			r.Use(passThrough)
			r.Use(returnsNil)
			r.Command("ping", ok, router.Description("Ping"))
			r.Command("pong", ok, router.Description("Pong"))
			r.Component("poll:{id}", ok)
		}, `ping: middleware 2 given to Router.Use returned a nil Handler: a middleware returns the handler that serves the request in next's place`},
		{"a router middleware that returns no handler, for a component", func(r *router.Router) {
			r.Use(returnsNil)
			r.Component("poll:{id}", ok)
		}, `poll:{id}: middleware 1 given to Router.Use returned a nil Handler`},
		{"a router middleware that returns no handler, for the default autocomplete", func(r *router.Router) {
			r.Use(returnsNil)
			r.AutocompleteDefault(suggestNothing)
		}, `AutocompleteDefault: middleware 1 given to Router.Use returned a nil Handler`},
		{"a group middleware that returns no handler", func(r *router.Router) {
			r.Group("mod", router.Description("Moderation")).Use(returnsNil)
			r.Command("mod ban", ok, router.Description("Ban"), router.Options(option.String("who", "Who").Autocomplete()))
			r.Autocomplete("mod ban", "who", suggestNothing)
		}, `mod ban: middleware 1 given to the Use of the group "mod" returned a nil Handler`},
		{"a Queued modal that never defers", func(r *router.Router) {
			r.Modal("report:{week}", ok, router.Queued(), router.NoAutoDefer())
		}, "report:{week}: Queued defers at once and NoAutoDefer never defers: declare one of them"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := router.New()
			tt.wire(r)
			_, err := r.Build()
			if tt.want == "" {
				if err != nil {
					t.Fatalf("Build: %v", err)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("Build: %v\nwant one problem starting %q", err, tt.want)
			}
			if n := strings.Count(err.Error(), "\n") + 1; n != 1 {
				t.Errorf("Build reported %d problems, want 1:\n%v", n, err)
			}
			var re *router.RouteError
			if !errors.As(err, &re) {
				t.Errorf("Build: %v is no *RouteError", err)
			}
		})
	}
}

// Setting the not-found handler, or the default autocomplete, to nil
// restores what the router does without one, rather than a nil function
// that panics when it is called.
func TestANilNotFoundOrAutocompleteDefaultRestoresTheDefault(t *testing.T) {
	r := router.New()
	r.NotFound(func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("mine"), nil
	})
	r.NotFound(nil)
	r.AutocompleteDefault(suggestNothing)
	r.AutocompleteDefault(nil)
	r.Command("search", ok, router.Description("Search"), router.Options(option.String("query", "What").Autocomplete()))
	if _, err := r.Build(); err == nil || !strings.Contains(err.Error(), `option "query" is marked Autocomplete but nothing suggests its values`) {
		t.Fatalf("Build: %v; want the option nothing serves once the default is gone", err)
	}
	r.Autocomplete("search", "query", suggestNothing)
	m := endpointtest.Build(t, r)
	resp, err := endpointtest.Dispatch(t, m, interactiontest.Command("gone"))
	if !errors.Is(err, router.ErrNotFound) || resp.Message.Content != "This command is not available." {
		t.Errorf("an unknown command answered %q, %v; want the default", resp.Message.Content, err)
	}
}
