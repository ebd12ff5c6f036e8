package replay

import "time"

// SetClock makes the guard read time from now.
func (g *MemoryGuard) SetClock(now func() time.Time) { g.now = now }
