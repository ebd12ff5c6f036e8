package emulator

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
)

// apiRequest makes a request of the service's API with the Authorization
// auth ("" for none), a JSON body when there is one, and returns the
// status and the body of the answer.
func apiRequest(t testing.TB, s *Server, method, path, auth, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, s.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(raw)
}

// asBot makes a request of the API as the bot, fails the test unless it
// answers want, and returns the body of the answer.
func asBot(t testing.TB, s *Server, method, path, body string, want int) string {
	t.Helper()
	status, raw := apiRequest(t, s, method, path, "Bot "+s.BotToken, body)
	if status != want {
		t.Fatalf("%s %s: %d %s, want %d", method, path, status, raw, want)
	}
	return raw
}

// putCommands overwrites the commands of scope with body, as the bot.
func putCommands(t testing.TB, s *Server, scope command.Scope, body []byte) {
	t.Helper()
	asBot(t, s, http.MethodPut, scope.CommandsPath(s.ApplicationID), string(body), http.StatusOK)
}
