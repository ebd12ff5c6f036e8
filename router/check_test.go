package router_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

// needsPart is a handler that reads the part named part of its route's
// custom_id, and says so to Build.
type needsPart struct{ part string }

func (h needsPart) ServeInteraction(_ context.Context, req *router.Request) (interaction.Response, error) {
	v, _ := req.Params.String(h.part)
	return interaction.Reply(v), nil
}

var errNoPart = errors.New("no such part")

func (h needsPart) CheckRoute(rt router.RouteInfo) error {
	if rt.Kind() == router.CommandRoute {
		return fmt.Errorf("serves components and modals, not the command %q", rt.Path())
	}
	if !slices.Contains(rt.Parts(), h.part) {
		return fmt.Errorf("reads the part {%s}, which %q does not name: %w", h.part, rt.Pattern(), errNoPart)
	}
	return nil
}

// wrapped is middleware applied by hand that shows what it wraps.
type wrapped struct{ next router.Handler }

func (w wrapped) ServeInteraction(ctx context.Context, req *router.Request) (interaction.Response, error) {
	return w.next.ServeInteraction(ctx, req)
}

func (w wrapped) Unwrap() router.Handler { return w.next }

// opaque is middleware applied by hand that hides what it wraps.
type opaque struct{ next router.Handler }

func (o opaque) ServeInteraction(ctx context.Context, req *router.Request) (interaction.Response, error) {
	return o.next.ServeInteraction(ctx, req)
}

func TestBuildReportsWhatAHandlerFindsWrongWithItsRoute(t *testing.T) {
	tests := []struct {
		name string
		wire func(r *router.Router)
		want string // the problem Build reports; "" for a router that builds
	}{
		{"a component whose pattern names the part", func(r *router.Router) {
			r.HandleComponent("vote:{poll}:yes", needsPart{"poll"})
		}, ""},
		{"a component whose pattern names another part", func(r *router.Router) {
			r.HandleComponent("vote:{id}:yes", needsPart{"poll"})
		}, `vote:{id}:yes: component handler: reads the part {poll}, which "vote:{id}:yes" does not name`},
		{"a modal whose pattern names no part", func(r *router.Router) {
			r.HandleModal("vote", needsPart{"poll"})
		}, `vote: modal handler: reads the part {poll}, which "vote" does not name`},
		{"a command", func(r *router.Router) {
			r.Handle("poll", needsPart{"poll"}, router.Description("Start a poll"))
		}, `poll: command handler: serves components and modals, not the command "poll"`},
		{"a subcommand", func(r *router.Router) {
			r.Group("poll", router.Description("Polls"))
			r.Handle("poll close", needsPart{"poll"}, router.Description("Close a poll"))
		}, `poll close: command handler: serves components and modals, not the command "poll close"`},
		{"a handler wrapped by middleware that unwraps", func(r *router.Router) {
			r.HandleComponent("vote:{id}", wrapped{wrapped{needsPart{"poll"}}})
		}, `vote:{id}: component handler: reads the part {poll}`},
		{"a handler wrapped by middleware that does not unwrap", func(r *router.Router) {
			r.HandleComponent("vote:{id}", opaque{needsPart{"poll"}})
		}, ""},
		{"a handler under the router's middleware", func(r *router.Router) {
			r.Use(func(next router.Handler) router.Handler { return opaque{next} })
			r.HandleComponent("vote:{id}", needsPart{"poll"})
		}, `vote:{id}: component handler: reads the part {poll}`},
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
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Build: %v\nwant a problem starting %q", err, tt.want)
			}
			var re *router.RouteError
			if !errors.As(err, &re) || re.Err == nil {
				t.Errorf("Build: %v: no *RouteError carrying the handler's error", err)
			}
			if strings.Contains(tt.want, "does not name") && !errors.Is(err, errNoPart) {
				t.Errorf("Build: %v does not wrap the handler's error", err)
			}
		})
	}
}

// recorder keeps the route it was checked on.
type recorder struct {
	got *router.RouteInfo
}

func (recorder) ServeInteraction(context.Context, *router.Request) (interaction.Response, error) {
	return interaction.Reply("ok"), nil
}

func (r recorder) CheckRoute(rt router.RouteInfo) error {
	*r.got = rt
	return nil
}

func TestAHandlerIsToldTheRouteItIsRegisteredOn(t *testing.T) {
	long := "text:" + strings.Repeat("x", 70) + ":{a}:{b}"
	tests := []struct {
		name    string
		wire    func(r *router.Router, h router.Handler)
		kind    router.RouteKind
		path    string
		pattern string
		parts   []string
		room    map[string]int // MaxPartLength by part
	}{
		{"a command", func(r *router.Router, h router.Handler) {
			r.Handle("mod ban", h)
		}, router.CommandRoute, "mod ban", "", nil, map[string]int{"mod": 0}},
		{"a component", func(r *router.Router, h router.Handler) {
			r.HandleComponent("cart:{cart}:add", h)
		}, router.ComponentRoute, "cart:{cart}:add", "cart:{cart}:add", []string{"cart"},
			map[string]int{"cart": 100 - len("cart::add"), "add": 0}},
		{"a modal with a long pattern", func(r *router.Router, h router.Handler) {
			r.HandleModal(long, h)
		}, router.ModalRoute, long, long, []string{"a", "b"},
			map[string]int{"a": 100 - (len(long) - len("{a}{b}") + 1), "b": 100 - (len(long) - len("{a}{b}") + 1)}},
		{"a rest", func(r *router.Router, h router.Handler) {
			r.HandleComponent("open:{path...}", h)
		}, router.ComponentRoute, "open:{path...}", "open:{path...}", []string{"path"},
			map[string]int{"path": 95}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got router.RouteInfo
			r := router.New(router.DispatchOnly())
			tt.wire(r, recorder{got: &got})
			if got.Kind() != tt.kind || got.Path() != tt.path || got.Pattern() != tt.pattern || !slices.Equal(got.Parts(), tt.parts) {
				t.Errorf("told %v %q, pattern %q, parts %q; want %v %q, %q, %q",
					got.Kind(), got.Path(), got.Pattern(), got.Parts(), tt.kind, tt.path, tt.pattern, tt.parts)
			}
			for part, want := range tt.room {
				if n := got.MaxPartLength(part); n != want {
					t.Errorf("MaxPartLength(%q) = %d, want %d", part, n, want)
				}
			}
		})
	}
}

func TestRouteKindsReadAsTheirNames(t *testing.T) {
	for k, want := range map[router.RouteKind]string{
		router.CommandRoute: "command", router.ComponentRoute: "component", router.ModalRoute: "modal", 9: "RouteKind(9)",
	} {
		if k.String() != want {
			t.Errorf("%d reads %q, want %q", k, k.String(), want)
		}
	}
}
