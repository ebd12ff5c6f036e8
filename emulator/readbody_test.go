package emulator

import (
	"bytes"
	"io"
	"net/http/httptest"
	"runtime"
	"testing"
)

// A body is read into the room it needs, not twice that: a body of a
// known length into that length, one of unknown length into room that
// stops growing at the limit.
func TestABodyIsReadIntoTheRoomItNeeds(t *testing.T) {
	const size = 10 << 20
	body := bytes.Repeat([]byte("a"), size)
	for _, c := range []struct {
		name   string
		length int64
		limit  int64
		most   uint64
	}{
		{"a known length", size, maxRequestBody, size + 1<<20},
		{"an unknown length", -1, maxRequestBody, 2*size + 1<<20},
		{"an unknown length past the limit", -1, 1 << 20, 2<<20 + 1<<20},
	} {
		req := httptest.NewRequest("POST", "/", nil)
		req.Body, req.ContentLength = io.NopCloser(bytes.NewReader(body)), c.length
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		got, e := readBody(req, c.limit)
		runtime.ReadMemStats(&after)
		if (e == nil) != (c.limit >= size) || e == nil && len(got) != size {
			t.Errorf("%s: %d bytes, %v", c.name, len(got), e)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > c.most {
			t.Errorf("%s: %d bytes allocated to read %d, want at most %d", c.name, n, size, c.most)
		}
	}
}
