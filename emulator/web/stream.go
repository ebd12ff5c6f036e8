package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// keepAlive is how often a quiet event stream says it is still there, so
// that nothing between the page and the playground takes it for dead.
const keepAlive = 15 * time.Second

// events is GET /api/events: the channel where the query says, as
// server-sent events that follow it as it changes. It begins with
// "reset", then sends each message the user sees as "message", again
// whenever it changes (a deferred answer completed, an edit), "delete"
// when one is deleted, "modal" when the modal open before the user opens
// or closes, and "commands" when the commands offered there change. The emulator says when something changed: the stream
// waits on it, and asks nothing in between.
func (h *Handler) events(w http.ResponseWriter, r *http.Request) {
	p, err := h.placeOf(r.URL.Query())
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	out := &eventWriter{w: w}
	out.send("reset", struct{}{})

	sent := map[interaction.Snowflake][]byte{}
	modal := []byte("null")
	commands := h.offered(p) // as the page loaded them
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		changed := h.emu.Changed()
		msgs := h.channel(p)
		now := make(map[interaction.Snowflake]bool, len(msgs))
		for _, m := range msgs {
			now[m.ID] = true
			b, err := json.Marshal(m)
			if err != nil || bytes.Equal(b, sent[m.ID]) {
				continue
			}
			sent[m.ID] = b
			out.event("message", b)
		}
		for id := range sent {
			if !now[id] {
				delete(sent, id)
				out.send("delete", map[string]any{"id": id})
			}
		}
		var open any
		if m, ok := h.emu.OpenModal(p.User); ok {
			open = m
		}
		if b, err := json.Marshal(open); err == nil && !bytes.Equal(b, modal) {
			modal = b
			out.event("modal", []byte(`{"modal":`+string(b)+`}`))
		}
		if now := h.offered(p); !bytes.Equal(now, commands) {
			commands = now
			out.event("commands", []byte("{}"))
		}
		if out.err == nil {
			out.err = rc.Flush()
		}
		if out.err != nil {
			return // the page went away
		}
		select {
		case <-changed:
		case <-tick.C:
			_, out.err = io.WriteString(w, ": still here\n\n")
		case <-r.Context().Done():
			return
		case <-h.done:
			return
		}
	}
}

// offered is what the client offers the user where p says, as JSON, to
// tell when it changes: when the bot registers, edits or deletes a
// command, or the member may do other things. A place the user cannot be
// is offered nothing.
func (h *Handler) offered(p place) []byte {
	cmds, err := h.emu.Offered(p.invocation())
	if err != nil {
		return nil
	}
	b, _ := json.Marshal(cmds)
	return b
}

// eventWriter writes server-sent events, and keeps the first error.
type eventWriter struct {
	w   io.Writer
	err error
}

// event writes an event whose data is JSON, which holds no newline.
func (e *eventWriter) event(name string, data []byte) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, "event: %s\ndata: %s\n\n", name, data)
	}
}

func (e *eventWriter) send(name string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		e.err = err
		return
	}
	e.event(name, b)
}
