package emulator_test

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// TestTheCallbackRefusesWhatTheBotsCheckRefuses: the rules the emulator
// takes from package answer beyond those it had: embed fields need a name
// and a value, a deferred update may set only EPHEMERAL, suggestions are
// strings or numbers with names localized under the service's locales.
func TestTheCallbackRefusesWhatTheBotsCheckRefuses(t *testing.T) {
	cmd, auto, button := interaction.TypeApplicationCommand, interaction.TypeApplicationCommandAutocomplete, interaction.TypeMessageComponent
	for _, tc := range []struct {
		name     string
		ixType   interaction.Type
		body     string
		wantCode int      // 0 for 204
		wantAt   []string // where the errors tree points, for 50035
	}{
		{"a field needs a name", cmd, `{"type":4,"data":{"embeds":[{"fields":[{"name":"","value":"v"}]}]}}`, 50035, []string{"data", "embeds", "0", "fields", "0", "name"}},
		{"a field needs a value", cmd, `{"type":4,"data":{"embeds":[{"fields":[{"name":"n","value":""}]}]}}`, 50035, []string{"data", "embeds", "0", "fields", "0", "value"}},
		{"a deferred update may be ephemeral", button, `{"type":6,"data":{"flags":64}}`, 0, nil},
		{"a deferred update may set only EPHEMERAL", button, `{"type":6,"data":{"flags":4}}`, 50035, []string{"data", "flags"}},
		{"a suggestion is a string or a number", auto, `{"type":8,"data":{"choices":[{"name":"c","value":true}]}}`, 50035, []string{"data", "choices", "0", "value"}},
		{"a suggestion's value has at most 100 characters", auto, `{"type":8,"data":{"choices":[{"name":"c","value":"` + strings.Repeat("v", 101) + `"}]}}`, 50035, []string{"data", "choices", "0", "value"}},
		{"a suggestion's name is localized under a known locale", auto, `{"type":8,"data":{"choices":[{"name":"c","value":"v","name_localizations":{"zz":"z"}}]}}`, 50035, []string{"data", "choices", "0", "name_localizations", "zz"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _, id, token := startAnswers(t, tc.ixType)
			resp, body := call(t, s, "POST", callbackPath(id, token), "", tc.body)
			if tc.wantCode == 0 {
				if resp.StatusCode != 204 {
					t.Fatalf("%d %v", resp.StatusCode, body)
				}
				return
			}
			if resp.StatusCode != 400 || body["code"] != float64(tc.wantCode) || !errorAt(body, tc.wantAt...) {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
		})
	}
}

// TestAFarTooLongListIsCheckedUpToItsLimit: the problems of 100000 fields
// without a name or value are those of the first 25, and the list's
// length, so that such a body costs little.
func TestAFarTooLongListIsCheckedUpToItsLimit(t *testing.T) {
	s, _, id, token := startAnswers(t, interaction.TypeApplicationCommand)
	manyFields := `[` + strings.Repeat(`{"name":"","value":""},`, 99999) + `{"name":"","value":""}]`
	_, body := call(t, s, "POST", callbackPath(id, token), "", `{"type":4,"data":{"embeds":[{"fields":`+manyFields+`}]}}`)
	errs, _ := body["errors"].(map[string]any)
	fields := errs["data"].(map[string]any)["embeds"].(map[string]any)["0"].(map[string]any)["fields"].(map[string]any)
	if len(fields) != 26 || !errorAt(body, "data", "embeds", "0", "fields", "24", "value") || errorAt(body, "data", "embeds", "0", "fields", "25", "name") {
		t.Fatalf("the fields' problems are at %d places, want the 25 fields checked and the list", len(fields))
	}
}
