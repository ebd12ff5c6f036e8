package emulator

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// limiter keeps a fixed-window count per route bucket and writes the
// service's rate-limit headers on every answer.
//
// Its keys name a bucket, the path's major parameters and the caller. A
// major parameter is in a key only when it names something the emulator
// holds (the application, a guild, a live interaction's token), so that
// ids of a caller's choosing make no windows (server.go:majorOf); and what
// it keeps is bounded besides: the windows that have ended are dropped
// once a window, and past maxWindows live windows a new key counts against
// its bucket's shared overflow window.
type limiter struct {
	limit RateLimit
	now   func() time.Time

	mu      sync.Mutex
	windows map[string]*window
	// swept is when expired windows were last dropped.
	swept time.Time
}

// maxWindows bounds the windows a limiter keeps. The emulator's own
// clients need a few dozen: one per bucket, guild and caller.
const maxWindows = 4096

type window struct {
	start time.Time
	used  int
}

func newLimiter(limit RateLimit, now func() time.Time) *limiter {
	return &limiter{limit: limit, now: now, windows: map[string]*window{}}
}

// allow counts a request against key's window and writes the headers; when
// the window is used up it answers 429 itself and returns false.
func (l *limiter) allow(w http.ResponseWriter, key, bucket string) bool {
	l.mu.Lock()
	now := l.now()
	l.sweep(now)
	win := l.window(key, bucket, now)
	win.used++
	used := win.used
	resetAt := win.start.Add(l.limit.Window)
	l.mu.Unlock()

	after := resetAt.Sub(now).Seconds()
	remaining := max(l.limit.Requests-used, 0)
	h := w.Header()
	h.Set("X-RateLimit-Limit", strconv.Itoa(l.limit.Requests))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(remaining))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(resetAt.UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(after, 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", bucketHash(bucket))
	if used <= l.limit.Requests {
		return true
	}
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(after))))
	h.Set("X-RateLimit-Scope", "user")
	writeJSON(w, http.StatusTooManyRequests, map[string]any{
		"message":     "You are being rate limited.",
		"retry_after": math.Round(after*1000) / 1000,
		"global":      false,
	})
	return false
}

// window returns key's window at now, a new one when it had none or its
// window has ended. The caller holds l.mu.
func (l *limiter) window(key, bucket string, now time.Time) *window {
	win := l.windows[key]
	if win == nil && len(l.windows) >= maxWindows {
		key = bucket + ":overflow"
		win = l.windows[key]
	}
	if win == nil || now.Sub(win.start) >= l.limit.Window {
		win = &window{start: now}
		l.windows[key] = win
	}
	return win
}

// sweep drops the windows that have ended, at most once a window: a
// window's count matters only until it ends. The caller holds l.mu.
func (l *limiter) sweep(now time.Time) {
	if !l.swept.IsZero() && now.Sub(l.swept) < l.limit.Window {
		return
	}
	l.swept = now
	for key, win := range l.windows {
		if now.Sub(win.start) >= l.limit.Window {
			delete(l.windows, key)
		}
	}
}

// bucketHash names a bucket as the service does: an opaque id that routes
// sharing a limit share.
func bucketHash(bucket string) string {
	sum := sha256.Sum256([]byte(bucket))
	return hex.EncodeToString(sum[:8])
}
