package emulator

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"time"
)

// meetFaults draws the delivery faults for an interaction recorded as
// sent, over HTTP or over the gateway, and keeps what fired with it. The
// caller holds s.st.mu.
func (s *Server) meetFaults(p *prepared, overHTTP bool) {
	p.faults = s.deliveryFaults.forInteraction(overHTTP)
	si := p.si
	si.faults = slices.Clone(p.faults.fired)
	si.late, si.tokenLife = p.faults.late, p.faults.tokenLife
}

// wait holds a late delivery for d, or until ctx ends; the package's
// tests move their clock instead.
func (s *Server) wait(ctx context.Context, d time.Duration) {
	if s.hooks.wait != nil {
		s.hooks.wait(d)
		return
	}
	sleep(ctx, d)
}

// lateAnswer says why an answer in the HTTP response to si, which a late
// fault held back, comes too late, if it does: the response window
// counts from when the interaction was created, and the service has
// failed the interaction once it has passed, whenever the bot received
// it. The caller holds s.st.mu.
func (s *Server) lateAnswer(si *sentInteraction) string {
	if si.late == 0 {
		return ""
	}
	after := s.st.now().Sub(si.sent)
	if after <= s.window {
		return ""
	}
	return "the answer came " + after.String() + " after the interaction was created, past the response window of " +
		s.window.String() + ", which counts from then: the delivery was " + si.late.String() + " late, and the service had failed the interaction"
}

// sendBadlySigned sends the bot a copy of p's interaction signed badly,
// as a stranger might, before the interaction itself, and says whether
// the bot refused it with 401.
func (s *Server) sendBadlySigned(ctx context.Context, url string, p *prepared) Copy {
	ctx, cancel := context.WithTimeout(ctx, s.window)
	defer cancel()
	c := Copy{Fault: DeliveryBadSignature}
	var err error
	c.Status, c.RawAnswer, c.Took, err = s.post(ctx, p.by, url, p.body, false, maxProbeAnswer)
	c.RawAnswer = c.RawAnswer[:min(len(c.RawAnswer), maxProbeAnswer)]
	switch {
	case err != nil && c.Status == 0:
		c.Violations = append(c.Violations, "the badly signed copy got no answer: "+err.Error())
	case c.Status != http.StatusUnauthorized:
		c.Violations = append(c.Violations, "the badly signed copy was answered "+strconv.Itoa(c.Status)+
			", not 401: the application must refuse a request whose signature does not verify")
	}
	return c
}

// sendDuplicate sends the bot p's interaction again, signed again, once
// its delivery is settled, and says what the service makes of the
// answer: none is taken. A bot copes by refusing the copy with a 4xx
// status, such as the 409 of endpoint.WithReplayGuard.
func (s *Server) sendDuplicate(ctx context.Context, url string, p *prepared) Copy {
	ctx, cancel := context.WithTimeout(ctx, s.window)
	defer cancel()
	c := Copy{Fault: DeliveryDuplicate}
	var err error
	c.Status, c.RawAnswer, c.Took, err = s.post(ctx, p.by, url, p.body, true, maxProbeAnswer)
	c.RawAnswer = c.RawAnswer[:min(len(c.RawAnswer), maxProbeAnswer)]
	s.st.mu.Lock()
	acknowledged := p.si.answer != nil
	s.st.mu.Unlock()
	refused := errorText(errBadRequest(codeAlreadyAcknowledged, "Interaction has already been acknowledged."))
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		c.Violations = append(c.Violations, "the application did not answer the copy within "+s.window.String())
	case err != nil && c.Status == 0:
		c.Violations = append(c.Violations, "the application did not answer the copy: "+err.Error())
	case c.Status >= 400 && c.Status < 500:
		// Refused: the bot knew it had served the interaction.
	case c.Status == http.StatusAccepted && acknowledged:
		c.Violations = append(c.Violations, "the application acknowledged the copy with 202 Accepted, as a new interaction; "+
			"the callback endpoint refuses an answer to it: "+refused)
	case c.Status == http.StatusOK && len(bytes.TrimSpace(c.RawAnswer)) > 0 && acknowledged:
		c.Violations = append(c.Violations, "the application answered the copy as a new interaction; the service refused the answer: "+refused)
	default:
		c.Violations = append(c.Violations, "the application answered the copy "+strconv.Itoa(c.Status)+
			"; the service takes no answer to a copy, and a bot that served the interaction refuses it with a 4xx status")
	}
	return c
}

// copiesJSON is what the control API shows of copies; never nil.
func copiesJSON(copies []Copy) []map[string]any {
	out := make([]map[string]any, len(copies))
	for i, c := range copies {
		out[i] = map[string]any{"fault": c.Fault.String(), "status": c.Status, "answer": string(c.RawAnswer),
			"elapsed": c.Took.Seconds(), "violations": orEmpty(c.Violations), "ok": c.OK()}
	}
	return out
}
