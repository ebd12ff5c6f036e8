package emulator

import (
	"context"
	"errors"
	"net/http"

	"github.com/switchboard-go/switchboard/interaction"
)

// ErrEventsEndpointCheck reports a webhook events URL that failed the
// checks the service makes before it accepts one.
var ErrEventsEndpointCheck = errors.New("emulator: webhook events endpoint check failed")

// SetEventsURL sets where the application receives webhook events, after
// checking it as the service does when a developer saves it (public
// documentation of the service, "Webhook Events": the endpoint must
// acknowledge a PING, type 0, with 204 and an empty body, and must
// validate the signature headers, answering 401 to a signature that fails;
// the service also sends invalid signatures on purpose). So a signed PING
// must be answered 204 with no body, and the same PING with a bad
// signature 401. On failure nothing changes, and the error, which matches
// ErrEventsEndpointCheck, says which check failed. The empty URL removes
// the webhook events URL, unchecked: no more events are sent.
func (s *Server) SetEventsURL(ctx context.Context, rawURL string) error {
	return s.setEventsURL(ctx, s.ApplicationID, rawURL)
}

// setEventsURL is SetEventsURL for the application with id.
func (s *Server) setEventsURL(ctx context.Context, id interaction.Snowflake, rawURL string) error {
	if rawURL != "" {
		if err := s.checkEventsURL(ctx, id, rawURL); err != nil {
			return err
		}
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	app := s.st.appByID(id)
	if app == nil {
		return errNoApplication(id)
	}
	app.eventsURL = rawURL
	return nil
}

// checkEventsURL makes the checks SetEventsURL describes, for the
// application with id.
func (s *Server) checkEventsURL(ctx context.Context, id interaction.Snowflake, rawURL string) error {
	if err := checkEndpointURL(rawURL, ErrEventsEndpointCheck); err != nil {
		return err
	}
	s.st.mu.Lock()
	app := s.st.appByID(id)
	if app == nil {
		s.st.mu.Unlock()
		return errNoApplication(id)
	}
	body := pingBody(app)
	by := app.signer
	s.st.mu.Unlock()
	status, answer, err := s.probe(ctx, by, rawURL, body, true)
	if err != nil {
		return &endpointError{ErrEventsEndpointCheck, "the signed PING got no answer: " + err.Error()}
	}
	if status != http.StatusNoContent || len(answer) > 0 {
		return &endpointError{ErrEventsEndpointCheck, "the signed PING was answered " + answered(status, answer) + ", not 204 with no body"}
	}
	return s.checkRefusesBadSignatures(ctx, by, rawURL, body, ErrEventsEndpointCheck)
}
