package browsertest

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// keyNames maps the names Press takes, those of KeyboardEvent.key, to what
// chromedp types for them.
func keyNames() map[string]string {
	return map[string]string{
		"Enter":      kb.Enter,
		"Escape":     kb.Escape,
		"Tab":        kb.Tab,
		"Backspace":  kb.Backspace,
		"Delete":     kb.Delete,
		"ArrowUp":    kb.ArrowUp,
		"ArrowDown":  kb.ArrowDown,
		"ArrowLeft":  kb.ArrowLeft,
		"ArrowRight": kb.ArrowRight,
		"Home":       kb.Home,
		"End":        kb.End,
		"PageUp":     kb.PageUp,
		"PageDown":   kb.PageDown,
	}
}

// press presses the named key on the focused element.
func press(ctx context.Context, name string) error {
	names := keyNames()
	key, ok := names[name]
	if !ok {
		return fmt.Errorf("pressing %q: not a key Press knows; it knows %s",
			name, strings.Join(slices.Sorted(maps.Keys(names)), ", "))
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(key)); err != nil {
		return fmt.Errorf("pressing %s: %w", name, err)
	}
	return nil
}
