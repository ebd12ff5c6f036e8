package router_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

// routed returns a handler that answers with its name, the pattern it was
// routed by and its parts.
func routed(name string) router.HandlerFunc {
	return func(_ context.Context, req *router.Request) (interaction.Response, error) {
		var parts []string
		for k, v := range req.Params.All() {
			parts = append(parts, k+"="+v)
		}
		return interaction.Reply(name + " " + req.Pattern() + " " + strings.Join(parts, ",")), nil
	}
}

func TestComponentsAndModalsRouteByCustomID(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Component("poll:{id}:vote", routed("component"))
	r.Component("poll:{id}:{choice}", routed("component"))
	r.Component("poll:new:vote", routed("component"))
	r.Component("open:{path...}", routed("component"))
	r.Modal("poll:{id}:vote", routed("modal"))
	r.Modal("feedback", routed("modal"))
	r.Command("poll", routed("command"))
	m := endpointtest.Build(t, r)

	for _, tt := range []struct {
		name string
		b    *interactiontest.Builder
		want string
	}{
		{"a button with a part", interactiontest.Button("poll:42:vote"), "component poll:{id}:vote id=42"},
		{"text wins over a part", interactiontest.Button("poll:new:vote"), "component poll:new:vote "},
		{"a part wins over a later text", interactiontest.Button("poll:42:close"), "component poll:{id}:{choice} id=42,choice=close"},
		{"a rest takes the colons", interactiontest.Select("open:a:b:c", "x"), "component open:{path...} path=a:b:c"},
		{"a modal goes to the modal's pattern", interactiontest.ModalSubmit("poll:42:vote"), "modal poll:{id}:vote id=42"},
		{"a modal without parts", interactiontest.ModalSubmit("feedback"), "modal feedback "},
		{"a command keeps its own routes", interactiontest.Command("poll"), "command  "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := endpointtest.Dispatch(t, m, tt.b)
			if err != nil || resp.Message.Content != tt.want {
				t.Fatalf("answer %q, %v; want %q", resp.Message.Content, err, tt.want)
			}
		})
	}
}

func TestUnroutedComponentsAndModalsAreAnsweredPrivately(t *testing.T) {
	var log bytes.Buffer
	r := router.New(router.DispatchOnly(), router.WithLogger(zerolog.New(&log)))
	r.Component("poll:{id}", routed("component"))
	r.Modal("form", routed("modal"))
	m := endpointtest.Build(t, r)
	long := "poll:" + strings.Repeat("x", 5000) + ":tail"
	for _, tt := range []struct {
		name string
		b    *interactiontest.Builder
		want string
	}{
		{"a component of a pattern no longer registered", interactiontest.Button("vote:1"), "This component is no longer available."},
		{"a component whose custom_id has too many segments", interactiontest.Button("poll:1:2"), "This component is no longer available."},
		{"a modal's custom_id registered for components only", interactiontest.ModalSubmit("poll:1"), "This form is no longer available."},
		{"a component's custom_id registered for modals only", interactiontest.Button("form"), "This component is no longer available."},
		{"a forged custom_id, longer than the service allows", interactiontest.Button(long), "This component is no longer available."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			log.Reset()
			resp, err := endpointtest.Dispatch(t, m, tt.b)
			if !errors.Is(err, router.ErrNotFound) {
				t.Fatalf("err = %v, want ErrNotFound", err)
			}
			if resp.Message.Content != tt.want || resp.Message.Flags&interaction.FlagEphemeral == 0 {
				t.Fatalf("answer %+v, want the ephemeral %q", resp, tt.want)
			}
			if !strings.Contains(log.String(), `"custom_id":`) || strings.Contains(log.String(), ":tail") {
				t.Errorf("the log names the custom_id unclipped, or not at all: %s", log.String())
			}
		})
	}
}

func TestNotFoundHandlerAnswersUnroutedComponents(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.NotFound(func(_ context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("no " + req.Interaction.Type.String() + " " + req.CustomID()), nil
	})
	resp, err := endpointtest.Dispatch(t, endpointtest.Build(t, r), interactiontest.Button("gone:1"))
	if !errors.Is(err, router.ErrNotFound) || resp.Message.Content != "no MESSAGE_COMPONENT gone:1" {
		t.Fatalf("got %q, %v", resp.Message.Content, err)
	}
}

func TestBuildReportsComponentAndModalProblems(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Component("", endpointtest.Reply("a"))
	r.Component("poll{id}", endpointtest.Reply("a"))
	r.Component("poll:{id}:{id}", endpointtest.Reply("a"))
	r.Component("nil", nil)
	r.HandleComponent("nil handler", router.HandlerFunc(nil))
	r.Component("poll:{id}", endpointtest.Reply("a"))
	r.Component("poll:{x}", endpointtest.Reply("b"))
	r.Component("{kind}:42", endpointtest.Reply("c"))
	r.Component("described", endpointtest.Reply("d"), router.Description("a button"), router.Options(option.String("x", "y")), router.AdminsOnly())
	r.Modal("many:{a}:{b}:{c}:{d}:{e}:{f}:{g}:{h}:{i}", endpointtest.Reply("e"))
	r.Modal("poll:{id}", endpointtest.Reply("f")) // modals have a tree of their own
	r.Modal("poll:{id}", endpointtest.Reply("g"))
	_, err := r.Build()
	if err == nil {
		t.Fatal("Build succeeded")
	}
	for _, want := range []string{
		"component: custom_id pattern is empty",
		`poll{id}: component pattern: segment "poll{id}" mixes text and braces`,
		`poll:{id}:{id}: component pattern: part name "id" used twice`,
		"nil: component handler is nil",
		"nil handler: component handler is nil",
		`poll:{x}: component pattern registered twice: it matches what "poll:{id}" matches`,
		`{kind}:42: component pattern overlaps "poll:{id}": both match "poll:42"`,
		"described: Description, Options, Permissions declare commands and do not apply to a component",
		"many:{a}:{b}:{c}:{d}:{e}:{f}:{g}:{h}:{i}: modal pattern: more than 8 parts",
		"poll:{id}: modal pattern registered twice",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Build error lacks %q:\n%v", want, err)
		}
	}
	if n := strings.Count(err.Error(), "\n") + 1; n != 10 {
		t.Errorf("Build reported %d problems, want 10:\n%v", n, err)
	}
	var re *router.RouteError
	if !errors.As(err, &re) {
		t.Errorf("errors.As(*RouteError) failed for %v", err)
	}
}

func TestComponentsGenerateNoDefinitions(t *testing.T) {
	r := router.New()
	r.Command("poll", endpointtest.Reply("poll"), router.Description("Start a poll"))
	r.Component("poll:{id}:vote", endpointtest.Reply("vote"))
	r.Modal("poll:{id}:edit", endpointtest.Reply("edit"))
	m := endpointtest.Build(t, r)
	cmds := m.Definitions().Commands(command.Global)
	if len(cmds) != 1 || cmds[0].Name != "poll" {
		t.Fatalf("definitions %+v, want the command poll alone", cmds)
	}
	if resp, err := endpointtest.Dispatch(t, m, interactiontest.Button("poll:1:vote")); err != nil || resp.Message.Content != "vote" {
		t.Fatalf("the component was answered %q, %v", resp.Message.Content, err)
	}
}

func TestRouterMiddlewareAndErrorHandlerServeComponents(t *testing.T) {
	var trace []string
	r := router.New(router.DispatchOnly())
	r.Use(func(next router.Handler) router.Handler {
		return router.HandlerFunc(func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			trace = append(trace, "mw "+req.Pattern())
			return next.ServeInteraction(ctx, req)
		})
	})
	r.OnError(func(_ context.Context, req *router.Request, err error) interaction.Response {
		return interaction.Reply("failed in " + req.Pattern() + ": " + err.Error()).Ephemeral()
	})
	r.Component("fail:{n}", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Response{}, errors.New("boom")
	})
	r.Modal("form", endpointtest.Reply("form"))
	m := endpointtest.Build(t, r)

	resp, err := endpointtest.Dispatch(t, m, interactiontest.Button("fail:1"))
	if err == nil || resp.Message.Content != "failed in fail:{n}: boom" {
		t.Fatalf("answer %q, %v; want the error handler's", resp.Message.Content, err)
	}
	if _, err := endpointtest.Dispatch(t, m, interactiontest.ModalSubmit("form")); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(trace, ","), "mw fail:{n},mw form"; got != want {
		t.Errorf("middleware saw %q, want %q", got, want)
	}
}

func TestTheDefaultErrorAnswerOfAComponentIsPrivate(t *testing.T) {
	var log bytes.Buffer
	r := router.New(router.DispatchOnly(), router.WithLogger(zerolog.New(&log)))
	r.Component("fail:{n}", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Response{}, errors.New("boom")
	})
	resp, err := endpointtest.Dispatch(t, endpointtest.Build(t, r), interactiontest.Button("fail:1"))
	if err == nil || resp.Message.Content != "Sorry, something went wrong." || resp.Message.Flags&interaction.FlagEphemeral == 0 {
		t.Fatalf("answer %+v, %v; want a private apology", resp, err)
	}
	if !strings.Contains(log.String(), `"component":"fail:{n}"`) {
		t.Errorf("the log does not name the pattern: %s", log.String())
	}
}

func TestRequestDescribesTheComponentUsed(t *testing.T) {
	var got *router.Request
	capture := func(_ context.Context, req *router.Request) (interaction.Response, error) {
		got = req
		return interaction.Defer(), nil
	}
	r := router.New(router.DispatchOnly())
	r.Component("pick:{n}", capture)
	r.Modal("form:{n}", capture)
	m := endpointtest.Build(t, r)
	msg := interaction.Message{ID: 9, Content: "Pick one"}

	if _, err := endpointtest.Dispatch(t, m, interactiontest.Select("pick:3", "a", "b").OnMessage(&msg)); err != nil {
		t.Fatal(err)
	}
	if got.CustomID() != "pick:3" || got.ComponentType() != interaction.ComponentStringSelect ||
		strings.Join(got.Values(), ",") != "a,b" || got.Pattern() != "pick:{n}" {
		t.Errorf("request %q %v %q %q", got.CustomID(), got.ComponentType(), got.Values(), got.Pattern())
	}
	if m, ok := got.Message(); !ok || m.Content != "Pick one" {
		t.Errorf("Message() = %+v, %v", m, ok)
	}

	if _, err := endpointtest.Dispatch(t, m, interactiontest.ModalSubmit("form:4")); err != nil {
		t.Fatal(err)
	}
	if got.CustomID() != "form:4" || got.ComponentType() != 0 || got.Values() != nil || got.Pattern() != "form:{n}" {
		t.Errorf("modal request %q %v %q %q", got.CustomID(), got.ComponentType(), got.Values(), got.Pattern())
	}
	if _, ok := got.Message(); ok {
		t.Error("a modal a command opened has a message")
	}
	if _, err := endpointtest.Dispatch(t, m, interactiontest.ModalSubmit("form:4").FromMessage(msg)); err != nil {
		t.Fatal(err)
	}
	if m, ok := got.Message(); !ok || m.ID != 9 {
		t.Errorf("a modal a component opened: Message() = %+v, %v", m, ok)
	}
}

// TestDispatchingAComponentAllocatesNothing: finding the handler of a
// component or modal, and its parts, allocates nothing, as a transport
// dispatches (Call, with the request in its per-request block).
func TestDispatchingAComponentAllocatesNothing(t *testing.T) {
	m := componentMux(t)
	for _, d := range componentDispatches {
		ix := decoded(t, d.b())
		var c router.Call
		ctx := context.Background()
		if n := testing.AllocsPerRun(100, func() {
			m.Start(&c, ix, nil, nil)
			if _, err := c.Run(ctx); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("%s: %v allocations per dispatch", d.name, n)
		}
	}
}
