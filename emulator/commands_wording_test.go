package emulator_test

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// errorsOf flattens a 50035 body's errors tree into "path code message"
// lines, sorted, as clients flatten it.
func errorsOf(t *testing.T, raw []byte) []string {
	t.Helper()
	var body struct {
		Code   int            `json:"code"`
		Errors map[string]any `json:"errors"`
	}
	if err := json.Unmarshal(raw, &body); err != nil || body.Code != 50035 {
		t.Fatalf("not a 50035: %s", raw)
	}
	var out []string
	var walk func(path string, node map[string]any)
	walk = func(path string, node map[string]any) {
		for key, child := range node {
			if key == "_errors" {
				for _, e := range child.([]any) {
					e := e.(map[string]any)
					out = append(out, strings.TrimPrefix(path, ".")+" "+e["code"].(string)+" "+e["message"].(string))
				}
				continue
			}
			walk(path+"."+key, child.(map[string]any))
		}
	}
	walk("", body.Errors)
	sort.Strings(out)
	return out
}

// The errors tree of an invalid command says what the service's says, in
// its words where they are public (D166): lengths, names, lists, duplicate
// names, and a required field the body leaves out.
func TestCommandErrorsAreWordedAsTheService(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	long := strings.Repeat("x", 101)
	for _, tc := range []struct {
		name, method, path, body string
		want                     []string
	}{
		{"a bad name and a long description", "POST", globalPath(s),
			`{"name":"Bad Name","description":"` + long + `"}`,
			[]string{"description BASE_TYPE_BAD_LENGTH Must be between 1 and 100 in length.",
				"name APPLICATION_COMMAND_INVALID_NAME Command name is invalid"}},
		{"a slash command without a description", "POST", globalPath(s), `{"name":"ping"}`,
			[]string{"description BASE_TYPE_REQUIRED This field is required"}},
		{"a command without a name", "POST", globalPath(s), `{"description":"d"}`,
			[]string{"name BASE_TYPE_REQUIRED This field is required"}},
		{"an empty name is too short, not missing", "POST", globalPath(s), `{"name":"","description":"d"}`,
			[]string{"name BASE_TYPE_BAD_LENGTH Must be between 1 and 32 in length."}},
		{"an option without a type or a description", "POST", globalPath(s),
			`{"name":"ping","description":"d","options":[{"name":"o"}]}`,
			[]string{"options.0.description BASE_TYPE_REQUIRED This field is required",
				"options.0.type BASE_TYPE_REQUIRED This field is required"}},
		{"a bulk element without a name, beside one with a bad one", "PUT", guildPath(s),
			`[{"description":"d"},{"name":"Ping","description":"d"}]`,
			[]string{"0.name BASE_TYPE_REQUIRED This field is required",
				"1.name APPLICATION_COMMAND_INVALID_NAME Command name is invalid"}},
		{"two bulk elements of one name", "PUT", guildPath(s),
			`[{"name":"a","description":"d"},{"name":"a","description":"e"}]`,
			[]string{"1.name APPLICATION_COMMANDS_DUPLICATE_NAME Application command names must be unique"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, raw := do(t, s, tc.method, tc.path, tc.body)
			if got := errorsOf(t, raw); status != 400 || !slices.Equal(got, tc.want) {
				t.Fatalf("%d %q\nwant %q", status, got, tc.want)
			}
		})
	}

	t.Run("an edit leaves out what it does not change", func(t *testing.T) {
		status, raw := do(t, s, "POST", globalPath(s), `{"name":"kept","description":"d"}`)
		var c struct{ ID string }
		if json.Unmarshal(raw, &c); status != 201 {
			t.Fatalf("create: %d %s", status, raw)
		}
		status, raw = do(t, s, "PATCH", globalPath(s)+"/"+c.ID, `{"description":""}`)
		want := []string{"description BASE_TYPE_BAD_LENGTH Must be between 1 and 100 in length."}
		if got := errorsOf(t, raw); status != 400 || !slices.Equal(got, want) {
			t.Fatalf("%d %q\nwant %q", status, got, want)
		}
	})
}
