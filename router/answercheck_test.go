package router_test

import (
	"context"
	"errors"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
)

// TestAnswersTheInteractionDoesNotAllowGoToTheErrorHandler: a handler
// whose answer the service would refuse has its error handler answer
// instead, with an error matching interaction.ErrCallbackNotAllowed.
func TestAnswersTheInteractionDoesNotAllowGoToTheErrorHandler(t *testing.T) {
	modal := interaction.ShowModal(component.Modal("form", "Form", component.Labeled("Name", component.ShortInput("name"))))
	msg := interaction.Message{ID: 9, Content: "on a message"}
	for _, tt := range []struct {
		name    string
		b       *interactiontest.Builder
		answer  interaction.Response
		allowed bool
	}{
		{"a command answered with a message", interactiontest.Command("cmd"), interaction.Reply("ok"), true},
		{"a command answered with a modal", interactiontest.Command("cmd"), modal, true},
		{"a command answered with an update", interactiontest.Command("cmd"), interaction.Update("x"), false},
		{"a command answered with a deferred update", interactiontest.Command("cmd"), interaction.DeferUpdate(), false},
		{"a command answered with suggestions", interactiontest.Command("cmd"), interaction.AutocompleteResult(), false},
		{"a command answered with the zero Response", interactiontest.Command("cmd"), interaction.Response{}, false},
		{"a component answered with an update", interactiontest.Button("button"), interaction.Update("x"), true},
		{"a component answered with a deferred update", interactiontest.Button("button"), interaction.DeferUpdate(), true},
		{"a component answered with a message", interactiontest.Button("button"), interaction.Reply("x"), true},
		{"a component answered with a deferral", interactiontest.Button("button"), interaction.Defer(), true},
		{"a component answered with a modal", interactiontest.Button("button"), modal, true},
		{"a component answered with a PONG", interactiontest.Button("button"), interaction.Pong(), false},
		{"a modal answered with a message", interactiontest.ModalSubmit("form"), interaction.Reply("x"), true},
		{"a modal answered with a modal", interactiontest.ModalSubmit("form"), modal, false},
		{"a modal a command opened answered with an update", interactiontest.ModalSubmit("form"), interaction.Update("x"), false},
		{"a modal a command opened answered with a deferred update", interactiontest.ModalSubmit("form"), interaction.DeferUpdate(), false},
		{"a modal a component opened answered with an update", interactiontest.ModalSubmit("form").FromMessage(msg), interaction.Update("x"), true},
		{"a modal a component opened answered with a deferred update", interactiontest.ModalSubmit("form").FromMessage(msg), interaction.DeferUpdate(), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			answer := func(context.Context, *router.Request) (interaction.Response, error) { return tt.answer, nil }
			var handled error
			r := router.New(router.DispatchOnly())
			r.OnError(func(_ context.Context, _ *router.Request, err error) interaction.Response {
				handled = err
				return interaction.Reply("error handler").Ephemeral()
			})
			r.Command("cmd", answer)
			r.Component("button", answer)
			r.Modal("form", answer)
			resp, err := endpointtest.Dispatch(t, endpointtest.Build(t, r), tt.b)
			if tt.allowed {
				if err != nil || resp.Type != tt.answer.Type {
					t.Fatalf("answer %v, %v; want the handler's %v", resp.Type, err, tt.answer.Type)
				}
				return
			}
			if !errors.Is(err, interaction.ErrCallbackNotAllowed) || !errors.Is(handled, interaction.ErrCallbackNotAllowed) {
				t.Fatalf("err %v, the error handler saw %v; want ErrCallbackNotAllowed for both", err, handled)
			}
			if resp.Message.Content != "error handler" {
				t.Fatalf("answer %+v, want the error handler's", resp)
			}
		})
	}
}

func TestAnErrorHandlerAnswerNotAllowedIsReplacedByTheApology(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.OnError(func(context.Context, *router.Request, error) interaction.Response {
		return interaction.ShowModal(interaction.Modal{CustomID: "again", Title: "Try again"})
	})
	r.Modal("form", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Response{}, errors.New("boom")
	})
	resp, err := endpointtest.Dispatch(t, endpointtest.Build(t, r), interactiontest.ModalSubmit("form"))
	if err == nil || resp.Type != interaction.CallbackChannelMessageWithSource ||
		resp.Message.Content != "Sorry, something went wrong." || resp.Message.Flags&interaction.FlagEphemeral == 0 {
		t.Fatalf("answer %+v, %v; want the ephemeral apology", resp, err)
	}
}

func TestANotFoundAnswerNotAllowedGoesToTheErrorHandler(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.NotFound(func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Update("gone"), nil
	})
	resp, err := endpointtest.Dispatch(t, endpointtest.Build(t, r), interactiontest.Command("missing"))
	if !errors.Is(err, interaction.ErrCallbackNotAllowed) || resp.Type != interaction.CallbackChannelMessageWithSource {
		t.Fatalf("answer %+v, %v", resp, err)
	}
	resp, err = endpointtest.Dispatch(t, endpointtest.Build(t, r), interactiontest.Button("missing"))
	if !errors.Is(err, router.ErrNotFound) || resp.Type != interaction.CallbackUpdateMessage {
		t.Fatalf("a component: answer %+v, %v", resp, err)
	}
}
