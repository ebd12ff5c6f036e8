//go:build race

package testmain

import "runtime"

// raceEnabled is whether the binary runs under the race detector.
const raceEnabled = true

// raceErrors is how many races the race detector has reported.
func raceErrors() int { return runtime.RaceErrors() }
