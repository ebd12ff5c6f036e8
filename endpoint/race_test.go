//go:build race

package endpoint_test

// raceEnabled is true under the race detector, which makes sync.Pool drop
// items at random: allocation counts mean nothing there.
const raceEnabled = true
