package emulator

import (
	"bytes"
	"io"
	"net/http/httptest"
	"runtime"
	"testing"
)

// A body is read into the room it needs: one of a known length into that
// length, and one of unknown length into room that doubles up to the
// limit and no further, so that a body past the limit costs twice the
// limit at most, however long it is.
func TestABodyIsReadIntoTheRoomItNeeds(t *testing.T) {
	const size, limit = 10 << 20, 4 << 20
	body := bytes.Repeat([]byte("a"), size)
	read := func(length, limit int64) ([]byte, *apiError, uint64) {
		// The least of a few reads: other goroutines of the process
		// only add to what is counted.
		var got []byte
		var e *apiError
		least := ^uint64(0)
		for range 3 {
			req := httptest.NewRequest("POST", "/", nil)
			req.Body, req.ContentLength = io.NopCloser(bytes.NewReader(body)), length
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			got, e = readBody(req, limit)
			runtime.ReadMemStats(&after)
			least = min(least, after.TotalAlloc-before.TotalAlloc)
		}
		return got, e, least
	}
	if got, e, _ := read(size, maxRequestBody); e != nil || len(got) != size || cap(got) > size+64<<10 {
		t.Errorf("a body of known length: %d bytes in room for %d, %v", len(got), cap(got), e)
	}
	if got, e, _ := read(-1, maxRequestBody); e != nil || len(got) != size {
		t.Errorf("a body of unknown length: %d bytes, %v", len(got), e)
	}
	_, e, allocated := read(-1, limit)
	if e == nil || e.status != 413 {
		t.Errorf("a body of unknown length past the limit: %v, want 413", e)
	}
	if allocated > 2*limit+1<<20 {
		t.Errorf("a body of unknown length past a limit of %d bytes: %d bytes allocated", limit, allocated)
	}
}
