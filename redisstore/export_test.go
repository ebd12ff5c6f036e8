package redisstore

import "time"

// SetClock makes the store's scripts read time from now, in place of
// the server's clock.
func (s *ConcurrencyLimits) SetClock(now func() time.Time) { s.now = now }
