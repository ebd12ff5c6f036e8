package emulator_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/review"
	"github.com/switchboard-go/switchboard/rules"
)

// flatten returns violations as errorsOf flattens an errors tree: "path
// code message", the path dotted, sorted.
func flatten(prefix string, vs rules.Violations) []string {
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		path := strings.ReplaceAll(strings.TrimPrefix(prefix+v.Pointer, "/"), "/", ".")
		out = append(out, path+" "+v.Code+" "+v.Message)
	}
	slices.Sort(out)
	return out
}

// postRaw makes a request as the answer endpoints take them, and returns
// the status and the body as sent.
func postRaw(t *testing.T, s *target, method, path, contentType string, body []byte) (int, []byte) {
	t.Helper()
	h := http.Header{}
	h.Set("Content-Type", contentType)
	resp, raw := fetch(t, method, s.URL+path, h, body)
	return resp.StatusCode, raw
}

// TestLinksTheServiceRefusesAreRefusedWithItsErrorsTree: an answer whose
// embeds link to what the service does not show (a script, data, another
// scheme, a text that is no URL) or are of a color past 24 bits, or whose
// link button is a script, is refused with 400 and the service's 50035
// errors tree, each problem at its place, in the service's words: those
// package answer gives the bot's check.
func TestLinksTheServiceRefusesAreRefusedWithItsErrorsTree(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	ex := rl.invoke(t, s, "ask")
	refused := interaction.ReplyMessage(interaction.MessageData{Embeds: []interaction.Embed{
		{Title: "Report", URL: "javascript:alert(1)", Color: 1 << 31,
			Image: &interaction.EmbedMedia{URL: "data:image/png;base64,AAAA"}},
		{Description: "d", Color: -1, Thumbnail: &interaction.EmbedMedia{URL: "ftp://files.example.com/a.png"},
			Author: &interaction.EmbedAuthor{Name: "a", URL: "javascript:void(0)"}},
		{Description: "d", Color: 0x1000000, Footer: &interaction.EmbedFooter{Text: "f", IconURL: "my icon"}},
	}}).WithComponents(interaction.RawComponent(`{"type":1,"components":[{"type":2,"style":5,"label":"Open","url":"javascript:x"}]}`))
	body, err := refused.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	status, raw := postRaw(t, s, "POST", callbackPath(ex.ID, ex.Token), "application/json", body)
	if status != 400 {
		t.Fatalf("%d %s, want 400", status, raw)
	}
	got := errorsOf(t, raw)
	want := []string{
		`data.components.0.components.0.url URL_TYPE_INVALID_SCHEME url must be an http, https or discord URL`,
		`data.components.0.components.0.url URL_TYPE_INVALID_URL url is not a well-formed URL: a web address has a host with a dot, labels of 1 to 63 characters, and no spaces`,
		`data.embeds.0.color NUMBER_TYPE_MAX int value should be less than or equal to 16777215.`,
		`data.embeds.0.image.url URL_TYPE_INVALID_SCHEME Scheme "data:image/png;base64,aaaa" is not supported. Scheme must be one of ('http', 'https').`,
		`data.embeds.0.image.url URL_TYPE_INVALID_URL Not a well formed URL.`,
		`data.embeds.0.url URL_TYPE_INVALID_SCHEME Scheme "javascript:alert(1)" is not supported. Scheme must be one of ('http', 'https').`,
		`data.embeds.0.url URL_TYPE_INVALID_URL Not a well formed URL.`,
		`data.embeds.1.author.url URL_TYPE_INVALID_SCHEME Scheme "javascript:void(0)" is not supported. Scheme must be one of ('http', 'https').`,
		`data.embeds.1.author.url URL_TYPE_INVALID_URL Not a well formed URL.`,
		`data.embeds.1.color NUMBER_TYPE_MIN int value should be greater than or equal to 0.`,
		`data.embeds.1.thumbnail.url URL_TYPE_INVALID_SCHEME Scheme "ftp" is not supported. Scheme must be one of ('http', 'https').`,
		`data.embeds.2.color NUMBER_TYPE_MAX int value should be less than or equal to 16777215.`,
		`data.embeds.2.footer.icon_url URL_TYPE_INVALID_SCHEME Scheme "my icon" is not supported. Scheme must be one of ('http', 'https').`,
		`data.embeds.2.footer.icon_url URL_TYPE_INVALID_URL Not a well formed URL.`,
	}
	if !slices.Equal(got, want) {
		t.Fatalf("the errors tree:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	reviewed, _ := review.Answer(nil, &refused, review.AsService)
	if check := flatten("", reviewed); !slices.Equal(got, check) {
		t.Fatalf("the errors tree:\n%s\nthe bot's check, as the service words it:\n%s", strings.Join(got, "\n"), strings.Join(check, "\n"))
	}

	// The interaction is still unanswered: the same embeds, linked as the
	// service takes them, are the answer.
	taken := `{"type":4,"data":{"embeds":[{"title":"Report","url":"https://example.com/report","color":16777215,` +
		`"image":{"url":"https://cdn.example.com/chart.png"},"author":{"name":"a","url":"http://example.com","icon_url":"https://example.com/a.png"}}],` +
		`"components":[{"type":1,"components":[{"type":2,"style":5,"label":"Open","url":"discord://-/channels/1/2"}]}]}}`
	if status, raw := postRaw(t, s, "POST", callbackPath(ex.ID, ex.Token), "application/json", []byte(taken)); status != 204 {
		t.Fatalf("the answer the service takes: %d %s", status, raw)
	}
	if res := ex.answer(t, nil); !res.OK {
		t.Fatalf("invocation: %+v", res)
	}
}

// TestAttachmentURLsNameTheFilesOfTheMessage: an image of an embed, or the
// media of a component, that shows attachment://name names a file the
// message has once the request is done: a file of a follow-up, one an
// edit keeps or adds. One that names none is refused, at its place, with
// the service's code and words.
func TestAttachmentURLsNameTheFilesOfTheMessage(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	ex := rl.invoke(t, s, "ask")
	ct, body := multipartBody(t, `{"type":4,"data":{"embeds":[{"title":"Chart","image":{"url":"attachment://chart.png"}}]}}`,
		part{"files[0]", "chart.png", "image/png", []byte("\x89PNG")})
	if status, raw := postRaw(t, s, "POST", callbackPath(ex.ID, ex.Token), ct, body); status != 204 {
		t.Fatalf("an answer whose image is its file: %d %s", status, raw)
	}
	if res := ex.answer(t, nil); !res.OK {
		t.Fatalf("invocation: %+v", res)
	}
	hook := webhookPath(s, ex.Token)
	notFound := func(path, name string) string {
		return path + " UNFURLED_MEDIA_ITEM_REFERENCED_ATTACHMENT_NOT_FOUND " + `The referenced attachment ("attachment://` + name + `") was not found`
	}
	for _, tt := range []struct {
		name          string
		method, path  string
		payload       string
		files         []part
		want          []string // the errors tree; none for 200
		reviewedAsNew bool     // the bot's check knows the files and agrees
	}{
		{"a follow-up's thumbnail is its file", "POST", "", `{"embeds":[{"thumbnail":{"url":"attachment://t.png"}}]}`,
			[]part{{"files[0]", "t.png", "image/png", []byte("png")}}, nil, true},
		{"a follow-up's icons name no file of it", "POST", "",
			`{"embeds":[{"author":{"name":"a","icon_url":"attachment://a.png"},"footer":{"text":"f","icon_url":"attachment://f.png"}}]}`,
			[]part{{"files[0]", "t.png", "image/png", []byte("png")}},
			[]string{notFound("embeds.0.author.icon_url", "a.png"), notFound("embeds.0.footer.icon_url", "f.png")}, true},
		{"a file renamed by the attachments list", "POST", "",
			`{"embeds":[{"image":{"url":"attachment://renamed.png"}}],"attachments":[{"id":"0","filename":"renamed.png"}]}`,
			[]part{{"files[0]", "x.png", "image/png", []byte("png")}}, nil, true},
		{"the media of a layout name no file of it", "POST", "",
			`{"flags":32768,"components":[{"type":12,"items":[{"media":{"url":"attachment://g.png"}}]},{"type":13,"file":{"url":"attachment://doc.txt"}}]}`,
			[]part{{"files[0]", "doc.txt", "text/plain", []byte("doc")}},
			[]string{notFound("components.0.items.0.media.url", "g.png")}, true},
		{"an edit's image names the file the message keeps", "PATCH", "/messages/@original",
			`{"embeds":[{"title":"Chart again","image":{"url":"attachment://chart.png"}}]}`, nil, nil, false},
		{"an edit's image names a file the edit takes away", "PATCH", "/messages/@original",
			`{"embeds":[{"image":{"url":"attachment://chart.png"}}],"attachments":[]}`, nil,
			[]string{notFound("embeds.0.image.url", "chart.png")}, false},
		{"an edit that leaves its embeds is not read again", "PATCH", "/messages/@original", `{"content":"no files","attachments":[]}`, nil, nil, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ct, body := multipartBody(t, tt.payload, tt.files...)
			status, raw := postRaw(t, s, tt.method, hook+tt.path, ct, body)
			if tt.want == nil {
				if status != 200 {
					t.Fatalf("%d %s, want 200", status, raw)
				}
				return
			}
			if status != 400 {
				t.Fatalf("%d %s, want 400", status, raw)
			}
			if got := errorsOf(t, raw); !slices.Equal(got, tt.want) {
				t.Fatalf("the errors tree:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if !tt.reviewedAsNew {
				return
			}
			var m interaction.MessageData
			if err := json.Unmarshal([]byte(tt.payload), &m); err != nil {
				t.Fatal(err)
			}
			for _, f := range tt.files {
				m = m.WithFile(f.filename, f.contentType, strings.NewReader(string(f.content)))
			}
			if check := flatten("", review.Message(nil, &m, review.Followup, review.AsService)); !slices.Equal(check, tt.want) {
				t.Fatalf("the bot's check of the follow-up, as the service words it:\n%s\nwant:\n%s", strings.Join(check, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestAnEmbedIsRichWhateverTheBotSays: the service keeps of a bot's embed
// neither its type, which is "rich", nor its provider and video, nor the
// size of its pictures; it does not refuse them either.
func TestAnEmbedIsRichWhateverTheBotSays(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	ex := rl.invoke(t, s, "ask")
	sent := `{"type":4,"data":{"embeds":[{"type":"article","title":"t","provider":{"name":"p","url":"javascript:x"},` +
		`"video":{"url":"ftp://x"},"image":{"url":"https://example.com/a.png","width":5,"height":7}}]}}`
	if status, raw := postRaw(t, s, "POST", callbackPath(ex.ID, ex.Token), "application/json", []byte(sent)); status != 204 {
		t.Fatalf("%d %s", status, raw)
	}
	if res := ex.answer(t, nil); !res.OK {
		t.Fatalf("invocation: %+v", res)
	}
	status, msg := send(t, s, "GET", webhookPath(s, ex.Token)+"/messages/@original", "", nil)
	embeds, _ := msg["embeds"].([]any)
	if status != 200 || len(embeds) != 1 {
		t.Fatalf("%d %v", status, msg)
	}
	e := embeds[0].(map[string]any)
	image, _ := e["image"].(map[string]any)
	_, provider := e["provider"]
	_, video := e["video"]
	_, width := image["width"]
	if e["type"] != "rich" || provider || video || width || image["url"] != "https://example.com/a.png" {
		t.Fatalf("the embed as the service returns it: %v", e)
	}
}
