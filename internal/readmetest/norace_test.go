//go:build !race

package readmetest

// raceEnabled says the test runs with the race detector, as the README's
// blocks are then built.
const raceEnabled = false
