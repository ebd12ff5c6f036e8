package emulator

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// Every attachment the emulator makes carries a content_type, as the
// service's do: a file given to an ATTACHMENT option by its name, an
// uploaded one by its name, else by its bytes.
func TestEveryAttachmentCarriesAContentType(t *testing.T) {
	w := startOASWorld(t)
	for _, tc := range []struct{ filename, want string }{
		{"cat.png", "image/png"},
		{"notes.txt", "text/plain; charset=utf-8"},
		{"data.unknownext", "application/octet-stream"},
	} {
		t.Run("an option's "+tc.filename, func(t *testing.T) {
			res, err := w.s.Invoke(context.Background(), Invocation{Guild: w.s.GuildID, Command: "every",
				Options: []Arg{{"file", interaction.Attachment{Filename: tc.filename, Size: 3}}}})
			mustOK(t, res, err)
			var sent struct {
				Data struct {
					Resolved struct {
						Attachments map[string]struct {
							ContentType *string `json:"content_type"`
						} `json:"attachments"`
					} `json:"resolved"`
				} `json:"data"`
			}
			json.Unmarshal(res.Body, &sent)
			for _, a := range sent.Data.Resolved.Attachments {
				if a.ContentType == nil || *a.ContentType != tc.want {
					t.Errorf("content_type %v, want %q: %s", a.ContentType, tc.want, res.Body)
				}
			}
		})
	}
	t.Run("an upload without a type nor a known name", func(t *testing.T) {
		ct, body := oasMultipart(t, `{"content":"x"}`, "README", []byte("plain words"))
		a := w.call(t, "POST", w.webhook(t, w.answered(t)), "", ct, body)
		var m struct {
			Attachments []struct {
				ContentType string `json:"content_type"`
			} `json:"attachments"`
		}
		json.Unmarshal(a.body, &m)
		if a.status != 200 || len(m.Attachments) != 1 || m.Attachments[0].ContentType != "text/plain; charset=utf-8" {
			t.Errorf("%d %s", a.status, a.body)
		}
	})
}
