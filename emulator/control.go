package emulator

import (
	"cmp"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"slices"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// The control API drives the emulator from scripts and tests in other
// languages, as the Go methods do from Go. It lives under /_emulator/,
// outside the service's /v10, and like the rest of the emulator it trusts
// whoever can reach it: it has no credentials, no rate limit and no faults.
//
//	POST   /_emulator/faults
//		Injects a fault (see Fault): a JSON object
//		{"route": "commands", "count": 2, "kind": "rate_limit",
//		"retry_after": 1.5, "global": false, "status": 503, "delay": 0.5}
//		with kind one of "rate_limit", "server_error", "slow", "drop" and
//		durations in seconds. Answers 204.
//	DELETE /_emulator/faults
//		Drops the faults not yet used. Answers 204.
//	GET    /_emulator/interactions/{id}
//		What became of an interaction sent to the bot:
//		{"interaction": {...}, "sent": "...", "launched": false,
//		"answer": {"type": 4, ...}, "answered": "...",
//		"original": {message}, "followups": [{message}]}, each message as
//		the webhook endpoints return it, with "deleted". The answer and
//		its time are null until the bot answers. Answers 404 for an
//		unknown id.
//	GET    /_emulator/interactions
//		Every interaction sent, as Interactions: a list of the objects
//		above, oldest first.
//	GET    /_emulator/launches
//		The interactions the service handled itself by launching an
//		Activity, as Launches: a list of the same objects, with
//		"launched": true, the answer LAUNCH_ACTIVITY and the message the
//		service posted as the one follow-up.
//	POST   /_emulator/authorize
//		A user authorizes the application, as AuthorizeUser:
//		{"user": "id", "scopes": ["identify"]} answers {"code": "..."},
//		a one-time code for the redirect_uri of the credentials. With
//		"applications.commands" the user also installs the application
//		to their account, when it supports USER_INSTALL.
//	POST   /_emulator/revoke
//		Revokes a refresh token and its access token, as RevokeGrant:
//		{"refresh_token": "..."} answers {"revoked": true} or false when
//		there was no such token.
//	POST   /_emulator/deauthorize
//		Takes back every grant of a user, as Deauthorize: {"user": "id"}.
//		Answers 204.
//	POST   /_emulator/interactions-url
//		Sets the bot's interactions URL after the service's checks, as
//		SetInteractionsURL: {"url": "http://..."} answers 204, or 400 with
//		{"message": "..."} saying which check failed.
//	POST   /_emulator/invoke
//		A user uses a command, as Invoke. The body is an Invocation:
//		{"user": "id", "guild": "id", "channel": "id", "locale": "fr",
//		"command": "mod ban", "type": 1, "options": [{"name": "user",
//		"value": "id"}, {"name": "days", "value": 3}], "target": "id"},
//		every field optional but the command, with the Go defaults. A
//		value is what the user gave: a string, an id as a string, a
//		number, a boolean, or an attachment object. It answers 200 with
//		{"id": "...", "token": "...", "interaction": {as sent},
//		"status": 200, "answer": {as received} or null, "violations":
//		["..."], "elapsed": 0.012, "ok": true, "launched": false}, even
//		when the bot broke the rules; a launched Activity has no
//		interaction. A refused invocation answers {"error": kind,
//		"message": reason}, 403 with kind "permission_denied", or 400
//		with "unknown_command", "invalid_input", "unknown_target", or
//		"stale" (the client has reloaded the command: try again).
//	POST   /_emulator/autocomplete
//		The same, as Autocomplete, with "focused" naming the option
//		being typed.
func (s *Server) controlRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/faults", s.controlInjectFault)
	mux.HandleFunc("DELETE /_emulator/faults", func(w http.ResponseWriter, _ *http.Request) {
		s.ClearFaults()
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /_emulator/interactions/{id}", s.controlInteraction)
	mux.HandleFunc("GET /_emulator/interactions", s.controlInteractions)
	mux.HandleFunc("GET /_emulator/launches", s.controlLaunches)
	s.controlOAuthRoutes(mux)
	s.controlInvokeRoutes(mux)
}

// faultJSON is a Fault as the control API takes it.
type faultJSON struct {
	Route      string  `json:"route"`
	Count      int     `json:"count"`
	Kind       string  `json:"kind"`
	Status     int     `json:"status"`
	RetryAfter float64 `json:"retry_after"`
	Global     bool    `json:"global"`
	Delay      float64 `json:"delay"`
}

func seconds(f float64) time.Duration { return time.Duration(math.Round(f * float64(time.Second))) }

func (s *Server) controlInjectFault(w http.ResponseWriter, r *http.Request) {
	var in faultJSON
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err := json.Unmarshal(body, &in); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"message": "invalid fault: " + err.Error()})
		return
	}
	f := Fault{Route: in.Route, Count: in.Count, Status: in.Status, RetryAfter: seconds(in.RetryAfter), Global: in.Global, Delay: seconds(in.Delay)}
	for _, k := range []FaultKind{FaultRateLimit, FaultServerError, FaultSlow, FaultDrop} {
		if k.String() == in.Kind {
			f.Kind = k
		}
	}
	switch {
	case f.Kind == 0:
		writeJSON(w, http.StatusBadRequest, map[string]any{"message": `kind must be "rate_limit", "server_error", "slow" or "drop"`})
		return
	case f.Kind == FaultServerError && f.Status != 0 && (f.Status < 500 || f.Status > 599):
		writeJSON(w, http.StatusBadRequest, map[string]any{"message": "status must be a 5xx status"})
		return
	case in.Count < 0 || in.RetryAfter < 0 || in.Delay < 0:
		writeJSON(w, http.StatusBadRequest, map[string]any{"message": "count, retry_after and delay must not be negative"})
		return
	}
	s.InjectFault(f)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) controlInteraction(w http.ResponseWriter, r *http.Request) {
	id, err := interaction.ParseSnowflake(r.PathValue("id"))
	s.st.mu.Lock()
	si := s.st.interactions[id]
	if err != nil || si == nil {
		s.st.mu.Unlock()
		writeJSON(w, http.StatusNotFound, map[string]any{"message": "no interaction " + r.PathValue("id")})
		return
	}
	// Encode under the lock: the messages share their lists with the state.
	b, err := json.Marshal(s.interactionJSON(si))
	s.st.mu.Unlock()
	writeEncoded(w, b, err)
}

func (s *Server) controlInteractions(w http.ResponseWriter, _ *http.Request) {
	s.st.mu.Lock()
	all := make([]*sentInteraction, 0, len(s.st.interactions))
	for _, si := range s.st.interactions {
		all = append(all, si)
	}
	slices.SortFunc(all, func(a, b *sentInteraction) int { return cmp.Compare(a.ix.ID, b.ix.ID) })
	s.writeInteractions(w, all)
}

func (s *Server) controlLaunches(w http.ResponseWriter, _ *http.Request) {
	s.st.mu.Lock()
	s.writeInteractions(w, s.st.launches)
}

// writeInteractions answers with a list of interactions, and releases
// s.st.mu, which the caller holds, once they are encoded.
func (s *Server) writeInteractions(w http.ResponseWriter, all []*sentInteraction) {
	out := make([]map[string]any, len(all))
	for i, si := range all {
		out[i] = s.interactionJSON(si)
	}
	b, err := json.Marshal(out)
	s.st.mu.Unlock()
	writeEncoded(w, b, err)
}

// writeEncoded writes JSON encoded under the lock.
func writeEncoded(w http.ResponseWriter, b []byte, err error) {
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, map[string]any{"message": err.Error()})
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(b)
}

// interactionJSON is what the control API shows of an interaction. The
// caller holds s.st.mu.
func (s *Server) interactionJSON(si *sentInteraction) map[string]any {
	out := map[string]any{"interaction": si.ix, "sent": si.sent.UTC().Format(timestampLayout), "launched": si.launched,
		"answer": nil, "answered": nil, "original": nil}
	if si.answer != nil {
		out["answer"], out["answered"] = *si.answer, si.answered.UTC().Format(timestampLayout)
	}
	withDeleted := func(m *Message) map[string]any {
		j := s.messageJSON(si, m, m == si.original)
		j["deleted"] = m.Deleted
		return j
	}
	if si.original != nil {
		out["original"] = withDeleted(si.original)
	}
	followups := []any{}
	for _, f := range si.followups {
		followups = append(followups, withDeleted(f))
	}
	out["followups"] = followups
	return out
}
