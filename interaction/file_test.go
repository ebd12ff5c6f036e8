package interaction_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

func TestFilesAreNamedInTheAttachmentsList(t *testing.T) {
	tests := []struct {
		name string
		m    interaction.MessageData
		want string
	}{
		{
			name: "a file is listed by its index",
			m:    interaction.MessageData{Content: "hi"}.WithFile("a.txt", "text/plain", strings.NewReader("a")),
			want: `{"content":"hi","attachments":[{"id":"0","filename":"a.txt"}]}`,
		},
		{
			name: "files follow the attachments kept, with their descriptions",
			m: interaction.MessageData{
				Attachments: []interaction.AttachmentRef{{ID: 1191213000000000013}},
				Files: []interaction.File{
					{Name: "a.png", Description: "a \"chart\""},
					{Name: "b.png"},
				},
			},
			want: `{"attachments":[{"id":"1191213000000000013"},{"id":"0","filename":"a.png","description":"a \"chart\""},{"id":"1","filename":"b.png"}]}`,
		},
		{
			name: "a spoiler is marked in the list",
			m:    interaction.MessageData{}.WithSpoilerFile("ending.png", "image/png", strings.NewReader("p")).WithFile("a.txt", "text/plain", strings.NewReader("a")),
			want: `{"attachments":[{"id":"0","filename":"ending.png","is_spoiler":true},{"id":"1","filename":"a.txt"}]}`,
		},
		{
			name: "an attachment kept may be made a spoiler",
			m:    interaction.MessageData{Attachments: []interaction.AttachmentRef{{ID: 1191213000000000013, IsSpoiler: new(true)}}},
			want: `{"attachments":[{"id":"1191213000000000013","is_spoiler":true}]}`,
		},
		{
			name: "an attachment kept may be unmarked",
			m:    interaction.MessageData{Attachments: []interaction.AttachmentRef{{ID: 1191213000000000013, IsSpoiler: new(false)}}},
			want: `{"attachments":[{"id":"1191213000000000013","is_spoiler":false}]}`,
		},
		{
			name: "an attachment kept may lose its description",
			m:    interaction.MessageData{Attachments: []interaction.AttachmentRef{{ID: 1191213000000000013, Description: new("")}}},
			want: `{"attachments":[{"id":"1191213000000000013","description":""}]}`,
		},
		{
			name: "an attachment kept may be described anew",
			m:    interaction.MessageData{Attachments: []interaction.AttachmentRef{{ID: 1191213000000000013, Description: new("a \"chart\"")}}},
			want: `{"attachments":[{"id":"1191213000000000013","description":"a \"chart\""}]}`,
		},
		{
			name: "an attachment kept as it is sends its id alone",
			m:    interaction.MessageData{Attachments: []interaction.AttachmentRef{{ID: 1191213000000000013}}},
			want: `{"attachments":[{"id":"1191213000000000013"}]}`,
		},
		{
			name: "a file's title and recording are in its element",
			m: interaction.MessageData{Files: []interaction.File{
				{Name: "hello.ogg", Title: "Hello", Duration: 1500 * time.Millisecond, Waveform: []byte{0, 128, 255}},
			}},
			want: `{"attachments":[{"id":"0","filename":"hello.ogg","title":"Hello","duration_secs":1.5,"waveform":"AID/"}]}`,
		},
		{
			name: "an element's recording is sent as it is given",
			m: interaction.MessageData{Attachments: []interaction.AttachmentRef{
				{ID: 0, Filename: "hello.ogg", Title: "Hello", DurationSecs: 2.25, Waveform: "AID/"},
			}},
			want: `{"attachments":[{"id":"0","filename":"hello.ogg","title":"Hello","duration_secs":2.25,"waveform":"AID/"}]}`,
		},
		{
			name: "an empty list removes every attachment",
			m:    interaction.MessageData{Attachments: []interaction.AttachmentRef{}},
			want: `{"attachments":[]}`,
		},
		{
			name: "no files and no attachments write no list",
			m:    interaction.MessageData{Content: "hi"},
			want: `{"content":"hi"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.m.AppendJSON(nil)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("AppendJSON = %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestAttachmentRefsKeepWhatTheyLeaveOut decodes the attachments list of
// an edit and encodes it again: an element that leaves out a description
// or a spoiler mark, and one that sets it to "" or false, stay apart.
func TestAttachmentRefsKeepWhatTheyLeaveOut(t *testing.T) {
	const list = `{"attachments":[{"id":"1"},{"id":"2","description":"","is_spoiler":false},{"id":"3","description":"a map","is_spoiler":true}]}`
	var m interaction.MessageData
	if err := json.Unmarshal([]byte(list), &m); err != nil {
		t.Fatal(err)
	}
	if a := m.Attachments[0]; a.Description != nil || a.IsSpoiler != nil {
		t.Errorf("element 1 = %+v, want no description and no spoiler mark", a)
	}
	if a := m.Attachments[1]; a.Description == nil || *a.Description != "" || a.IsSpoiler == nil || *a.IsSpoiler {
		t.Errorf("element 2 = %+v, want an empty description and an unmarked spoiler", a)
	}
	got, err := m.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != list {
		t.Errorf("AppendJSON = %s\nwant %s", got, list)
	}
}

func TestWithFileAddsToTheAnswerAndLeavesTheOriginalAlone(t *testing.T) {
	base := interaction.Reply("report").WithFile("a.csv", "text/csv", strings.NewReader("x"))
	one := base.WithFile("b.csv", "text/csv", strings.NewReader("y"))
	two := base.WithFile("c.csv", "text/csv", strings.NewReader("z"))
	if len(base.Message.Files) != 1 || len(one.Message.Files) != 2 || len(two.Message.Files) != 2 {
		t.Fatalf("files: base %d, one %d, two %d", len(base.Message.Files), len(one.Message.Files), len(two.Message.Files))
	}
	if one.Message.Files[1].Name != "b.csv" || two.Message.Files[1].Name != "c.csv" {
		t.Errorf("one's second file %q, two's %q: adding to a copy changed the other", one.Message.Files[1].Name, two.Message.Files[1].Name)
	}
}

func TestFileSizeIsKnownWithoutReadingWhereItCanBe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.bin")
	if err := os.WriteFile(path, make([]byte, 1234), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tests := []struct {
		name    string
		content io.Reader
		size    int64
		known   bool
	}{
		{"a bytes.Reader", bytes.NewReader(make([]byte, 10)), 10, true},
		{"a strings.Reader", strings.NewReader("hello"), 5, true},
		{"a bytes.Buffer", bytes.NewBufferString("abc"), 3, true},
		{"a file", f, 1234, true},
		{"no content", nil, 0, true},
		{"a stream", io.LimitReader(strings.NewReader("abc"), 2), 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			size, known := interaction.File{Content: tt.content}.Size()
			if size != tt.size || known != tt.known {
				t.Errorf("Size() = %d, %v; want %d, %v", size, known, tt.size, tt.known)
			}
		})
	}
}

func TestAttachmentLimitIsTheInteractionsOrTheDefault(t *testing.T) {
	if got := (&interaction.Interaction{}).AttachmentLimit(); got != 10<<20 {
		t.Errorf("no limit given: %d, want 10 MiB", got)
	}
	if got := (&interaction.Interaction{AttachmentSizeLimit: 25 << 20}).AttachmentLimit(); got != 25<<20 {
		t.Errorf("25 MiB given: %d", got)
	}
}

func ExampleResponse_WithFile() {
	csv := "user,score\nada,12\n"
	r := interaction.Reply("This week's scores:").
		WithFile("scores.csv", "text/csv", strings.NewReader(csv))
	// The JSON goes in the payload_json part of a multipart body; the file
	// follows in the part files[0].
	b, _ := r.MarshalJSON()
	fmt.Println(string(b))
	// Output: {"type":4,"data":{"content":"This week's scores:","attachments":[{"id":"0","filename":"scores.csv"}]}}
}
