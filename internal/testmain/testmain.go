package testmain

import (
	"flag"
	"runtime"
	"strconv"
	"testing"
)

// PerCPU is how many parallel tests Waiting runs at once for each CPU;
// go test's default is one.
const PerCPU = 4

// Waiting runs m's tests with PerCPU parallel tests a CPU at once, unless
// the command line says how many (go test -parallel), and returns the
// code to exit with. A package whose parallel tests wait calls it from
// its TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(testmain.Waiting(m)) }
func Waiting(m *testing.M) int {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", strconv.Itoa(PerCPU*runtime.GOMAXPROCS(0))); err != nil {
			panic("testmain: " + err.Error())
		}
	}
	return m.Run()
}
