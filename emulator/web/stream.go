package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
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
// whenever it changes (a deferred answer completed, an edit, a reaction,
// a pin, a thread started from it), "delete" when one is deleted or
// forgotten, "modal" when the modal open before the user opens or
// closes, "commands" when the commands offered there change, and "guild"
// when the guild does (its channels and threads, members, roles, bans). The emulator says when something changed, and which
// messages: the stream waits on it, asks nothing in between, and then
// looks only at what changed, so that a change costs the same however
// many messages the emulator keeps.
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

	ch := &follower{h: h, p: p, sent: map[interaction.Snowflake]uint64{}}
	modal := []byte("null")
	commands := h.offered(p) // as the page loaded them
	guild := h.guildState(p)
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		changed := h.emu.Changed()
		ch.catchUp(out)
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
		if now := h.guildState(p); !bytes.Equal(now, guild) {
			guild = now
			out.event("guild", now)
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

// follower follows the messages of one place for a stream: what it sent
// of each, and the emulator's last change it has seen.
type follower struct {
	h *Handler
	p place
	// since is the number of the emulator's last change to messages the
	// stream has seen; started is set once it has seen them all.
	since   uint64
	started bool
	// sent holds a hash of the JSON of each message the stream has sent
	// and not deleted, so that a message unchanged to the page is not
	// sent again.
	sent map[interaction.Snowflake]uint64
}

// catchUp sends what changed in the channel since the last call: at
// first every message, then those the emulator says changed, or every
// one again when the stream fell so far behind that the emulator no
// longer remembers what changed.
func (f *follower) catchUp(out *eventWriter) {
	var (
		ids  []interaction.Snowflake
		last uint64
		ok   bool
	)
	if f.started {
		ids, last, ok = f.h.emu.MessageChanges(f.since)
		f.since = last
	}
	if !ok {
		f.resync(out)
		return
	}
	if len(ids) == 0 {
		return
	}
	n := f.h.names()
	for _, id := range ids {
		rec, found := f.h.emu.Message(id)
		var v messageJSON
		if found {
			v, found = n.view(f.p, rec)
		}
		if found {
			f.send(out, v)
			continue
		}
		if _, was := f.sent[id]; was {
			delete(f.sent, id)
			out.send("delete", map[string]any{"id": id})
		}
	}
}

// resync looks at every message, sends those that changed, and deletes
// those the page shows that are gone.
func (f *follower) resync(out *eventWriter) {
	recs, last := f.h.emu.Messages()
	f.since, f.started = last, true
	n := f.h.names()
	seen := make(map[interaction.Snowflake]bool, len(recs))
	for _, rec := range recs {
		if v, ok := n.view(f.p, rec); ok {
			seen[v.ID] = true
			f.send(out, v)
		}
	}
	for id := range f.sent {
		if !seen[id] {
			delete(f.sent, id)
			out.send("delete", map[string]any{"id": id})
		}
	}
}

// send sends a message, unless the page has it as it is.
func (f *follower) send(out *eventWriter, v messageJSON) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	h := fnv.New64a()
	h.Write(b)
	sum := h.Sum64()
	if old, ok := f.sent[v.ID]; ok && old == sum {
		return
	}
	f.sent[v.ID] = sum
	out.event("message", b)
}

// guildState is the guild where p says as the page shows it, with the
// member's roles and permissions, as JSON, to tell when the bot changed
// it: {"guild", "roles", "permissions"}; nil in direct messages.
func (h *Handler) guildState(p place) []byte {
	if p.Guild == 0 {
		return nil
	}
	for _, g := range h.emu.Guilds() {
		if g.ID == p.Guild {
			gj, roles, perms := guildView(g, p)
			b, _ := json.Marshal(guildEventJSON{Guild: gj, Roles: roles, Permissions: perms})
			return b
		}
	}
	return nil
}

// guildEventJSON is the data of a "guild" event.
type guildEventJSON struct {
	Guild       guildJSON               `json:"guild"`
	Roles       []interaction.Snowflake `json:"roles"`
	Permissions []string                `json:"permissions"`
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
// "event" and "data" are the field names of Server-Sent Events, by which
// the page's EventSource tells one event from another.
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
