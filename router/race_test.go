//go:build race

package router_test

// raceEnabled is true under the race detector, which makes sync.Pool drop
// items at random: allocation counts mean nothing there.
const raceEnabled = true
