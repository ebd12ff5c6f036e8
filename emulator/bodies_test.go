package emulator_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// endlessBody is a request body of as many bytes as it is asked for, that
// counts what was read of it.
type endlessBody struct{ read int64 }

func (b *endlessBody) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	b.read += int64(len(p))
	return len(p), nil
}

func (b *endlessBody) Close() error { return nil }

// A request without valid credentials, or whose token names no live
// interaction, is answered before its body is read: a stranger's upload
// costs the emulator no more than its head.
func TestABodyIsNotReadBeforeTheRequestIsAuthenticated(t *testing.T) {
	s := start(t, emulator.Config{}).Server(t, "it reads the body the handler is given")
	id, token := s.FakeInteraction(interaction.TypeApplicationCommand, interaction.CommandChatInput)
	app := s.ApplicationID.String()
	h := s.Handler()
	for _, c := range []struct {
		name, method, path string
		status, code       int
	}{
		{"a follow-up with a made-up token", "POST", "/v10/webhooks/" + app + "/made-up", 401, 50027},
		{"an edit with a made-up token", "PATCH", "/v10/webhooks/" + app + "/made-up/messages/@original", 401, 50027},
		{"a follow-up of another application", "POST", "/v10/webhooks/1/" + token, 404, 10015},
		{"an answer to no interaction", "POST", "/v10/interactions/1/" + token + "/callback", 404, 10062},
		{"an answer with a made-up token", "POST", "/v10/interactions/" + id.String() + "/made-up/callback", 404, 10062},
		{"a command without a token", "POST", "/v10/applications/" + app + "/commands", 401, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			body := &endlessBody{}
			req := httptest.NewRequest(c.method, c.path, nil)
			req.Body, req.ContentLength = body, 100<<20
			req.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			var answer struct{ Code int }
			if err := json.Unmarshal(w.Body.Bytes(), &answer); err != nil || w.Code != c.status || answer.Code != c.code {
				t.Errorf("answered %d %s, want %d with code %d", w.Code, w.Body, c.status, c.code)
			}
			if body.read > 0 {
				t.Errorf("%d bytes of the body were read", body.read)
			}
		})
	}
}

// A route that takes no files reads no more of a body than the largest
// JSON it takes: a larger one is 413 40005 once that much is read, not
// after a hundred megabytes. The token endpoint, which has no
// Authorization header to check first, is one.
func TestARouteWithoutFilesReadsNoMoreThanItsJSON(t *testing.T) {
	s := start(t, emulator.Config{}).Server(t, "it counts what is read of the body")
	h := s.Handler()
	for _, length := range []int64{-1, 100 << 20} {
		body := &endlessBody{}
		req := httptest.NewRequest("POST", "/v10/oauth2/token", nil)
		req.Body, req.ContentLength = body, length
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		var answer struct{ Code int }
		_ = json.Unmarshal(w.Body.Bytes(), &answer)
		if w.Code != http.StatusRequestEntityTooLarge || answer.Code != 40005 {
			t.Errorf("a body of length %d: %d %s, want 413 with 40005", length, w.Code, w.Body)
		}
		if body.read > 8<<20+64<<10 {
			t.Errorf("a body of length %d: %d bytes read, more than the 8 MiB a JSON body may hold", length, body.read)
		}
	}
}
