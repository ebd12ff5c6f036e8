package endpoint

import (
	"testing"
	"unsafe"
)

// A flight is allocated once per request, with the interaction, its
// Request and the handler's context in it. The runtime rounds an
// allocation up to its size class, and a block over 512 bytes that holds
// pointers carries an 8-byte header: a flight a few bytes over 1016 is
// allocated 1152, an eighth more for every request.
func TestAFlightStaysInItsSizeClass(t *testing.T) {
	const class, header = 1024, 8
	if n := unsafe.Sizeof(flight{}); n+header > class {
		t.Errorf("a flight is %d bytes, %d with the allocation's header: over the %d-byte size class", n, n+header, class)
	}
}
