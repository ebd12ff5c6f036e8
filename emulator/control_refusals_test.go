package emulator_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// Every body of the control API is read alike: a field it does not have,
// bytes that are not UTF-8 and a body past 1 MiB are refused with 400,
// kind "invalid_input" and a message that names the fault, and nothing
// is done.
func TestEveryControlBodyRefusesWhatItCannotRead(t *testing.T) {
	s, url := startEcho(t)
	guild := `"guild":"` + s.GuildID.String() + `"`
	member := `"user":"` + s.Member.String() + `"`
	for _, tc := range []struct {
		name, path, body string
		want             string // in the message
	}{
		{"an invocation with a misspelt field", "/_emulator/invoke", `{` + guild + `,"command":"echo","options":[{"name":"text","value":"hi"}],"focus":"text"}`, `"focus"`},
		{"an option with a misspelt field", "/_emulator/invoke", `{` + guild + `,"command":"echo","options":[{"name":"text","vaule":"hi"}]}`, `"vaule"`},
		{"an attachment with a misspelt field", "/_emulator/invoke", `{` + guild + `,"command":"echo","options":[{"name":"text","value":{"filname":"a.png"}}]}`, `"filname"`},
		{"an option value that is not UTF-8", "/_emulator/invoke", `{` + guild + `,"command":"echo","options":[{"name":"text","value":"h` + "\xff" + `i"}]}`, "not UTF-8"},
		{"an invocation past 1 MiB", "/_emulator/invoke", `{` + guild + `,"command":"echo","options":[{"name":"text","value":"` + strings.Repeat("x", 1<<20) + `"}]}`, "over 1048576 bytes"},
		{"autocomplete with a misspelt field", "/_emulator/autocomplete", `{` + guild + `,"line":"/search query:py","focussed":"query"}`, `"focussed"`},
		{"a typed command that is not UTF-8", "/_emulator/autocomplete", `{` + guild + `,"line":"/search query:p` + "\xc3" + `"}`, "not UTF-8"},
		{"a click with a misspelt field", "/_emulator/click", `{"buton":"Yes"}`, `"buton"`},
		{"a choice that is not UTF-8", "/_emulator/choose", `{"select":"colour","values":["` + "\xff" + `"]}`, "not UTF-8"},
		{"a submission with a misspelt field", "/_emulator/submit", `{"feilds":{}}`, `"feilds"`},
		{"a dismissal with a misspelt field", "/_emulator/dismiss", `{"modl":"feedback"}`, `"modl"`},
		{"an authorization with a misspelt field", "/_emulator/authorize", `{` + member + `,"scope":["identify"]}`, `"scope"`},
		{"a revocation with a misspelt field", "/_emulator/revoke", `{"refresh":"x"}`, `"refresh"`},
		{"a deauthorization with a misspelt field", "/_emulator/deauthorize", `{"usr":"1"}`, `"usr"`},
		{"an interactions URL with a misspelt field", "/_emulator/interactions-url", `{"uri":"` + url + `"}`, `"uri"`},
		{"a fault with a misspelt field", "/_emulator/faults", `{"kind":"drop","rout":"commands"}`, `"rout"`},
		{"an events URL with a misspelt field", "/_emulator/events-url", `{"uri":"` + url + `"}`, `"uri"`},
		{"a guild installation with a misspelt field", "/_emulator/install", `{` + member + `,` + guild + `,"scope":["bot"]}`, `"scope"`},
		{"a guild installation that is not UTF-8", "/_emulator/install", `{` + member + `,` + guild + `,"scopes":["b` + "\xff" + `t"]}`, "not UTF-8"},
		{"an entitlement with a misspelt field", "/_emulator/entitlements", `{"sku":"3001",` + member + `}`, `"sku"`},
		{"an entitlement with a time that is not one", "/_emulator/entitlements", `{"sku_id":"3001","user_id":"1","ends_at":"soon"}`, "ends_at"},
		{"an end with a misspelt field", "/_emulator/entitlements/1/end", `{"end":"2026-01-01T00:00:00Z"}`, `"end"`},
		{"an end at a time that is not one", "/_emulator/entitlements/1/end", `{"ends_at":"soon"}`, "ends_at"},
		{"an end of an entitlement that is no snowflake", "/_emulator/entitlements/first/end", `{}`, "snowflake"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, raw := control(t, s.controlURL, "POST", tc.path, tc.body)
			var res struct{ Error, Message string }
			if err := json.Unmarshal(raw, &res); err != nil || status != 400 || res.Error != "invalid_input" || !strings.Contains(res.Message, tc.want) {
				t.Fatalf("%d %s, want 400 invalid_input saying %s", status, raw, tc.want)
			}
		})
	}
	// Nothing was done: no interaction was sent, no fault waits, and
	// there is no events URL.
	if status, raw := control(t, s.controlURL, "GET", "/_emulator/interactions", ""); status != 200 || string(raw) != "[]" {
		t.Fatalf("interactions: %d %s", status, raw)
	}
	if _, app := call(t, s, "GET", "/oauth2/applications/@me", "Bot "+s.BotToken, ""); app["event_webhooks_url"] != nil {
		t.Fatalf("events URL %v", app["event_webhooks_url"])
	}
	if status, raw := do(t, s, "GET", guildPath(s), ""); status != 200 {
		t.Fatalf("a request after the refusals: %d %s", status, raw)
	}
}

// The fields the package comment and the README give for invoke and
// autocomplete are all taken.
func TestTheControlAPITakesEveryDocumentedFieldOfAnInvocation(t *testing.T) {
	s, _ := startEcho(t)
	if status, raw := do(t, s, "POST", guildPath(s), `{"name":"Quote","type":3}`); status != 201 {
		t.Fatalf("registering Quote: %d %s", status, raw)
	}
	guild := `"guild":"` + s.GuildID.String() + `"`
	status, first := invoke(t, s, "/_emulator/invoke", `{`+guild+`,"line":"/echo text:hello times:3"}`)
	if status != 200 || !first.OK {
		t.Fatalf("a typed command: %d %+v", status, first)
	}
	var sent struct {
		ChannelID string `json:"channel_id"`
		Locale    string `json:"locale"`
		Member    struct {
			User struct {
				ID string `json:"id"`
			} `json:"user"`
		} `json:"member"`
		Data struct {
			Type     int    `json:"type"`
			TargetID string `json:"target_id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(first.Interaction, &sent); err != nil {
		t.Fatal(err)
	}
	channel := sent.ChannelID
	var rec struct {
		Original struct {
			ID string `json:"id"`
		} `json:"original"`
	}
	s.control(t, "GET", "/_emulator/interactions/"+first.ID, nil, 200, &rec)
	for _, tc := range []struct {
		name, path, body string
		check            func() bool // of what was sent; nil for nothing more
	}{
		{"a command with options", "/_emulator/invoke", `{"user":"` + s.Moderator.String() + `",` + guild + `,"channel":"` + channel + `","locale":"fr",` +
			`"command":"echo","type":1,"options":[{"name":"text","value":"hi"},{"name":"times","value":2}]}`,
			func() bool {
				return sent.ChannelID == channel && sent.Locale == "fr" && sent.Member.User.ID == s.Moderator.String()
			}},
		{"a command being typed", "/_emulator/autocomplete", `{` + guild + `,"command":"search","focused":"query","options":[{"name":"query","value":"go"}]}`, nil},
		{"a message command on a message", "/_emulator/invoke", `{` + guild + `,"command":"Quote","type":3,"target":"` + rec.Original.ID + `"}`,
			func() bool { return sent.Data.Type == 3 && sent.Data.TargetID == rec.Original.ID }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, res := invoke(t, s, tc.path, tc.body)
			if status != 200 || res.Error != "" || res.Status != 200 {
				t.Fatalf("%d %+v", status, res)
			}
			sent.Data.Type, sent.Data.TargetID = 0, ""
			if err := json.Unmarshal(res.Interaction, &sent); err != nil || tc.check != nil && !tc.check() {
				t.Fatalf("sent %s", res.Interaction)
			}
		})
	}
}
