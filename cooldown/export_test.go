package cooldown

import "time"

// SetClock makes the store read time from now.
func (s *MemoryStore) SetClock(now func() time.Time) { s.now = now }
