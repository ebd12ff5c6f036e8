package testmain

import (
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// AtExit is how long Exit gives the goroutines tests leave running to
// race before the process ends: the race runtime's own wait at exit
// (GORACE's atexit_sleep_ms) is a second.
const AtExit = 100 * time.Millisecond

// Exit ends a test binary with code, as os.Exit does, but shortens the
// race detector's wait at exit.
//
// Under the race detector, a process that ends with code 0 sleeps a
// second first, so that goroutines still running get the time to race;
// the race runtime means to skip the sleep when no other goroutine is
// left, but the Go runtime's own goroutines count, so every test binary
// sleeps it. testing.M.Run ends with code 0 only if it found no race.
// Exit waits instead until the tests' goroutines have ended, or AtExit
// at most for those that never do (idle pools, a server library's
// clock), and ends the process at once unless that wait found a race,
// which it leaves to the race runtime to report and exit on. A package
// calls it from its TestMain:
//
//	func TestMain(m *testing.M) { testmain.Exit(m.Run()) }
func Exit(code int) {
	// Under -cover, os.Exit's hooks may still have counters to write.
	if code == 0 && raceEnabled && testing.CoverMode() == "" {
		settle(AtExit)
		if raceErrors() == 0 {
			syscall.Exit(0)
		}
	}
	os.Exit(code)
}

// settle waits until the calling goroutine is the only one left, or for
// d at most.
func settle(d time.Duration) {
	deadline := time.Now().Add(d)
	for wait := 100 * time.Microsecond; runtime.NumGoroutine() > 1; wait *= 2 {
		left := time.Until(deadline)
		if left <= 0 {
			return
		}
		time.Sleep(min(wait, left))
	}
}
