package emulator

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
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
	cmdID = s.st.commands[s.GuildID][0].ID
	s.st.permissions[s.GuildID] = map[interaction.Snowflake][]command.Permission{cmdID: {{ID: s.Member, Type: command.PermissionUser, Permission: false}}}
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
