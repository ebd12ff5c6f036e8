package emulator_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// TestTheCallbackRefusesWhatTheBotsCheckRefuses: the rules the emulator
// takes from package answer beyond those it had: embed fields need a name
// and a value, a deferred update may set only the flags of an answer, suggestions are
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
		{"a deferred update may set only the flags of an answer", button, `{"type":6,"data":{"flags":16}}`, 50035, []string{"data", "flags"}},
		{"a suggestion is a string or a number", auto, `{"type":8,"data":{"choices":[{"name":"c","value":true}]}}`, 50035, []string{"data", "choices", "0", "value"}},
		{"a suggestion's value has at most 100 characters", auto, `{"type":8,"data":{"choices":[{"name":"c","value":"` + strings.Repeat("v", 101) + `"}]}}`, 50035, []string{"data", "choices", "0", "value"}},
		// The service's limits, written out here rather than taken from
		// package answer, so that a wrong limit there fails.
		{"content has at most 2000 characters", cmd, `{"type":4,"data":{"content":"` + strings.Repeat("c", 2000) + `"}}`, 0, nil},
		{"content of 2001 characters", cmd, `{"type":4,"data":{"content":"` + strings.Repeat("c", 2001) + `"}}`, 50035, []string{"data", "content"}},
		{"10 embeds", cmd, `{"type":4,"data":{"embeds":[` + strings.Repeat(`{"title":"t"},`, 9) + `{"title":"t"}]}}`, 0, nil},
		{"11 embeds", cmd, `{"type":4,"data":{"embeds":[` + strings.Repeat(`{"title":"t"},`, 10) + `{"title":"t"}]}}`, 50035, []string{"data", "embeds"}},
		{"25 fields", cmd, `{"type":4,"data":{"embeds":[{"fields":[` + strings.Repeat(`{"name":"n","value":"v"},`, 24) + `{"name":"n","value":"v"}]}]}}`, 0, nil},
		{"26 fields", cmd, `{"type":4,"data":{"embeds":[{"fields":[` + strings.Repeat(`{"name":"n","value":"v"},`, 25) + `{"name":"n","value":"v"}]}]}}`, 50035, []string{"data", "embeds", "0", "fields"}},
		{"a title of 257 characters", cmd, `{"type":4,"data":{"embeds":[{"title":"` + strings.Repeat("t", 257) + `"}]}}`, 50035, []string{"data", "embeds", "0", "title"}},
		{"a description of 4097 characters", cmd, `{"type":4,"data":{"embeds":[{"description":"` + strings.Repeat("d", 4097) + `"}]}}`, 50035, []string{"data", "embeds", "0", "description"}},
		{"a field name of 257 characters", cmd, `{"type":4,"data":{"embeds":[{"fields":[{"name":"` + strings.Repeat("n", 257) + `","value":"v"}]}]}}`, 50035, []string{"data", "embeds", "0", "fields", "0", "name"}},
		{"a field value of 1025 characters", cmd, `{"type":4,"data":{"embeds":[{"fields":[{"name":"n","value":"` + strings.Repeat("v", 1025) + `"}]}]}}`, 50035, []string{"data", "embeds", "0", "fields", "0", "value"}},
		{"a footer of 2049 characters", cmd, `{"type":4,"data":{"embeds":[{"footer":{"text":"` + strings.Repeat("f", 2049) + `"}}]}}`, 50035, []string{"data", "embeds", "0", "footer", "text"}},
		{"an author of 257 characters", cmd, `{"type":4,"data":{"embeds":[{"author":{"name":"` + strings.Repeat("a", 257) + `"}}]}}`, 50035, []string{"data", "embeds", "0", "author", "name"}},
		{"6000 characters of embeds", cmd, `{"type":4,"data":{"embeds":[{"description":"` + strings.Repeat("d", 4000) + `"},{"description":"` + strings.Repeat("d", 2000) + `"}]}}`, 0, nil},
		{"6001 characters of embeds", cmd, `{"type":4,"data":{"embeds":[{"description":"` + strings.Repeat("d", 4000) + `"},{"description":"` + strings.Repeat("d", 2001) + `"}]}}`, 50035, []string{"data", "embeds"}},
		{"25 suggestions", auto, `{"type":8,"data":{"choices":[` + strings.Repeat(`{"name":"c","value":"v"},`, 24) + `{"name":"c","value":"v"}]}}`, 0, nil},
		{"26 suggestions", auto, `{"type":8,"data":{"choices":[` + strings.Repeat(`{"name":"c","value":"v"},`, 25) + `{"name":"c","value":"v"}]}}`, 50035, []string{"data", "choices"}},
		{"a suggestion's name of 101 characters", auto, `{"type":8,"data":{"choices":[{"name":"` + strings.Repeat("n", 101) + `","value":"v"}]}}`, 50035, []string{"data", "choices", "0", "name"}},
		{"a deferral with the flags an answer may set", cmd, `{"type":5,"data":{"flags":32836}}`, 0, nil},
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

// TestADeferralKeepsOnlyEphemeralOfItsFlags: the service ignores the
// other flags of a deferral; the loading message it makes is ephemeral or
// not, and nothing else.
func TestADeferralKeepsOnlyEphemeralOfItsFlags(t *testing.T) {
	s, _, id, token := startAnswers(t, interaction.TypeApplicationCommand)
	flags := interaction.FlagSuppressEmbeds | interaction.FlagEphemeral | interaction.FlagIsComponentsV2
	if resp, body := call(t, s, "POST", callbackPath(id, token), "", `{"type":5,"data":{"flags":`+strconv.Itoa(int(flags))+`}}`); resp.StatusCode != 204 {
		t.Fatalf("%d %v", resp.StatusCode, body)
	}
	resp, body := call(t, s, "GET", webhookPath(s, token)+"/messages/@original", "", "")
	if want := float64(interaction.FlagEphemeral | interaction.FlagLoading); resp.StatusCode != 200 || body["flags"] != want {
		t.Fatalf("%d: flags %v, want %v", resp.StatusCode, body["flags"], want)
	}
}
