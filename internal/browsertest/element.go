package browsertest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Element is an element of a page, described by its ARIA role and
// accessible name (see Page.Role), within another element if it came from
// Element.Role. It is looked for afresh by each method, which waits, up to
// the page's timeout, until it is there and ready: a method that acts on an
// element needs exactly one match.
type Element struct {
	p          *Page
	scope      *Element // nil for the whole page
	role, name string
	nth        int // which match; unique if there must be only one
}

// unique is the nth of an Element that must match one element only.
const unique = math.MinInt

// poll is how often a waiting method looks at the page again.
const poll = 50 * time.Millisecond

// Role returns the element with the role and the name inside e, matched as
// Page.Role matches them.
func (e *Element) Role(role, name string) *Element {
	return &Element{p: e.p, scope: e, role: role, name: name, nth: unique}
}

// Nth returns the i-th of the elements e matches, counting from 0 in
// document order, or from the end if i is negative: Nth(-1) is the last.
func (e *Element) Nth(i int) *Element {
	n := *e
	n.nth = i
	return &n
}

// String describes e as messages name it, such as
// `option "greet" in listbox "Commands"`.
func (e *Element) String() string {
	var b strings.Builder
	b.WriteString(e.role)
	if e.name != "" {
		fmt.Fprintf(&b, " %q", e.name)
	}
	if e.nth != unique {
		fmt.Fprintf(&b, " [%d]", e.nth)
	}
	if e.scope != nil {
		b.WriteString(" in ")
		b.WriteString(e.scope.String())
	}
	return b.String()
}

// Click clicks the middle of the element with the mouse, once it is enabled
// and nothing covers it, scrolling it into view first.
func (e *Element) Click() {
	e.p.t.Helper()
	e.p.check(e.p.do(e.click))
}

// Type focuses the element and types text at the end of what it holds, one
// key at a time, as a user would: every key sends its keydown, keypress,
// input and keyup events. A "\n" presses Enter.
func (e *Element) Type(text string) {
	e.p.t.Helper()
	e.p.check(e.p.do(func(ctx context.Context) error {
		n, err := e.focus(ctx)
		if err != nil {
			return err
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(text)); err != nil {
			return fmt.Errorf("typing %q into %s: %w", text, label(n), err)
		}
		return nil
	}))
}

// Clear focuses the element, selects all it holds and deletes it with
// Backspace.
func (e *Element) Clear() {
	e.p.t.Helper()
	e.p.check(e.p.do(func(ctx context.Context) error {
		n, err := e.focus(ctx)
		if err != nil {
			return err
		}
		if _, err := callOn[bool](ctx, n.BackendDOMNodeID, `function() { this.select(); return true }`); err != nil {
			return fmt.Errorf("selecting the text of %s: %w", label(n), err)
		}
		return press(ctx, "Backspace")
	}))
}

// Press focuses the element and presses a named key on it, as Page.Press
// does.
func (e *Element) Press(key string) {
	e.p.t.Helper()
	e.p.check(e.p.do(func(ctx context.Context) error {
		if _, err := e.focus(ctx); err != nil {
			return err
		}
		return press(ctx, key)
	}))
}

// Text returns the text the element shows, as its innerText: the text of a
// log, an article, a dialog or a button.
func (e *Element) Text() string {
	e.p.t.Helper()
	var s string
	e.p.check(e.p.do(func(ctx context.Context) error {
		_, err := e.wait(ctx, func(ctx context.Context, n *accessibility.Node) (string, error) {
			var err error
			s, err = innerText(ctx, n)
			return "", err
		})
		return err
	}))
	return s
}

// Value returns the element's value as assistive technology reads it: what
// a textbox holds, or the chosen option of a <select>.
func (e *Element) Value() string {
	e.p.t.Helper()
	var s string
	e.p.check(e.p.do(func(ctx context.Context) error {
		n, err := e.wait(ctx, nil)
		if err != nil {
			return err
		}
		s = text(n.Value)
		return nil
	}))
	return s
}

// WaitText waits until the text the element shows contains substr.
func (e *Element) WaitText(substr string) {
	e.p.t.Helper()
	e.p.check(e.p.do(func(ctx context.Context) error {
		_, err := e.wait(ctx, func(ctx context.Context, n *accessibility.Node) (string, error) {
			s, err := innerText(ctx, n)
			if err != nil || strings.Contains(s, substr) {
				return "", err
			}
			return fmt.Sprintf("does not show %q; it shows %q", substr, shorten(s)), nil
		})
		return err
	}))
}

// WaitGone waits until the page has no such element any more, as when a
// dialog closes or a list of suggestions goes away.
func (e *Element) WaitGone() {
	e.p.t.Helper()
	e.p.check(e.p.do(func(ctx context.Context) error {
		until := waitUntil(ctx)
		for {
			nodes, err := e.matches(ctx)
			var missing *missingError
			switch {
			case errors.As(err, &missing):
				return nil // what it is inside has gone
			case err != nil:
			case e.nth == unique && len(nodes) == 0, e.nth != unique && e.pick(nodes) == nil:
				return nil
			}
			if !time.Now().Before(until) {
				return fmt.Errorf("%s is still there after %v", e, e.p.timeout)
			}
			sleep(ctx, min(poll, time.Until(until)))
		}
	}))
}

// Count returns how many elements e's role and name match now, without
// waiting; 0 if e is inside an element that is not there.
func (e *Element) Count() int {
	e.p.t.Helper()
	var count int
	e.p.check(e.p.do(func(ctx context.Context) error {
		nodes, err := e.matches(ctx)
		var missing *missingError
		if errors.As(err, &missing) {
			return nil
		}
		count = len(nodes)
		return err
	}))
	return count
}

// Options returns the names of the options the element holds, in order: the
// suggestions of a listbox, or the choices of a <select>. It waits for the
// element, not for any option.
func (e *Element) Options() []string {
	e.p.t.Helper()
	return e.names("option")
}

// MenuItems returns the names of the items of a menu, in order. It waits
// for the menu, not for any item.
func (e *Element) MenuItems() []string {
	e.p.t.Helper()
	return e.names("menuitem")
}

// names returns the names of the elements with the role that e holds.
func (e *Element) names(role string) []string {
	var names []string
	e.p.check(e.p.do(func(ctx context.Context) error {
		_, err := e.wait(ctx, func(ctx context.Context, n *accessibility.Node) (string, error) {
			found, err := query(ctx, n.BackendDOMNodeID, role, "")
			names = names[:0]
			for _, o := range found {
				names = append(names, text(o.Name))
			}
			return "", err
		})
		return err
	}))
	return names
}

// Select chooses the option with the accessible name in the element: in a
// <select>, as choosing it from the list would, with its input and change
// events; in a listbox, by clicking it.
func (e *Element) Select(option string) {
	e.p.t.Helper()
	e.p.check(e.p.do(func(ctx context.Context) error {
		n, err := e.wait(ctx, nil)
		if err != nil {
			return err
		}
		tag, err := callOn[string](ctx, n.BackendDOMNodeID, `function() { return this.localName }`)
		if err != nil {
			return err
		}
		o := e.Role("option", option)
		if tag != "select" {
			return o.click(ctx)
		}
		_, err = o.wait(ctx, func(ctx context.Context, n *accessibility.Node) (string, error) {
			if why, err := enabled(ctx, n); why != "" || err != nil {
				return why, err
			}
			_, err := callOn[bool](ctx, n.BackendDOMNodeID, `function() {
				const select = this.closest("select");
				if (this.selected) return true;
				this.selected = true;
				select.dispatchEvent(new Event("input", {bubbles: true}));
				select.dispatchEvent(new Event("change", {bubbles: true}));
				return true;
			}`)
			return "", err
		})
		return err
	}))
}

// SetFiles chooses the files at paths, on this machine, in a file input
// (<input type=file>), as a user picking them in the browser's dialog
// would: the input holds them and sends its input and change events.
func (e *Element) SetFiles(paths ...string) {
	e.p.t.Helper()
	e.p.check(e.p.do(func(ctx context.Context) error {
		n, err := e.wait(ctx, enabled)
		if err != nil {
			return err
		}
		if _, err := chromedp.Call(ctx, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: paths, BackendNodeID: n.BackendDOMNodeID}); err != nil {
			return fmt.Errorf("choosing files in %s: %w", label(n), err)
		}
		return nil
	}))
}

// Screenshot saves a PNG of the element to path, creating its directory if
// need be.
func (e *Element) Screenshot(path string) {
	e.p.t.Helper()
	e.p.check(e.p.do(func(ctx context.Context) error {
		n, err := e.wait(ctx, nil)
		if err != nil {
			return err
		}
		// The box relative to the document, which is what a clip measures
		// when the capture may reach beyond the viewport.
		box, err := callOn[page.Viewport](ctx, n.BackendDOMNodeID, `function() {
			const r = this.getBoundingClientRect(), d = this.ownerDocument.documentElement.getBoundingClientRect();
			return {x: r.left - d.left, y: r.top - d.top, width: r.width, height: r.height};
		}`)
		if err != nil {
			return err
		}
		if box.Width == 0 || box.Height == 0 {
			return fmt.Errorf("screenshot of %s: it has no size on the page", e)
		}
		// Whole pixels, so that the edges are not blurred.
		x, y := math.Floor(box.X), math.Floor(box.Y)
		clip := &page.Viewport{X: x, Y: y, Width: math.Ceil(box.X + box.Width - x), Height: math.Ceil(box.Y + box.Height - y), Scale: 1}
		png, err := capture(ctx, clip)
		if err != nil {
			return fmt.Errorf("screenshot of %s: %w", e, err)
		}
		return writePNG(path, png)
	}))
}

// click clicks e once it is ready for it.
func (e *Element) click(ctx context.Context) error {
	var x, y float64
	n, err := e.wait(ctx, func(ctx context.Context, n *accessibility.Node) (string, error) {
		if why, err := enabled(ctx, n); why != "" || err != nil {
			return why, err
		}
		var why string
		var err error
		x, y, why, err = target(ctx, n.BackendDOMNodeID)
		return why, err
	})
	if err != nil {
		return err
	}
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(x, y)); err != nil {
		return fmt.Errorf("clicking %s: %w", label(n), err)
	}
	return nil
}

// focus waits until e is enabled, focuses it and puts the caret at the end
// of what it holds.
func (e *Element) focus(ctx context.Context) (*accessibility.Node, error) {
	return e.wait(ctx, func(ctx context.Context, n *accessibility.Node) (string, error) {
		if why, err := enabled(ctx, n); why != "" || err != nil {
			return why, err
		}
		if _, err := chromedp.Call(ctx, dom.Focus, dom.FocusParams{BackendNodeID: n.BackendDOMNodeID}); err != nil {
			return "", fmt.Errorf("focusing %s: %w", label(n), err)
		}
		_, err := callOn[bool](ctx, n.BackendDOMNodeID, `function() {
			if (typeof this.setSelectionRange === "function" && typeof this.value === "string") {
				try { this.setSelectionRange(this.value.length, this.value.length) } catch {}
			}
			return true;
		}`)
		return "", err
	})
}

// A readiness says why a found element is not ready yet, or "" if it is. It
// may act on the element when it is ready, if acting twice does no harm: an
// error makes wait look again, until its deadline.
type readiness func(ctx context.Context, n *accessibility.Node) (string, error)

// enabled is the readiness of an element a user acts on.
func enabled(_ context.Context, n *accessibility.Node) (string, error) {
	if property(n, accessibility.PropertyNameDisabled) {
		return "is disabled", nil
	}
	return "", nil
}

// wait looks for e until it is there, and ready if ready is not nil, or
// until ctx ends; it then says what it looked for and what the page had
// when last looked at.
func (e *Element) wait(ctx context.Context, ready readiness) (*accessibility.Node, error) {
	start, until := time.Now(), waitUntil(ctx)
	for {
		a := e.attempt(ctx, ready)
		switch {
		case a.err == nil && a.why == "":
			return a.n, nil
		case a.final:
			return nil, a.err
		case !time.Now().Before(until):
			return nil, e.late(time.Since(start), a)
		}
		sleep(ctx, min(poll, time.Until(until)))
	}
}

// attempt is one look for an element.
type attempt struct {
	n     *accessibility.Node // the element, if found
	why   string              // why the element found is not ready
	err   error               // why no element was found, or could not be checked
	final bool                // whether err will not go away by waiting
}

// attempt looks for e once.
func (e *Element) attempt(ctx context.Context, ready readiness) attempt {
	nodes, err := e.matches(ctx)
	if err != nil {
		return attempt{err: err}
	}
	n := e.pick(nodes)
	switch {
	case n == nil && e.nth == unique && len(nodes) > 1:
		return attempt{final: true, err: fmt.Errorf("%d elements are %s: %s; look inside one (Element.Role) or pick one (Element.Nth)",
			len(nodes), e, labels(nodes))}
	case n == nil:
		return attempt{err: &missingError{what: e, found: len(nodes)}}
	case ready == nil:
		return attempt{n: n}
	}
	// An error here is most often the element going away between the look
	// and the readiness check, as a list re-renders: look again.
	why, err := ready(ctx, n)
	return attempt{n: n, why: why, err: err, final: err != nil && ctx.Err() != nil}
}

// late explains why wait gave up: what it looked for and what the page had.
func (e *Element) late(waited time.Duration, last attempt) error {
	waited = waited.Round(100 * time.Millisecond)
	if last.why != "" {
		return fmt.Errorf("%s %s after %v", e, last.why, waited)
	}
	// The step's context has ended: read the page under a context of its own.
	ctx, cancel := context.WithTimeout(e.p.ctx, 2*time.Second)
	defer cancel()
	var missing *missingError
	if errors.As(last.err, &missing) {
		return fmt.Errorf("%v after %v%s; the page has: %s", missing, waited, missing.count(), summarize(ctx))
	}
	return fmt.Errorf("looking for %s for %v: %w; the page has: %s", e, waited, last.err, summarize(ctx))
}

// matches returns the elements that e's role and name match now, inside e's
// scope, in document order.
func (e *Element) matches(ctx context.Context) ([]*accessibility.Node, error) {
	var root cdp.BackendNodeID
	if e.scope == nil {
		id, err := document(ctx)
		if err != nil {
			return nil, err
		}
		root = id
	} else {
		nodes, err := e.scope.matches(ctx)
		if err != nil {
			return nil, err
		}
		s := e.scope.pick(nodes)
		if s == nil {
			return nil, &missingError{what: e.scope, found: len(nodes)}
		}
		root = s.BackendDOMNodeID
	}
	return query(ctx, root, e.role, e.name)
}

// pick returns the match e names among nodes, or nil if there is none or,
// for an e that must be unique, more than one.
func (e *Element) pick(nodes []*accessibility.Node) *accessibility.Node {
	i := e.nth
	switch {
	case i == unique && len(nodes) == 1:
		return nodes[0]
	case i == unique:
		return nil
	case i < 0:
		i += len(nodes)
	}
	if i < 0 || i >= len(nodes) {
		return nil
	}
	return nodes[i]
}

// missingError reports that an element is not on the page.
type missingError struct {
	what  *Element
	found int // how many matched its role and name, when it wanted one of them
}

func (e *missingError) Error() string {
	return fmt.Sprintf("no %s", e.what)
}

// count says how many elements matched, where that explains the miss.
func (e *missingError) count() string {
	switch {
	case e.found > 1 && e.what.nth == unique:
		return fmt.Sprintf(" (%d elements match it, and it must be only one)", e.found)
	case e.what.nth != unique:
		return fmt.Sprintf(" (%d elements match its role and name)", e.found)
	}
	return ""
}

// labels names nodes for a message.
func labels(nodes []*accessibility.Node) string {
	names := make([]string, len(nodes))
	for i, n := range nodes {
		names[i] = label(n)
	}
	return strings.Join(names, ", ")
}

// target returns the point a click on the node lands on: its middle, once
// scrolled into view. If something else is on top there, it says what.
// The point is found by the page itself (elementFromPoint), in the
// viewport's coordinates that a mouse event takes: the protocol's own hit
// test reads them otherwise once the page has scrolled.
func target(ctx context.Context, id cdp.BackendNodeID) (x, y float64, why string, err error) {
	if _, err := chromedp.Call(ctx, dom.ScrollIntoViewIfNeeded, dom.ScrollIntoViewIfNeededParams{BackendNodeID: id}); err != nil {
		return 0, 0, "", fmt.Errorf("scrolling to the element: %w", err)
	}
	type point struct {
		X, Y float64
		On   string // what covers the middle; empty when it is the element
		Off  bool   // the element has no box, or none in the viewport
	}
	p, err := callOn[point](ctx, id, `function() {
		const r = this.getBoundingClientRect();
		const x = r.left + r.width / 2, y = r.top + r.height / 2;
		if (r.width === 0 || r.height === 0 || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return { Off: true };
		const hit = document.elementFromPoint(x, y);
		if (hit === null) return { Off: true };
		if (hit === this || this.contains(hit)) return { X: x, Y: y };
		return { On: hit.localName + (hit.id ? "#" + hit.id : "") };
	}`)
	switch {
	case err != nil:
		return 0, 0, "", fmt.Errorf("finding what is on top of the element: %w", err)
	case p.Off:
		return 0, 0, "is not on the screen", nil
	case p.On != "":
		return 0, 0, fmt.Sprintf("is covered by <%s>", p.On), nil
	}
	return p.X, p.Y, "", nil
}

// innerText returns the text the element of n shows.
func innerText(ctx context.Context, n *accessibility.Node) (string, error) {
	s, err := callOn[string](ctx, n.BackendDOMNodeID, `function() { return this.innerText ?? this.textContent }`)
	if err != nil {
		return "", fmt.Errorf("reading the text of %s: %w", label(n), err)
	}
	return s, nil
}

// shorten keeps the end of a long text for a message: the end of a log is
// where its news is.
func shorten(s string) string {
	const keep = 300
	if r := []rune(s); len(r) > keep {
		return "…" + string(r[len(r)-keep:])
	}
	return s
}

// sleep waits for d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
