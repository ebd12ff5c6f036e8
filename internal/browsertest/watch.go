package browsertest

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/chromedp"
)

// watch collects what a page does besides what its test asks of it: what it
// says on its console, to explain a failure.
type watch struct {
	done sync.WaitGroup

	mu       sync.Mutex
	messages []chromedp.ConsoleMessage // errors, warnings and exceptions, the last few
	thrown   []chromedp.ConsoleMessage // uncaught exceptions, all of them
}

// messagesSize bounds the console messages a watch keeps to explain a
// failure.
const messagesSize = 20

// watchPage watches the tab of ctx until ctx ends. It subscribes before it
// returns, so that it sees all the page does from its next navigation on.
func watchPage(ctx context.Context) *watch {
	w := new(watch)
	console := chromedp.Console(ctx)
	w.done.Go(func() {
		for m, err := range console {
			if err != nil {
				return
			}
			w.heard(m)
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
