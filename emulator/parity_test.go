package emulator_test

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"testing"
)

// The standalone process must be the same service as the in-process one:
// this runs every test of the package again, in a child test binary whose
// tests start cmd/emulator instead. Tests that need what only Go can do
// skip there, saying why.
func TestTheSuitePassesAgainstTheStandaloneProcess(t *testing.T) {
	if onProcess() {
		t.Skip("this is the run against the process")
	}
	if testing.Short() {
		t.Skip("short mode: the suite runs against the in-process server only")
	}
	bin := emulatorBinary(t)
	cmd := exec.Command(os.Args[0], "-test.v", "-test.count=1", "-test.timeout=5m")
	cmd.Env = append(os.Environ(), modeEnv+"="+bin)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("against the process: %v\n%s", err, out)
	}
	passed := len(regexp.MustCompile(`(?m)^--- PASS`).FindAll(out, -1))
	var skipped [][]byte
	for _, m := range regexp.MustCompile(`(?m)^\s*--- SKIP: (\S+)`).FindAllSubmatch(out, -1) {
		skipped = append(skipped, m[1])
	}
	t.Logf("against the process: %d tests passed; skipped: %s", passed, bytes.Join(skipped, []byte(", ")))
	// A child that ran nothing would pass too.
	if passed < 40 {
		t.Fatalf("only %d tests passed against the process:\n%s", passed, out)
	}
}
