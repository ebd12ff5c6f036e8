package emulator

import (
	"encoding/json"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/emulator/internal/guard"

	"github.com/switchboard-go/switchboard/interaction"
)

// controlPrefix begins the path of every route of the control API, which
// is the emulator's own and no part of the service's.
const controlPrefix = "/_emulator/"

// isControl reports whether a clean path is one of the control API's.
func isControl(path string) bool {
	return path == strings.TrimSuffix(controlPrefix, "/") || strings.HasPrefix(path, controlPrefix)
}

// controlRules are what a request of the control API must be to be
// answered (package guard): the control API drives the emulator, and
// through it the bot, for whoever reaches it, and hands out the tokens of
// the interactions it sent, so a page of another site open in a browser
// on the same machine must neither send it requests nor read it under a
// name it points at 127.0.0.1. The Host may name any port: a container's
// published port reaches the emulator at another one than its own. The
// service's API is not guarded: clients name it by the host of their base
// URL, whatever that is, and a page can do nothing there that its token
// would not let it do anyway. The names of Config.ControlHosts are
// answered as IP addresses are: the operator listed them, as other
// containers call the emulator by them.
func (s *Server) controlRules() guard.Rules {
	return guard.Rules{Name: "the control API", Hosts: s.controlHosts}
}

// controlRoutes serves the control API, which the package comment
// documents.
func (s *Server) controlRoutes(mux *http.ServeMux) {
	s.controlLifecycleRoutes(mux)
	mux.HandleFunc("POST /_emulator/faults", s.controlInjectFault)
	mux.HandleFunc("DELETE /_emulator/faults", func(w http.ResponseWriter, _ *http.Request) {
		s.ClearFaults()
		w.WriteHeader(http.StatusNoContent)
	})
	s.controlDeliveryFaultRoutes(mux)
	mux.HandleFunc("GET /_emulator/interactions/{id}", s.controlInteraction)
	mux.HandleFunc("GET /_emulator/interactions", s.controlInteractions)
	mux.HandleFunc("GET /_emulator/launches", s.controlLaunches)
	s.controlOAuthRoutes(mux)
	s.controlInvokeRoutes(mux)
	s.controlClickRoutes(mux)
	s.controlEventsRoutes(mux)
	s.controlEntitlementRoutes(mux)
	s.controlMessageRoutes(mux)
	s.controlReactionRoutes(mux)
	s.controlGuildRoutes(mux)
	s.controlGatewayRoutes(mux)
	s.controlCredentialsRoutes(mux)
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
	if !readControl(w, r, &in) {
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
	if err := s.InjectFault(f); err != nil {
		// The emulator holds as many as it keeps: the state, not the
		// body, is in the way, until faults are used up or cleared.
		writeJSON(w, http.StatusConflict, map[string]any{"error": "too_many_faults", "message": strings.TrimPrefix(err.Error(), "emulator: ")})
		return
	}
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
	b, err := marshalJSON(s.interactionJSON(si))
	s.st.mu.Unlock()
	writeEncoded(w, b, err)
}

func (s *Server) controlInteractions(w http.ResponseWriter, r *http.Request) {
	s.controlPage(w, r, false)
}

func (s *Server) controlLaunches(w http.ResponseWriter, r *http.Request) {
	s.controlPage(w, r, true)
}

// encodeInteractions encodes the interactions pick chooses, under the
// state's lock: their messages share lists with the state.
func (s *Server) encodeInteractions(pick func() []*sentInteraction) ([]byte, error) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	all := pick()
	out := make([]map[string]any, len(all))
	for i, si := range all {
		out[i] = s.interactionJSON(si)
	}
	return marshalJSON(out)
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

// interactionJSON is what the control API shows of an interaction: the
// interaction as it was sent, and what became of it. The caller holds
// s.st.mu.
func (s *Server) interactionJSON(si *sentInteraction) map[string]any {
	var sent any = si.ix
	if si.body != nil {
		sent = json.RawMessage(si.body)
	}
	out := map[string]any{"interaction": sent, "sent": si.sent.UTC().Format(timestampLayout), "launched": si.launched,
		"answer": nil, "answered": nil, "original": nil}
	if si.answer != nil {
		out["answer"], out["answered"] = *si.answer, si.answered.UTC().Format(timestampLayout)
	}
	withDeleted := func(m *Message) map[string]any {
		j := s.messageJSON(m)
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
	history := []any{}
	for i := range si.history {
		e := &si.history[i]
		m := s.messageJSON(&e.Message)
		m["deleted"] = e.Message.Deleted
		history = append(history, map[string]any{"kind": e.Kind, "original": e.Original, "message": m, "at": e.At.UTC().Format(timestampLayout)})
	}
	out["history"], out["history_dropped"] = history, si.dropped
	out["faults"], out["copies"] = faultNames(si.faults), copiesJSON(si.copies)
	return out
}
