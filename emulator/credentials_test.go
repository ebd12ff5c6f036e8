package emulator_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

func TestTheControlAPIGivesTheCredentials(t *testing.T) {
	s, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	status, raw := control(t, strings.TrimSuffix(s.URL, "/v10"), "GET", "/_emulator/credentials", "")
	if status != 200 {
		t.Fatalf("GET /_emulator/credentials: %d %s", status, raw)
	}
	var got emulator.Credentials
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	if got != s.Credentials() {
		t.Fatalf("got %+v, want %+v", got, s.Credentials())
	}
	// Under another name for the same address, the base URL is the one
	// the caller reached.
	port := s.URL[strings.LastIndex(s.URL, ":")+1 : len(s.URL)-len("/v10")]
	req, err := http.NewRequest("GET", s.URL[:len(s.URL)-len("/v10")]+"/_emulator/credentials", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = "localhost:" + port
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var under emulator.Credentials
	if err := json.NewDecoder(resp.Body).Decode(&under); err != nil || resp.StatusCode != 200 {
		t.Fatalf("%d %v", resp.StatusCode, err)
	}
	if want := "http://localhost:" + port + "/v10"; under.BaseURL != want {
		t.Errorf("base_url under Host localhost is %q, want %q", under.BaseURL, want)
	}
	for name, v := range map[string]string{"base_url": got.BaseURL, "bot_token": got.BotToken, "public_key": got.PublicKey,
		"guild_id": got.GuildID, "member_id": got.MemberID, "application_id": got.ApplicationID} {
		if v == "" || v == "0" {
			t.Errorf("%s is empty: %s", name, raw)
		}
	}
	if got.BaseURL != s.URL || got.BotToken != s.BotToken || got.PublicKey != s.PublicKey || got.MemberID != s.Member.String() {
		t.Errorf("the credentials are not the Server's: %s", raw)
	}
}
