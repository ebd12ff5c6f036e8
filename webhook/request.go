package webhook

import (
	"context"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/receive"
)

// Fixed answers of the events endpoint beside those of package receive.
var (
	bodyMethod = []byte(`{"message":"the webhook events endpoint accepts POST only"}`)
	bodyBusy   = []byte(`{"message":"too many events under way; send it again later"}`)
)

// serve runs the request path shared by both adapters after the method
// check. parent is the request's context, whose values the handler's
// context carries. It appends the response body, if any, to out, and tells
// the observer, if any, what became of the request.
func (e *Endpoint) serve(parent context.Context, sig, ts, body, out []byte) (status int, _ []byte) {
	if e.observer == nil {
		return e.serveRecording(parent, sig, ts, body, out, nil)
	}
	start := time.Now()
	var rec Observation
	status, out = e.serveRecording(parent, sig, ts, body, out, &rec)
	rec.Status, rec.Duration = status, time.Since(start)
	e.observer.ObserveRequest(rec)
	return status, out
}

// serveRecording is serve, which records in rec, when it is not nil, what
// the observer is told of the request, and tells the observer what became
// of an event no handler runs for.
func (e *Endpoint) serveRecording(parent context.Context, sig, ts, body, out []byte, rec *Observation) (status int, _ []byte) {
	var start time.Time
	if rec != nil {
		start = time.Now()
	}
	status, answer, refused := receive.Verify(e.verifier, &e.logger, e.maxBody, sig, ts, body, out)
	if rec != nil {
		rec.Refused = refused
		if refused != interaction.RefusedTooLarge {
			rec.Verification = time.Since(start)
		}
	}
	if refused != 0 {
		return status, answer
	}
	// The webhook outlives the request: the handler keeps it, and Decode
	// keeps nothing of body, which the server reuses.
	w := new(Body)
	if err := Decode(body, w); err != nil {
		// The service signed it: a body this version cannot read is
		// worth a look, unlike a stranger's, which fails its signature.
		e.logger.Warn().Err(err).Msg("refused a signed request that is not a webhook event")
		if rec != nil {
			rec.Refused = interaction.RefusedMalformed
		}
		return 400, receive.AppendMessage(out, err.Error())
	}
	if w.IsPing() {
		e.logger.Debug().Stringer("application", w.ApplicationID).Msg("webhook PING answered")
		if rec != nil {
			rec.Ping = true
		}
		return 204, out
	}
	ev := w.Event
	if rec != nil {
		rec.Type = ev.Type
	}
	h := e.handlers[ev.Type]
	if h == nil {
		h = e.fallback
	}
	if h == nil {
		logEvent(e.logger.Debug(), w).Msg("no handler for the event")
		if e.observer != nil {
			e.observer.ObserveCompletion(Completion{Type: ev.Type, Outcome: OutcomeUnhandled})
		}
		return 204, out
	}
	select {
	case e.slots <- struct{}{}:
	default:
		logEvent(e.logger.Warn(), w).Int("concurrency", cap(e.slots)).
			Msg("event refused: as many handlers are running as allowed")
		if e.observer != nil {
			e.observer.ObserveCompletion(Completion{Type: ev.Type, Outcome: OutcomeBusy})
		}
		return 503, append(out, bodyBusy...)
	}
	e.running.Add(1)
	go e.run(context.WithoutCancel(parent), h, w)
	return 204, out
}

// run runs h on the event of w, with a context that ends after the
// endpoint's timeout, and logs how it ended.
func (e *Endpoint) run(parent context.Context, h Handler, w *Body) {
	defer e.running.Done()
	defer func() { <-e.slots }()
	start := time.Now()
	// A handler that ends its goroutine (runtime.Goexit) is counted as
	// one that panicked.
	outcome := OutcomePanic
	defer func() {
		if p := recover(); p != nil {
			logEvent(e.logger.Error(), w).Str("panic", fmt.Sprint(p)).Bytes("stack", debug.Stack()).
				Msg("event handler panicked")
		}
		if e.observer != nil {
			e.observer.ObserveCompletion(Completion{Type: w.Event.Type, Outcome: outcome, HandlerTime: time.Since(start)})
		}
	}()
	ctx, cancel := context.WithTimeout(parent, e.timeout)
	defer cancel()
	if err := h.HandleEvent(ctx, w.Event); err != nil {
		outcome = OutcomeError
		logEvent(e.logger.Error(), w).Err(err).Stringer("took", time.Since(start)).Msg("event handler failed")
		return
	}
	outcome = OutcomeHandled
	logEvent(e.logger.Debug(), w).Stringer("took", time.Since(start)).Msg("event handled")
}

// logEvent adds the fields that name an event to ev. The type is safe to
// log whole: Decode accepts only short upper-case names.
func logEvent(ev *zerolog.Event, w *Body) *zerolog.Event {
	return ev.Str("event", string(w.Event.Type)).Stringer("application", w.ApplicationID).
		Time("timestamp", w.Event.Timestamp)
}
