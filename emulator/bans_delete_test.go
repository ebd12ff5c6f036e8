package emulator_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/storetest"
)

func TestABanTakesTheMessagesOfTheWindowItNames(t *testing.T) {
	for _, tt := range []struct {
		name, body string
		// kept are erin's messages left, of those posted 3 days, 2
		// hours and 10 minutes before the ban.
		kept []string
	}{
		{"no body keeps them all", "", []string{"3 days", "2 hours", "10 minutes"}},
		{"zero seconds keeps them all", `{"delete_message_seconds":0}`, []string{"3 days", "2 hours", "10 minutes"}},
		{"an hour takes the last hour's", `{"delete_message_seconds":3600}`, []string{"3 days", "2 hours"}},
		{"a week takes them all", `{"delete_message_seconds":604800}`, nil},
		{"days are read when seconds are not given", `{"delete_message_days":1}`, []string{"3 days"}},
		{"seconds win over days", `{"delete_message_seconds":3600,"delete_message_days":7}`, []string{"3 days", "2 hours"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			clock := storetest.NewClock()
			s, err := emulator.New(emulator.Config{Seed: guildWorld(), Now: clock.Now})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			const general, erin, frank = 2003, 1003, 1004
			post := func(user interaction.Snowflake, text string) {
				if _, err := s.PostMessage(user, general, interaction.MessageData{Content: text}); err != nil {
					t.Fatal(err)
				}
			}
			post(erin, "3 days")
			clock.Advance(3*24*time.Hour - 2*time.Hour)
			post(erin, "2 hours")
			post(frank, "frank's")
			clock.Advance(2*time.Hour - 10*time.Minute)
			post(erin, "10 minutes")
			clock.Advance(10 * time.Minute)

			req, _ := http.NewRequest("PUT", s.URL+"/guilds/2001/bans/1003", strings.NewReader(tt.body))
			req.Header.Set("Authorization", "Bot "+s.BotToken)
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusNoContent {
				t.Fatalf("the ban answered %d", res.StatusCode)
			}
			var kept []string
			others := 0
			for _, m := range s.ChannelMessages(general) {
				switch m.Author {
				case erin:
					kept = append(kept, m.Data.Content)
				case frank:
					others++
				}
			}
			if strings.Join(kept, ", ") != strings.Join(tt.kept, ", ") || others != 1 {
				t.Errorf("erin's messages left: %q, want %q; frank's %d, want 1", kept, tt.kept, others)
			}
		})
	}
}
