package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// -extra-bots serves more applications; the first line stays the first
// application's credentials, and the control API gives the others.
func TestExtraBotsAreServedBesideTheFirst(t *testing.T) {
	first, _ := startRun(t, "-extra-bots", "music, mod")
	if strings.Contains(first.Name, "music") || first.Name != "" {
		t.Errorf("the first line has a name: %+v", first)
	}
	resp, err := http.Get(strings.TrimSuffix(first.BaseURL, "/v10") + "/_emulator/applications")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var got struct {
		Applications []emulator.Credentials `json:"applications"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if len(got.Applications) != 3 || got.Applications[0].BotToken != first.BotToken ||
		got.Applications[1].Name != "music" || got.Applications[2].Name != "mod" {
		t.Fatalf("GET /_emulator/applications: %+v", got.Applications)
	}
	for _, c := range got.Applications[1:] {
		if status, body := botCall(t, c, "GET", "/applications/@me", ""); status != http.StatusOK || !strings.Contains(body, c.ApplicationID) {
			t.Errorf("%s's bot reads its application: %d %s", c.Name, status, body)
		}
	}
}

// applications returns the credentials GET /_emulator/applications gives.
func applications(t *testing.T, first emulator.Credentials) []emulator.Credentials {
	t.Helper()
	resp, err := http.Get(strings.TrimSuffix(first.BaseURL, "/v10") + "/_emulator/applications")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var got struct {
		Applications []emulator.Credentials `json:"applications"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	return got.Applications
}

// -persist keeps the applications beside the first: a restart with the
// same -extra-bots serves them with their credentials and commands, and
// one naming another bot is refused.
func TestPersistKeepsTheExtraBots(t *testing.T) {
	dir := t.TempDir()
	first, stop := startRun(t, "-persist", dir, "-extra-bots", "music")
	music := applications(t, first)[1]
	if status, raw := botCall(t, music, "POST", "/applications/"+music.ApplicationID+"/commands", `{"name":"play","description":"Plays"}`); status != http.StatusCreated {
		t.Fatalf("music creates play: %d %s", status, raw)
	}
	if err := stop(); err != nil {
		t.Fatalf("the first run: %v", err)
	}
	second, stop := startRun(t, "-persist", dir, "-extra-bots", "music")
	apps := applications(t, second)
	if len(apps) != 2 || apps[1].BotToken != music.BotToken || apps[1].PublicKey != music.PublicKey {
		t.Fatalf("the applications after the restart: %+v", apps)
	}
	if status, raw := botCall(t, apps[1], "GET", "/applications/"+music.ApplicationID+"/commands", ""); status != http.StatusOK || !strings.Contains(raw, `"name":"play"`) {
		t.Errorf("music's commands after the restart: %d %s", status, raw)
	}
	if err := stop(); err != nil {
		t.Fatalf("the second run: %v", err)
	}
	err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-persist", dir, "-extra-bots", "mod"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), `the name "mod"`) {
		t.Errorf("a restart with another bot: %v", err)
	}
}
