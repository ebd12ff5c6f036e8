package browsertest

import (
	"slices"
	"testing"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
)

func TestAccessible(t *testing.T) {
	node := func(id cdp.BackendNodeID, ignored bool) *accessibility.Node {
		return &accessibility.Node{BackendDOMNodeID: id, Ignored: ignored}
	}
	tests := []struct {
		name  string
		nodes []*accessibility.Node
		root  cdp.BackendNodeID
		want  []cdp.BackendNodeID
	}{
		{"nodes under the root are kept in order", []*accessibility.Node{node(3, false), node(2, false)}, 1, []cdp.BackendNodeID{3, 2}},
		{"the root itself is left out", []*accessibility.Node{node(1, false), node(2, false)}, 1, []cdp.BackendNodeID{2}},
		{"ignored nodes are left out", []*accessibility.Node{node(2, true), node(3, false)}, 1, []cdp.BackendNodeID{3}},
		{"nodes with no element are left out", []*accessibility.Node{node(0, false), node(3, false)}, 1, []cdp.BackendNodeID{3}},
		{"no nodes give none", nil, 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []cdp.BackendNodeID
			for _, n := range accessible(tt.nodes, tt.root) {
				got = append(got, n.BackendDOMNodeID)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("accessible() kept %v; want %v", got, tt.want)
			}
		})
	}
}

func TestExternal(t *testing.T) {
	tests := []struct {
		url  string
		want bool
	}{
		{"http://127.0.0.1:8080/", false},
		{"http://localhost/app.js", false},
		{"ws://[::1]:9000/events", false},
		{"data:,", false},
		{"blob:http://127.0.0.1/1234", false},
		{"about:blank", false},
		{"https://example.com/", true},
		{"http://192.0.2.1/", true},
		{"wss://example.com/socket", true},
		{"http://127.0.0.1.example.com/", true},
	}
	for _, tt := range tests {
		if got := external(tt.url); got != tt.want {
			t.Errorf("external(%q) = %v; want %v", tt.url, got, tt.want)
		}
	}
}
