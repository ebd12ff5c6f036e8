package emulator_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// attachmentsOf returns the attachment objects of a message as
// filename:description:size:content_type.
func attachmentsOf(t *testing.T, msg map[string]any) []string {
	t.Helper()
	list, ok := msg["attachments"].([]any)
	if !ok {
		t.Fatalf("no attachments list: %v", msg)
	}
	var out []string
	for _, a := range list {
		a := a.(map[string]any)
		if a["id"] == "" || !strings.HasPrefix(a["url"].(string), "https://") || !strings.HasPrefix(a["proxy_url"].(string), "https://") {
			t.Errorf("attachment without an id or URLs: %v", a)
		}
		desc, _ := a["description"].(string)
		ct, _ := a["content_type"].(string)
		out = append(out, a["filename"].(string)+":"+desc+":"+strconv.FormatFloat(a["size"].(float64), 'f', -1, 64)+":"+ct)
	}
	return out
}

// Rule 18.12: answers and follow-ups take files, in the service's
// multipart/form-data format, and keep them as the message's attachments.
func TestAnswersCarryUploadedFiles(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	ex := rl.invoke(t, s, "ask")
	ct, body := multipartBody(t, `{"type":4,"data":{"content":"see","attachments":[{"id":"0","description":"the log"}]}}`,
		part{"files[0]", "log.txt", "", []byte("hello")},
		part{"files[1]", "b.png", "image/png", []byte("\x89PNG")})
	if status, body := send(t, s, "POST", callbackPath(ex.ID, ex.Token), ct, body); status != 204 {
		t.Fatalf("answer: %d %v", status, body)
	}
	if res := ex.answer(t, nil); !res.OK {
		t.Fatalf("invocation: %+v", res)
	}
	original := webhookPath(s, ex.Token) + "/messages/@original"
	status, msg := send(t, s, "GET", original, "", nil)
	if got := strings.Join(attachmentsOf(t, msg), " "); status != 200 || msg["content"] != "see" ||
		got != "log.txt:the log:5:text/plain; charset=utf-8 b.png::4:image/png" {
		t.Fatalf("the answer's message: %d %s\n%v", status, got, msg)
	}
	kept := msg["attachments"].([]any)[0].(map[string]any)["id"].(string)

	for _, tc := range []struct {
		name    string
		method  string
		path    string
		payload string
		files   []part
		want    string
	}{
		{"a follow-up takes files without an attachments list", "POST", "", `{"content":"more"}`,
			[]part{{"files[0]", "a.json", "", []byte("{}")}}, "a.json::2:application/json"},
		{"an attachments element names the file it describes", "POST", "", `{"attachments":[{"id":"1","filename":"renamed.txt"}]}`,
			[]part{{"files[0]", "x.txt", "text/plain", []byte("x")}, {"files[1]", "y.txt", "text/plain", []byte("yy")}},
			"x.txt::1:text/plain renamed.txt::2:text/plain"},
		{"an edit adds files to those the message keeps", "PATCH", "/messages/@original", `{}`,
			[]part{{"files[0]", "c.txt", "text/plain", []byte("ccc")}},
			"log.txt:the log:5:text/plain; charset=utf-8 b.png::4:image/png c.txt::3:text/plain"},
		{"an edit's attachments list says which it keeps", "PATCH", "/messages/@original", `{"attachments":[{"id":"` + kept + `"},{"id":"0"}]}`,
			[]part{{"files[0]", "d.txt", "text/plain", []byte("d")}},
			"log.txt:the log:5:text/plain; charset=utf-8 d.txt::1:text/plain"},
		{"an edit without files may drop every attachment", "PATCH", "/messages/@original", `{"attachments":[]}`, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ct, body := multipartBody(t, tc.payload, tc.files...)
			status, msg := send(t, s, tc.method, webhookPath(s, ex.Token)+tc.path, ct, body)
			if got := strings.Join(attachmentsOf(t, msg), " "); status != 200 || got != tc.want {
				t.Fatalf("%d %s, want %s\n%v", status, got, tc.want, msg)
			}
		})
	}
	if s.server == nil {
		return
	}
	rec, _ := s.server.Interaction(ex.ID)
	if len(rec.Followups) != 2 || len(rec.Followups[0].Attachments) != 1 || string(rec.Followups[0].Attachments[0].Content) != "{}" {
		t.Errorf("the record keeps the files: %+v", rec.Followups)
	}
}

// Rule 18.12: the upload limit applies to each file, not to the message.
// The rule is the same whatever the limit: the emulator's is lowered
// (Limits.Upload) so that the files are small; the default's value, the
// service's 10 MiB, is checked where the interactions report it
// (attachment_size_limit) and in TestLimitsDefaults.
func TestTheUploadLimitIsPerFile(t *testing.T) {
	t.Parallel() // beside the browser test, which mostly waits
	const limit = 64 << 10
	over := bytes.Repeat([]byte{'x'}, limit+1)
	atLimit := over[:limit]
	small := part{"files[0]", "small.bin", "application/octet-stream", []byte("x")}
	overCT, overBody := multipartBody(t, `{"content":"x"}`, small, part{"files[1]", "over.bin", "application/octet-stream", over})
	answerCT, answerBody := multipartBody(t, `{"type":4,"data":{"content":"x"}}`, small, part{"files[1]", "over.bin", "application/octet-stream", over})
	twoCT, twoBody := multipartBody(t, `{}`, part{"files[0]", "a.bin", "", atLimit}, part{"files[1]", "b.bin", "", atLimit})

	s, rl := startRelay(t, emulator.Config{Limits: emulator.Limits{Upload: limit}})
	refused := rl.invoke(t, s, "ask")
	if status, answer := send(t, s, "POST", callbackPath(refused.ID, refused.Token), answerCT, answerBody); status != http.StatusRequestEntityTooLarge ||
		answer["code"] != float64(40005) || answer["message"] != "Request entity too large" {
		t.Errorf("an answer with a file over the limit: %d %v", status, answer)
	}
	refused.answer(t, nil)

	ex := rl.invoke(t, s, "ask")
	if res := ex.answer(t, []byte(`{"type":4,"data":{"content":"hi"}}`)); !res.OK {
		t.Fatalf("answer: %+v", res)
	}
	for _, tc := range []struct {
		name        string
		method      string
		path        string
		contentType string
		body        []byte
		wantStatus  int
	}{
		{"a follow-up with a file over the limit is too large", "POST", "", overCT, overBody, http.StatusRequestEntityTooLarge},
		{"an edit with a file over the limit is too large", "PATCH", "/messages/@original", overCT, overBody, http.StatusRequestEntityTooLarge},
		{"a follow-up with two files at the limit is sent", "POST", "", twoCT, twoBody, http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, answer := send(t, s, tc.method, webhookPath(s, ex.Token)+tc.path, tc.contentType, tc.body)
			if status != tc.wantStatus || status == http.StatusRequestEntityTooLarge && answer["code"] != float64(40005) {
				t.Errorf("%d %v", status, answer)
			}
		})
	}
	if s.server != nil {
		rec, _ := s.server.Interaction(ex.ID)
		if len(rec.Followups) != 1 || len(rec.Followups[0].Attachments) != 2 || len(rec.Original.Attachments) != 0 {
			t.Errorf("refused uploads changed the record: %+v", rec)
		}
	}
}

// A part of any name but payload_json that comes with a filename is a
// file, as the service takes it (D160): clients name them file0, file1
// or file. Such a file is attached, but an attachments element does not
// name it by its number, which only files[n] is a placeholder for.
func TestFilePartsOfAnyNameAreAttached(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	ex := rl.invoke(t, s, "ask")
	ct, body := multipartBody(t, `{"type":4,"data":{"content":"see"}}`,
		part{"file0", "a.txt", "text/plain", []byte("a")},
		part{"file1", "b.txt", "text/plain", []byte("bb")})
	if status, body := send(t, s, "POST", callbackPath(ex.ID, ex.Token), ct, body); status != 204 {
		t.Fatalf("answer: %d %v", status, body)
	}
	if res := ex.answer(t, nil); !res.OK {
		t.Fatalf("invocation: %+v", res)
	}
	status, msg := send(t, s, "GET", webhookPath(s, ex.Token)+"/messages/@original", "", nil)
	if got := strings.Join(attachmentsOf(t, msg), " "); status != 200 || got != "a.txt::1:text/plain b.txt::2:text/plain" {
		t.Fatalf("the answer's message: %d %s\n%v", status, got, msg)
	}

	for _, tc := range []struct {
		name    string
		method  string
		path    string
		payload string
		files   []part
		want    string
	}{
		{"a follow-up takes a part named file", "POST", "", `{"content":"more"}`,
			[]part{{"file", "c.json", "", []byte("{}")}}, "c.json::2:application/json"},
		{"a follow-up takes files[n] and other names together, in their order", "POST", "",
			`{"attachments":[{"id":"0","description":"described"}]}`,
			[]part{{"file0", "x.txt", "text/plain", []byte("x")}, {"files[0]", "y.txt", "text/plain", []byte("yy")}},
			"x.txt::1:text/plain y.txt:described:2:text/plain"},
		{"a part named twice is two files", "POST", "", `{}`,
			[]part{{"file", "1.txt", "text/plain", []byte("1")}, {"file", "2.txt", "text/plain", []byte("2")}},
			"1.txt::1:text/plain 2.txt::1:text/plain"},
		{"an edit adds a part named file1 to what the message keeps", "PATCH", "/messages/@original", `{}`,
			[]part{{"file1", "d.txt", "text/plain", []byte("ddd")}},
			"a.txt::1:text/plain b.txt::2:text/plain d.txt::3:text/plain"},
		{"an edit's empty list drops the old files, not the new", "PATCH", "/messages/@original", `{"attachments":[]}`,
			[]part{{"file0", "e.txt", "text/plain", []byte("e")}}, "e.txt::1:text/plain"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ct, body := multipartBody(t, tc.payload, tc.files...)
			status, msg := send(t, s, tc.method, webhookPath(s, ex.Token)+tc.path, ct, body)
			if got := strings.Join(attachmentsOf(t, msg), " "); status != 200 || got != tc.want {
				t.Fatalf("%d %s, want %s\n%v", status, got, tc.want, msg)
			}
		})
	}

	t.Run("an attachments element does not name file0 by its number", func(t *testing.T) {
		ct, body := multipartBody(t, `{"content":"x","attachments":[{"id":"0","description":"d"}]}`,
			part{"file0", "a.txt", "text/plain", []byte("a")})
		status, answer := send(t, s, "POST", webhookPath(s, ex.Token), ct, body)
		if status != 400 || answer["code"] != float64(50035) || !errorAt(answer, "attachments", "0", "id") {
			t.Errorf("%d %v", status, answer)
		}
	})
	t.Run("a part without a filename is a field, not a file", func(t *testing.T) {
		ct, body := formFieldsBody(t, [][2]string{{"content", "fields"}, {"file0", "not a file"}})
		status, msg := send(t, s, "POST", webhookPath(s, ex.Token), ct, body)
		if got := attachmentsOf(t, msg); status != 200 || msg["content"] != "fields" || len(got) != 0 {
			t.Errorf("%d %v", status, msg)
		}
	})
	t.Run("eleven files of any names are too many", func(t *testing.T) {
		var files []part
		for i := range 11 {
			files = append(files, part{"file" + strconv.Itoa(i), "f.txt", "", []byte("f")})
		}
		ct, body := multipartBody(t, `{}`, files...)
		status, answer := send(t, s, "POST", webhookPath(s, ex.Token), ct, body)
		if status != 400 || answer["code"] != float64(50035) || !errorAt(answer, "files") {
			t.Errorf("%d %v", status, answer)
		}
	})
}

// formFieldsBody returns a multipart/form-data body of fields alone, each
// without a filename.
func formFieldsBody(t *testing.T, fields [][2]string) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for _, f := range fields {
		if err := w.WriteField(f[0], f[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return w.FormDataContentType(), b.Bytes()
}

func TestAttachmentsListsAreChecked(t *testing.T) {
	for _, tc := range []struct {
		name    string
		path    string // "" for the callback
		payload string
		files   []part
		wantAt  []string
	}{
		{"an element naming no file is refused", "", `{"type":4,"data":{"content":"x","attachments":[{"id":"3"}]}}`,
			[]part{{"files[0]", "a.txt", "", []byte("a")}}, []string{"data", "attachments", "0", "id"}},
		{"a deferral takes no files", "", `{"type":5}`,
			[]part{{"files[0]", "a.txt", "", []byte("a")}}, []string{"data", "attachments"}},
		{"a message carries at most 10 files", "", `{"type":4,"data":{}}`, elevenFiles(), []string{"files"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, rl := startRelay(t, emulator.Config{})
			ex := rl.invoke(t, s, "ask")
			ct, body := multipartBody(t, tc.payload, tc.files...)
			status, answer := send(t, s, "POST", callbackPath(ex.ID, ex.Token), ct, body)
			if status != 400 || answer["code"] != float64(50035) || !errorAt(answer, tc.wantAt...) {
				t.Errorf("%d %v", status, answer)
			}
			if res := ex.answer(t, []byte(`{"type":4,"data":{"content":"ok"}}`)); !res.OK {
				t.Errorf("the refused answer was none, yet: %+v", res)
			}
		})
	}
}

func elevenFiles() []part {
	var out []part
	for i := range 11 {
		out = append(out, part{"files[" + strconv.Itoa(i) + "]", "f.txt", "", []byte("f")})
	}
	return out
}

// A JSON body over the limit of one is too large, and so is any body over
// the limit of a message with every file it may carry.
func TestAJSONBodyOverEightMiBIsTooLarge(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	body := `{"name":"ping","description":"` + strings.Repeat("d", 8<<20) + `"}`
	resp, answer := call(t, s, "POST", globalPath(s), "Bot "+s.BotToken, body)
	if resp.StatusCode != http.StatusRequestEntityTooLarge || answer["code"] != float64(40005) {
		t.Fatalf("%d %v", resp.StatusCode, answer)
	}
}
