package testmain

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	if name := os.Getenv(exitCase); name != "" {
		runExitCase(name)
	}
	Exit(Waiting(m))
}

// PerCPU parallel tests a CPU run at once: each waits for all the others
// to have started.
func TestWaitingRunsPerCPUParallelTestsACPUAtOnce(t *testing.T) {
	for _, arg := range os.Args[1:] {
		if strings.HasPrefix(strings.TrimLeft(arg, "-"), "test.parallel") {
			t.Skipf("the command line says how many parallel tests run at once: %s", arg)
		}
	}
	n := PerCPU * runtime.GOMAXPROCS(0)
	var started sync.WaitGroup
	started.Add(n)
	all := make(chan struct{})
	go func() {
		started.Wait()
		close(all)
	}()
	for i := range n {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			t.Parallel()
			started.Done()
			select {
			case <-all:
			case <-time.After(time.Minute):
				t.Fatalf("the %d parallel tests did not all run at once", n)
			}
		})
	}
}
