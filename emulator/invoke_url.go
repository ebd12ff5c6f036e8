package emulator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/signer"
)

// ErrEndpointCheck reports an interactions URL that failed the checks the
// service makes before it accepts one.
var ErrEndpointCheck = errors.New("emulator: interactions endpoint check failed")

// SetInteractionsURL sets where the bot receives interactions, after
// checking it as the service does when a developer saves it: a signed PING
// must be answered 200 with {"type":1}, and a request with a bad signature
// must be refused with 401. On failure nothing changes, and the error says
// which check failed. An empty URL takes the URL away, as a developer may
// empty the field: the application then receives its interactions on the
// gateway, as the service's does.
func (s *Server) SetInteractionsURL(ctx context.Context, rawURL string) error {
	return s.setInteractionsURL(ctx, s.ApplicationID, rawURL)
}

// setInteractionsURL is SetInteractionsURL for the application with id.
func (s *Server) setInteractionsURL(ctx context.Context, id interaction.Snowflake, rawURL string) error {
	st := s.st
	if rawURL == "" {
		st.mu.Lock()
		defer st.mu.Unlock()
		app := st.appByID(id)
		if app == nil {
			return errNoApplication(id)
		}
		app.interactionsURL = ""
		st.touch()
		return nil
	}
	if err := checkEndpointURL(rawURL, ErrEndpointCheck); err != nil {
		return err
	}
	st.mu.Lock()
	app := st.appByID(id)
	if app == nil {
		st.mu.Unlock()
		return errNoApplication(id)
	}
	ping := map[string]any{
		"id": st.newID(), "application_id": app.id, "type": interaction.TypePing,
		"token": "aW50ZXJhY3Rpb24." + secret(32), "version": 1,
		"user": userJSON(st.users[app.owner]), "entitlements": []any{},
	}
	by := app.signer
	st.mu.Unlock()
	body, _ := marshalJSON(ping)

	status, answer, err := s.probe(ctx, by, rawURL, body, true)
	if err != nil {
		return &endpointError{ErrEndpointCheck, "the signed PING got no answer: " + err.Error()}
	}
	var pong struct {
		Type *interaction.CallbackType `json:"type"`
	}
	// The reason says what was wrong, and quotes nothing of the answer:
	// the URL may be any server's, and the reason goes to whoever asked
	// (CONFORMANCE.md, D201).
	switch {
	case status != http.StatusOK:
		return &endpointError{ErrEndpointCheck, "the signed PING was answered " + answered(status, answer) + `, not 200 {"type":1}`}
	case !json.Valid(answer):
		return &endpointError{ErrEndpointCheck, "the signed PING was answered 200 with a body that is not JSON, not {\"type\":1}"}
	case json.Unmarshal(answer, &pong) != nil || pong.Type == nil || *pong.Type != interaction.CallbackPong:
		return &endpointError{ErrEndpointCheck, "the signed PING was answered 200 with JSON that is not {\"type\":1}"}
	}
	if err := s.checkRefusesBadSignatures(ctx, by, rawURL, body, ErrEndpointCheck); err != nil {
		return err
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if app := st.appByID(id); app != nil {
		app.interactionsURL = rawURL
	}
	return nil
}

// errNoApplication is the error of a method given the id of no
// application of the emulator.
func errNoApplication(id interaction.Snowflake) error {
	return fmt.Errorf("emulator: no application %s", id)
}

// checkEndpointURL refuses a URL the service would not send to, as a
// failed check.
func checkEndpointURL(rawURL string, check error) error {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return &endpointError{check, "the URL must be an absolute http or https URL"}
	}
	return nil
}

// maxProbeAnswer bounds what the emulator reads of an answer to the
// requests that check an endpoint: a PONG, or nothing.
const maxProbeAnswer = 4 << 10

// probeWindow is how long the check of an endpoint's URL waits for each
// answer: the service's 3 seconds, however short Config.ResponseWindow
// is. A shorter window is there to make late answers to interactions
// quick to test; a check that failed whenever a loaded machine took
// longer than it would refuse a bot that answers its interactions in
// time.
const probeWindow = 3 * time.Second

// probe sends body to an endpoint being checked, signed or (with good
// false) wrongly signed, and waits for the answer: the response window,
// and at least probeWindow.
func (s *Server) probe(ctx context.Context, by *signer.Signer, rawURL string, body []byte, good bool) (int, []byte, error) {
	ctx, cancel := context.WithTimeout(ctx, max(s.window, probeWindow))
	defer cancel()
	status, answer, _, err := s.post(ctx, by, rawURL, body, good, maxProbeAnswer)
	return status, answer, err
}

// checkRefusesBadSignatures sends body with a bad signature, which the
// endpoint must refuse with 401: the service checks that an endpoint
// verifies signatures before it accepts it, for interactions and webhook
// events alike.
func (s *Server) checkRefusesBadSignatures(ctx context.Context, by *signer.Signer, rawURL string, body []byte, check error) error {
	status, _, err := s.probe(ctx, by, rawURL, body, false)
	if err != nil {
		return &endpointError{check, "the badly signed request got no answer: " + err.Error()}
	}
	if status != http.StatusUnauthorized {
		return &endpointError{check, "the badly signed request was answered " + strconv.Itoa(status) + ", not 401: the endpoint must verify signatures"}
	}
	return nil
}

// endpointError is a URL that failed one of the checks the service makes
// before it accepts it: check is ErrEndpointCheck or ErrEventsEndpointCheck.
type endpointError struct {
	check  error
	reason string
}

func (e *endpointError) Error() string { return e.check.Error() + ": " + e.reason }
func (e *endpointError) Unwrap() error { return e.check }

// answered says how an endpoint being checked answered: its status, and
// the size of its body, which the reasons of the checks never quote.
func answered(status int, body []byte) string {
	switch {
	case len(body) == 0:
		return strconv.Itoa(status) + " with no body"
	case len(body) > maxProbeAnswer:
		return strconv.Itoa(status) + " with a body of more than " + strconv.Itoa(maxProbeAnswer) + " bytes"
	}
	return strconv.Itoa(status) + " with a body of " + strconv.Itoa(len(body)) + " bytes"
}
