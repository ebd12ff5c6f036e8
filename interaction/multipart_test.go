package interaction_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
)

// readPart is a part of a multipart/form-data body as a server reads it.
type readPart struct {
	name, filename, contentType string
	content                     []byte
}

// readMultipart reads a body the way a server does, with mime/multipart,
// and returns its parts in order. The filename is the parameter of the
// Content-Disposition header as sent, without the directory-stripping of
// Part.FileName.
func readMultipart(t testing.TB, contentType string, body []byte) []readPart {
	t.Helper()
	media, params, err := mime.ParseMediaType(contentType)
	if err != nil || media != "multipart/form-data" || params["boundary"] == "" {
		t.Fatalf("content type %q: %s, %v, %v", contentType, media, params, err)
	}
	r := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	var parts []readPart
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			return parts
		}
		if err != nil {
			t.Fatalf("part %d: %v\n%q", len(parts), err, body)
		}
		_, disposition, err := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
		if err != nil {
			t.Fatalf("part %d: Content-Disposition %q: %v", len(parts), p.Header.Get("Content-Disposition"), err)
		}
		content, err := io.ReadAll(p)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, readPart{p.FormName(), disposition["filename"], p.Header.Get("Content-Type"), content})
	}
}

func TestAnAnswerWithFilesIsAMultipartBody(t *testing.T) {
	pdf := bytes.Repeat([]byte("%PDF"), 1000)
	r := interaction.Reply("Here it is").
		WithFile("report.pdf", "application/pdf", bytes.NewReader(pdf)).
		WithFile("notes.txt", "", io.LimitReader(strings.NewReader("first line\nsecond"), 1<<20))
	r.Message.Files[1].Description = "the notes"
	body, contentType, err := r.AppendMultipart(nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	parts := readMultipart(t, contentType, body)
	if len(parts) != 3 {
		t.Fatalf("%d parts, want payload_json and two files", len(parts))
	}
	wantJSON, _ := r.MarshalJSON()
	tests := []struct {
		name string
		got  readPart
		want readPart
	}{
		{"the JSON comes first, as payload_json", parts[0], readPart{"payload_json", "", "application/json", wantJSON}},
		{"a file is named files[n] after its index", parts[1], readPart{"files[0]", "report.pdf", "application/pdf", pdf}},
		{"a file without a content type is octet-stream", parts[2], readPart{"files[1]", "notes.txt", "application/octet-stream", []byte("first line\nsecond")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got.name != tt.want.name || tt.got.filename != tt.want.filename || tt.got.contentType != tt.want.contentType ||
				!bytes.Equal(tt.got.content, tt.want.content) {
				t.Errorf("part %q %q %q (%d bytes), want %q %q %q (%d bytes)", tt.got.name, tt.got.filename, tt.got.contentType, len(tt.got.content),
					tt.want.name, tt.want.filename, tt.want.contentType, len(tt.want.content))
			}
		})
	}
	if !strings.Contains(string(parts[0].content), `"attachments":[{"id":"0","filename":"report.pdf"},{"id":"1","filename":"notes.txt","description":"the notes"}]`) {
		t.Errorf("the attachments list does not name the files by index: %s", parts[0].content)
	}
}

func TestAMultipartBodyAppendsToWhatItIsGiven(t *testing.T) {
	m := interaction.MessageData{Content: "x"}.WithFile("a.txt", "text/plain", strings.NewReader("a"))
	prefix := []byte("kept")
	body, contentType, err := m.AppendMultipart(prefix, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(body, []byte("kept--")) {
		t.Fatalf("body %q does not follow what it was given", body)
	}
	if parts := readMultipart(t, contentType, body[len("kept"):]); len(parts) != 2 || string(parts[1].content) != "a" {
		t.Errorf("parts %+v", parts)
	}
}

// counting counts the bytes read from an endless reader.
type counting struct{ n int64 }

func (c *counting) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	c.n += int64(len(p))
	return len(p), nil
}

func TestFilesThatCannotBeSentAreRefusedBeforeAnythingIsWritten(t *testing.T) {
	broken := errors.New("disk on fire")
	endless := new(counting)
	tests := []struct {
		name    string
		r       interaction.Response
		limit   int64
		want    string
		wantErr error
	}{
		{
			name:    "a file whose size is known to be over the limit",
			r:       interaction.Reply("x").WithFile("report.pdf", "application/pdf", bytes.NewReader(make([]byte, 12<<20))),
			want:    `answer › file 1 "report.pdf": 12.0 MiB, more than the 10 MiB limit`,
			wantErr: interaction.ErrFileTooLarge,
		},
		{
			name:    "a size just over the limit is written in bytes too",
			r:       interaction.Reply("x").WithFile("a.bin", "", bytes.NewReader(make([]byte, 10<<20+1))),
			want:    `answer › file 1 "a.bin": 10.0 MiB (10485761 bytes), more than the 10 MiB limit`,
			wantErr: interaction.ErrFileTooLarge,
		},
		{
			name:    "a stream over the interaction's limit",
			r:       interaction.Reply("x").WithFile("a.log", "text/plain", strings.NewReader("a")).WithFile("b.log", "text/plain", endless),
			limit:   1536,
			want:    `answer › file 2 "b.log": more than the 1.5 KiB limit`,
			wantErr: interaction.ErrFileTooLarge,
		},
		{
			name:    "more files than a message carries",
			r:       elevenFiles(),
			want:    `answer › files: 11 files, more than the 10 a message carries`,
			wantErr: interaction.ErrTooManyFiles,
		},
		{
			name:    "a file that cannot be read",
			r:       interaction.Reply("x").WithFile("q\"uote.txt", "", iotest.ErrReader(broken)),
			want:    `answer › file 1 "q\"uote.txt": reading it: disk on fire`,
			wantErr: broken,
		},
		{
			name: "a content type that would break its header",
			r:    interaction.Reply("x").WithFile("a.txt", "text/plain\r\nX-Evil: 1", strings.NewReader("a")),
			want: `answer › file 1 "a.txt": content type "text/plain\r\nX-Evil: 1" is not a media type`,
		},
		{
			name: "files with an answer that makes no message",
			r:    interaction.Defer().WithFile("a.txt", "", strings.NewReader("a")),
			want: `answer › files: a DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE answer has no message to carry files`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, contentType, err := tt.r.AppendMultipart([]byte("untouched"), tt.limit)
			var fe *interaction.FileError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v (%T), want a *FileError", err, err)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n %s\nwant\n %s", err, tt.want)
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Errorf("error %v does not match %v", err, tt.wantErr)
			}
			if body != nil || contentType != "" {
				t.Errorf("a refused body came back: %q, %q", body, contentType)
			}
		})
	}
	if endless.n != 1536+1 {
		t.Errorf("read %d bytes of the stream over the limit, want the limit and one", endless.n)
	}
}

func elevenFiles() interaction.Response {
	r := interaction.Reply("x")
	for i := range 11 {
		r = r.WithFile(fmt.Sprintf("%d.txt", i), "text/plain", strings.NewReader("f"))
	}
	return r
}

func TestAFollowUpsErrorsNameTheMessage(t *testing.T) {
	m := interaction.MessageData{}.WithFile("big.bin", "", bytes.NewReader(make([]byte, 300)))
	_, _, err := m.AppendMultipart(nil, 200)
	if err == nil || err.Error() != `message › file 1 "big.bin": 300 bytes, more than the 200 bytes limit` {
		t.Errorf("error %v", err)
	}
}

func TestAFileIsReadOnceAndTheBodyCanBeSentAgain(t *testing.T) {
	// A stream can be read once only: the body must hold its bytes.
	r := interaction.Reply("x").WithFile("once.txt", "text/plain", iotest.OneByteReader(strings.NewReader("only once")))
	body, contentType, err := r.AppendMultipart(nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for attempt := range 2 {
		parts := readMultipart(t, contentType, bytes.Clone(body))
		if len(parts) != 2 || string(parts[1].content) != "only once" {
			t.Fatalf("attempt %d read %+v", attempt, parts)
		}
	}
	if n, _ := r.Message.Files[0].Content.Read(make([]byte, 1)); n != 0 {
		t.Error("the stream was not read to its end")
	}
}

func TestABodyOfKnownSizesIsWrittenWithoutGrowing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop items: allocation counts mean nothing")
	}
	content := make([]byte, 1<<20)
	allocs := testing.AllocsPerRun(20, func() {
		r := interaction.Reply("x").WithFile("a.bin", "", bytes.NewReader(content))
		if _, _, err := r.AppendMultipart(nil, 0); err != nil {
			t.Fatal(err)
		}
	})
	// The list of files and the reader, the boundary, the body and its
	// content type: a body that grew while the file was read would
	// allocate again.
	if allocs > 5 {
		t.Errorf("%.0f allocations for a 1 MiB file of known size", allocs)
	}
}

// FuzzMultipartRoundTrip encodes a message with a file of any name,
// description, content type and content, and reads it back as a server
// does: the part's name, filename and content type and the bytes, and the
// attachments list of the JSON, must be what was encoded.
func FuzzMultipartRoundTrip(f *testing.F) {
	f.Add("report.pdf", "", "application/pdf", []byte("%PDF-1.7"))
	f.Add(`a "quoted" name.txt`, `with "quotes"`, "text/plain; charset=utf-8", []byte("x"))
	f.Add("résumé – 履歴書.txt", "ünïcödé", "text/plain", []byte{})
	f.Add(`back\slash\"mix.bin`, "", "", []byte("\r\n--boundary\r\n"))
	f.Add("line\nbreak\r.txt", "tab\there", "image/png", []byte{0, 1, 2})
	f.Add("dir/sub/file.txt", "", "application/json", []byte("{}"))
	f.Fuzz(func(t *testing.T, name, description, contentType string, content []byte) {
		if !utf8.ValidString(name) || !utf8.ValidString(description) {
			// JSON carries text: invalid bytes become U+FFFD there.
			t.Skip()
		}
		m := interaction.MessageData{Content: "c", Files: []interaction.File{
			{Name: name, ContentType: contentType, Description: description, Content: bytes.NewReader(content)},
		}}
		body, ct, err := m.AppendMultipart(nil, 1<<16)
		if err != nil {
			var fe *interaction.FileError
			if !errors.As(err, &fe) || (len(content) <= 1<<16 && !strings.Contains(err.Error(), "content type")) {
				t.Fatalf("refused: %v", err)
			}
			return
		}
		parts := readMultipart(t, ct, body)
		if len(parts) != 2 {
			t.Fatalf("%d parts", len(parts))
		}
		wantType := contentType
		if wantType == "" {
			wantType = "application/octet-stream"
		}
		file := parts[1]
		if file.name != "files[0]" || file.filename != headerName(name) || file.contentType != strings.Trim(wantType, " \t") || !bytes.Equal(file.content, content) {
			t.Errorf("read back %q %q %q %q, want files[0] %q %q %q", file.name, file.filename, file.contentType, file.content,
				headerName(name), wantType, content)
		}
		var payload struct {
			Attachments []struct {
				ID          string `json:"id"`
				Filename    string `json:"filename"`
				Description string `json:"description"`
			} `json:"attachments"`
		}
		if err := json.Unmarshal(parts[0].content, &payload); err != nil {
			t.Fatalf("payload_json: %v", err)
		}
		if len(payload.Attachments) != 1 || payload.Attachments[0].ID != "0" || payload.Attachments[0].Filename != name ||
			payload.Attachments[0].Description != description {
			t.Errorf("attachments %+v, want id 0 named %q described %q", payload.Attachments, name, description)
		}
	})
}

// headerName is the name as a part's header carries it: control
// characters, which no header holds, become underscores.
func headerName(name string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '_'
		}
		return r
	}, name)
}

func ExampleResponse_AppendMultipart() {
	csv := "user,score\nada,12\n"
	r := interaction.Reply("This week's scores:").
		WithFile("scores.csv", "text/csv", strings.NewReader(csv))
	// An interaction's answers may carry files up to its own limit.
	ix := &interaction.Interaction{AttachmentSizeLimit: 25 << 20}
	body, contentType, err := r.AppendMultipart(nil, ix.AttachmentLimit())
	if err != nil {
		fmt.Println(err)
		return
	}
	_, params, _ := mime.ParseMediaType(contentType)
	reader := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		p, err := reader.NextPart()
		if err != nil {
			break
		}
		content, _ := io.ReadAll(p)
		fmt.Printf("%s %q %s: %q\n", p.FormName(), p.FileName(), p.Header.Get("Content-Type"), content)
	}
	// Output:
	// payload_json "" application/json: "{\"type\":4,\"data\":{\"content\":\"This week's scores:\",\"attachments\":[{\"id\":\"0\",\"filename\":\"scores.csv\"}]}}"
	// files[0] "scores.csv" text/csv: "user,score\nada,12\n"
}

func BenchmarkAppendMultipart1MiB(b *testing.B) {
	content := bytes.Repeat([]byte("0123456789abcdef"), 1<<16)
	b.SetBytes(int64(len(content)))
	b.ReportAllocs()
	for b.Loop() {
		r := interaction.Reply("x").WithFile("a.bin", "application/octet-stream", bytes.NewReader(content))
		if _, _, err := r.AppendMultipart(nil, 0); err != nil {
			b.Fatal(err)
		}
	}
}
