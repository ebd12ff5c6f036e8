package emulator_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
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

// Rule 18.16: an application with discovery enabled cannot have
// age-restricted commands, in any scope.
func TestADiscoverableApplicationHasNoAgeRestrictedCommands(t *testing.T) {
	for _, tc := range []struct {
		name         string
		discoverable bool
		guild        bool
		method       string
		body         string
		wantAt       []string // where the errors tree points; nil for success
	}{
		{"a discoverable application cannot create one", true, false, "POST", `{"name":"gore","description":"d","nsfw":true}`, []string{"nsfw"}},
		{"nor have one in a guild", true, true, "POST", `{"name":"gore","description":"d","nsfw":true}`, []string{"nsfw"}},
		{"nor overwrite its commands with one", true, false, "PUT", `[{"name":"ping","description":"d"},{"name":"gore","description":"d","nsfw":true}]`, []string{"1", "nsfw"}},
		{"its other commands are welcome", true, false, "PUT", `[{"name":"ping","description":"d","nsfw":false}]`, nil},
		{"an application that is not discoverable may have one", false, false, "POST", `{"name":"gore","description":"d","nsfw":true}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startCommands(t, emulator.Config{Discoverable: tc.discoverable})
			path := globalPath(s)
			if tc.guild {
				path = guildPath(s)
			}
			resp, body := call(t, s, tc.method, path, "Bot "+s.BotToken, tc.body)
			if tc.wantAt == nil {
				if resp.StatusCode/100 != 2 {
					t.Fatalf("%d %v", resp.StatusCode, body)
				}
				return
			}
			if resp.StatusCode != 400 || body["code"] != float64(50035) || !errorAt(body, tc.wantAt...) {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
			_, raw := do(t, s, "GET", path, "")
			if n := len(list(t, raw)); n != 0 {
				t.Errorf("a refused write left %d commands", n)
			}
		})
	}
}

// bothContexts is the configuration of an application users may install.
var bothContexts = []interaction.IntegrationType{interaction.GuildInstall, interaction.UserInstall}

// Rule 5.2: integration_types lists only the installation contexts the
// application supports.
func TestIntegrationTypesAreThoseTheApplicationSupports(t *testing.T) {
	for _, tc := range []struct {
		name     string
		contexts []interaction.IntegrationType
		method   string
		path     string // after the global commands path
		body     string
		wantAt   []string // where the errors tree points; nil for success
	}{
		{"GUILD_INSTALL is supported by default", nil, "POST", "", `{"name":"ping","description":"d","integration_types":[0]}`, nil},
		{"USER_INSTALL is not supported by default", nil, "POST", "", `{"name":"ping","description":"d","integration_types":[0,1]}`, []string{"integration_types", "1"}},
		{"a bulk overwrite names the element", nil, "PUT", "", `[{"name":"a","description":"d"},{"name":"b","description":"d","integration_types":[1]}]`, []string{"1", "integration_types", "0"}},
		{"an edit may not add it", nil, "PATCH", "/{id}", `{"integration_types":[1]}`, []string{"integration_types", "0"}},
		{"an application that supports it takes it", bothContexts, "POST", "", `{"name":"ping","description":"d","integration_types":[1]}`, nil},
		{"an edit of such an application may add it", bothContexts, "PATCH", "/{id}", `{"integration_types":[0,1]}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startCommands(t, emulator.Config{InstallationContexts: tc.contexts})
			path := globalPath(s) + tc.path
			var before string
			if strings.Contains(path, "{id}") {
				status, raw := do(t, s, "POST", globalPath(s), `{"name":"existing","description":"d"}`)
				if status != 201 {
					t.Fatalf("%d %s", status, raw)
				}
				path = strings.ReplaceAll(path, "{id}", object(t, raw)["id"].(string))
			}
			_, raw := do(t, s, "GET", globalPath(s), "")
			before = string(raw)
			resp, body := call(t, s, tc.method, path, "Bot "+s.BotToken, tc.body)
			if tc.wantAt == nil {
				if resp.StatusCode/100 != 2 {
					t.Fatalf("%d %v", resp.StatusCode, body)
				}
				return
			}
			if resp.StatusCode != 400 || body["code"] != float64(50035) || !errorAt(body, tc.wantAt...) {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
			if !strings.Contains(fmtErrors(body), "InstallationContexts") {
				t.Errorf("the error does not say how to enable USER_INSTALL: %v", body)
			}
			if _, after := do(t, s, "GET", globalPath(s), ""); string(after) != before {
				t.Errorf("a refused write changed the commands:\n%s\n%s", before, after)
			}
		})
	}
}

// fmtErrors returns the text of an error body.
func fmtErrors(body map[string]any) string {
	var b strings.Builder
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case string:
			b.WriteString(x)
			b.WriteByte('\n')
		}
	}
	walk(body)
	return b.String()
}

// Rules 2.18 and 4.6: a command without integration_types, and the
// automatic entry point command, take the application's installation
// contexts.
func TestIntegrationTypesDefaultToTheApplicationsContexts(t *testing.T) {
	for _, tc := range []struct {
		name     string
		contexts []interaction.IntegrationType
		want     []any
	}{
		{"an application with the default contexts gives GUILD_INSTALL", nil, []any{float64(0)}},
		{"an application users may install gives both", bothContexts, []any{float64(0), float64(1)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startCommands(t, emulator.Config{Activities: true, InstallationContexts: tc.contexts})
			status, raw := do(t, s, "POST", globalPath(s), `{"name":"ping","description":"d"}`)
			if status != 201 {
				t.Fatalf("%d %s", status, raw)
			}
			created := object(t, raw)
			if got, _ := created["integration_types"].([]any); !slices.Equal(got, tc.want) {
				t.Errorf("a new command: integration_types = %v, want %v", got, tc.want)
			}
			_, raw = do(t, s, "GET", globalPath(s), "")
			for _, c := range list(t, raw) {
				if got, _ := c["integration_types"].([]any); !slices.Equal(got, tc.want) {
					t.Errorf("%v: integration_types = %v, want %v", c["name"], got, tc.want)
				}
			}
			// Sending the default is no substantial change.
			explicit, _ := json.Marshal(map[string]any{"integration_types": tc.want})
			_, raw = do(t, s, "PATCH", globalPath(s)+"/"+created["id"].(string), string(explicit))
			if got := object(t, raw)["version"]; got != created["version"] {
				t.Errorf("sending the default changed the version from %v to %v", created["version"], got)
			}
		})
	}
}

func TestTheApplicationSupportsGuildInstallAlways(t *testing.T) {
	for _, tc := range []struct {
		name     string
		contexts []interaction.IntegrationType
		want     string
	}{
		{"USER_INSTALL alone is refused", []interaction.IntegrationType{interaction.UserInstall}, "GUILD_INSTALL"},
		{"an unknown context is refused", []interaction.IntegrationType{interaction.GuildInstall, 7}, "unknown installation context 7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := emulator.New(emulator.Config{InstallationContexts: tc.contexts})
			if err == nil {
				s.Close()
				t.Fatal("New accepted it")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%v, want it to mention %q", err, tc.want)
			}
		})
	}
}
