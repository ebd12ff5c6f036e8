package endpoint_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
)

// requests returns what hooks were sent, each request as
// "PATCH @original body" or "POST follow-up body".
func requests(hooks *endpointtest.Webhooks) []string {
	sent := hooks.Sent()
	out := make([]string, len(sent))
	for i, s := range sent {
		method, rest, _ := strings.Cut(s, " ")
		path, body, _ := strings.Cut(rest, " ")
		what := "follow-up"
		if strings.HasSuffix(path, "/messages/@original") {
			what = "@original"
		}
		out[i] = method + " " + what + " " + body
	}
	return out
}

// TestSlowComponentsAndModalsAreDeferredAndCompleted: a component or modal
// handler still working when the service is about to stop waiting is
// deferred as its route declares, and its answer, when it comes, completes
// the deferral the way that deferral takes it.
func TestSlowComponentsAndModalsAreDeferredAndCompleted(t *testing.T) {
	msg := interaction.Message{ID: 9, ChannelID: 5, Content: "a poll"}
	modal := interaction.ShowModal(interaction.Modal{CustomID: "form", Title: "Form"})
	for _, tt := range []struct {
		name   string
		decls  []router.Decl
		b      *interactiontest.Builder
		answer interaction.Response
		panics bool
		first  string   // the endpoint's answer
		sent   []string // then, what completes it
	}{
		{"a component updates its message after a deferred update", nil,
			interactiontest.Button("slow"), interaction.Update("done"), false,
			`{"type":6}`, []string{`PATCH @original {"content":"done"}`}},
		{"a component's message after a deferred update is a follow-up, ephemeral if it says so", nil,
			interactiontest.Button("slow"), interaction.Reply("new").Ephemeral(), false,
			`{"type":6}`, []string{`POST follow-up {"content":"new","flags":64}`}},
		{"a component that declares DeferReply has its message in the deferred one", []router.Decl{router.DeferReply()},
			interactiontest.Button("slow"), interaction.Reply("reply"), false,
			`{"type":5}`, []string{`PATCH @original {"content":"reply"}`}},
		{"an update after a deferred message goes to the deferred message", []router.Decl{router.DeferReply()},
			interactiontest.Button("slow"), interaction.Update("updated"), false,
			`{"type":5}`, []string{`PATCH @original {"content":"updated"}`}},
		{"a component that declares DeferEphemeral defers privately", []router.Decl{router.DeferEphemeral()},
			interactiontest.Button("slow"), interaction.Reply("private").Ephemeral(), false,
			`{"type":5,"data":{"flags":64}}`, []string{`PATCH @original {"content":"private"}`}},
		{"a component that declares NoAutoDefer answers late itself", []router.Decl{router.NoAutoDefer()},
			interactiontest.Button("slow"), interaction.Update("late"), false,
			`{"type":7,"data":{"content":"late"}}`, nil},
		{"a component that defers itself completes the answer itself", nil,
			interactiontest.Button("slow"), interaction.DeferUpdate(), false,
			`{"type":6}`, nil},
		{"a modal after a deferred update is an apology only the user sees", nil,
			interactiontest.Button("slow"), modal, false,
			`{"type":6}`, []string{`POST follow-up {"content":"Sorry, something went wrong.","flags":64}`}},
		{"a modal after a deferred message is an apology in it", []router.Decl{router.DeferReply()},
			interactiontest.Button("slow"), modal, false,
			`{"type":5}`, []string{`PATCH @original {"content":"Sorry, something went wrong."}`}},
		{"a panic after a deferred update is an apology only the user sees", nil,
			interactiontest.Button("slow"), interaction.Response{}, true,
			`{"type":6}`, []string{`POST follow-up {"content":"Sorry, something went wrong.","flags":64}`}},
		{"an error after a deferred update is the error handler's answer as a follow-up", nil,
			interactiontest.Button("slow"), interaction.Response{}, false,
			`{"type":6}`, []string{`POST follow-up {"content":"Sorry, something went wrong.","flags":64}`}},
		{"a modal a component opened updates its message after a deferred update", nil,
			interactiontest.ModalSubmit("slow").FromMessage(msg), interaction.Update("edited"), false,
			`{"type":6}`, []string{`PATCH @original {"content":"edited"}`}},
		{"a modal a command opened defers with a message", nil,
			interactiontest.ModalSubmit("slow"), interaction.Reply("thanks"), false,
			`{"type":5}`, []string{`PATCH @original {"content":"thanks"}`}},
		{"a modal a command opened defers with a message though it declares DeferUpdate", []router.Decl{router.DeferUpdate()},
			interactiontest.ModalSubmit("slow"), interaction.Reply("thanks"), false,
			`{"type":5}`, []string{`PATCH @original {"content":"thanks"}`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// The handlers' sleeps and the deferral pass on the bubble's clock.
			inBubble(t, func(t *testing.T) {
				hooks, client := endpointtest.NewWebhooksInMemory(t)
				slow := func(context.Context, *router.Request) (interaction.Response, error) {
					time.Sleep(200 * time.Millisecond)
					if tt.panics {
						panic("handler bug")
					}
					if tt.answer.Type == 0 {
						return tt.answer, errTest
					}
					return tt.answer, nil
				}
				r := router.New(router.DispatchOnly())
				r.Component("slow", slow, tt.decls...)
				r.Modal("slow", slow, tt.decls...)
				key := interactiontest.NewKey("component deferrals")
				// Deferred 50ms after arrival; a handler not deferred answers late.
				e := newEndpoint(t, endpointtest.Build(t, r), key.Verifier(), endpoint.WithClient(client),
					endpoint.WithResponseDeadline(150*time.Millisecond), endpoint.WithAnswerMargin(100*time.Millisecond))
				got := endpointtest.FrontEnds()[0].Do(e, endpointtest.Signed(key, tt.b.JSON()))
				if got.Status != 200 || got.Body != tt.first {
					t.Fatalf("first answer %d %s, want %s", got.Status, got.Body, tt.first)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				if err := e.WaitDeferred(ctx); err != nil {
					t.Fatal(err)
				}
				if sent := requests(hooks); strings.Join(sent, "\n") != strings.Join(tt.sent, "\n") {
					t.Errorf("the service was sent\n%s\nwant\n%s", strings.Join(sent, "\n"), strings.Join(tt.sent, "\n"))
				}
			})
		})
	}
}

var errTest = errors.New("handler failed")

func TestDeferUpdateOnACommandIsABuildError(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Command("poll", endpointtest.Reply("poll"), router.DeferUpdate())
	r.Group("mod", router.DeferUpdate()).Command("ban", endpointtest.Reply("ban"))
	r.Component("vote", endpointtest.Reply("vote"), router.DeferUpdate())
	_, err := r.Build()
	for _, want := range []string{"poll: DeferUpdate", "mod ban: DeferUpdate"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Build error %v, want one with %q", err, want)
		}
	}
	if err != nil && strings.Contains(err.Error(), "vote") {
		t.Errorf("Build refused DeferUpdate on a component: %v", err)
	}
}
