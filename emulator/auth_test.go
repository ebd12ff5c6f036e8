package emulator_test

import (
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// Racing clients redeem a code or a refresh token once between them, and
// permission writes and reads interleave without tearing.
func TestAuthUnderConcurrency(t *testing.T) {
	s := start(t, emulator.Config{RateLimit: emulator.RateLimit{Requests: 100000, Window: time.Second}})
	// Racing requests make the client dial connections it then leaves
	// unused; closing them first keeps Close from waiting on them.
	t.Cleanup(http.DefaultClient.CloseIdleConnections)
	const n = 16

	race := func(form func() (int, map[string]any)) int {
		var wins atomic.Int32
		var wg sync.WaitGroup
		for range n {
			wg.Go(func() {
				status, body := form()
				switch {
				case status == 200:
					wins.Add(1)
				case status != 400 || body["error"] != "invalid_grant":
					t.Errorf("%d %v", status, body)
				}
			})
		}
		wg.Wait()
		return int(wins.Load())
	}

	code := s.AuthorizeUser(t, s.Moderator, "identify", permissionsScope)
	if wins := race(func() (int, map[string]any) {
		return tokenCall(t, s, clientForm(s, "grant_type", "authorization_code", "code", code, "redirect_uri", s.RedirectURI), false)
	}); wins != 1 {
		t.Fatalf("code redeemed %d times", wins)
	}

	access, refresh := userToken(t, s, s.Moderator, "identify", permissionsScope)
	if wins := race(func() (int, map[string]any) {
		return tokenCall(t, s, clientForm(s, "grant_type", "refresh_token", "refresh_token", refresh), false)
	}); wins != 1 {
		t.Fatalf("refresh token redeemed %d times", wins)
	}

	path := permissionsPath(s, s.ApplicationID)
	everyone := command.Everyone(s.GuildID)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			ps := []command.Permission{command.DenyRole(everyone)}
			for j := range i % 4 {
				ps = append(ps, command.AllowUser(s.Member+interaction.Snowflake(j+1)))
			}
			if resp, got := call(t, s, "PUT", path, "Bearer "+access, overwrites(ps...)); resp.StatusCode != 200 {
				t.Errorf("put: %d %v", resp.StatusCode, got)
			}
		})
		wg.Go(func() {
			resp, got := call(t, s, "GET", path, "Bot "+s.BotToken, "")
			if resp.StatusCode == 404 {
				return // before the first write
			}
			ps, _ := got["permissions"].([]any)
			if resp.StatusCode != 200 || len(ps) == 0 || ps[0].(map[string]any)["id"] != everyone.String() {
				t.Errorf("get: %d %v", resp.StatusCode, got)
			}
		})
		wg.Go(func() {
			if resp, _ := call(t, s, "GET", "/users/@me", "Bearer "+access, ""); resp.StatusCode != 200 {
				t.Errorf("users/@me: %d", resp.StatusCode)
			}
		})
	}
	wg.Wait()
}
