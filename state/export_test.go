package state

import "time"

// SetClock makes the store read the time from now.
func (s *MemoryStore) SetClock(now func() time.Time) { s.now = now }

// ValidKey is validKey, for the tests.
var ValidKey = validKey

// NewKey is newKey, for the tests.
var NewKey = newKey
