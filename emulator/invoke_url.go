package emulator

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// ErrEndpointCheck reports an interactions URL that failed the checks the
// service makes before it accepts one.
var ErrEndpointCheck = errors.New("emulator: interactions endpoint check failed")

// SetInteractionsURL sets where the bot receives interactions, after
// checking it as the service does when a developer saves it: a signed PING
// must be answered 200 with {"type":1}, and a request with a bad signature
// must be refused with 401. On failure nothing changes, and the error says
// which check failed.
func (s *Server) SetInteractionsURL(ctx context.Context, rawURL string) error {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return &endpointError{"the URL must be an absolute http or https URL"}
	}
	s.st.mu.Lock()
	ping := map[string]any{
		"id": s.st.newID(), "application_id": s.st.app.id, "type": interaction.TypePing,
		"token": "aW50ZXJhY3Rpb24." + secret(32), "version": 1,
		"user": s.st.users[s.st.app.owner], "entitlements": []any{},
	}
	s.st.mu.Unlock()
	body, _ := json.Marshal(ping)

	check := func(good bool) (int, []byte, error) {
		ctx, cancel := context.WithTimeout(ctx, s.window)
		defer cancel()
		status, answer, _, err := s.post(ctx, rawURL, body, good)
		return status, answer, err
	}
	status, answer, err := check(true)
	if err != nil {
		return &endpointError{"the signed PING got no answer: " + err.Error()}
	}
	var pong struct {
		Type *interaction.CallbackType `json:"type"`
	}
	if status != http.StatusOK || json.Unmarshal(answer, &pong) != nil || pong.Type == nil || *pong.Type != interaction.CallbackPong {
		return &endpointError{"the signed PING was answered " + strconv.Itoa(status) + " " + strconv.Quote(truncate(answer, 100)) + `, not 200 {"type":1}`}
	}
	status, _, err = check(false)
	if err != nil {
		return &endpointError{"the badly signed request got no answer: " + err.Error()}
	}
	if status != http.StatusUnauthorized {
		return &endpointError{"the badly signed request was answered " + strconv.Itoa(status) + ", not 401: the endpoint must verify signatures"}
	}
	s.st.mu.Lock()
	s.st.app.interactionsURL = rawURL
	s.st.mu.Unlock()
	return nil
}

type endpointError struct{ reason string }

func (e *endpointError) Error() string { return ErrEndpointCheck.Error() + ": " + e.reason }
func (e *endpointError) Unwrap() error { return ErrEndpointCheck }

func truncate(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}
