package emulator

import (
	"net/http/httptest"
	"strconv"
	"testing"
	"time"
)

// The limiter keeps no more windows than its bound, however many keys its
// callers choose: ended windows are dropped, and past the bound new keys
// share their bucket's overflow window.
func TestTheLimiterKeepsABoundedNumberOfWindows(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	l := newLimiter(RateLimit{Requests: 2, Window: time.Second}, func() time.Time { return now })
	allow := func(key string) bool { return l.allow(httptest.NewRecorder(), key, "webhook") }

	for i := range 3 * maxWindows {
		allow("webhook:" + strconv.Itoa(i))
	}
	if n := len(l.windows); n > maxWindows+1 {
		t.Fatalf("%d windows kept, bound %d", n, maxWindows)
	}
	// The keys past the bound share one window, which is used up.
	if allow("webhook:another") {
		t.Errorf("a new key past the bound has a window of its own")
	}
	// A key that has its own window keeps it.
	if !allow("webhook:0") || allow("webhook:0") {
		t.Errorf("a kept key lost its count")
	}

	now = now.Add(time.Second)
	if !allow("webhook:fresh") {
		t.Errorf("a new key after the windows ended was refused")
	}
	if n := len(l.windows); n != 1 {
		t.Errorf("%d windows kept after the others ended, want 1", n)
	}
}
