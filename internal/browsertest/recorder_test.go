package browsertest

import (
	"fmt"
	"runtime"
	"testing"
)

// recorder is a testing.TB that records a failure or a skip instead of
// reporting it, so that the messages themselves can be tested. Like the
// testing package, it stops the goroutine that fails or skips: call the code
// under test through run.
type recorder struct {
	testing.TB
	failed, skipped string
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *recorder) Fatal(args ...any) {
	r.failed = fmt.Sprint(args...)
	runtime.Goexit()
}

func (r *recorder) Skip(args ...any) {
	r.skipped = fmt.Sprint(args...)
	runtime.Goexit()
}

// run calls f on a goroutine of its own and waits for it to end, whether it
// returned or stopped at a failure or a skip.
func (r *recorder) run(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
}
