package rest

import "time"

// SetClock makes the store read the time from now.
func (s *MemoryRateLimitStore) SetClock(now func() time.Time) { s.now = now }
