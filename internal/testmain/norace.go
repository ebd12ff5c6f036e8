//go:build !race

package testmain

// raceEnabled is whether the binary runs under the race detector.
const raceEnabled = false

func raceErrors() int { return 0 }
