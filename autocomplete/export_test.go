package autocomplete

import "time"

// SetClock makes the cache read the time from now.
func (c *MemoryCache) SetClock(now func() time.Time) { c.now = now }
