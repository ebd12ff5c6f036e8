package browsertest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Page is one tab of a Browser, on the page a test opened. Its methods fail
// the test it was opened for when a step cannot be done in time, with a
// message that says what was looked for and what the page had instead; so,
// as with any call that fails a test, use a page only from the goroutine of
// that test, one step at a time.
type Page struct {
	t       testing.TB
	ctx     context.Context
	timeout time.Duration
	watch   *watch
}

// Open opens a new tab on url and waits for the page to load. The tab is
// closed when t ends, and an exception the page did not catch fails t then.
func (b *Browser) Open(t testing.TB, url string) *Page {
	t.Helper()
	// A browser context of its own, like a private window, so that no page
	// sees the cookies or the storage another left behind.
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithNewBrowserContext())
	if err := within(startTimeout, func() error { return chromedp.Do(ctx) }); err != nil {
		cancel()
		t.Fatalf("browsertest: opening a tab for %s: %v%s", url, err, b.output.said())
	}
	p := &Page{t: t, ctx: ctx, timeout: b.cfg.timeout, watch: watchPage(ctx)}
	t.Cleanup(func() {
		cancel()
		p.watch.wait()
		for _, m := range p.watch.exceptions() {
			t.Errorf("browsertest: %s threw and nothing caught it: %s", url, m)
		}
	})
	err := p.do(func(ctx context.Context) error {
		return chromedp.Do(ctx,
			chromedp.EmulateViewport(b.cfg.width, b.cfg.height),
			chromedp.Navigate(url),
		)
	})
	if err != nil {
		t.Fatalf("browsertest: loading %s: %v%s", url, err, p.watch.said())
	}
	return p
}

// Role returns the element of the page with the ARIA role and the accessible
// name, as the browser computes them for assistive technology: the name
// comes from a <label>, aria-label, aria-labelledby or the element's text,
// whichever the markup uses. The name must match whole; an empty name
// matches any. Elements hidden from assistive technology (hidden, display:
// none, inert behind a modal dialog, aria-hidden) are not found.
//
// Role does not look yet: the returned Element is looked for, and waited
// for, by each of its methods.
func (p *Page) Role(role, name string) *Element {
	return &Element{p: p, role: role, name: name, nth: unique}
}

// WaitText waits until the element with the role and the name shows a text
// that contains substr. It is short for p.Role(role, name).WaitText(substr).
func (p *Page) WaitText(role, name, substr string) {
	p.t.Helper()
	p.Role(role, name).WaitText(substr)
}

// Press presses a named key, such as "Enter", "Escape", "Tab" or
// "ArrowDown", on whatever element has the focus.
func (p *Page) Press(key string) {
	p.t.Helper()
	p.check(p.do(func(ctx context.Context) error { return press(ctx, key) }))
}

// ExternalRequests returns the URLs of the requests the page made, so far,
// for hosts other than 127.0.0.1 and localhost, in the order made: none of
// them reached its host, since the browser has no network beyond
// 127.0.0.1. A page that must work offline can assert that there are none.
func (p *Page) ExternalRequests() []string {
	return p.watch.external()
}

// Screenshot saves a PNG of the page's viewport to path, creating its
// directory if need be.
func (p *Page) Screenshot(path string) {
	p.t.Helper()
	p.check(p.do(func(ctx context.Context) error {
		png, err := capture(ctx, nil)
		if err != nil {
			return fmt.Errorf("screenshot of the page: %w", err)
		}
		return writePNG(path, png)
	}))
}

// grace is the time a step has beyond the page's timeout to finish the look
// it started before the timeout, and to act on what it found; so that even a
// step that waited its whole time says what the page had then, instead of
// that its time ran out.
const grace = 2 * time.Second

// do runs one step under the page's timeout: it waits up to the timeout, and
// its calls to the browser have the grace beyond.
func (p *Page) do(step func(ctx context.Context) error) error {
	ctx, cancel := context.WithTimeout(p.ctx, p.timeout+grace)
	defer cancel()
	return step(ctx)
}

// waitUntil returns when a step under ctx stops waiting for the page.
func waitUntil(ctx context.Context) time.Time {
	deadline, ok := ctx.Deadline()
	if !ok {
		return time.Now()
	}
	return deadline.Add(-grace)
}

// check fails the test with err, adding what the page's console said.
func (p *Page) check(err error) {
	if err != nil {
		p.t.Helper()
		p.t.Fatalf("browsertest: %v%s", err, p.watch.said())
	}
}
