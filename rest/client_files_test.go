package rest_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/rules"
)

// attachmentsText lists a message's attachments as the emulator keeps
// them: name, description, content type and bytes.
func attachmentsText(as []emulator.Attachment) string {
	var b strings.Builder
	for i, a := range as {
		if i > 0 {
			b.WriteString(" | ")
		}
		b.WriteString(a.Filename + ";" + a.Description + ";" + a.ContentType + ";" + string(a.Content))
	}
	return b.String()
}

// TestFilesTravelWithAnswersFollowUpsAndEdits answers an interaction
// through the callback endpoint with a file, follows it up with files and
// edits both messages, and reads what the service made of each upload.
func TestFilesTravelWithAnswersFollowUpsAndEdits(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, rec := apitest.NewClient(t, s, rest.NoAuth{})
	responded := make(chan error, 1)
	startRespondingBot(t, s, func(ctx context.Context, ix *interaction.Interaction) {
		r := interaction.Reply("This week:").WithFile("week.csv", "text/csv", strings.NewReader("day,n\nmon,3\n"))
		r.Message.Files[0].Description = "the week's numbers"
		responded <- c.Respond(ctx, ix, r)
	})
	res := invoke(t, s, "report")
	if err := <-responded; err != nil {
		t.Fatalf("Respond: %v", err)
	}
	ix := res.Interaction
	ctx := context.Background()
	if got := attachmentsText(record(t, s, ix.ID).Original.Attachments); got != "week.csv;the week's numbers;text/csv;day,n\nmon,3\n" {
		t.Fatalf("the answer's attachments: %s", got)
	}

	followup, err := c.Followup(ctx, ix, interaction.MessageData{Content: "Charts"}.
		WithFile("chart.png", "image/png", bytes.NewReader([]byte("\x89PNG\r\n"))).
		WithFile("raw.bin", "", iotest.HalfReader(strings.NewReader("raw bytes"))))
	if err != nil {
		t.Fatalf("Followup: %v", err)
	}
	if len(followup.Attachments) != 2 || followup.Attachments[0].Filename != "chart.png" || followup.Attachments[1].Size != 9 {
		t.Fatalf("the follow-up the service returned: %+v", followup.Attachments)
	}
	kept := record(t, s, ix.ID).Original.Attachments[0].ID

	for _, tc := range []struct {
		name string
		edit func() error
		// original and followup are the attachments of each message
		// after the edit.
		original, followup string
	}{
		{
			name: "an edit whose list names what it keeps adds its file to them",
			edit: func() error {
				_, err := c.EditOriginal(ctx, ix, interaction.MessageData{
					Attachments: []interaction.AttachmentRef{{ID: kept}},
				}.WithFile("notes.txt", "text/plain", strings.NewReader("n")))
				return err
			},
			original: "week.csv;the week's numbers;text/csv;day,n\nmon,3\n | notes.txt;;text/plain;n",
			followup: "chart.png;;image/png;\x89PNG\r\n | raw.bin;;application/octet-stream;raw bytes",
		},
		{
			name: "an edit without files or a list keeps every attachment",
			edit: func() error {
				_, err := c.EditOriginal(ctx, ix, interaction.MessageData{Content: "This week, with notes:"})
				return err
			},
			original: "week.csv;the week's numbers;text/csv;day,n\nmon,3\n | notes.txt;;text/plain;n",
			followup: "chart.png;;image/png;\x89PNG\r\n | raw.bin;;application/octet-stream;raw bytes",
		},
		{
			name: "an edit with files and no list keeps only its files",
			edit: func() error {
				_, err := c.EditFollowup(ctx, ix, followup.ID, interaction.MessageData{}.
					WithFile("chart-v2.png", "image/png", strings.NewReader("v2")))
				return err
			},
			original: "week.csv;the week's numbers;text/csv;day,n\nmon,3\n | notes.txt;;text/plain;n",
			followup: "chart-v2.png;;image/png;v2",
		},
		{
			name: "an edit with an empty list removes every attachment",
			edit: func() error {
				_, err := c.EditFollowup(ctx, ix, followup.ID, interaction.MessageData{
					Content:     "Charts, withdrawn",
					Attachments: []interaction.AttachmentRef{},
				})
				return err
			},
			original: "week.csv;the week's numbers;text/csv;day,n\nmon,3\n | notes.txt;;text/plain;n",
			followup: "",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.edit(); err != nil {
				t.Fatal(err)
			}
			r := record(t, s, ix.ID)
			if got := attachmentsText(r.Original.Attachments); got != tc.original {
				t.Errorf("the answer's attachments\n %q\nwant\n %q", got, tc.original)
			}
			if got := attachmentsText(r.Followups[0].Attachments); got != tc.followup {
				t.Errorf("the follow-up's attachments\n %q\nwant\n %q", got, tc.followup)
			}
		})
	}

	t.Run("a file over the interaction's limit is refused before any request", func(t *testing.T) {
		before := len(rec.All())
		over := &countingReader{}
		_, err := c.Followup(ctx, ix, interaction.MessageData{Content: "too big"}.WithFile("dump.bin", "", io.LimitReader(over, 1<<40)))
		var fe *interaction.FileError
		if !errors.As(err, &fe) || !errors.Is(err, interaction.ErrFileTooLarge) ||
			err.Error() != `rest: Followup: message › file 1 "dump.bin": more than the 10 MiB limit` {
			t.Errorf("error %v, want a *FileError for message › file 1", err)
		}
		if over.n != ix.AttachmentLimit()+1 {
			t.Errorf("read %d bytes of the file, want the limit and one", over.n)
		}
		if n := len(rec.All()) - before; n != 0 {
			t.Errorf("%d requests sent", n)
		}
	})
	checkNoCredentials(t, rec, ix.Token)
}

// countingReader is an endless reader that counts what is read of it.
type countingReader struct{ n int64 }

func (c *countingReader) Read(p []byte) (int, error) {
	clear(p)
	c.n += int64(len(p))
	return len(p), nil
}

// TestWhatTheServiceWouldRefuseIsNotSent: answers, follow-ups and edits
// are checked with package answer, and their files read, before anything
// is sent; what the service would refuse is an error naming the place at
// fault, and no request goes out.
func TestWhatTheServiceWouldRefuseIsNotSent(t *testing.T) {
	t.Parallel()
	rec := &apitest.Recorder{}
	c, err := rest.NewClient("http://127.0.0.1:1/v10", rest.NoAuth{}, rest.WithHTTPClient(&http.Client{Transport: rec}))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ix := &interaction.Interaction{ID: 2, ApplicationID: 1, Token: "t", Type: interaction.TypeApplicationCommand, AttachmentSizeLimit: 1 << 20}
	for _, tc := range []struct {
		name string
		send func() error
		// place and code are those of the violation; a *FileError has
		// no code.
		place, code string
	}{
		{
			name: "an answer with a file known to be over the interaction's limit",
			send: func() error {
				return c.Respond(ctx, ix, interaction.Reply("x").WithFile("report.pdf", "application/pdf", bytes.NewReader(make([]byte, 3<<20/2))))
			},
			place: "answer › file 1", code: rules.FileTooLarge,
		},
		{
			name: "an answer with a stream found over the limit as it is read",
			send: func() error {
				return c.Respond(ctx, ix, interaction.Reply("x").WithFile("report.pdf", "application/pdf", io.LimitReader(&countingReader{}, 3<<20/2)))
			},
			place: `rest: Respond: answer › file 1 "report.pdf": more than the 1 MiB limit`,
		},
		{
			name: "an empty follow-up",
			send: func() error {
				_, err := c.Followup(ctx, ix, interaction.MessageData{})
				return err
			},
			place: "message", code: rules.MessageEmpty,
		},
		{
			name: "an edit with more than 2000 characters",
			send: func() error {
				_, err := c.EditFollowup(ctx, ix, 3, interaction.MessageData{Content: strings.Repeat("x", 2001)})
				return err
			},
			place: "message › content", code: rules.BaseTypeMaxLength,
		},
		{
			name: "a follow-up with a file that cannot be read",
			send: func() error {
				_, err := c.Followup(ctx, ix, interaction.MessageData{}.WithFile("gone.txt", "", iotest.ErrReader(io.ErrUnexpectedEOF)))
				return err
			},
			place: `rest: Followup: message › file 1 "gone.txt": reading it: unexpected EOF`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.send()
			var v rules.Violation
			var fe *interaction.FileError
			switch {
			case tc.code != "" && (!errors.As(err, &v) || v.Place != tc.place || v.Code != tc.code):
				t.Errorf("error %v, want a violation %s at %s", err, tc.code, tc.place)
			case tc.code == "" && (!errors.As(err, &fe) || err.Error() != tc.place):
				t.Errorf("error %v, want the *FileError %s", err, tc.place)
			}
			if n := len(rec.All()); n != 0 {
				t.Errorf("%d requests sent", n)
			}
		})
	}
}

// TestARetrySendsTheSameFiles: the body of a message with files is read
// from its files once, and sent again as it was after a rate limit and
// after a failure.
func TestARetrySendsTheSameFiles(t *testing.T) {
	t.Parallel()
	var (
		mu     sync.Mutex
		bodies = map[string][][]byte{}
		types  = map[string]string{}
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		bodies[r.Method] = append(bodies[r.Method], body)
		types[r.Method] = r.Header.Get("Content-Type")
		n := len(bodies[r.Method])
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch {
		case n == 1 && r.Method == http.MethodPost:
			// A follow-up is not sent again after a failure; a rate
			// limit, which the service answers before acting, is
			// waited out.
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = io.WriteString(w, `{"message":"You are being rate limited.","retry_after":0.01,"global":false}`)
		case n == 1:
			w.WriteHeader(http.StatusBadGateway)
		default:
			_, _ = io.WriteString(w, `{"id":"1","content":"ok"}`)
		}
	}))
	t.Cleanup(srv.Close)
	c, err := rest.NewClient(srv.URL+"/v10", rest.NoAuth{}, rest.WithBackoff(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ix := &interaction.Interaction{ID: 2, ApplicationID: 1, Token: "token", Type: interaction.TypeApplicationCommand}
	for _, tc := range []struct {
		name, method string
		send         func(m interaction.MessageData) error
	}{
		{"a follow-up after a rate limit", http.MethodPost, func(m interaction.MessageData) error {
			_, err := c.Followup(ctx, ix, m)
			return err
		}},
		{"an edit after a failure", http.MethodPatch, func(m interaction.MessageData) error {
			_, err := c.EditOriginal(ctx, ix, m)
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A stream gives its bytes once.
			m := interaction.MessageData{Content: "x"}.WithFile("log.txt", "text/plain", iotest.OneByteReader(strings.NewReader("once only")))
			if err := tc.send(m); err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			defer mu.Unlock()
			sent := bodies[tc.method]
			if len(sent) != 2 || !bytes.Equal(sent[0], sent[1]) {
				t.Fatalf("%d attempts; the same body each time: %v", len(sent), len(sent) == 2 && bytes.Equal(sent[0], sent[1]))
			}
			if got := fileOf(t, types[tc.method], sent[1]); got != "once only" {
				t.Errorf("the second attempt carried %q", got)
			}
		})
	}
}

// fileOf returns the content of the part files[0] of a multipart body.
func fileOf(t *testing.T, contentType string, body []byte) string {
	t.Helper()
	_, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		t.Fatalf("content type %q: %v", contentType, err)
	}
	r := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		p, err := r.NextPart()
		if err != nil {
			t.Fatalf("no files[0] part: %v", err)
		}
		if p.FormName() == "files[0]" {
			b, _ := io.ReadAll(p)
			return string(b)
		}
	}
}
