package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/chromedp"
)

// document returns the backend id of the page's document. Backend ids stay
// the same for as long as their node lives, where DOM node ids change each
// time the document is asked for again, as chromedp itself does.
func document(ctx context.Context) (cdp.BackendNodeID, error) {
	doc, err := chromedp.Call(ctx, dom.GetDocument, dom.GetDocumentParams{})
	if err != nil {
		return 0, fmt.Errorf("reading the document: %w", err)
	}
	return doc.Root.BackendNodeID, nil
}

// query returns the accessible nodes under root (root excluded) with the role
// and the name, either of which may be empty to match any, in document order.
// Nodes the browser ignores for assistive technology are left out.
func query(ctx context.Context, root cdp.BackendNodeID, role, name string) ([]*accessibility.Node, error) {
	nodes, err := queryTree(ctx, root, role, name)
	if err != nil || len(nodes) > 0 || name == "" {
		return nodes, err
	}
	// Chromium's query matches a file input by its name with the input's
	// state appended ("Picture: No file chosen"), though it reports the
	// name alone: nodes are also found by the name they report.
	all, err := queryTree(ctx, root, role, "")
	if err != nil {
		return nil, err
	}
	for _, n := range all {
		if text(n.Name) == name {
			nodes = append(nodes, n)
		}
	}
	return nodes, nil
}

// queryTree asks the browser for the accessible nodes under root with the
// role and the name.
func queryTree(ctx context.Context, root cdp.BackendNodeID, role, name string) ([]*accessibility.Node, error) {
	res, err := chromedp.Call(ctx, accessibility.QueryAXTree, accessibility.QueryAXTreeParams{
		BackendNodeID:  root,
		Role:           role,
		AccessibleName: name,
	})
	if err != nil {
		return nil, fmt.Errorf("querying the accessibility tree: %w", err)
	}
	return accessible(res.Nodes, root), nil
}

// accessible keeps the nodes a user of assistive technology meets under
// root: the protocol may return nodes the browser ignores, and the root
// itself.
func accessible(nodes []*accessibility.Node, root cdp.BackendNodeID) []*accessibility.Node {
	var kept []*accessibility.Node
	for _, n := range nodes {
		if !n.Ignored && n.BackendDOMNodeID != 0 && n.BackendDOMNodeID != root {
			kept = append(kept, n)
		}
	}
	return kept
}

// text returns an accessibility value as text: a string as it is, anything
// else as its JSON.
func text(v *accessibility.Value) string {
	if v == nil || len(v.Value) == 0 {
		return ""
	}
	var s string
	if err := json.Unmarshal(v.Value, &s); err != nil {
		return string(v.Value)
	}
	return s
}

// property reports whether the boolean property is true on the node.
func property(n *accessibility.Node, name accessibility.PropertyName) bool {
	for _, p := range n.Properties {
		if p.Name == name {
			return text(p.Value) == "true"
		}
	}
	return false
}

// busy reports whether the node is marked busy (aria-busy): Chromium
// reports a busy property only then, and its value as 1 or true.
func busy(n *accessibility.Node) bool {
	for _, p := range n.Properties {
		if p.Name == accessibility.PropertyNameBusy {
			v := text(p.Value)
			return v != "" && v != "false" && v != "0"
		}
	}
	return false
}

// label returns how a node reads in messages: its role and quoted name.
func label(n *accessibility.Node) string {
	role, name := text(n.Role), text(n.Name)
	if name == "" {
		return role
	}
	return fmt.Sprintf("%s %q", role, name)
}

// notable lists the roles a summary of a page names: those a test finds
// things by. Text, paragraphs and the browser's internal roles would drown
// them.
func notable(role string) bool {
	switch role {
	case "alert", "alertdialog", "article", "banner", "button", "checkbox",
		"combobox", "complementary", "contentinfo", "dialog", "form", "grid",
		"heading", "image", "img", "link", "listbox", "log", "main", "menu", "menubar",
		"menuitem", "navigation", "option", "progressbar", "radio", "region",
		"search", "searchbox", "slider", "spinbutton", "status", "switch", "tab",
		"tablist", "tabpanel", "textbox", "timer", "toolbar", "tree", "treeitem":
		return true
	}
	return false
}

// summarySize bounds how many elements a summary names.
const summarySize = 40

// summarize says what the page holds, for a message that explains why an
// element was not found: its notable elements by role and name, in
// document order.
func summarize(ctx context.Context) string {
	root, err := document(ctx)
	if err != nil {
		return "(the page could not be read: " + err.Error() + ")"
	}
	nodes, err := query(ctx, root, "", "")
	if err != nil {
		return "(the page could not be read: " + err.Error() + ")"
	}
	var names []string
	more := 0
	for _, n := range nodes {
		if !notable(text(n.Role)) {
			continue
		}
		if len(names) == summarySize {
			more++
			continue
		}
		names = append(names, label(n))
	}
	switch {
	case len(names) == 0:
		return "nothing with a role tests look for"
	case more > 0:
		return fmt.Sprintf("%s and %d more", strings.Join(names, ", "), more)
	}
	return strings.Join(names, ", ")
}
