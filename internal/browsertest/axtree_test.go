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
