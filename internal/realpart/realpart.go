// Package realpart decides what a test does when a real program it needs,
// such as redis-server or Chromium, is not installed: on a contributor's
// machine the test is skipped, saying what to install; where the
// environment asks for every real part, as the project's CI does, it
// fails, so that a clean run cannot pass without them.
package realpart

import (
	"os"
	"testing"
)

// Env is the environment variable that makes a missing real part fail
// the test instead of skipping it: any value but "" or "0". The project's
// .ci/run sets it after installing the parts.
const Env = "SWITCHBOARD_REQUIRE_REAL_PARTS"

// Required reports whether getenv asks for every real part.
func Required(getenv func(string) string) bool {
	v := getenv(Env)
	return v != "" && v != "0"
}

// Missing ends t because a real part is missing: why says which and how
// to install it. It fails t where the environment requires every real
// part, and skips it otherwise.
func Missing(t testing.TB, why string) {
	t.Helper()
	if Required(os.Getenv) {
		t.Fatal(why + " (" + Env + " is set, so the test fails instead of skipping)")
	}
	t.Skip(why)
}
