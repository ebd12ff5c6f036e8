package rest_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
)

// TestRespondWithResponseReturnsWhatTheAnswerMade: the callback response,
// typed, for the answers that make a message and for those whose resource
// is only its type.
func TestRespondWithResponseReturnsWhatTheAnswerMade(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{Activities: true})
	c, rec := apitest.NewClient(t, s, rest.NoAuth{})
	type outcome struct {
		cb  *interaction.CallbackResponse
		err error
	}
	var (
		mu      sync.Mutex
		current interaction.Response
		got     = make(chan outcome, 1)
	)
	startRespondingBot(t, s, func(ctx context.Context, ix *interaction.Interaction) {
		mu.Lock()
		r := current
		mu.Unlock()
		cb, err := c.RespondWithResponse(ctx, ix, r)
		got <- outcome{cb, err}
	})
	tests := []struct {
		name  string
		r     interaction.Response
		check func(t *testing.T, ix *interaction.Interaction, cb *interaction.CallbackResponse)
	}{
		{"a reply returns its message, with its poll and the metadata of the interaction",
			interaction.Reply("Vote").Ephemeral().WithPoll(interaction.NewPoll("Lunch?", "Pizza", "Sushi").Lasting(2)),
			func(t *testing.T, ix *interaction.Interaction, cb *interaction.CallbackResponse) {
				m := cb.Resource.Message
				if cb.Resource.Type != interaction.CallbackChannelMessageWithSource || m == nil || m.ID != cb.Interaction.ResponseMessageID ||
					!cb.Interaction.ResponseMessageEphemeral || cb.Interaction.ResponseMessageLoading {
					t.Fatalf("%+v %+v", cb.Interaction, cb.Resource)
				}
				if m.Poll == nil || len(m.Poll.Answers) != 2 || m.Poll.Answers[1].AnswerID != 2 || m.Poll.Expiry.Sub(m.Timestamp).Hours() != 2 {
					t.Errorf("poll %+v", m.Poll)
				}
				if meta := m.InteractionMetadata; meta == nil || meta.ID != ix.ID || meta.Type != interaction.TypeApplicationCommand {
					t.Errorf("interaction metadata %+v", meta)
				}
			}},
		{"a spoiler file is flagged on the message",
			interaction.Reply("The end").WithSpoilerFile("ending.txt", "text/plain", strings.NewReader("They lived.")),
			func(t *testing.T, ix *interaction.Interaction, cb *interaction.CallbackResponse) {
				if m := cb.Resource.Message; m == nil || len(m.Attachments) != 1 || !m.Attachments[0].IsSpoiler() ||
					m.Attachments[0].Flags&interaction.AttachmentIsSpoiler == 0 {
					t.Errorf("message %+v", cb.Resource.Message)
				}
			}},
		{"a deferral returns its loading message's id, and a resource of its type alone",
			interaction.Defer(),
			func(t *testing.T, ix *interaction.Interaction, cb *interaction.CallbackResponse) {
				if !cb.Interaction.ResponseMessageLoading || cb.Interaction.ResponseMessageID == 0 ||
					cb.Resource.Type != interaction.CallbackDeferredChannelMessageWithSource || cb.Resource.Message != nil {
					t.Errorf("%+v %+v", cb.Interaction, cb.Resource)
				}
			}},
		{"launching the Activity returns its instance",
			interaction.LaunchActivity(),
			func(t *testing.T, ix *interaction.Interaction, cb *interaction.CallbackResponse) {
				a := cb.Resource.ActivityInstance
				if a == nil || a.ID == "" || a.ID != cb.Interaction.ActivityInstanceID || cb.Resource.Message != nil {
					t.Errorf("%+v %+v", cb.Interaction, cb.Resource)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mu.Lock()
			current = tt.r
			mu.Unlock()
			ix := invoke(t, s, "report").Interaction
			o := <-got
			if o.err != nil {
				t.Fatal(o.err)
			}
			if o.cb.Interaction.ID != ix.ID || o.cb.Interaction.Type != interaction.TypeApplicationCommand || o.cb.Resource == nil {
				t.Fatalf("%+v", o.cb)
			}
			tt.check(t, ix, o.cb)
		})
	}
	t.Run("the request asks for the response, without credentials", func(t *testing.T) {
		n := 0
		for _, r := range rec.All() {
			if strings.HasSuffix(r.Path, "/callback") {
				n++
				// 200 with the callback response, where a request
				// without with_response=true is answered 204.
				if r.Status != 200 || r.Auth != "" {
					t.Errorf("answered %d, Authorization %q", r.Status, r.Auth)
				}
			}
		}
		if n != len(tests) {
			t.Errorf("%d callbacks, want %d", n, len(tests))
		}
	})
}

// TestAPollMessageTakesNoEdit: the service refuses an edit of a message
// that has a poll, with a code errors.Is matches.
func TestAPollMessageTakesNoEdit(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.NoAuth{})
	done := make(chan error, 1)
	startRespondingBot(t, s, func(ctx context.Context, ix *interaction.Interaction) {
		if err := c.Respond(ctx, ix, interaction.ReplyMessage(interaction.MessageData{}.WithPoll(interaction.NewPoll("Lunch?", "Pizza")))); err != nil {
			done <- err
			return
		}
		_, err := c.EditOriginal(ctx, ix, interaction.MessageData{Content: "closed"})
		done <- err
	})
	invoke(t, s, "report")
	if err := <-done; !errors.Is(err, rest.ErrCannotEditPoll) {
		t.Fatalf("editing the poll: %v, want ErrCannotEditPoll", err)
	}
}
