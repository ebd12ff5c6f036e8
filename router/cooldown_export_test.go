package router

import "time"

// SetClock makes the store read time from now.
func (s *MemoryCooldownStore) SetClock(now func() time.Time) { s.now = now }
