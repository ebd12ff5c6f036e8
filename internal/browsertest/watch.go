package browsertest

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// watch collects what a page does besides what its test asks of it: what it
// says on its console, to explain a failure, and the requests it makes
// beyond the loopback address.
type watch struct {
	done sync.WaitGroup

	mu       sync.Mutex
	messages []chromedp.ConsoleMessage // errors, warnings and exceptions, the last few
	thrown   []chromedp.ConsoleMessage // uncaught exceptions, all of them
	outside  []string                  // URLs of requests for other hosts
}

// messagesSize bounds the console messages a watch keeps to explain a
// failure.
const messagesSize = 20

// watchPage watches the tab of ctx until ctx ends. It subscribes before it
// returns, so that it sees all the page does from its next navigation on.
func watchPage(ctx context.Context) *watch {
	w := new(watch)
	console := chromedp.Console(ctx)
	requests := chromedp.Events(ctx, network.RequestWillBeSent)
	sockets := chromedp.Events(ctx, network.WebSocketCreated)
	w.done.Go(func() {
		for m, err := range console {
			if err != nil {
				return
			}
			w.heard(m)
		}
	})
	w.done.Go(func() {
		for ev, err := range requests {
			if err != nil {
				return
			}
			w.requested(ev.Request.URL)
		}
	})
	w.done.Go(func() {
		for ev, err := range sockets {
			if err != nil {
				return
			}
			w.requested(ev.URL)
		}
	})
	return w
}

func (w *watch) heard(m chromedp.ConsoleMessage) {
	if !m.IsException() && m.Type != chromedp.ConsoleError && m.Type != chromedp.ConsoleWarning {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if m.IsException() {
		w.thrown = append(w.thrown, m)
	}
	if len(w.messages) == messagesSize {
		w.messages = w.messages[1:]
	}
	w.messages = append(w.messages, m)
}

func (w *watch) requested(rawURL string) {
	if !external(rawURL) {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.outside = append(w.outside, rawURL)
}

// external reports whether a URL names a host on the network, beyond the
// loopback address; data:, blob: and the like name none.
func external(rawURL string) bool {
	u, err := url.Parse(rawURL)
	if err != nil {
		return true // what the browser asked for, it could not have been ours
	}
	switch u.Scheme {
	case "http", "https", "ws", "wss":
	default:
		return false
	}
	switch u.Hostname() {
	case "127.0.0.1", "localhost", "::1":
		return false
	}
	return true
}

// wait waits, for a bounded time, until the watch's tab has closed.
func (w *watch) wait() {
	done := make(chan struct{})
	go func() {
		w.done.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(closeTimeout):
	}
}

func (w *watch) exceptions() []chromedp.ConsoleMessage {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.thrown)
}

func (w *watch) external() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.outside)
}

// said returns the page's last exceptions, errors and warnings, set off for
// an error message, or nothing if there were none.
func (w *watch) said() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.messages) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("; the page's console said:")
	for _, m := range w.messages {
		b.WriteString("\n\t")
		b.WriteString(m.String())
	}
	return b.String()
}
