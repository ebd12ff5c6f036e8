package browsertest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/switchboard-go/switchboard/internal/realpart"
)

// Bounds on the browser's life, so that a browser that hangs fails the test
// instead of holding up the run until the test binary's own timeout.
const (
	startTimeout   = 30 * time.Second // to start, and to open a tab
	closeTimeout   = 15 * time.Second // to exit when the test ends
	defaultTimeout = 10 * time.Second // for one step on a page; see Timeout
)

// Browser is a headless Chromium started for a test. Its pages are opened
// with Open.
type Browser struct {
	ctx    context.Context // the browser's first tab; pages are its siblings
	cfg    config
	fence  *fence
	output *tail
}

// config holds what Options choose.
type config struct {
	timeout       time.Duration
	width, height int64
}

// An Option changes how Start runs the browser.
type Option func(*config)

// Timeout sets how long one step on a page (finding an element, clicking it,
// waiting for a text) may take before it fails the test. The default is 10
// seconds: generous, since a step ends as soon as the page is ready. A d of
// zero or less leaves the default.
func Timeout(d time.Duration) Option {
	return func(c *config) {
		if d > 0 {
			c.timeout = d
		}
	}
}

// Viewport sets the size in CSS pixels of every page's viewport, and so of
// its screenshots. The default is 800×600, at one device pixel per CSS pixel.
// Sizes of zero or less leave the default.
func Viewport(width, height int) Option {
	return func(c *config) {
		if width > 0 && height > 0 {
			c.width, c.height = int64(width), int64(height)
		}
	}
}

// Start runs a headless Chromium for the test and stops it when the test
// ends. It skips the test when no browser is installed, naming the package
// to install (it fails it where every real part is required: see package
// realpart); it fails the test if the browser does not start in time.
//
// Start looks for $SWITCHBOARD_CHROMIUM if it is set, and otherwise for
// /usr/bin/chromium, then chromium, chromium-browser, google-chrome and
// google-chrome-stable on PATH.
//
// The browser runs with a new temporary profile, without its sandbox only
// when the test runs as root (where the sandbox cannot start), and with no
// network beyond 127.0.0.1: a request for any other host is refused, and
// Page.ExternalRequests lists a page's.
func Start(t testing.TB, opts ...Option) *Browser {
	t.Helper()
	path, err := findChromium(os.Getenv, exec.LookPath)
	if err != nil {
		realpart.Missing(t, err.Error())
	}
	cfg := config{timeout: defaultTimeout, width: 800, height: 600}
	for _, o := range opts {
		o(&cfg)
	}

	f := newFence()
	t.Cleanup(f.close) // after the browser has exited: cleanups run last first
	out := new(tail)
	allocOpts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Flag("no-sandbox", os.Geteuid() == 0),
		chromedp.ProxyServer("http://"+f.addr()),
		// Names are not resolved at all, so nothing reaches a DNS server,
		// and a request that would go around the proxy finds no host.
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"),
		// WebRTC would otherwise send UDP past the proxy.
		chromedp.Flag("force-webrtc-ip-handling-policy", "disable_non_proxied_udp"),
		// The browser's own update checks could only be refused.
		chromedp.Flag("disable-component-update", true),
		chromedp.WindowSize(int(cfg.width), int(cfg.height)),
		chromedp.CombinedOutput(out),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), allocOpts...)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	b := &Browser{ctx: ctx, cfg: cfg, fence: f, output: out}

	// The first run starts the browser and binds it to ctx, so it cannot run
	// under a deadline of its own: wait for it beside a timer instead, and
	// kill the browser if the timer wins.
	if err := within(startTimeout, func() error { return chromedp.Do(ctx) }); err != nil {
		cancelCtx()
		cancelAlloc()
		t.Fatalf("browsertest: starting %s: %v%s", path, err, out.said())
	}
	process := chromedp.FromContext(ctx).Browser.Process()
	t.Cleanup(func() {
		err := within(closeTimeout, func() error {
			err := chromedp.Cancel(ctx) // closes the browser gracefully
			cancelCtx()
			cancelAlloc() // waits for the process and removes the profile
			return err
		})
		var late *lateError
		switch {
		case errors.As(err, &late):
			process.Kill()
			t.Errorf("browsertest: closing %s: %v; killed it%s", path, err, out.said())
		case err != nil:
			t.Errorf("browsertest: closing %s: %v", path, err)
		}
	})
	return b
}

// lateError reports that something did not finish in time.
type lateError struct {
	after time.Duration
}

func (e *lateError) Error() string {
	return fmt.Sprintf("no answer within %v", e.after)
}

// within runs f and returns its error, or a *lateError if f has not returned
// after d. f goes on running in that case: it is for calls that no context
// can bound, and its caller then ends what f is waiting for.
func within(d time.Duration, f func() error) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case err := <-done:
		return err
	case <-timer.C:
		return &lateError{after: d}
	}
}

// tail keeps the last few kilobytes the browser printed, to show when it
// fails. The browser writes to it from its own goroutine.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

// tailSize bounds what a tail keeps: enough for the browser's last words.
const tailSize = 4 << 10

func (w *tail) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	if over := len(w.buf) - tailSize; over > 0 {
		w.buf = append(w.buf[:0], w.buf[over:]...)
	}
	return len(p), nil
}

// said returns what the browser printed, set off for an error message, or
// nothing if it printed nothing.
func (w *tail) said() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.buf) == 0 {
		return ""
	}
	return "; the browser printed:\n" + string(w.buf)
}
