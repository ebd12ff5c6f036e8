package emulator_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// A container's health check and a Kubernetes probe name the emulator by
// its name on the network: the health check answers them, and the rest of
// the control API still refuses that name.
func TestHealthAnswersAnyHost(t *testing.T) {
	s := start(t, emulator.Config{})
	u, err := url.Parse(s.controlURL)
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := strings.Cut(u.Host, ":")
	do := func(method, path, host string) (int, []byte) {
		t.Helper()
		req, err := http.NewRequest(method, s.controlURL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, raw
	}
	for _, tt := range []struct {
		method, host string
		want         int
	}{
		{"GET", u.Host, http.StatusOK},
		{"GET", "emulator:" + port, http.StatusOK},
		{"GET", "emulator", http.StatusOK},
		{"HEAD", "emulator:" + port, http.StatusOK},
	} {
		status, raw := do(tt.method, "/_emulator/health", tt.host)
		if status != tt.want {
			t.Fatalf("%s under %s: %d %s", tt.method, tt.host, status, raw)
		}
		if tt.method == "HEAD" {
			continue
		}
		var h struct {
			Status        string  `json:"status"`
			ApplicationID string  `json:"application_id"`
			Uptime        float64 `json:"uptime_seconds"`
		}
		if err := json.Unmarshal(raw, &h); err != nil || h.Status != "ok" || h.ApplicationID != s.ApplicationID.String() || h.Uptime < 0 {
			t.Fatalf("%s under %s: %s (%v)", tt.method, tt.host, raw, err)
		}
	}
	if status, raw := do("GET", "/_emulator/interactions", "emulator:"+port); status != http.StatusForbidden {
		t.Fatalf("the rest of the control API under a name: %d %s", status, raw)
	}
}

// A reset ends the gateway's sessions: the client is told to identify
// again (INVALID_SESSION, not resumable), and does so on the same
// connection, as discordgo does; the interaction it had been sent is
// gone, its callback refused as an unknown interaction's.
func TestResetEndsTheGatewaySessions(t *testing.T) {
	s, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	registerPing(t, s)
	bot, _, _ := connectGateway(t, s, 0)
	go s.Invoke(context.Background(), emulator.Invocation{User: s.Member, Guild: s.GuildID, Command: "ping"}) //nolint:errcheck // answered by nobody
	ev := bot.expect(0, "INTERACTION_CREATE")
	var ix interaction.Interaction
	if err := interaction.Decode(ev.D, &ix); err != nil {
		t.Fatal(err)
	}
	s.Reset()
	if p := bot.expect(9, ""); string(p.D) != "false" {
		t.Fatalf("INVALID_SESSION's d: %s", p.D)
	}
	if sessions := s.GatewaySessions(); len(sessions) != 0 {
		t.Fatalf("sessions after the reset: %+v", sessions)
	}
	resp, err := http.Post(s.URL+"/interactions/"+ix.ID.String()+"/"+ix.Token+"/callback", "application/json",
		strings.NewReader(`{"type":4,"data":{"content":"pong"}}`))
	if err != nil {
		t.Fatal(err)
	}
	var answer struct{ Code int }
	json.NewDecoder(resp.Body).Decode(&answer)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || answer.Code != 10062 {
		t.Fatalf("the callback of an interaction from before the reset: %d %+v", resp.StatusCode, answer)
	}
	bot.send(2, map[string]any{"token": s.BotToken, "intents": 0, "properties": map[string]string{"os": "linux", "browser": "test", "device": "test"}})
	bot.expect(0, "READY")
}
