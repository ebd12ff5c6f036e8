package emulator

import (
	"bytes"
	"encoding/json"
	"net/url"
	"testing"
	"unicode/utf8"
)

// formBody returns a multipart/form-data body of plain fields, without
// payload_json, and files[0] when content is not nil.
func formBody(fields [][2]string, filename string, content []byte) (string, []byte) {
	var b bytes.Buffer
	const boundary = "form-boundary"
	for _, f := range fields {
		b.WriteString("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + f[0] + "\"\r\n\r\n" + f[1] + "\r\n")
	}
	if content != nil {
		b.WriteString("--" + boundary + "\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"" + filename + "\"\r\n\r\n")
		b.Write(content)
		b.WriteString("\r\n")
	}
	b.WriteString("--" + boundary + "--\r\n")
	return "multipart/form-data; boundary=" + boundary, b.Bytes()
}

// The webhook endpoints that take a message take it as form fields too,
// as the description lists: multipart/form-data without payload_json, and
// application/x-www-form-urlencoded.
func TestWebhookMessagesMayBeFormFields(t *testing.T) {
	w := startOASWorld(t)
	type message struct {
		Content     string
		TTS         bool
		Flags       int
		Embeds      []struct{ Title string }
		Attachments []struct{ Filename string }
	}
	urlencoded := func(form url.Values) (string, []byte) {
		return "application/x-www-form-urlencoded", []byte(form.Encode())
	}
	for _, tc := range []struct {
		name, method, path string
		body               func() (string, []byte)
		want               func(m message) bool
	}{
		{"a follow-up of multipart fields", "POST", "", func() (string, []byte) {
			return formBody([][2]string{{"content", "Hello, <World>!"}, {"tts", "true"}}, "", nil)
		}, func(m message) bool { return m.Content == "Hello, <World>!" && m.TTS }},
		{"a follow-up of multipart fields with a file", "POST", "", func() (string, []byte) {
			return formBody([][2]string{{"content", "a file"}, {"embeds", `[{"title":"E"}]`}}, "a.txt", []byte("words"))
		}, func(m message) bool {
			return m.Content == "a file" && len(m.Embeds) == 1 && m.Embeds[0].Title == "E" && len(m.Attachments) == 1 && m.Attachments[0].Filename == "a.txt"
		}},
		{"a follow-up form-urlencoded", "POST", "", func() (string, []byte) {
			return urlencoded(url.Values{"content": {"42"}, "flags": {"64"}})
		}, func(m message) bool { return m.Content == "42" && m.Flags == 64 }},
		{"an edit of the original form-urlencoded", "PATCH", "/messages/@original", func() (string, []byte) {
			return urlencoded(url.Values{"content": {"edited & more"}})
		}, func(m message) bool { return m.Content == "edited & more" }},
		{"an edit of the original of multipart fields", "PATCH", "/messages/@original", func() (string, []byte) {
			return formBody([][2]string{{"content", "edited"}}, "b.png", []byte("\x89PNG\r\n\x1a\n"))
		}, func(m message) bool { return m.Content == "edited" && len(m.Attachments) == 1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ct, body := tc.body()
			a := w.call(t, tc.method, w.webhook(t, w.answered(t))+tc.path, "", ct, body)
			var m message
			if err := json.Unmarshal(a.body, &m); err != nil || a.status != 200 || !tc.want(m) {
				t.Fatalf("%d %s", a.status, a.body)
			}
		})
	}

	t.Run("an edit of a follow-up form-urlencoded", func(t *testing.T) {
		path, id := oasFollowup(t, w)
		a := w.call(t, "PATCH", path+"/messages/"+id, "", "application/x-www-form-urlencoded", []byte("content=changed"))
		if a.status != 200 || !bytes.Contains(a.body, []byte(`"content":"changed"`)) {
			t.Fatalf("%d %s", a.status, a.body)
		}
	})
	t.Run("a field of the wrong type is refused at its place", func(t *testing.T) {
		a := w.call(t, "POST", w.webhook(t, w.answered(t)), "", "application/x-www-form-urlencoded", []byte("content=x&tts=maybe"))
		if a.status != 400 || !bytes.Contains(a.body, []byte(`"code":50035`)) || !bytes.Contains(a.body, []byte(`"tts"`)) {
			t.Fatalf("%d %s", a.status, a.body)
		}
	})
	t.Run("payload_json wins over the fields", func(t *testing.T) {
		ct, body := formBody([][2]string{{"content", "ignored"}, {"payload_json", `{"content":"json"}`}}, "", nil)
		a := w.call(t, "POST", w.webhook(t, w.answered(t)), "", ct, body)
		if a.status != 200 || !bytes.Contains(a.body, []byte(`"content":"json"`)) {
			t.Fatalf("%d %s", a.status, a.body)
		}
	})
}

// Whatever a form holds, it is read as a message or refused with the
// service's error body, and what it reads is what its fields say.
func FuzzFormFields(f *testing.F) {
	f.Add("content=hi&tts=true&flags=64")
	f.Add("embeds=%5B%7B%22title%22%3A%22E%22%7D%5D&content=%3C%401%3E")
	f.Add("content=1&content=2&%zz")
	f.Fuzz(func(t *testing.T, body string) {
		var m struct {
			Content *string `json:"content"`
		}
		if e := decodeURLEncoded([]byte(body), &m); e != nil {
			if e.status != 400 || e.code == 0 {
				t.Fatalf("refused with %d %d", e.status, e.code)
			}
			return
		}
		q, _ := url.ParseQuery(body)
		// Text that is not UTF-8 is written with U+FFFD, as encoding/json
		// writes it.
		if vs := q["content"]; len(vs) > 0 && utf8.ValidString(vs[len(vs)-1]) && (m.Content == nil || *m.Content != vs[len(vs)-1]) {
			t.Fatalf("content %v, want %q", m.Content, vs[len(vs)-1])
		}
	})
}
