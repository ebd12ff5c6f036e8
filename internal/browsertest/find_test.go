package browsertest

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/internal/realpart"
)

func TestFindChromium(t *testing.T) {
	tests := []struct {
		name      string
		env       string
		installed map[string]string // name looked up -> path found
		want      string
		wantErr   []string
	}{
		{
			name:      "Debian's chromium is preferred to anything on PATH",
			installed: map[string]string{"/usr/bin/chromium": "/usr/bin/chromium", "google-chrome": "/opt/google/chrome"},
			want:      "/usr/bin/chromium",
		},
		{
			name:      "chromium-browser on PATH is found when chromium is not",
			installed: map[string]string{"chromium-browser": "/snap/bin/chromium-browser", "google-chrome": "/opt/google/chrome"},
			want:      "/snap/bin/chromium-browser",
		},
		{
			name:      "google-chrome is the last resort",
			installed: map[string]string{"google-chrome": "/opt/google/chrome"},
			want:      "/opt/google/chrome",
		},
		{
			name:      "the environment variable overrides every other place",
			env:       "/opt/chromium/chrome",
			installed: map[string]string{"/usr/bin/chromium": "/usr/bin/chromium", "/opt/chromium/chrome": "/opt/chromium/chrome"},
			want:      "/opt/chromium/chrome",
		},
		{
			name:      "an environment variable that points nowhere finds nothing, even where chromium is installed",
			env:       "/nowhere/chromium",
			installed: map[string]string{"/usr/bin/chromium": "/usr/bin/chromium"},
			wantErr:   []string{`SWITCHBOARD_CHROMIUM="/nowhere/chromium" is not an executable`, "apt-get install chromium"},
		},
		{
			name:    "no browser at all names the package to install",
			wantErr: []string{"no Chromium found", "/usr/bin/chromium, chromium, chromium-browser, google-chrome", "install Debian's chromium package: apt-get install chromium"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(name string) string {
				if name == EnvChromium {
					return tt.env
				}
				return ""
			}
			lookPath := func(name string) (string, error) {
				if path, ok := tt.installed[name]; ok {
					return path, nil
				}
				return "", fs.ErrNotExist
			}
			got, err := findChromium(getenv, lookPath)
			if len(tt.wantErr) == 0 {
				if err != nil || got != tt.want {
					t.Fatalf("findChromium() = %q, %v; want %q", got, err, tt.want)
				}
				return
			}
			var nf *notFoundError
			if !errors.As(err, &nf) {
				t.Fatalf("findChromium() = %q, %v; want a *notFoundError", got, err)
			}
			for _, w := range tt.wantErr {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

func TestStartSkipsWithoutABrowser(t *testing.T) {
	t.Setenv(EnvChromium, "/nowhere/chromium")
	t.Setenv(realpart.Env, "")
	r := &recorder{TB: t}
	r.run(func() {
		Start(r)
		t.Error("Start returned without a browser")
	})
	if want := "apt-get install chromium"; !strings.Contains(r.skipped, want) || r.failed != "" {
		t.Errorf("Start skipped with %q and failed with %q; want a skip that says %q", r.skipped, r.failed, want)
	}
}

func TestStartFailsWithoutABrowserWhereEveryRealPartIsRequired(t *testing.T) {
	t.Setenv(EnvChromium, "/nowhere/chromium")
	t.Setenv(realpart.Env, "1")
	r := &recorder{TB: t}
	r.run(func() {
		Start(r)
		t.Error("Start returned without a browser")
	})
	if want := "apt-get install chromium"; !strings.Contains(r.failed, want) || r.skipped != "" {
		t.Errorf("Start failed with %q and skipped with %q; want a failure that says %q", r.failed, r.skipped, want)
	}
}
