package concurrency

import "time"

// SetClock makes the store read time from now.
func (s *MemoryStore) SetClock(now func() time.Time) { s.now = now }

// WithAfter schedules the renewals of the limit's leases with after, in
// place of time.AfterFunc.
func WithAfter(after func(d time.Duration, f func()) (stop func() bool)) Option {
	return func(l *limit) { l.after = after }
}
