package emulator_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// Rule 2.22: an entry point command, and its handler, are only for an
// application with an Activity.
func TestAnEntryPointCommandNeedsAnActivity(t *testing.T) {
	for _, tc := range []struct {
		name       string
		activities bool
		method     string
		body       string
		wantAt     [][]string // where the errors tree points; nil for success
	}{
		{"creating one without an Activity is refused at its type and handler", false, "POST",
			`{"name":"Launch","type":4,"handler":2}`, [][]string{{"type"}, {"handler"}}},
		{"creating one without a handler is refused at its type", false, "POST",
			`{"name":"Launch","type":4}`, [][]string{{"type"}}},
		{"a bulk overwrite with one is refused at that element", false, "PUT",
			`[{"name":"ping","description":"d"},{"name":"Launch","type":4,"handler":1}]`, [][]string{{"1", "type"}, {"1", "handler"}}},
		{"other commands need no Activity", false, "PUT",
			`[{"name":"ping","description":"d"},{"name":"Inspect","type":2}]`, nil},
		{"an application with an Activity overwrites its entry point", true, "PUT",
			`[{"name":"ping","description":"d"},{"name":"Launch","type":4,"handler":1}]`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startCommands(t, emulator.Config{Activities: tc.activities})
			resp, body := call(t, s, tc.method, globalPath(s), "Bot "+s.BotToken, tc.body)
			if tc.wantAt == nil {
				if resp.StatusCode/100 != 2 {
					t.Fatalf("%d %v", resp.StatusCode, body)
				}
				return
			}
			if resp.StatusCode != 400 || body["code"] != float64(50035) {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
			for _, at := range tc.wantAt {
				if !errorAt(body, at...) {
					t.Errorf("no error at %v: %v", at, body)
				}
			}
			_, raw := do(t, s, "GET", globalPath(s), "")
			if n := len(list(t, raw)); n != 0 {
				t.Errorf("a refused write left %d commands", n)
			}
		})
	}
}
