package emulator_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

// echoBot serves a switchboard bot with an echo command, a search command
// with autocomplete and a ban command for those who may ban, and registers
// them in the guild. It returns the bot's URL; the interactions URL is
// left to the test.
func echoBot(t *testing.T, s *target) string {
	t.Helper()
	r := router.New()
	inGuild := router.Guilds(s.GuildID)
	r.Command("echo", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		text, _ := req.Options.String("text")
		times, ok := req.Options.Int("times")
		if !ok {
			times = 1
		}
		return interaction.Reply(strings.TrimSpace(strings.Repeat(text+" ", int(times)))), nil
	}, router.Description("Says it again"), inGuild, router.Options(
		option.String("text", "What").Required(),
		option.Integer("times", "How often").Min(1).Max(3),
	))
	r.Command("search", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Defer(), nil
	}, router.Description("Search"), inGuild, router.Options(option.String("query", "What").Required().Autocomplete()))
	r.Autocomplete("search", "query", func(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		return []interaction.Choice{interaction.StringChoice(req.Focused.Text()+"!", "v")}, nil
	})
	r.Command("ban", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("banned"), nil
	}, router.Description("Ban"), inGuild, router.Permissions(interaction.PermissionBanMembers))
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.New(mux, verifier)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	body, err := mux.Definitions().JSON(command.InGuild(s.GuildID))
	if err != nil {
		t.Fatal(err)
	}
	if status, raw := do(t, s, "PUT", guildPath(s), string(body)); status != 200 {
		t.Fatalf("registering: %d %s", status, raw)
	}
	return srv.URL
}

// startEcho starts an emulator with echoBot as its bot, set as the
// interactions URL through the control API, and returns it and the bot's
// URL.
func startEcho(t *testing.T) (*target, string) {
	t.Helper()
	s := startCommands(t, emulator.Config{})
	url := echoBot(t, s)
	if status, raw := control(t, s.controlURL, "POST", "/_emulator/interactions-url", `{"url": "`+url+`"}`); status != 204 {
		t.Fatalf("the bot: %d %s", status, raw)
	}
	return s, url
}

// invokeResult is what the control API answers an invocation with.
type invokeResult struct {
	ID          string          `json:"id"`
	Token       string          `json:"token"`
	Interaction json.RawMessage `json:"interaction"`
	Status      int             `json:"status"`
	Answer      *struct {
		Type int `json:"type"`
		Data struct {
			Content string               `json:"content"`
			Choices []interaction.Choice `json:"choices"`
		} `json:"data"`
	} `json:"answer"`
	Violations []string `json:"violations"`
	Elapsed    float64  `json:"elapsed"`
	OK         bool     `json:"ok"`
	Launched   bool     `json:"launched"`
	Error      string   `json:"error"`
	Message    string   `json:"message"`
}

func invoke(t *testing.T, s *target, path, body string) (int, invokeResult) {
	t.Helper()
	status, raw := control(t, s.controlURL, "POST", path, body)
	var res invokeResult
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatalf("%s: %d %s: %v", path, status, raw, err)
	}
	return status, res
}

func TestControlAPIInvokesCommands(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	url := echoBot(t, s)
	guild := `"guild":"` + s.GuildID.String() + `"`
	echo := `{` + guild + `,"command":"echo","options":[{"name":"text","value":"hi"},{"name":"times","value":2}]}`

	if status, res := invoke(t, s, "/_emulator/invoke", echo); status != 400 || res.Error != "unknown_target" {
		t.Fatalf("without an interactions URL: %d %+v", status, res)
	}
	careless := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"type":1}`))
	}))
	defer careless.Close()
	if status, raw := control(t, s.controlURL, "POST", "/_emulator/interactions-url", `{"url":"`+careless.URL+`"}`); status != 400 || !strings.Contains(string(raw), "401") {
		t.Fatalf("a bot that checks no signature: %d %s", status, raw)
	}
	if status, raw := control(t, s.controlURL, "POST", "/_emulator/interactions-url", `{"url":"`+url+`"}`); status != 204 {
		t.Fatalf("the bot: %d %s", status, raw)
	}

	status, res := invoke(t, s, "/_emulator/invoke", echo)
	if status != 200 || !res.OK || res.Status != 200 || res.Answer == nil || res.Answer.Type != 4 || res.Answer.Data.Content != "hi hi" ||
		res.ID == "" || res.Token == "" || len(res.Violations) != 0 || res.Elapsed <= 0 || !strings.Contains(string(res.Interaction), `"name":"echo"`) {
		t.Fatalf("echo: %d %+v", status, res)
	}
	if status, raw := control(t, s.controlURL, "GET", "/_emulator/interactions/"+res.ID, ""); status != 200 || !strings.Contains(string(raw), `"content":"hi hi"`) {
		t.Fatalf("reading it back: %d %s", status, raw)
	}

	status, res = invoke(t, s, "/_emulator/autocomplete", `{`+guild+`,"command":"search","focused":"query","options":[{"name":"query","value":"go"}]}`)
	if status != 200 || !res.OK || res.Answer == nil || res.Answer.Type != 8 || len(res.Answer.Data.Choices) != 1 || res.Answer.Data.Choices[0].Name != "go!" {
		t.Fatalf("autocomplete: %d %+v", status, res)
	}

	for _, tc := range []struct {
		name, path, body string
		status           int
		kind             string
	}{
		{"a value past the maximum", "/_emulator/invoke", `{` + guild + `,"command":"echo","options":[{"name":"text","value":"x"},{"name":"times","value":9}]}`, 400, "invalid_input"},
		{"a missing required option", "/_emulator/invoke", `{` + guild + `,"command":"echo"}`, 400, "invalid_input"},
		{"an unknown command", "/_emulator/invoke", `{` + guild + `,"command":"nope"}`, 400, "unknown_command"},
		{"an unknown user", "/_emulator/invoke", `{` + guild + `,"command":"echo","user":"42"}`, 400, "unknown_target"},
		{"a member who may not ban", "/_emulator/invoke", `{` + guild + `,"command":"ban"}`, 403, "permission_denied"},
		{"autocomplete without a focused option", "/_emulator/autocomplete", `{` + guild + `,"command":"search"}`, 400, "invalid_input"},
	} {
		if status, res := invoke(t, s, tc.path, tc.body); status != tc.status || res.Error != tc.kind || res.Message == "" {
			t.Errorf("%s: %d %+v", tc.name, status, res)
		}
	}
	if status, res := invoke(t, s, "/_emulator/invoke", `{`+guild+`,"command":"echo","options":[{"name":"text","value":"x"},{"name":"times","value":[1]}]}`); status != 400 ||
		res.Error != "invalid_input" || !strings.HasPrefix(res.Message, "/options/1/value: ") {
		t.Errorf("an option value of no kind a value has: %d %+v, want invalid_input at /options/1/value", status, res)
	}
	if status, res := invoke(t, s, "/_emulator/invoke", `{`+guild+`,"command":"ban","user":"`+s.Moderator.String()+`"}`); status != 200 || !res.OK {
		t.Errorf("the moderator bans: %d %+v", status, res)
	}
	if status, raw := control(t, s.controlURL, "POST", "/_emulator/invoke", `{"command":`); status != 400 {
		t.Errorf("a body that is not JSON: %d %s", status, raw)
	}
}

func TestControlAPITakesCommandsAsTyped(t *testing.T) {
	s, _ := startEcho(t)
	guild := `"guild":"` + s.GuildID.String() + `"`
	status, res := invoke(t, s, "/_emulator/invoke", `{`+guild+`,"line":"/echo text:\"two words\" times:2"}`)
	if status != 200 || !res.OK || res.Answer == nil || res.Answer.Data.Content != "two words two words" {
		t.Fatalf("a typed command: %d %+v", status, res)
	}
	status, res = invoke(t, s, "/_emulator/autocomplete", `{`+guild+`,"line":"/search query:py"}`)
	if status != 200 || !res.OK || res.Answer == nil || len(res.Answer.Data.Choices) != 1 || res.Answer.Data.Choices[0].Name != "py!" {
		t.Fatalf("a command being typed: %d %+v", status, res)
	}
	for _, tc := range []struct {
		name, path, body string
		status           int
		kind             string
	}{
		{"a line and a command", "/_emulator/invoke", `{` + guild + `,"line":"/echo text:a","command":"echo"}`, 400, "invalid_input"},
		{"an option the command lacks", "/_emulator/invoke", `{` + guild + `,"line":"/echo words:a"}`, 400, "invalid_input"},
		{"a command the guild lacks", "/_emulator/invoke", `{` + guild + `,"line":"/nope"}`, 400, "unknown_command"},
		{"a member who may not ban", "/_emulator/invoke", `{` + guild + `,"line":"/ban"}`, 403, "permission_denied"},
		{"autocomplete with no option being typed", "/_emulator/autocomplete", `{` + guild + `,"line":"/search"}`, 400, "invalid_input"},
	} {
		if status, res := invoke(t, s, tc.path, tc.body); status != tc.status || res.Error != tc.kind || res.Message == "" {
			t.Errorf("%s: %d %+v", tc.name, status, res)
		}
	}
}

// The service launches the Activity of an entry point command with the
// SERVICE_LAUNCH_ACTIVITY handler itself: nothing reaches the bot.
func TestControlAPILaunchesTheActivity(t *testing.T) {
	s := startCommands(t, emulator.Config{Activities: true})
	status, res := invoke(t, s, "/_emulator/invoke", `{"guild":"`+s.GuildID.String()+`","command":"Launch","type":4}`)
	if status != 200 || !res.Launched || !res.OK || res.ID != "" || res.Interaction != nil && string(res.Interaction) != "null" {
		t.Fatalf("%d %+v", status, res)
	}
}

// Rule 4.5: with SERVICE_LAUNCH_ACTIVITY the service answers the
// interaction itself and posts a message to the channel, which the
// control API shows among its launches, and not among the interactions
// sent to the bot.
func TestTheServiceLaunchingAnActivityPostsAMessage(t *testing.T) {
	s := startCommands(t, emulator.Config{Activities: true})
	if status, res := invoke(t, s, "/_emulator/invoke", `{"guild":"`+s.GuildID.String()+`","command":"Launch","type":4}`); status != 200 || !res.Launched {
		t.Fatalf("%d %+v", status, res)
	}
	if status, raw := control(t, s.controlURL, "GET", "/_emulator/interactions", ""); status != 200 || string(raw) != "[]" {
		t.Fatalf("interactions sent to the bot: %d %s", status, raw)
	}
	status, raw := control(t, s.controlURL, "GET", "/_emulator/launches", "")
	var recs []struct {
		Interaction struct {
			ID        string `json:"id"`
			Type      int    `json:"type"`
			ChannelID string `json:"channel_id"`
			Data      struct {
				Name string `json:"name"`
				Type int    `json:"type"`
			} `json:"data"`
		} `json:"interaction"`
		Launched bool `json:"launched"`
		Answer   *struct {
			Type int `json:"type"`
		} `json:"answer"`
		Original  map[string]any   `json:"original"`
		Followups []map[string]any `json:"followups"`
	}
	if err := json.Unmarshal(raw, &recs); status != 200 || err != nil || len(recs) != 1 {
		t.Fatalf("%d %s", status, raw)
	}
	rec := recs[0]
	if !rec.Launched || rec.Interaction.Type != 2 || rec.Interaction.Data.Name != "Launch" || rec.Interaction.Data.Type != 4 ||
		rec.Answer == nil || rec.Answer.Type != 12 || rec.Original != nil || len(rec.Followups) != 1 {
		t.Fatalf("the launch: %s", raw)
	}
	msg := rec.Followups[0]
	meta, _ := msg["interaction_metadata"].(map[string]any)
	if msg["channel_id"] != rec.Interaction.ChannelID || msg["deleted"] != false || meta["id"] != rec.Interaction.ID {
		t.Fatalf("the message posted: %v", msg)
	}
}
