package endpoint_test

import (
	"flag"
	"os"
	"runtime"
	"strconv"
	"testing"
)

// waitingParallel is how many parallel tests run at once when go test is
// not told (-parallel), if there are fewer CPUs. The parallel tests of this package spend their
// time waiting for a response window or a deferral to pass, not working
// the CPU, so more of them than there are CPUs can wait at once; the
// tests that work the CPU are not parallel and never run beside them.
const waitingParallel = 8

func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", strconv.Itoa(max(waitingParallel, runtime.GOMAXPROCS(0)))); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}
