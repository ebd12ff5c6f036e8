package rest_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
)

// TestAnEditClearsASpoilerAndADescription answers with a described
// spoiler, then edits the answer twice: an element that leaves the mark
// and the text out keeps them, one that sets them to false and "" clears
// them.
func TestAnEditClearsASpoilerAndADescription(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.NoAuth{})
	responded := make(chan error, 1)
	startRespondingBot(t, s, func(ctx context.Context, ix *interaction.Interaction) {
		r := interaction.Reply("The ending:").WithSpoilerFile("ending.png", "image/png", strings.NewReader("\x89PNG\r\n"))
		r.Message.Files[0].Description = "how it ends"
		responded <- c.Respond(ctx, ix, r)
	})
	res := invoke(t, s, "report")
	if err := <-responded; err != nil {
		t.Fatalf("Respond: %v", err)
	}
	ix := res.Interaction
	ctx := context.Background()
	kept := record(t, s, ix.ID).Original.Attachments[0].ID

	for _, tc := range []struct {
		name        string
		ref         interaction.AttachmentRef
		spoiler     bool
		description string
	}{
		{"an element with its id alone keeps both", interaction.AttachmentRef{ID: kept}, true, "how it ends"},
		{"false and the empty text clear them", interaction.AttachmentRef{ID: kept, IsSpoiler: new(false), Description: new("")}, false, ""},
		{"true and a text set them again", interaction.AttachmentRef{ID: kept, IsSpoiler: new(true), Description: new("the end")}, true, "the end"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := c.EditOriginal(ctx, ix, interaction.MessageData{Attachments: []interaction.AttachmentRef{tc.ref}})
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Attachments) != 1 {
				t.Fatalf("attachments %+v, want one", m.Attachments)
			}
			if a := m.Attachments[0]; a.IsSpoiler() != tc.spoiler || a.Description != tc.description {
				t.Errorf("attachment: spoiler %v, description %q; want %v, %q", a.IsSpoiler(), a.Description, tc.spoiler, tc.description)
			}
		})
	}
}

// TestAVoiceMessageAnswer answers with a voice message, which the service
// keeps with its recording's duration and waveform, and then refuses to
// edit.
func TestAVoiceMessageAnswer(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.NoAuth{})
	responded := make(chan error, 1)
	startRespondingBot(t, s, func(ctx context.Context, ix *interaction.Interaction) {
		rec := interaction.File{Name: "hello.ogg", ContentType: "audio/ogg", Title: "Hello",
			Duration: 1500 * time.Millisecond, Waveform: []byte{0, 128, 255}, Content: strings.NewReader("OggS")}
		responded <- c.Respond(ctx, ix, interaction.ReplyMessage(interaction.VoiceMessage(rec)))
	})
	res := invoke(t, s, "report")
	if err := <-responded; err != nil {
		t.Fatalf("Respond: %v", err)
	}
	ix := res.Interaction
	original := record(t, s, ix.ID).Original
	if len(original.Attachments) != 1 {
		t.Fatalf("attachments %+v, want the recording", original.Attachments)
	}
	a := original.Attachments[0]
	if a.DurationSecs != 1.5 || a.Waveform != "AID/" || a.Title != "Hello" || a.ContentType != "audio/ogg" {
		t.Errorf("the recording: %+v", a.Attachment)
	}
	_, err := c.EditOriginal(context.Background(), ix, interaction.MessageData{Attachments: []interaction.AttachmentRef{}})
	var apiErr *rest.APIError
	if !errors.As(err, &apiErr) || apiErr.Code != 50162 {
		t.Errorf("an edit of the voice message: %v, want the service's 50162", err)
	}
}
