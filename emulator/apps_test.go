package emulator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// twoApps starts an emulator serving a second application, "music",
// beside the first, and returns it with both applications' credentials.
func twoApps(t *testing.T, cfg emulator.Config) (*emulator.Server, emulator.Credentials, emulator.Credentials) {
	t.Helper()
	cfg.RateLimit = emulator.RateLimit{Requests: 1 << 30}
	cfg.Applications = append([]emulator.ApplicationConfig{{Name: "music"}}, cfg.Applications...)
	s, err := emulator.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	apps := s.Applications()
	if len(apps) != len(cfg.Applications)+1 {
		t.Fatalf("Applications() = %d applications; want %d", len(apps), len(cfg.Applications)+1)
	}
	return s, apps[0], apps[1]
}

// as makes a request with the Authorization header auth and returns the
// status and the raw body.
func as(t *testing.T, s *emulator.Server, auth, method, path, body string) (int, []byte) {
	t.Helper()
	h := http.Header{"Authorization": {auth}}
	if body != "" {
		h.Set("Content-Type", "application/json")
	}
	resp, raw := fetch(t, method, s.URL+path, h, []byte(body))
	return resp.StatusCode, raw
}

func TestApplicationsHaveTheirOwnCredentials(t *testing.T) {
	s, a, b := twoApps(t, emulator.Config{})
	if a.ApplicationID != s.ApplicationID.String() || a.BotToken != s.BotToken || a.PublicKey != s.PublicKey || a.Name != "emulator-bot" {
		t.Errorf("the first application's credentials %+v are not the Server's", a)
	}
	for _, pair := range [][2]string{{a.ApplicationID, b.ApplicationID}, {a.BotToken, b.BotToken}, {a.ClientSecret, b.ClientSecret}, {a.PublicKey, b.PublicKey}} {
		if pair[0] == pair[1] || pair[1] == "" {
			t.Errorf("the second application shares or lacks a credential: %q, %q", pair[0], pair[1])
		}
	}
	if b.Name != "music" || b.ClientID != b.ApplicationID || b.GuildID != a.GuildID || b.AuthorizationCode != "" {
		t.Errorf("the second application's credentials: %+v", b)
	}
	if c := s.Credentials(); c.Name != "" {
		t.Errorf("Credentials().Name = %q; want it left out, as the first line cmd/emulator prints has it", c.Name)
	}
	id, _ := interaction.ParseSnowflake(b.ApplicationID)
	if got := s.Application(id); got == nil || got.Credentials() != b {
		t.Errorf("Application(%s).Credentials() = %+v; want %+v", id, got.Credentials(), b)
	}
	if s.Application(id+1) != nil {
		t.Error("Application of an unknown id is not nil")
	}

	// Each bot is a member of the seeded guild with a managed role of
	// its own, named after it.
	for _, g := range s.Guilds() {
		if g.ID != s.GuildID {
			continue
		}
		var roles []interaction.Snowflake
		for _, m := range g.Members {
			if m.User.ID == id {
				roles = m.Roles
			}
		}
		if len(roles) != 1 {
			t.Fatalf("the second bot's roles in the guild: %v", roles)
		}
		for _, r := range g.Roles {
			if r.ID == roles[0] && (!r.Managed || r.Name != "music") {
				t.Errorf("the second bot's role %+v is not its managed role", r)
			}
		}
	}

	// GET /applications/@me is the caller's application.
	for _, c := range []emulator.Credentials{a, b} {
		status, raw := as(t, s, "Bot "+c.BotToken, "GET", "/applications/@me", "")
		var app struct {
			ID        string `json:"id"`
			VerifyKey string `json:"verify_key"`
			Bot       struct {
				Username string `json:"username"`
			} `json:"bot"`
		}
		if status != http.StatusOK || json.Unmarshal(raw, &app) != nil || app.ID != c.ApplicationID || app.VerifyKey != c.PublicKey || app.Bot.Username != c.Name {
			t.Errorf("GET /applications/@me with %s's token: %d %s", c.Name, status, raw)
		}
	}
}

func TestEachApplicationHasItsOwnCommands(t *testing.T) {
	s, a, b := twoApps(t, emulator.Config{})
	for _, c := range []emulator.Credentials{a, b} {
		status, raw := as(t, s, "Bot "+c.BotToken, "POST", "/applications/"+c.ApplicationID+"/commands", `{"name":"play","description":"Plays"}`)
		if status != http.StatusCreated {
			t.Fatalf("%s creates play: %d %s", c.Name, status, raw)
		}
	}
	for _, c := range []emulator.Credentials{a, b} {
		status, raw := as(t, s, "Bot "+c.BotToken, "GET", "/applications/"+c.ApplicationID+"/commands", "")
		var cmds []struct {
			Name          string `json:"name"`
			ApplicationID string `json:"application_id"`
		}
		if status != http.StatusOK || json.Unmarshal(raw, &cmds) != nil || len(cmds) != 1 || cmds[0].ApplicationID != c.ApplicationID {
			t.Errorf("%s lists its commands: %d %s; want its play alone", c.Name, status, raw)
		}
	}

	// A bot's token on another application's path is refused as the
	// service refuses it: 403, 20012.
	for _, path := range []string{"/commands", "/guilds/" + a.GuildID + "/commands"} {
		status, raw := as(t, s, "Bot "+a.BotToken, "GET", "/applications/"+b.ApplicationID+path, "")
		var e struct {
			Code int `json:"code"`
		}
		if status != http.StatusForbidden || json.Unmarshal(raw, &e) != nil || e.Code != 20012 {
			t.Errorf("the first bot on the second's %s: %d %s; want 403 20012", path, status, raw)
		}
	}
}

func TestAClientCredentialsTokenActsForItsApplication(t *testing.T) {
	s, _, b := twoApps(t, emulator.Config{})
	form := url.Values{"grant_type": {"client_credentials"}, "scope": {"applications.commands.update"}}
	h := http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}
	req, _ := http.NewRequest("POST", s.URL+"/oauth2/token", strings.NewReader(form.Encode()))
	req.Header = h
	req.SetBasicAuth(b.ClientID, b.ClientSecret)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	err = json.NewDecoder(resp.Body).Decode(&tok)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the second application's client credentials: %d %v", resp.StatusCode, err)
	}
	status, raw := as(t, s, "Bearer "+tok.AccessToken, "POST", "/applications/"+b.ApplicationID+"/commands", `{"name":"queue","description":"Lists"}`)
	if status != http.StatusCreated {
		t.Fatalf("the bearer token creates a command of its application: %d %s", status, raw)
	}
	status, raw = as(t, s, "Bearer "+tok.AccessToken, "GET", "/applications/"+s.ApplicationID.String()+"/commands", "")
	if status != http.StatusForbidden {
		t.Errorf("the bearer token of the second application on the first's commands: %d %s; want 403", status, raw)
	}
}

func TestABotPostsAsItself(t *testing.T) {
	s, a, b := twoApps(t, emulator.Config{})
	var general interaction.Snowflake
	for _, g := range s.Guilds() {
		for _, c := range g.Channels {
			if g.ID == s.GuildID && c.Name == "general" {
				general = c.ID
			}
		}
	}
	for _, c := range []emulator.Credentials{a, b} {
		status, raw := as(t, s, "Bot "+c.BotToken, "POST", "/channels/"+general.String()+"/messages", `{"content":"hello from `+c.Name+`"}`)
		var m struct {
			Author struct {
				ID string `json:"id"`
			} `json:"author"`
		}
		if status != http.StatusOK || json.Unmarshal(raw, &m) != nil || m.Author.ID != c.ApplicationID {
			t.Errorf("%s posts: %d %s; want its bot the author", c.Name, status, raw)
		}
	}
}

func TestApplicationsAreRefusedWhatTheyAreNot(t *testing.T) {
	for _, tc := range []struct {
		name string
		apps []emulator.ApplicationConfig
		want string
	}{
		{"a bad key", []emulator.ApplicationConfig{{SigningKey: []byte("short")}}, "Config.Applications[0]: the signing key"},
		{"no GUILD_INSTALL", []emulator.ApplicationConfig{{InstallationContexts: []interaction.IntegrationType{interaction.UserInstall}}}, "Config.Applications[0]: Config.InstallationContexts must include"},
		{"a bot's name", []emulator.ApplicationConfig{{Name: "emulator-bot"}}, `the name "emulator-bot" is another bot's`},
		{"twice the same name", []emulator.ApplicationConfig{{Name: "x"}, {Name: "x"}}, `Config.Applications[1]: the name "x"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := emulator.New(emulator.Config{Applications: tc.apps})
			if err == nil {
				s.Close()
				t.Fatal("New took it")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("New: %v; want it to say %q", err, tc.want)
			}
		})
	}
}

// appBot is a bot of one application, written with the standard library:
// it verifies each interaction with its application's public key, keeps
// what it got with the signature headers, and answers with a message
// that has a button "vote".
type appBot struct {
	mu       sync.Mutex
	got      []*interaction.Interaction
	bodies   [][]byte
	sigs     [][2]string
	verifier *interaction.Verifier
}

// serveAppBot serves an appBot for the application c and sets it as the
// application's interactions URL.
func serveAppBot(t *testing.T, s *emulator.Server, c emulator.Credentials) *appBot {
	t.Helper()
	v, err := interaction.NewVerifier(c.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	b := &appBot{verifier: v}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		sig, ts := r.Header.Get("X-Signature-Ed25519"), r.Header.Get("X-Signature-Timestamp")
		if v.Verify([]byte(sig), []byte(ts), body) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		ix := new(interaction.Interaction)
		if err := interaction.Decode(body, ix); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if ix.Type == interaction.TypePing {
			w.Write([]byte(`{"type":1}`))
			return
		}
		b.mu.Lock()
		b.got, b.bodies, b.sigs = append(b.got, ix), append(b.bodies, body), append(b.sigs, [2]string{sig, ts})
		b.mu.Unlock()
		if ix.Type == interaction.TypeMessageComponent {
			w.Write([]byte(`{"type":6}`))
			return
		}
		w.Write([]byte(`{"type":4,"data":{"content":"` + c.Name + `","components":[{"type":1,"components":[{"type":2,"style":1,"label":"Vote","custom_id":"vote"}]}]}}`))
	}))
	t.Cleanup(srv.Close)
	id, _ := interaction.ParseSnowflake(c.ApplicationID)
	if err := s.Application(id).SetInteractionsURL(context.Background(), srv.URL); err != nil {
		t.Fatal(err)
	}
	return b
}

// last returns what the bot got last, nil for nothing, and how many.
func (b *appBot) last() (*interaction.Interaction, []byte, [2]string, int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.got) == 0 {
		return nil, nil, [2]string{}, 0
	}
	n := len(b.got) - 1
	return b.got[n], b.bodies[n], b.sigs[n], len(b.got)
}

func TestACommandOfTwoApplicationsIsTheUsersToChoose(t *testing.T) {
	s, a, b := twoApps(t, emulator.Config{})
	for _, c := range []emulator.Credentials{a, b} {
		if status, raw := as(t, s, "Bot "+c.BotToken, "POST", "/applications/"+c.ApplicationID+"/commands", `{"name":"play","description":"Plays"}`); status != http.StatusCreated {
			t.Fatalf("%s creates play: %d %s", c.Name, status, raw)
		}
	}
	botA, botB := serveAppBot(t, s, a), serveAppBot(t, s, b)
	idA, _ := interaction.ParseSnowflake(a.ApplicationID)
	idB, _ := interaction.ParseSnowflake(b.ApplicationID)

	offered, err := s.Offered(emulator.Invocation{})
	if err != nil || len(offered) != 2 || offered[0].ApplicationID != idA || offered[1].ApplicationID != idB {
		t.Errorf("Offered: %v, %v; want both plays, the first application's first", offered, err)
	}

	_, err = s.Invoke(context.Background(), emulator.Invocation{Command: "play"})
	if !errors.Is(err, emulator.ErrInvalidInput) || !strings.Contains(err.Error(), "emulator-bot ("+a.ApplicationID+")") ||
		!strings.Contains(err.Error(), "music ("+b.ApplicationID+")") {
		t.Fatalf("Invoke of a name two applications have: %v; want a refusal naming both", err)
	}
	if _, _, _, n := botA.last(); n != 0 {
		t.Fatalf("the refused invocation reached a bot")
	}

	res, err := s.Invoke(context.Background(), emulator.Invocation{Command: "play", Application: idB})
	if err != nil || !res.OK() {
		t.Fatalf("Invoke for the second application: %v %+v", err, res)
	}
	ix, body, sig, n := botB.last()
	if n != 1 || ix.ApplicationID != idB || res.Interaction.ApplicationID != idB {
		t.Fatalf("the second bot got %d interactions, the last %+v", n, ix)
	}
	if _, _, _, n := botA.last(); n != 0 {
		t.Errorf("the first bot got the second's interaction")
	}
	if botA.verifier.Verify([]byte(sig[0]), []byte(sig[1]), body) == nil {
		t.Error("the second application's interaction verifies with the first's key")
	}

	// The interaction's token reaches its record under its
	// application's id alone.
	token := res.Interaction.Token
	if status, raw := as(t, s, "", "POST", "/webhooks/"+a.ApplicationID+"/"+token, `{"content":"more"}`); status != http.StatusUnauthorized {
		t.Errorf("a follow-up under the other application's id: %d %s; want 401", status, raw)
	}
	status, raw := as(t, s, "", "POST", "/webhooks/"+b.ApplicationID+"/"+token+"?wait=true", `{"content":"more"}`)
	var followup struct {
		Author struct {
			ID string `json:"id"`
		} `json:"author"`
		ApplicationID string `json:"application_id"`
	}
	if status != http.StatusOK || json.Unmarshal(raw, &followup) != nil || followup.Author.ID != b.ApplicationID || followup.ApplicationID != b.ApplicationID {
		t.Errorf("a follow-up of the second application: %d %s; want its bot the author", status, raw)
	}

	// A command one application alone has needs no Application.
	if status, raw := as(t, s, "Bot "+a.BotToken, "POST", "/applications/"+a.ApplicationID+"/commands", `{"name":"warn","description":"Warns"}`); status != http.StatusCreated {
		t.Fatalf("creating warn: %d %s", status, raw)
	}
	if res, err := s.Invoke(context.Background(), emulator.Invocation{Command: "warn"}); err != nil || res.Interaction.ApplicationID != idA {
		t.Fatalf("Invoke of the first application's own command: %v", err)
	}
	if _, _, _, n := botA.last(); n != 1 {
		t.Errorf("the first bot got %d interactions; want its warn", n)
	}

	// A component answers to the application whose message it is.
	resA, err := s.Invoke(context.Background(), emulator.Invocation{Command: "play", Application: idA})
	if err != nil || !resA.OK() {
		t.Fatalf("Invoke for the first application: %v", err)
	}
	for _, tc := range []struct {
		res *emulator.Result
		bot *appBot
		id  interaction.Snowflake
	}{{res, botB, idB}, {resA, botA, idA}} {
		rec, ok := s.Interaction(tc.res.Interaction.ID)
		if !ok || rec.Original == nil {
			t.Fatalf("no original message of %s", tc.res.Interaction.ID)
		}
		if _, err := s.Click(context.Background(), emulator.Click{Message: rec.Original.ID, Button: "vote"}); err != nil {
			t.Fatalf("clicking vote on %s's message: %v", tc.id, err)
		}
		ix, _, _, _ := tc.bot.last()
		if ix.Type != interaction.TypeMessageComponent || ix.ApplicationID != tc.id || ix.Message == nil || ix.Message.Author.ID != tc.id {
			t.Errorf("the click on %s's message reached %+v", tc.id, ix)
		}
	}
}

func TestEachBotHasItsOwnGatewayAndSeesTheOthers(t *testing.T) {
	s, a, b := twoApps(t, emulator.Config{})
	const messages, content = 1 << 9, 1 << 15
	botA, readyA, guildsA := connectGatewayAt(t, s.URL, a.BotToken, messages|content)
	botB, readyB, _ := connectGatewayAt(t, s.URL, b.BotToken, messages)
	for _, tc := range []struct {
		ready map[string]any
		c     emulator.Credentials
	}{{readyA, a}, {readyB, b}} {
		user, app := tc.ready["user"].(map[string]any), tc.ready["application"].(map[string]any)
		if user["id"] != tc.c.ApplicationID || user["username"] != tc.c.Name || app["id"] != tc.c.ApplicationID {
			t.Errorf("READY of %s: user %v, application %v", tc.c.Name, user, app)
		}
	}
	sessions := s.GatewaySessions()
	if len(sessions) != 2 || sessions[0].Application == sessions[1].Application {
		t.Errorf("GatewaySessions: %+v; want one of each application", sessions)
	}

	var general string
	for _, c := range guildsA[0]["channels"].([]any) {
		if c := c.(map[string]any); c["name"] == "general" {
			general = c["id"].(string)
		}
	}
	if status, raw := as(t, s, "Bot "+a.BotToken, "POST", "/channels/"+general+"/messages", `{"content":"hello, music"}`); status != http.StatusOK {
		t.Fatalf("the first bot posts: %d %s", status, raw)
	}
	// Each session hears of it once; the second, without
	// MESSAGE_CONTENT, reads no content of another bot's message.
	for _, tc := range []struct {
		bot     *gatewayBot
		content string
	}{{botA, "hello, music"}, {botB, ""}} {
		d := tc.bot.dispatch("MESSAGE_CREATE")
		if d["author"].(map[string]any)["id"] != a.ApplicationID || d["content"] != tc.content {
			t.Errorf("MESSAGE_CREATE: author %v, content %q; want the first bot's, %q", d["author"], d["content"], tc.content)
		}
	}
	// The second bot's own message: its content whatever its intents,
	// and once to each session.
	if status, raw := as(t, s, "Bot "+b.BotToken, "POST", "/channels/"+general+"/messages", `{"content":"now playing"}`); status != http.StatusOK {
		t.Fatalf("the second bot posts: %d %s", status, raw)
	}
	for _, bot := range []*gatewayBot{botA, botB} {
		if d := bot.dispatch("MESSAGE_CREATE"); d["author"].(map[string]any)["id"] != b.ApplicationID || d["content"] != "now playing" {
			t.Errorf("MESSAGE_CREATE: author %v, content %q", d["author"], d["content"])
		}
	}

	// An interaction of the second application goes to its session
	// alone.
	if status, raw := as(t, s, "Bot "+b.BotToken, "POST", "/applications/"+b.ApplicationID+"/commands", `{"name":"play","description":"Plays"}`); status != http.StatusCreated {
		t.Fatalf("creating play: %d %s", status, raw)
	}
	idB, _ := interaction.ParseSnowflake(b.ApplicationID)
	done := make(chan error, 1)
	go func() {
		_, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: "play", Application: idB})
		done <- err
	}()
	ix := botB.dispatch("INTERACTION_CREATE")
	if ix["application_id"] != b.ApplicationID {
		t.Errorf("INTERACTION_CREATE of application %v", ix["application_id"])
	}
	status, raw := as(t, s, "", "POST", "/interactions/"+ix["id"].(string)+"/"+ix["token"].(string)+"/callback", `{"type":4,"data":{"content":"playing"}}`)
	if status != http.StatusNoContent {
		t.Fatalf("the callback: %d %s", status, raw)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// The answer is a message the first session hears of next, the
	// interaction having gone to the second alone.
	if d := botA.dispatch("MESSAGE_CREATE"); d["author"].(map[string]any)["id"] != b.ApplicationID {
		t.Errorf("the first session's next event: %v", d)
	}
}

func TestResetAndRestoreKeepEveryApplication(t *testing.T) {
	s, a, b := twoApps(t, emulator.Config{})
	for _, c := range []emulator.Credentials{a, b} {
		if status, raw := as(t, s, "Bot "+c.BotToken, "POST", "/applications/"+c.ApplicationID+"/commands", `{"name":"play","description":"Plays"}`); status != http.StatusCreated {
			t.Fatalf("%s creates play: %d %s", c.Name, status, raw)
		}
	}
	snap, err := s.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	commands := func(c emulator.Credentials) int {
		t.Helper()
		status, raw := as(t, s, "Bot "+c.BotToken, "GET", "/applications/"+c.ApplicationID+"/commands", "")
		var cmds []any
		if status != http.StatusOK || json.Unmarshal(raw, &cmds) != nil {
			t.Fatalf("%s lists its commands: %d %s", c.Name, status, raw)
		}
		return len(cmds)
	}
	s.Reset()
	if got := s.Applications(); len(got) != 2 || got[0] != a || got[1] != b {
		t.Fatalf("after Reset, Applications() = %+v; want the same two", got)
	}
	if n, m := commands(a), commands(b); n != 0 || m != 0 {
		t.Errorf("after Reset, the applications have %d and %d commands; want none", n, m)
	}
	idB, _ := interaction.ParseSnowflake(b.ApplicationID)
	offered, err := s.Offered(emulator.Invocation{Guild: s.GuildID, Application: idB})
	if err != nil || len(offered) != 0 {
		t.Errorf("Offered for the second application after Reset: %v, %v", offered, err)
	}
	if err := s.Restore(snap); err != nil {
		t.Fatal(err)
	}
	if got := s.Applications(); len(got) != 2 || got[1] != b {
		t.Fatalf("after Restore, Applications() = %+v", got)
	}
	if n, m := commands(a), commands(b); n != 1 || m != 1 {
		t.Errorf("after Restore, the applications have %d and %d commands; want their play", n, m)
	}
	// The second bot is still a member with its role, and posts.
	var general interaction.Snowflake
	for _, g := range s.Guilds() {
		for _, c := range g.Channels {
			if g.ID == s.GuildID && c.Name == "general" {
				general = c.ID
			}
		}
	}
	if status, raw := as(t, s, "Bot "+b.BotToken, "POST", "/channels/"+general.String()+"/messages", `{"content":"back"}`); status != http.StatusOK {
		t.Errorf("the second bot posts after Restore: %d %s", status, raw)
	}
}

func TestTheControlAPIServesEveryApplication(t *testing.T) {
	s, a, b := twoApps(t, emulator.Config{})
	base := strings.TrimSuffix(s.URL, "/v10")
	status, raw := control(t, base, "GET", "/_emulator/applications", "")
	var got struct {
		Applications []emulator.Credentials `json:"applications"`
	}
	if status != http.StatusOK || json.Unmarshal(raw, &got) != nil || len(got.Applications) != 2 ||
		got.Applications[0] != a || got.Applications[1] != b {
		t.Fatalf("GET /_emulator/applications: %d %s", status, raw)
	}
	for _, c := range []emulator.Credentials{a, b} {
		if status, raw := as(t, s, "Bot "+c.BotToken, "POST", "/applications/"+c.ApplicationID+"/commands", `{"name":"play","description":"Plays"}`); status != http.StatusCreated {
			t.Fatalf("%s creates play: %d %s", c.Name, status, raw)
		}
	}
	botB := serveAppBot(t, s, b)
	status, raw = control(t, base, "POST", "/_emulator/invoke", `{"command":"play"}`)
	if status != http.StatusBadRequest || !strings.Contains(string(raw), "invalid_input") || !strings.Contains(string(raw), "music") {
		t.Errorf("an ambiguous invoke: %d %s; want 400 naming the applications", status, raw)
	}
	status, raw = control(t, base, "POST", "/_emulator/invoke", `{"command":"play","application":"`+b.ApplicationID+`"}`)
	if ix, _, _, n := botB.last(); status != http.StatusOK || n != 1 || ix.ApplicationID.String() != b.ApplicationID {
		t.Errorf("an invoke for the second application: %d %s", status, raw)
	}
}

// appClientToken returns a client credentials token of the application c,
// granting scope.
func appClientToken(t *testing.T, s *emulator.Server, c emulator.Credentials, scope string) string {
	t.Helper()
	form := url.Values{"grant_type": {"client_credentials"}, "scope": {scope}}
	req, _ := http.NewRequest("POST", s.URL+"/oauth2/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(c.ClientID, c.ClientSecret)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&tok); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%s's client credentials: %d %v", c.Name, resp.StatusCode, err)
	}
	return tok.AccessToken
}

// musicWorld starts an emulator with a second application, "music", with
// a SKU of its own; each application has a command "play", and music has
// a client credentials token and an entitlement. It returns the server,
// both applications' credentials and music's token.
func musicWorld(t *testing.T) (*emulator.Server, emulator.Credentials, emulator.Credentials, string) {
	t.Helper()
	s, err := emulator.New(emulator.Config{RateLimit: emulator.RateLimit{Requests: 1 << 30},
		Applications: []emulator.ApplicationConfig{{Name: "music", SKUs: []emulator.SKU{{Type: 2, Name: "Encore", Flags: 1 << 2}}}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	apps := s.Applications()
	a, b := apps[0], apps[1]
	for _, c := range apps {
		if status, raw := as(t, s, "Bot "+c.BotToken, "POST", "/applications/"+c.ApplicationID+"/commands", `{"name":"play","description":"Plays"}`); status != http.StatusCreated {
			t.Fatalf("%s creates play: %d %s", c.Name, status, raw)
		}
	}
	token := appClientToken(t, s, b, "applications.commands.update")
	status, raw := as(t, s, "Bot "+b.BotToken, "GET", "/applications/"+b.ApplicationID+"/skus", "")
	var skus []struct {
		ID   string `json:"id"`
		Type int    `json:"type"`
	}
	if status != http.StatusOK || json.Unmarshal(raw, &skus) != nil || len(skus) == 0 {
		t.Fatalf("music's SKUs: %d %s", status, raw)
	}
	body := `{"sku_id":"` + skus[0].ID + `","owner_id":"` + a.GuildID + `","owner_type":1}`
	if status, raw := as(t, s, "Bot "+b.BotToken, "POST", "/applications/"+b.ApplicationID+"/entitlements", body); status != http.StatusOK {
		t.Fatalf("music's test entitlement: %d %s", status, raw)
	}
	return s, a, b, token
}

// holds reports what the application c holds on s: its commands, its
// entitlements, and whether token lists its commands.
func holds(t *testing.T, s *emulator.Server, c emulator.Credentials, token string) (commands, entitlements int, tokenWorks bool) {
	t.Helper()
	count := func(auth, path string) (int, int) {
		status, raw := as(t, s, auth, "GET", "/applications/"+c.ApplicationID+path, "")
		var list []any
		json.Unmarshal(raw, &list)
		return status, len(list)
	}
	_, commands = count("Bot "+c.BotToken, "/commands")
	_, entitlements = count("Bot "+c.BotToken, "/entitlements")
	if token != "" {
		status, _ := count("Bearer "+token, "/commands")
		tokenWorks = status == http.StatusOK
	}
	return commands, entitlements, tokenWorks
}

// A snapshot holds every application's own state: a server started from
// it, and a server it is restored into, have the second application's
// commands, token and entitlement, and write the same bytes.
func TestASnapshotHoldsEveryApplication(t *testing.T) {
	s, a, b, token := musicWorld(t)
	snap, err := s.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, s *emulator.Server) {
		t.Helper()
		got := s.Applications()
		for i := range got {
			got[i].BaseURL = a.BaseURL // another server's
		}
		if len(got) != 2 || got[0] != a || got[1] != b {
			t.Fatalf("%s: Applications() = %+v; want the same two", name, got)
		}
		if n, _, _ := holds(t, s, a, ""); n != 1 {
			t.Errorf("%s: the first application has %d commands; want its play", name, n)
		}
		if n, e, ok := holds(t, s, b, token); n != 1 || e != 1 || !ok {
			t.Errorf("%s: music has %d commands and %d entitlements, its token working %v; want 1, 1, true", name, n, e, ok)
		}
	}

	s2, err := emulator.New(emulator.Config{State: snap, Applications: []emulator.ApplicationConfig{{Name: "music"}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s2.Close() })
	check("started from the snapshot", s2)
	if snap2, _ := s2.Snapshot(); !bytes.Equal(snap, snap2) {
		t.Errorf("the snapshot of a server started from one differs:\n%s\n\n%s", snap, snap2)
	}

	s.Reset()
	if n, e, ok := holds(t, s, b, token); n != 0 || e != 0 || ok {
		t.Errorf("after Reset, music has %d commands and %d entitlements, its token working %v; want none", n, e, ok)
	}
	if err := s.Restore(snap); err != nil {
		t.Fatal(err)
	}
	check("restored", s)

	// A snapshot of version 1 holds the first application alone: music
	// keeps its credentials and starts again.
	var doc map[string]any
	json.Unmarshal(snap, &doc)
	doc["version"] = 1
	delete(doc, "applications")
	delete(doc, "baseline")
	v1, _ := json.Marshal(doc)
	if err := s.Restore(v1); err != nil {
		t.Fatalf("a snapshot of version 1: %v", err)
	}
	if n, _, _ := holds(t, s, a, ""); n != 1 {
		t.Errorf("after a snapshot of version 1, the first application has %d commands; want its play", n)
	}
	if n, e, ok := holds(t, s, b, token); n != 0 || e != 0 || ok {
		t.Errorf("after a snapshot of version 1, music has %d commands and %d entitlements, its token working %v; want none", n, e, ok)
	}
	if got := s.Applications(); len(got) != 2 || got[1] != b {
		t.Errorf("after a snapshot of version 1, Applications() = %+v", got)
	}
}

// A snapshot of several applications is refused where it is wrong, and
// by a server of other applications.
func TestASnapshotOfSeveralApplicationsIsRefused(t *testing.T) {
	s, a, b, _ := musicWorld(t)
	snap, err := s.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(app map[string]any, doc map[string]any)) []byte {
		var doc map[string]any
		if err := json.Unmarshal(snap, &doc); err != nil {
			t.Fatal(err)
		}
		f(doc["applications"].([]any)[0].(map[string]any), doc)
		out, _ := json.Marshal(doc)
		return out
	}
	first := func(app map[string]any, key string) map[string]any {
		return app[key].([]any)[0].(map[string]any)
	}
	for _, tc := range []struct {
		name string
		doc  []byte
		want string
	}{
		{"a command of another application", edit(func(app, _ map[string]any) {
			first(first(app, "commands"), "commands")["application_id"] = a.ApplicationID
		}), "applications[0].commands[0].commands[0].application_id: " + a.ApplicationID + ", not the application's id " + b.ApplicationID},
		{"an entitlement of another application", edit(func(app, _ map[string]any) {
			first(app, "entitlements")["application_id"] = a.ApplicationID
		}), "applications[0].entitlements[0].application_id"},
		{"a bot role of nothing", edit(func(app, _ map[string]any) { first(app, "guilds")["bot_role_id"] = "77" }),
			"applications[0].guilds[0].bot_role_id: role 77 is not a role of guild " + a.GuildID},
		{"a guild of nothing", edit(func(app, _ map[string]any) { first(app, "guilds")["guild_id"] = "78" }),
			"applications[0].guilds[0].guild_id: guild 78 is not a guild of the snapshot"},
		{"the first's token", edit(func(app, _ map[string]any) { app["bot_token"] = s.BotToken }),
			"applications[0].bot_token: the bot token of application " + a.ApplicationID},
		{"a bad key", edit(func(app, _ map[string]any) { app["signing_key"] = "00" }), "applications[0].signing_key"},
		{"a token twice", edit(func(app, doc map[string]any) {
			doc["tokens"] = app["tokens"]
		}), "applications[0].tokens[0].token: listed twice"},
		{"a baseline of other applications", edit(func(_, doc map[string]any) {
			delete(doc["baseline"].(map[string]any), "applications")
		}), "baseline.applications"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := s.Restore(tc.doc)
			var se *emulator.StateError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Restore: %v; want a StateError saying %q", err, tc.want)
			}
			if after, _ := s.Snapshot(); !bytes.Equal(after, snap) {
				t.Error("the refused snapshot changed the world")
			}
		})
	}

	// A server of one application refuses the snapshot of two, and one
	// of two the snapshot of one of version 2.
	one, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	if err := one.Restore(edit(func(_, doc map[string]any) { doc["application"].(map[string]any)["id"] = one.ApplicationID.String() })); !errors.Is(err, emulator.ErrOtherApplication) {
		t.Errorf("a server of one application restores a snapshot of two: %v", err)
	}
	if err := s.Restore(edit(func(_, doc map[string]any) { delete(doc, "applications") })); !errors.Is(err, emulator.ErrOtherApplication) {
		t.Errorf("a server of two applications restores a snapshot of version 2 of one: %v", err)
	}
}

func TestConfigApplicationsMatchTheState(t *testing.T) {
	s, _, _, _ := musicWorld(t)
	snap, err := s.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		apps []emulator.ApplicationConfig
		want string // "" for a match
	}{
		{"none", nil, ""},
		{"the same", []emulator.ApplicationConfig{{Name: "music", EventsURL: "http://127.0.0.1:1/events"}}, ""},
		{"unnamed", []emulator.ApplicationConfig{{}}, ""},
		{"another name", []emulator.ApplicationConfig{{Name: "mod"}}, `Config.Applications[0]: the name "mod", and the snapshot's application`},
		{"one more", []emulator.ApplicationConfig{{Name: "music"}, {Name: "mod"}}, "Config.Applications gives 2 applications beside the first, and the snapshot holds 1"},
		{"SKUs", []emulator.ApplicationConfig{{SKUs: []emulator.SKU{}}}, "Config.Applications[0]: SKUs, and the snapshot holds"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s2, err := emulator.New(emulator.Config{State: snap, Applications: tc.apps})
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				s2.Close()
				return
			}
			if err == nil {
				s2.Close()
				t.Fatal("New took it")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("New: %v; want it to say %q", err, tc.want)
			}
		})
	}
}

// The control API acts for the application its body names, the first
// when it names none.
func TestControlBodiesNameTheirApplication(t *testing.T) {
	s, a, b, _ := musicWorld(t)
	base := strings.TrimSuffix(s.URL, "/v10")
	idB, _ := interaction.ParseSnowflake(b.ApplicationID)
	music := s.Application(idB)
	sku := music.SKUs()[0].ID.String()
	events := make(chan string, 8)
	eventsSrv := serveEvents(t, b.PublicKey, events)

	for _, tc := range []struct {
		name, path, body string
		status           int
		want             string // in the answer
	}{
		{"events-url", "/_emulator/events-url", `{"url":"` + eventsSrv + `","application":"` + b.ApplicationID + `"}`, 204, ""},
		{"entitlement", "/_emulator/entitlements", `{"sku_id":"` + sku + `","user_id":"` + s.Member.String() + `","application":"` + b.ApplicationID + `"}`, 200, `"application_id":"` + b.ApplicationID + `"`},
		{"the first has no such SKU", "/_emulator/entitlements", `{"sku_id":"` + sku + `","user_id":"` + s.Member.String() + `"}`, 400, "unknown_target"},
		{"authorize", "/_emulator/authorize", `{"user":"` + s.Member.String() + `","scopes":["identify"],"application":"` + b.ApplicationID + `"}`, 200, `"code"`},
		{"deauthorize", "/_emulator/deauthorize", `{"user":"` + s.Member.String() + `","application":"` + b.ApplicationID + `"}`, 204, ""},
		{"revoke", "/_emulator/revoke", `{"refresh_token":"none","application":"` + b.ApplicationID + `"}`, 200, `"revoked":false`},
		{"install", "/_emulator/install", `{"user":"` + s.Admin.String() + `","guild":"` + s.GuildID.String() + `","scopes":["applications.commands"],"application":"` + b.ApplicationID + `"}`, 204, ""},
		{"interactions-url of no application", "/_emulator/interactions-url", `{"url":"","application":"1"}`, 400, "no application 1"},
		{"deauthorize for no application", "/_emulator/deauthorize", `{"user":"1","application":"1"}`, 400, "unknown_target"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, raw := control(t, base, "POST", tc.path, tc.body)
			if status != tc.status || !strings.Contains(string(raw), tc.want) {
				t.Errorf("POST %s: %d %s; want %d with %s", tc.path, status, raw, tc.status, tc.want)
			}
		})
	}
	// The events went to music's URL, signed with its key: the
	// entitlement, the authorization, the deauthorization and the
	// installation; the first application has none.
	for _, want := range []string{"ENTITLEMENT_CREATE", "APPLICATION_AUTHORIZED", "APPLICATION_DEAUTHORIZED", "APPLICATION_AUTHORIZED"} {
		if got := <-events; got != want {
			t.Errorf("music's event %s; want %s", got, want)
		}
	}
	if _, e, _ := holds(t, s, a, ""); e != 0 {
		t.Errorf("the first application has %d entitlements", e)
	}

	// The Go handle does the same, and the Server's EndEntitlement and
	// RemoveEntitlement find music's entitlement.
	e, err := music.CreateEntitlement(interaction.Entitlement{SKUID: music.SKUs()[0].ID, GuildID: s.GuildID})
	if err != nil || e.ApplicationID != idB {
		t.Fatalf("music.CreateEntitlement: %+v, %v", e, err)
	}
	if got, err := s.RemoveEntitlement(e.ID); err != nil || !got.Deleted {
		t.Errorf("RemoveEntitlement of music's: %+v, %v", got, err)
	}
	if <-events != "ENTITLEMENT_CREATE" || <-events != "ENTITLEMENT_DELETE" {
		t.Error("music's events of its entitlement")
	}
	code, err := music.AuthorizeUser(s.Moderator, "identify")
	if err != nil || code == "" {
		t.Fatalf("music.AuthorizeUser: %v", err)
	}
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {b.RedirectURI}}
	req, _ := http.NewRequest("POST", s.URL+"/oauth2/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(b.ClientID, b.ClientSecret)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("exchanging music's code with its credentials: %d", resp.StatusCode)
	}
}

// serveEvents serves a webhook events endpoint that verifies with
// publicKey and sends the type of each event on got.
func serveEvents(t *testing.T, publicKey string, got chan<- string) string {
	t.Helper()
	v, err := interaction.NewVerifier(publicKey)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if v.Verify([]byte(r.Header.Get("X-Signature-Ed25519")), []byte(r.Header.Get("X-Signature-Timestamp")), body) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var ev struct {
			Type  int `json:"type"`
			Event *struct {
				Type string `json:"type"`
			} `json:"event"`
		}
		json.Unmarshal(body, &ev)
		w.WriteHeader(http.StatusNoContent)
		if ev.Type == 1 && ev.Event != nil {
			got <- ev.Event.Type
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}
