package emulator

import (
	"bytes"
	"context"
	"mime"
	"mime/multipart"
	"net/textproto"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// namedParts writes a multipart/form-data body with payload_json and a
// file part of each name, as clients that do not name them files[n]
// write it (file0, file1, ...).
func namedParts(t *testing.T, payload string, names ...string) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	if err := w.WriteField("payload_json", payload); err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		pw, err := w.CreateFormFile(name, name+".txt")
		if err != nil {
			t.Fatal(err)
		}
		pw.Write([]byte(name))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return w.FormDataContentType(), b.Bytes()
}

// An answer in the HTTP response takes file parts of any name, as the
// callback endpoint does (D160).
func TestAnAnswerInTheHTTPResponseTakesFilePartsOfAnyName(t *testing.T) {
	s := newTestServer(t)
	serveBodyBot(t, s, func(*interaction.Interaction) (string, []byte) {
		return namedParts(t, `{"type":4,"data":{"content":"two files"}}`, "file0", "file1")
	})
	res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "poll"})
	mustOK(t, res, err)
	rec, _ := s.Interaction(res.Interaction.ID)
	want := "file0.txt;;text/plain; charset=utf-8;file0 | file1.txt;;text/plain; charset=utf-8;file1"
	if got := attachmentsText(rec.Original.Attachments); got != want {
		t.Errorf("attachments\n %q\nwant\n %q", got, want)
	}
}

// FuzzFilePartNames sends a part of any name, with a filename or without:
// the body is read or refused with the service's error body, and the part
// is a file exactly when it is named files[n] or has a filename and is not
// payload_json.
func FuzzFilePartNames(f *testing.F) {
	f.Add("files[0]", true)
	f.Add("files[0]", false)
	f.Add("file0", true)
	f.Add("file", false)
	f.Add("payload_json", true)
	f.Add("content", false)
	f.Add("files[-1]", true)
	f.Add(`a"b`, true)
	f.Fuzz(func(t *testing.T, name string, withFilename bool) {
		var b bytes.Buffer
		w := multipart.NewWriter(&b)
		if name != "payload_json" {
			w.WriteField("payload_json", `{"content":"c"}`)
		}
		disposition := `form-data; name="` + escapeQuotes(name) + `"`
		if withFilename {
			disposition += `; filename="f.txt"`
		}
		h := textproto.MIMEHeader{"Content-Disposition": {disposition}}
		pw, err := w.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		pw.Write([]byte(`{"content":"c"}`))
		w.Close()

		var m struct {
			Content string `json:"content"`
		}
		files, e := decodeUploads(w.FormDataContentType(), b.Bytes(), 1<<10, &m)
		if e != nil {
			if e.status != 400 && e.status != 413 || e.code == 0 {
				t.Fatalf("refused with %d %d", e.status, e.code)
			}
			return
		}
		// The part as the reader reads it back: its name may have been
		// spelled otherwise in the header.
		at := 1
		if name == "payload_json" {
			at = 0
		}
		p, err := nextPart(b.Bytes(), w.Boundary(), at)
		if err != nil {
			t.Fatal(err)
		}
		read := p.FormName()
		_, indexed := fileIndex(read)
		// A header the reader cannot parse names no part and gives no
		// filename.
		_, _, parseErr := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
		isFile := parseErr == nil && read != "payload_json" && (indexed || withFilename)
		if isFile != (len(files) == 1) || len(files) > 1 {
			t.Errorf("part %q (filename %v): %d files", read, withFilename, len(files))
		}
		if m.Content != "c" {
			t.Errorf("payload read back as %q", m.Content)
		}
	})
}

// nextPart returns the part at index i of a body.
func nextPart(body []byte, boundary string, i int) (*multipart.Part, error) {
	r := multipart.NewReader(bytes.NewReader(body), boundary)
	for ; ; i-- {
		p, err := r.NextPart()
		if err != nil || i == 0 {
			return p, err
		}
	}
}

// escapeQuotes escapes a name for a quoted Content-Disposition parameter.
func escapeQuotes(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}
