package endpoint_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/rules"
)

// embedReply is a reply of one embed.
func embedReply(e interaction.Embed) interaction.Response {
	return interaction.ReplyMessage(interaction.MessageData{Embeds: []interaction.Embed{e}})
}

// TestLinksTheServiceWouldRefuseReachTheErrorHandler: on the emulator, a
// handler whose embeds or link buttons link to what the service refuses,
// or whose embed is of a color past 24 bits, has its error handler answer
// instead, with an error naming the field and the service's rule; the
// user sees the error handler's answer, not a failed interaction. The
// same answer with links the service takes is the handler's.
func TestLinksTheServiceWouldRefuseReachTheErrorHandler(t *testing.T) {
	refused := []struct {
		name    string
		answer  interaction.Response
		pointer string
		code    string
	}{
		{"an embed's url of javascript:", embedReply(interaction.Embed{Title: "t", URL: "javascript:alert(1)"}),
			"/data/embeds/0/url", rules.URLTypeInvalidScheme},
		{"an embed's image of data:", embedReply(interaction.Embed{Image: &interaction.EmbedMedia{URL: "data:image/png;base64,AAAA"}}),
			"/data/embeds/0/image/url", rules.URLTypeInvalidScheme},
		{"an embed's thumbnail of ftp:", embedReply(interaction.Embed{Thumbnail: &interaction.EmbedMedia{URL: "ftp://files.example.com/a.png"}}),
			"/data/embeds/0/thumbnail/url", rules.URLTypeInvalidScheme},
		{"an author's url of javascript:", embedReply(interaction.Embed{Author: &interaction.EmbedAuthor{Name: "a", URL: "javascript:void(0)"}}),
			"/data/embeds/0/author/url", rules.URLTypeInvalidScheme},
		{"a footer's icon that is no URL", embedReply(interaction.Embed{Footer: &interaction.EmbedFooter{Text: "f", IconURL: "my icon"}}),
			"/data/embeds/0/footer/icon_url", rules.URLTypeInvalidScheme},
		{"an image whose host has no dot", embedReply(interaction.Embed{Image: &interaction.EmbedMedia{URL: "https://intranet/a.png"}}),
			"/data/embeds/0/image/url", rules.URLTypeInvalidURL},
		{"an image of a file not sent", embedReply(interaction.Embed{Image: &interaction.EmbedMedia{URL: "attachment://chart.png"}}),
			"/data/embeds/0/image/url", rules.UnfurledMediaItemReferencedAttachmentNotFound},
		{"a color of 2^31", embedReply(interaction.Embed{Title: "t", Color: 1 << 31}), "/data/embeds/0/color", rules.NumberTypeMax},
		{"a color of 0x1000000", embedReply(interaction.Embed{Title: "t", Color: 0x1000000}), "/data/embeds/0/color", rules.NumberTypeMax},
		{"a color of -1", embedReply(interaction.Embed{Title: "t", Color: -1}), "/data/embeds/0/color", rules.NumberTypeMin},
		{"a link button of javascript:", interaction.Reply("x").WithComponents(component.Row(component.LinkButton("javascript:alert(1)", "Open"))),
			"/data/components/0/components/0/url", rules.URLTypeInvalidScheme},
	}
	taken := interaction.ReplyMessage(interaction.MessageData{Embeds: []interaction.Embed{{
		Title: "Chart", URL: "https://example.com/chart", Color: 0xFFFFFF,
		Author:    &interaction.EmbedAuthor{Name: "a", URL: "http://example.com", IconURL: "attachment://chart.png"},
		Footer:    &interaction.EmbedFooter{Text: "f", IconURL: "https://cdn.example.com/f.png"},
		Image:     &interaction.EmbedMedia{URL: "attachment://chart.png"},
		Thumbnail: &interaction.EmbedMedia{URL: "https://cdn.example.com/t.png"},
	}}}).WithComponents(component.Row(component.LinkButton("discord://-/channels/1/2", "Open")))
	var h handled
	r := router.New()
	r.OnError(h.onError)
	for i, tt := range refused {
		r.Command("refused"+strconv.Itoa(i), func(context.Context, *router.Request) (interaction.Response, error) {
			return tt.answer, nil
		}, router.Description("Answers with "+tt.name))
	}
	r.Command("taken", func(context.Context, *router.Request) (interaction.Response, error) {
		return taken.WithFile("chart.png", "image/png", strings.NewReader("\x89PNG")), nil
	}, router.Description("Answers with links the service takes"))
	s := serveOnEmulator(t, r)
	for i, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			res, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: "refused" + strconv.Itoa(i)})
			if err != nil {
				t.Fatal(err)
			}
			if !res.OK() || res.Answer.Message.Content != "Something in this answer cannot be shown." {
				t.Fatalf("the user sees %+v (violations %v), want the error handler's answer", res.Answer, res.Violations)
			}
			seen := h.err(res.Interaction.ID)
			var vs rules.Violations
			if !errors.As(seen, &vs) || vs[0].Pointer != tt.pointer || vs[0].Code != tt.code {
				t.Fatalf("the error handler saw %v (violations %+v), want %s at %s", seen, vs, tt.code, tt.pointer)
			}
		})
	}
	t.Run("links the service takes", func(t *testing.T) {
		res, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: "taken"})
		if err != nil {
			t.Fatal(err)
		}
		if !res.OK() || h.err(res.Interaction.ID) != nil {
			t.Fatalf("the user sees %+v (violations %v, the error handler saw %v), want the handler's answer", res.Answer, res.Violations, h.err(res.Interaction.ID))
		}
		rec, _ := s.Interaction(res.Interaction.ID)
		if rec.Original == nil || len(rec.Original.Data.Embeds) != 1 || len(rec.Original.Attachments) != 1 ||
			rec.Original.Data.Embeds[0].Image.URL != "attachment://chart.png" {
			t.Fatalf("the message the user sees: %+v", rec.Original)
		}
	})
}
