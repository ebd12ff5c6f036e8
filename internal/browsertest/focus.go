package browsertest

import (
	"context"
	"fmt"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/chromedp"
)

// Type types text, one key at a time as Element.Type does, on whatever has
// the focus, without focusing anything first: the keys of a user who types
// without clicking, into the element a page focused itself, or into the
// page when no element has the focus. A "\n" presses Enter.
func (p *Page) Type(text string) {
	p.t.Helper()
	p.check(p.do(func(ctx context.Context) error {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(text)); err != nil {
			return fmt.Errorf("typing %q: %w", text, err)
		}
		return nil
	}))
}

// WaitFocused waits until the element has the keyboard focus, as when a
// page focuses its message box on loading.
func (e *Element) WaitFocused() {
	e.p.t.Helper()
	e.p.check(e.p.do(func(ctx context.Context) error {
		_, err := e.wait(ctx, func(ctx context.Context, n *accessibility.Node) (string, error) {
			focused, elsewhere, err := hasFocus(ctx, n)
			if err != nil || focused {
				return "", err
			}
			return "does not have the focus; " + elsewhere + " has it", nil
		})
		return err
	}))
}

// Focused reports whether the element has the keyboard focus now. It waits
// for the element to be there, not for it to get the focus: use it to check
// that the focus stayed where it was.
func (e *Element) Focused() bool {
	e.p.t.Helper()
	var focused bool
	e.p.check(e.p.do(func(ctx context.Context) error {
		_, err := e.wait(ctx, func(ctx context.Context, n *accessibility.Node) (string, error) {
			var err error
			focused, _, err = hasFocus(ctx, n)
			return "", err
		})
		return err
	}))
	return focused
}

// WaitIdle waits until the element is not busy: until the page takes off
// the aria-busy it marks an element with while it updates it, as a list
// whose items are on their way.
func (e *Element) WaitIdle() {
	e.p.t.Helper()
	e.p.check(e.p.do(func(ctx context.Context) error {
		_, err := e.wait(ctx, func(_ context.Context, n *accessibility.Node) (string, error) {
			if busy(n) {
				return "is busy (aria-busy)", nil
			}
			return "", nil
		})
		return err
	}))
}

// hasFocus reports whether the element of n has the focus and, when it has
// not, describes the element that has it, as <tag#id>.
func hasFocus(ctx context.Context, n *accessibility.Node) (bool, string, error) {
	type focus struct {
		Here      bool
		Elsewhere string
	}
	f, err := callOn[focus](ctx, n.BackendDOMNodeID, `function() {
		const a = this.ownerDocument.activeElement;
		if (a === this) return { Here: true };
		return { Elsewhere: a ? "<" + a.localName + (a.id ? "#" + a.id : "") + ">" : "nothing" };
	}`)
	if err != nil {
		return false, "", fmt.Errorf("finding what has the focus: %w", err)
	}
	return f.Here, f.Elsewhere, nil
}
