package emulator

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// A body is read into the room it needs: one of a known length into that
// length, and one of unknown length into room that doubles up to the
// limit and no further, so that a body past the limit costs twice the
// limit at most, however long it is.
func TestABodyIsReadIntoTheRoomItNeeds(t *testing.T) {
	const size, limit = 10 << 20, 4 << 20
	body := bytes.Repeat([]byte("a"), size)
	request := func(length int64) *http.Request {
		req := httptest.NewRequest("POST", "/", nil)
		req.Body, req.ContentLength = io.NopCloser(bytes.NewReader(body)), length
		return req
	}
	if got, e := readBody(request(size), maxRequestBody); e != nil || len(got) != size || cap(got) > size+64<<10 {
		t.Errorf("a body of known length: %d bytes in room for %d, %v", len(got), cap(got), e)
	}
	if got, e := readBody(request(-1), maxRequestBody); e != nil || len(got) != size {
		t.Errorf("a body of unknown length: %d bytes, %v", len(got), e)
	}
	// What the read allocates is the least of a few reads: other
	// goroutines of the process only add to what is counted.
	var e *apiError
	allocated := ^uint64(0)
	for range 3 {
		req := request(-1)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, e = readBody(req, limit)
		runtime.ReadMemStats(&after)
		allocated = min(allocated, after.TotalAlloc-before.TotalAlloc)
	}
	if e == nil || e.status != 413 {
		t.Errorf("a body of unknown length past the limit: %v, want 413", e)
	}
	if allocated > 2*limit+1<<20 {
		t.Errorf("a body of unknown length past a limit of %d bytes: %d bytes allocated", limit, allocated)
	}
}

// endlessUpload is a multipart body of one file that never ends, which
// counts the bytes read of it.
type endlessUpload struct {
	head []byte
	read int64
}

const endlessBoundary = "endless"

func newEndlessUpload() *endlessUpload {
	return &endlessUpload{head: []byte("--" + endlessBoundary + "\r\n" +
		`Content-Disposition: form-data; name="payload_json"` + "\r\n\r\n" + `{"content":"a file"}` + "\r\n" +
		"--" + endlessBoundary + "\r\n" +
		`Content-Disposition: form-data; name="files[0]"; filename="endless.bin"` + "\r\n\r\n")}
}

func (u *endlessUpload) Read(p []byte) (int, error) {
	n := copy(p, u.head)
	u.head = u.head[n:]
	for i := n; i < len(p); i++ {
		p[i] = 'x'
	}
	u.read += int64(len(p))
	return len(p), nil
}

// An upload is refused once its files pass the room left, having read
// no more than a read past it: of a file that never ends, whatever length
// the body says it has, and into room for what it read.
func TestAnUploadIsRefusedOnceItsFilesPassTheRoom(t *testing.T) {
	const fileRoom = 2 << 20
	for _, length := range []int64{-1, maxRequestBody} {
		u := newEndlessUpload()
		req := httptest.NewRequest("POST", "/", nil)
		req.Body, req.ContentLength = io.NopCloser(u), length
		req.Header.Set("Content-Type", "multipart/form-data; boundary="+endlessBoundary)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, e := readUploads(req, maxRequestBody, fileRoom, 64<<20)
		runtime.ReadMemStats(&after)
		if e == nil || e.status != 413 || !strings.Contains(e.message, "64 MiB of files for one interaction (Limits.InteractionFiles)") {
			t.Fatalf("a body of length %d: %v, want 413 naming the limit", length, e)
		}
		if u.read > fileRoom+maxRead+64<<10 {
			t.Errorf("a body of length %d: %d bytes read past a room of %d", length, u.read, fileRoom)
		}
		// Room that doubles as it fills comes to twice what was read,
		// and twice that in all.
		if allocated := after.TotalAlloc - before.TotalAlloc; allocated > uint64(4*u.read)+1<<20 {
			t.Errorf("a body of length %d: %d bytes allocated to read %d", length, allocated, u.read)
		}
	}
}

// An upload whose files fit is read whole, and read again by the
// handler; the parts that are not files do not count.
func TestAnUploadWhoseFilesFitIsReadWhole(t *testing.T) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("payload_json", strings.Repeat(" ", 3<<10)+`{"content":"files"}`)
	for i, name := range []string{"files[0]", "file1"} {
		w, err := mw.CreateFormFile(name, "f"+strconv.Itoa(i)+".txt")
		if err != nil {
			t.Fatal(err)
		}
		w.Write(bytes.Repeat([]byte("x"), 1<<10))
	}
	mw.Close()
	for _, room := range []int64{2 << 10, 2<<10 - 1} {
		req := httptest.NewRequest("POST", "/", bytes.NewReader(body.Bytes()))
		req.Header.Set("Content-Type", mw.FormDataContentType())
		got, e := readUploads(req, maxRequestBody, room, 64<<20)
		if fits := room >= 2<<10; fits != (e == nil) {
			t.Fatalf("2 KiB of files in a room of %d bytes: %v", room, e)
		}
		if e != nil {
			continue
		}
		again, _ := io.ReadAll(req.Body)
		if !bytes.Equal(got, body.Bytes()) || !bytes.Equal(again, body.Bytes()) {
			t.Fatalf("the body read is not the body sent: %d bytes, read again %d, sent %d", len(got), len(again), body.Len())
		}
	}
}
