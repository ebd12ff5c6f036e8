package emulator

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// fullWorld returns a server whose world holds some of everything: commands
// global and of the guild with permissions, an answer with a file and a
// follow-up, a message posted by a user with a reaction and a pin, a
// thread, a ban, an OAuth2 token, an entitlement and a modal open. It
// returns the server, the id of the interaction answered and the access
// token.
func fullWorld(t *testing.T) (*Server, interaction.Snowflake, string) {
	t.Helper()
	s := startCmdServer(t)
	contentType, body := withFiles(t, interaction.Response{Type: interaction.CallbackChannelMessageWithSource,
		Message: interaction.MessageData{Content: "with a <file> & more", Files: []interaction.File{{Name: "a.txt", Content: strings.NewReader("hello")}}}})
	serveBodyBot(t, s, func(*interaction.Interaction) (string, []byte) { return contentType, body })
	ctx := context.Background()
	general, err := s.FindChannel(s.GuildID, "general")
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Invoke(ctx, Invocation{User: s.Member, Guild: s.GuildID, Channel: general, Command: "poll"})
	if err != nil || res.Interaction == nil {
		t.Fatalf("invoke: %v", err)
	}
	id := res.Interaction.ID
	asBot(t, s, "POST", "/webhooks/"+s.ApplicationID.String()+"/"+res.Interaction.Token, `{"content":"and then"}`, http.StatusOK)

	var cmdID interaction.Snowflake
	s.st.mu.Lock()
	cmdID = s.st.app.commands[s.GuildID][0].ID
	s.st.app.permissions[s.GuildID] = map[interaction.Snowflake][]command.Permission{cmdID: {{ID: s.Member, Type: command.PermissionUser, Permission: false}}}
	s.st.mu.Unlock()

	posted, err := s.PostMessage(s.Member, general, interaction.MessageData{Content: "hi <@" + s.Moderator.String() + ">"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.React(s.Moderator, general, posted.ID, "👍"); err != nil {
		t.Fatal(err)
	}
	asBot(t, s, "PUT", "/channels/"+general.String()+"/pins/"+posted.ID.String(), "", http.StatusNoContent)
	asBot(t, s, "POST", "/channels/"+general.String()+"/threads", `{"name":"talk","type":11}`, http.StatusCreated)
	asBot(t, s, "PUT", "/guilds/"+s.GuildID.String()+"/bans/"+s.Member.String(), `{}`, http.StatusNoContent)

	code, err := s.AuthorizeUser(s.Moderator, "identify")
	if err != nil {
		t.Fatal(err)
	}
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {s.RedirectURI},
		"client_id": {s.ClientID}, "client_secret": {s.ClientSecret}}
	resp, err := http.PostForm(s.URL+"/oauth2/token", form)
	if err != nil {
		t.Fatal(err)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	err = json.NewDecoder(resp.Body).Decode(&tok)
	resp.Body.Close()
	if err != nil || tok.AccessToken == "" {
		t.Fatalf("token: %v", err)
	}
	if _, err := s.CreateEntitlement(interaction.Entitlement{SKUID: s.SKUs()[1].ID, UserID: s.Moderator, Type: 4}); err != nil {
		t.Fatal(err)
	}
	return s, id, tok.AccessToken
}

// Everything the API and the control API read back answers the same on a
// server started from the snapshot, whose own snapshot is the same bytes.
func TestASnapshotRestoredAnswersTheSame(t *testing.T) {
	s, id, access := fullWorld(t)
	snap, err := s.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	s2, err := New(Config{State: snap, RateLimit: RateLimit{Requests: 1 << 30}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s2.Close() })
	if s2.ApplicationID != s.ApplicationID || s2.BotToken != s.BotToken || s2.ClientSecret != s.ClientSecret || s2.PublicKey != s.PublicKey ||
		s2.GuildID != s.GuildID || s2.AuthorizationCode != s.AuthorizationCode || s2.Admin != s.Admin || s2.Moderator != s.Moderator || s2.Member != s.Member {
		t.Fatalf("the credentials and the seeded ids differ")
	}
	snap2, err := s2.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(snap, snap2) {
		t.Fatalf("the snapshot of the restored server differs:\n%s\n\n%s", snap, snap2)
	}
	general, _ := s.FindChannel(s.GuildID, "general")
	app, guild := s.ApplicationID.String(), s.GuildID.String()
	for _, tt := range []struct{ path, auth string }{
		{"/applications/" + app + "/commands", "Bot " + s.BotToken},
		{"/applications/" + app + "/guilds/" + guild + "/commands", "Bot " + s.BotToken},
		{"/applications/" + app + "/guilds/" + guild + "/commands/permissions", "Bot " + s.BotToken},
		{"/channels/" + general.String() + "/messages", "Bot " + s.BotToken},
		{"/channels/" + general.String() + "/pins", "Bot " + s.BotToken},
		{"/guilds/" + guild + "/bans", "Bot " + s.BotToken},
		{"/guilds/" + guild + "/threads/active", "Bot " + s.BotToken},
		{"/guilds/" + guild + "/channels", "Bot " + s.BotToken},
		{"/guilds/" + guild + "/members?limit=100", "Bot " + s.BotToken},
		{"/applications/" + app + "/entitlements", "Bot " + s.BotToken},
		{"/applications/" + app + "/skus", "Bot " + s.BotToken},
		{"/users/@me", "Bearer " + access},
		{"/oauth2/@me", "Bearer " + access},
	} {
		status1, raw1 := apiRequest(t, s, "GET", tt.path, tt.auth, "")
		status2, raw2 := apiRequest(t, s2, "GET", tt.path, tt.auth, "")
		raw2 = strings.ReplaceAll(raw2, strings.TrimSuffix(s2.URL, "/v10"), strings.TrimSuffix(s.URL, "/v10"))
		if status1 != http.StatusOK || status1 != status2 || raw1 != raw2 {
			t.Errorf("GET %s:\n%d %s\n%d %s", tt.path, status1, raw1, status2, raw2)
		}
	}
	for _, path := range []string{"/_emulator/interactions/" + id.String(), "/_emulator/interactions", "/_emulator/modals", "/_emulator/events"} {
		_, raw1 := apiRequest(t, s, "GET", strings.Replace(path, "/_emulator", "/../_emulator", 1), "", "")
		_, raw2 := apiRequest(t, s2, "GET", strings.Replace(path, "/_emulator", "/../_emulator", 1), "", "")
		if raw1 != raw2 {
			t.Errorf("GET %s:\n%s\n%s", path, raw1, raw2)
		}
	}
	// New ids go on past the restored ones.
	if _, err := s2.PostMessage(s2.Moderator, general, interaction.MessageData{Content: "later"}); err != nil {
		t.Fatal(err)
	}
	got := s2.ChannelMessages(general)
	if n := len(got); n < 2 || got[n-1].ID <= got[n-2].ID {
		t.Fatalf("a message made after the restore: %+v", got)
	}
}

// A snapshot refused changes nothing, and the refusal says where and what
// is wrong.
func TestARefusedSnapshotChangesNothing(t *testing.T) {
	s, _, _ := fullWorld(t)
	snap, err := s.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	var roles []any
	edit := func(f func(doc map[string]any)) []byte {
		var doc map[string]any
		if err := json.Unmarshal(snap, &doc); err != nil {
			t.Fatal(err)
		}
		f(doc)
		b, _ := json.Marshal(doc)
		return b
	}
	at := func(doc map[string]any, path ...any) map[string]any {
		var v any = doc
		for _, p := range path {
			switch p := p.(type) {
			case string:
				v = v.(map[string]any)[p]
			case int:
				v = v.([]any)[p]
			}
		}
		return v.(map[string]any)
	}
	for _, tt := range []struct {
		name   string
		body   []byte
		status int
		want   string
	}{
		{"another version", edit(func(d map[string]any) { d["version"] = 3 }), 400, "version: version 3: this emulator reads versions 1 and 2"},
		{"applications in version 1", edit(func(d map[string]any) { d["version"], d["applications"] = 1, []any{} }), 400, "applications: not a field of version 1"},
		{"no version", edit(func(d map[string]any) { delete(d, "version") }), 400, "version: missing"},
		{"an unknown field", edit(func(d map[string]any) { d["colour"] = "blue" }), 400, `unknown field "colour"`},
		{"an unknown field deep down", edit(func(d map[string]any) { at(d, "guilds", 0)["colour"] = "blue" }), 400, `unknown field "colour"`},
		{"a role of nothing", edit(func(d map[string]any) {
			m := at(d, "guilds", 0, "members", 2)
			roles = m["roles"].([]any)
			m["roles"] = []any{"77"}
		}), 400, "guilds[0].members[2].roles[0]: role 77 is not a role of guild " + s.GuildID.String()},
		{"a member who is no user", edit(func(d map[string]any) { at(d, "guilds", 0, "members", 0, "user")["id"] = "88" }), 400, "guilds[0].members[0].user.id: user 88 is not a user of the snapshot"},
		{"a message of a component that is nowhere", edit(func(d map[string]any) { at(d, "interactions", 0)["message_id"] = "99" }), 400, "interactions[0].message_id: message 99 is not a message of the snapshot"},
		{"a file whose bytes changed", edit(func(d map[string]any) {
			for k := range d["files"].(map[string]any) {
				d["files"].(map[string]any)[k] = "aGk="
			}
		}), 400, "the bytes' SHA-256 is"},
		{"a baseline of another version", edit(func(d map[string]any) { at(d, "baseline")["version"] = 3 }), 400, "baseline.version: version 3"},
		{"another application", edit(func(d map[string]any) { at(d, "application")["id"] = "1" }), 409, "start the emulator from it"},
		{"JSON cut short", snap[:len(snap)/2], 400, "not a JSON object"},
		{"null", []byte("null"), 400, "version: missing"},
	} {
		req, _ := http.NewRequest("PUT", strings.TrimSuffix(s.URL, "/v10")+"/_emulator/state", bytes.NewReader(tt.body))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var out struct{ Error, Message string }
		json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if resp.StatusCode != tt.status || !strings.Contains(out.Message, tt.want) || out.Error == "" {
			t.Errorf("%s: %d %+v, want %d saying %q", tt.name, resp.StatusCode, out, tt.status, tt.want)
		}
		if after, _ := s.Snapshot(); !bytes.Equal(after, snap) {
			t.Fatalf("%s: the refused snapshot changed the world", tt.name)
		}
	}
	if roles == nil {
		t.Fatal("the guild has no third member")
	}
}

// GET, PUT and GET again give the same bytes, and the PUT changes nothing
// a reader sees but that the gateway's sessions end.
func TestASnapshotPutBackIsTheSameBytes(t *testing.T) {
	s, _, _ := fullWorld(t)
	base := strings.TrimSuffix(s.URL, "/v10")
	get := func() []byte {
		resp, err := http.Get(base + "/_emulator/state")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET: %d %s", resp.StatusCode, b.Bytes())
		}
		return b.Bytes()
	}
	first := get()
	req, _ := http.NewRequest("PUT", base+"/_emulator/state", bytes.NewReader(first))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("PUT: %d", resp.StatusCode)
	}
	if second := get(); !bytes.Equal(first, second) {
		t.Fatalf("GET after PUT:\n%s\n\nbefore:\n%s", second, first)
	}
}

// Reset goes back to the world New made, with the same credentials; the
// faults injected are cleared, the bot token still works.
func TestResetGoesBackToTheWorldNewMade(t *testing.T) {
	s, id, access := fullWorld(t)
	if err := s.InjectFault(Fault{Route: "users_me", Kind: FaultServerError, Count: 5}); err != nil {
		t.Fatal(err)
	}
	if err := s.ArmDeliveryFault(DeliveryFault{Kind: DeliveryDuplicate}); err != nil {
		t.Fatal(err)
	}
	changed := s.Changed()
	token := s.BotToken
	status, raw := apiRequest(t, s, "POST", "/../_emulator/reset", "", "{}")
	if status != http.StatusNoContent {
		t.Fatalf("POST /_emulator/reset: %d %s", status, raw)
	}
	if !isClosed(changed) {
		t.Error("Changed was not closed")
	}
	after, err := s.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	// The world is the baseline's, but for the clock, which goes on, and
	// the interactions URL, which says where the bot is.
	var got, want map[string]any
	json.Unmarshal(after, &got)
	json.Unmarshal(s.baseline, &want)
	for _, d := range []map[string]any{got, want} {
		delete(d, "clock")
		delete(d, "baseline")
		delete(d["application"].(map[string]any), "interactions_url")
	}
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if !bytes.Equal(g, w) {
		t.Fatalf("after the reset:\n%s\nwant\n%s", g, w)
	}
	for _, tt := range []struct {
		path, auth string
		want       int
	}{
		{"/users/@me", "Bot " + token, http.StatusOK},
		{"/users/@me", "Bearer " + access, http.StatusUnauthorized},
		{"/../_emulator/interactions/" + id.String(), "", http.StatusNotFound},
	} {
		if status, raw := apiRequest(t, s, "GET", tt.path, tt.auth, ""); status != tt.want {
			t.Errorf("GET %s: %d %s, want %d", tt.path, status, raw, tt.want)
		}
	}
	if s.BotToken != token {
		t.Error("the bot token changed")
	}
	if armed := s.DeliveryFaults(); len(armed) != 0 {
		t.Errorf("faults on deliveries outlive the reset: %+v", armed)
	}
	// New ids go on past those made before the reset.
	general, _ := s.FindChannel(s.GuildID, "general")
	m, err := s.PostMessage(s.Member, general, interaction.MessageData{Content: "again"})
	if err != nil || m.ID <= id {
		t.Fatalf("a message after the reset: %v %v", m.ID, err)
	}
}

// A snapshot restored keeps the credentials of the emulator it is
// restored into, and one of another application is refused.
func TestRestoreKeepsTheServersCredentials(t *testing.T) {
	s, _, _ := fullWorld(t)
	snap, _ := s.Snapshot()
	// Edited in place: a map would write the interactions' bodies in
	// another order, which Restore would keep.
	changed := snap
	for _, kv := range [][2]string{{"bot_token", "other.token.here"}, {"client_secret", "other-secret"}, {"signing_key", strings.Repeat("ab", 32)}} {
		re := regexp.MustCompile(`"` + kv[0] + `": "[^"]*"`)
		changed = re.ReplaceAll(changed, []byte(`"`+kv[0]+`": "`+kv[1]+`"`))
	}
	if bytes.Equal(changed, snap) {
		t.Fatal("nothing was changed")
	}
	if err := s.Restore(changed); err != nil {
		t.Fatal(err)
	}
	after, _ := s.Snapshot()
	if !bytes.Equal(after, snap) {
		t.Fatalf("the credentials of the snapshot replaced the server's:\n%s\n%s", after, snap)
	}
	other := startCmdServer(t)
	if err := other.Restore(snap); !errors.Is(err, ErrOtherApplication) {
		t.Fatalf("another application's snapshot: %v", err)
	}
}

// FuzzRestore: whatever a stranger PUTs, Restore refuses it or takes it,
// and a snapshot it takes is written back as a fixed point.
func FuzzRestore(f *testing.F) {
	s, err := New(Config{Applications: []ApplicationConfig{{Name: "music", SKUs: []SKU{{Type: skuDurable, Name: "Encore", Flags: 1 << 2}}}}})
	if err != nil {
		f.Fatal(err)
	}
	defer s.Close()
	snap, _ := s.Snapshot()
	f.Add(snap)
	f.Add([]byte(`{"version":1}`))
	f.Add([]byte(`{"version":1,"users":[{"id":"1"}]}`))
	f.Add([]byte(`{"version":2,"applications":[{"id":"2","guilds":[{"guild_id":"3"}]}]}`))
	f.Add(snap[:len(snap)/3])
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := s.Restore(b); err != nil {
			return
		}
		again, err := s.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Restore(again); err != nil {
			t.Fatalf("a snapshot taken of a restored one is refused: %v", err)
		}
		third, _ := s.Snapshot()
		if !bytes.Equal(again, third) {
			t.Fatal("a snapshot restored is not taken again as the same bytes")
		}
	})
}
