package gateway

import "time"

// Clock is the time the Hub keeps: the heartbeat's window, the minute of
// the send limit, how long a dropped session may be resumed. Tests give
// a Hub a clock they move.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has passed, unless
	// the returned stop is called first; stop reports whether it was.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// realClock is the wall clock.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) AfterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}
