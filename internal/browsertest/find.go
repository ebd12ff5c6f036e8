package browsertest

import (
	"fmt"
	"strings"
)

// EnvChromium is the environment variable that names the browser to run, as
// a path or a name on PATH. When it is set, Start looks nowhere else.
const EnvChromium = "SWITCHBOARD_CHROMIUM"

// installHint is what a test that skips for want of a browser tells its
// reader to do.
const installHint = "install Debian's chromium package: apt-get install chromium"

// candidates returns the browsers Start looks for, in order: Debian's
// chromium first, as it is the one the project's tests are run with.
func candidates() []string {
	return []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}
}

// notFoundError reports that no browser could be found. Start skips the test
// with its message.
type notFoundError struct {
	// Env is the value of EnvChromium, if it was set.
	Env string
	// Tried lists the names and paths looked for.
	Tried []string
}

func (e *notFoundError) Error() string {
	if e.Env != "" {
		return fmt.Sprintf("browsertest: %s=%q is not an executable; %s, or point %s at a Chromium or Chrome",
			EnvChromium, e.Env, installHint, EnvChromium)
	}
	return fmt.Sprintf("browsertest: no Chromium found (looked for %s, and %s is not set); %s",
		strings.Join(e.Tried, ", "), EnvChromium, installHint)
}

// findChromium returns the path of the browser to run. It takes the
// environment and the search of PATH as functions so that its choices can be
// tested on any machine.
func findChromium(getenv func(string) string, lookPath func(string) (string, error)) (string, error) {
	if env := getenv(EnvChromium); env != "" {
		path, err := lookPath(env)
		if err != nil {
			return "", &notFoundError{Env: env, Tried: []string{env}}
		}
		return path, nil
	}
	tried := candidates()
	for _, name := range tried {
		if path, err := lookPath(name); err == nil {
			return path, nil
		}
	}
	return "", &notFoundError{Tried: tried}
}
