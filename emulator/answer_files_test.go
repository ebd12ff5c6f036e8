package emulator

import (
	"bytes"
	"context"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"path"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
)

// bodyBot is a bot that answers each interaction with the body and
// content type its answer function gives: a JSON answer, or one with
// files as multipart/form-data, as a bot without a REST client answers
// in the HTTP response.
type bodyBot func(ix *interaction.Interaction) (contentType string, body []byte)

// serveBodyBot has the handBot's commands answered by answer.
func serveBodyBot(t *testing.T, s *Server, answer bodyBot) {
	t.Helper()
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if verifier.Verify([]byte(r.Header.Get("X-Signature-Ed25519")), []byte(r.Header.Get("X-Signature-Timestamp")), body) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		ix := new(interaction.Interaction)
		if err := interaction.Decode(body, ix); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if ix.Type == interaction.TypePing {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"type":1}`))
			return
		}
		contentType, out := answer(ix)
		w.Header().Set("Content-Type", contentType)
		w.Write(out)
	}))
	t.Cleanup(srv.Close)
	startHandBot(t, s, func(*interaction.Interaction) string { return "" })
	if err := s.SetInteractionsURL(context.Background(), srv.URL); err != nil {
		t.Fatal(err)
	}
}

// withFiles encodes r with its files as the encoder of package
// interaction does, failing the test if it refuses them.
func withFiles(t *testing.T, r interaction.Response) (string, []byte) {
	t.Helper()
	body, contentType, err := r.AppendMultipart(nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	return contentType, body
}

// handMultipart writes a multipart/form-data body by hand, for what the
// encoder of package interaction refuses to write.
func handMultipart(t *testing.T, payload string, files ...[2]string) (string, []byte) {
	t.Helper()
	// Room for it all at once: bodies of many megabytes would otherwise
	// be copied as they grow, which the race detector makes slow.
	room := len(payload) + 512
	for _, f := range files {
		room += len(f[1]) + 512
	}
	b := bytes.NewBuffer(make([]byte, 0, room))
	w := multipart.NewWriter(b)
	if err := w.WriteField("payload_json", payload); err != nil {
		t.Fatal(err)
	}
	for i, f := range files {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="files[`+strconv.Itoa(i)+`]"; filename="`+f[0]+`"`)
		h.Set("Content-Type", "application/octet-stream")
		pw, err := w.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		pw.Write([]byte(f[1]))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return w.FormDataContentType(), b.Bytes()
}

// attachmentsText lists attachments as name;description;content
// type;bytes.
func attachmentsText(as []Attachment) string {
	var out []string
	for _, a := range as {
		out = append(out, a.Filename+";"+a.Description+";"+a.ContentType+";"+string(a.Content))
	}
	return strings.Join(out, " | ")
}

// A bot that answers in the HTTP response answers with files as the
// callback endpoint takes them: the message it makes carries them.
func TestAnAnswerInTheHTTPResponseCarriesFiles(t *testing.T) {
	s := newTestServer(t)
	serveBodyBot(t, s, func(*interaction.Interaction) (string, []byte) {
		r := interaction.Reply("The report").
			WithFile("report.csv", "text/csv", strings.NewReader("a,b\n1,2\n")).
			WithFile("chart.png", "", bytes.NewReader([]byte("\x89PNG\r\n\x1a\n")))
		r.Message.Files[0].Description = "the numbers"
		return withFiles(t, r)
	})
	res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "poll"})
	mustOK(t, res, err)
	if res.Status != http.StatusOK || res.Answer.Message.Content != "The report" {
		t.Fatalf("status %d, answer %+v", res.Status, res.Answer)
	}
	rec, _ := s.Interaction(res.Interaction.ID)
	want := "report.csv;the numbers;text/csv;a,b\n1,2\n | chart.png;;image/png;\x89PNG\r\n\x1a\n"
	if got := attachmentsText(rec.Original.Attachments); got != want {
		t.Errorf("attachments\n %q\nwant\n %q", got, want)
	}
	status, body := tokenWebhook(t, s, "GET", res.Interaction.Token, "/messages/@original", "")
	if list, _ := body["attachments"].([]any); status != 200 || len(list) != 2 {
		t.Errorf("@original: %d %v", status, body)
	}
}

// An UPDATE_MESSAGE with files edits the component's message: its
// attachments list names what the message keeps besides the new files.
func TestAnUpdateInTheHTTPResponseKeepsWhatItsListNames(t *testing.T) {
	var poll interaction.Response
	if err := poll.UnmarshalJSON([]byte(pollAnswer)); err != nil {
		t.Fatal(err)
	}
	poll = poll.WithFile("first.txt", "text/plain", strings.NewReader("1"))
	for _, tc := range []struct {
		name   string
		update func(kept interaction.Snowflake) interaction.Response
		want   string
	}{
		{
			name: "a list naming the old attachment keeps it",
			update: func(kept interaction.Snowflake) interaction.Response {
				return interaction.UpdateMessage(interaction.MessageData{Attachments: []interaction.AttachmentRef{{ID: kept}}}).
					WithFile("second.txt", "text/plain", strings.NewReader("2"))
			},
			want: "first.txt;;text/plain;1 | second.txt;;text/plain;2",
		},
		{
			name: "a list of the new files only replaces the old",
			update: func(interaction.Snowflake) interaction.Response {
				return interaction.Update("replaced").WithFile("third.txt", "text/plain", strings.NewReader("3"))
			},
			want: "third.txt;;text/plain;3",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newPollServer(t, Config{})
			var kept interaction.Snowflake
			serveBodyBot(t, s, func(ix *interaction.Interaction) (string, []byte) {
				if ix.Type == interaction.TypeApplicationCommand {
					return withFiles(t, poll)
				}
				return withFiles(t, tc.update(kept))
			})
			res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "poll"})
			mustOK(t, res, err)
			rec, _ := s.Interaction(res.Interaction.ID)
			message := rec.Original.ID
			kept = rec.Original.Attachments[0].ID
			res, err = s.Click(context.Background(), Click{Button: "poll:yes"})
			mustOK(t, res, err)
			if got := attachmentsText(messageByID(t, s, message).Attachments); got != tc.want {
				t.Errorf("attachments %q, want %q", got, tc.want)
			}
		})
	}
}

// slowAnswerServer is newTestServer with a response window of a minute,
// for tests of what is refused in an answer of many megabytes, which a
// loaded machine, or the race detector, may take longer than the
// service's three seconds to write and read.
func slowAnswerServer(t *testing.T) *Server {
	t.Helper()
	s, err := New(Config{ResponseWindow: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// answerFilesUpload is the upload limit of TestFilesTheServiceRefusesInTheHTTPResponse:
// a file over the limit is refused whatever the limit, and one over a low
// one is quick to write and read.
const answerFilesUpload = 64 << 10

// What the callback endpoint refuses in a body with files, the service
// refuses in the HTTP response too, with the same answer; the interaction
// then has no answer. The interactions report the server's upload limit,
// lowered to answerFilesUpload, which the answer's files are checked against.
func TestFilesTheServiceRefusesInTheHTTPResponse(t *testing.T) {
	tooMany := make([][2]string, 11)
	for i := range tooMany {
		tooMany[i] = [2]string{"f.txt", "f"}
	}
	for _, tc := range []struct {
		name   string
		answer func(t *testing.T) (string, []byte)
		want   []string
	}{
		{
			name: "a file over the interaction's limit is too large",
			answer: func(t *testing.T) (string, []byte) {
				return handMultipart(t, `{"type":4,"data":{"content":"x"}}`,
					[2]string{"small.bin", "x"}, [2]string{"huge.bin", strings.Repeat("x", answerFilesUpload+1)})
			},
			want: []string{`"code":40005`, `"message":"Request entity too large"`},
		},
		{
			name: "a deferral carries no files",
			answer: func(t *testing.T) (string, []byte) {
				return handMultipart(t, `{"type":5}`, [2]string{"a.txt", "a"})
			},
			want: []string{`"code":50035`, codeUnexpectedAttachment},
		},
		{
			name: "a message carries at most ten files",
			answer: func(t *testing.T) (string, []byte) {
				return handMultipart(t, `{"type":4,"data":{"content":"x"}}`, tooMany...)
			},
			want: []string{`"code":50035`, `"files"`, "BASE_TYPE_MAX_LENGTH"},
		},
		{
			name: "an attachments element must name a file",
			answer: func(t *testing.T) (string, []byte) {
				return handMultipart(t, `{"type":4,"data":{"content":"x","attachments":[{"id":"4"}]}}`, [2]string{"a.txt", "a"})
			},
			want: []string{`"code":50035`, codeUnknownAttachment},
		},
		{
			name: "a part cut short is not multipart/form-data",
			answer: func(t *testing.T) (string, []byte) {
				return "multipart/form-data; boundary=xyz",
					[]byte("--xyz\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{\"type\":4,")
			},
			want: []string{`"code":50035`, "BASE_TYPE_BAD_TYPE"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(Config{ResponseWindow: time.Minute, Limits: Limits{Upload: answerFilesUpload}})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			serveBodyBot(t, s, func(*interaction.Interaction) (string, []byte) { return tc.answer(t) })
			res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "poll"})
			if err != nil {
				t.Fatal(err)
			}
			if res.OK() || len(res.Violations) != 1 {
				t.Fatalf("status %d, violations %q: want one refusal", res.Status, res.Violations)
			}
			for _, w := range tc.want {
				if !strings.Contains(res.Violations[0], w) {
					t.Errorf("violation %s does not say %s", res.Violations[0], w)
				}
			}
			if rec, _ := s.Interaction(res.Interaction.ID); rec.Answer != nil || rec.Original != nil {
				t.Errorf("the refused answer was taken: %+v", rec.Answer)
			}
		})
	}
}

// A JSON answer is bounded as a JSON request body is.
func TestAJSONAnswerOverEightMiBIsTooLarge(t *testing.T) {
	s := slowAnswerServer(t)
	serveBodyBot(t, s, func(*interaction.Interaction) (string, []byte) {
		return "application/json", []byte(`{"type":4,"data":{"content":"` + strings.Repeat("x", maxJSONBody) + `"}}`)
	})
	res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "poll"})
	if err != nil {
		t.Fatal(err)
	}
	if res.OK() || len(res.Violations) != 1 || !strings.Contains(res.Violations[0], `"code":40005`) {
		t.Errorf("status %d, violations %q", res.Status, res.Violations)
	}
}

// FuzzTheDecoderReadsWhatTheEncoderWrote encodes an answer with a file of
// any name, description, content type and content with package
// interaction's encoder, decodes it as the emulator decodes an answer, and
// makes the attachment of it: each must be what was encoded.
func FuzzTheDecoderReadsWhatTheEncoderWrote(f *testing.F) {
	f.Add("report.pdf", "", "application/pdf", []byte("%PDF-1.7"))
	f.Add(`a "quoted" name.txt`, `with "quotes"`, "text/plain; charset=utf-8", []byte("x"))
	f.Add("résumé – 履歴書.txt", "ünïcödé", "", []byte{})
	f.Add(`back\slash\"mix.bin`, "", "image/png", []byte("\r\n--boundary\r\n"))
	f.Add("line\nbreak.txt", "tab\there", "text/plain", []byte{0, 1, 2})
	f.Add("dir/sub/file.txt", "", "application/json", []byte("{}"))
	f.Add("", "", "", []byte("nameless"))
	s, err := New(Config{})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { s.Close() })
	const limit = 1 << 16
	f.Fuzz(func(t *testing.T, name, description, contentType string, content []byte) {
		if !utf8.ValidString(name) || !utf8.ValidString(description) {
			t.Skip() // JSON carries text: invalid bytes become U+FFFD there
		}
		r := interaction.Reply("c")
		r.Message.Files = []interaction.File{{Name: name, Description: description, ContentType: contentType, Content: bytes.NewReader(content)}}
		body, ct, err := r.AppendMultipart(nil, limit)
		if err != nil {
			return // refused before anything is sent: the encoder's tests check why
		}
		var answer answerBody
		files, e := decodeUploads(ct, body, limit, &answer)
		if e != nil {
			t.Fatalf("the emulator refused what the encoder wrote: %v %v\n%q", e, e.errors, body)
		}
		if answer.Type != interaction.CallbackChannelMessageWithSource || answer.Message.Content != "c" {
			t.Fatalf("payload_json read back as %+v", answer.Response)
		}
		s.st.mu.Lock()
		refs := refsOf(answer.Message.Attachments)
		atts := s.attachments(newInvalidBody(), "/data/attachments", &refs, files, nil, 1, false)
		s.st.mu.Unlock()
		if len(atts) != 1 {
			t.Fatalf("%d attachments from %d files", len(atts), len(files))
		}
		a := atts[0]
		wantName := name
		if wantName == "" {
			// No name in the list: the part's, else the service's own.
			wantName = "file"
		}
		wantType := strings.Trim(contentType, " \t")
		if wantType == "" || wantType == "application/octet-stream" {
			// By the name's extension, else by the bytes.
			wantType = mime.TypeByExtension(path.Ext(wantName))
			if wantType == "" {
				wantType = http.DetectContentType(content)
			}
		}
		if a.Filename != wantName || a.Description != description || a.ContentType != wantType || !bytes.Equal(a.Content, content) ||
			a.Size != int64(len(content)) {
			t.Errorf("attachment %q %q %q %q (%d), want %q %q %q %q", a.Filename, a.Description, a.ContentType, a.Content, a.Size,
				wantName, description, wantType, content)
		}
	})
}
