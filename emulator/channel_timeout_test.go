package emulator

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// A bot timed out cannot send until its timeout has passed. No route sets
// a timeout yet, so the test sets the member's field itself.
func TestATimedOutBotCannotSend(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	s, err := New(Config{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	var general interaction.Snowflake
	for _, g := range s.Guilds() {
		for _, c := range g.Channels {
			if c.Name == "general" {
				general = c.ID
			}
		}
	}
	for _, c := range []struct {
		until  time.Time
		status int
	}{{now.Add(time.Hour), http.StatusForbidden}, {time.Time{}, http.StatusOK}} {
		s.st.mu.Lock()
		s.st.guilds[s.GuildID].members[s.ApplicationID].CommunicationDisabledUntil = c.until
		s.st.mu.Unlock()
		req, err := http.NewRequest("POST", s.URL+"/channels/"+general.String()+"/messages", strings.NewReader(`{"content":"x"}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bot "+s.BotToken)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("timed out until %v: %d, want %d", c.until, resp.StatusCode, c.status)
		}
	}
}
