package main

import (
	"encoding/json"
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
