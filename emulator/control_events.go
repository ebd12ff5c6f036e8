package emulator

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

// maxEventsWait bounds how long GET /_emulator/events?wait=n waits.
const maxEventsWait = 30 * time.Second

// The control API's share of webhook events: SetEventsURL, InstallGuild,
// CreateEntitlement and Events for scripts.
func (s *Server) controlEventsRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/events-url", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			URL         string                `json:"url"`
			Application interaction.Snowflake `json:"application"`
		}
		if !readControl(w, r, &in) || !s.controlApplication(w, in.Application) {
			return
		}
		if in.Application == 0 {
			in.Application = s.ApplicationID
		}
		if err := s.setEventsURL(r.Context(), in.Application, in.URL); err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]any{"message": err.Error()})
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /_emulator/install", func(w http.ResponseWriter, r *http.Request) {
		var in installJSON
		if !readControl(w, r, &in) {
			return
		}
		var err error
		if in.Permissions != nil {
			if !slices.Contains(in.Scopes, scopeBot) {
				writeRefusal(w, refuse(ErrInvalidInput, "permissions are asked for with the scope bot"))
				return
			}
			err = s.install(in.Application, in.User, in.Guild, *in.Permissions, in.Scopes)
		} else {
			err = s.install(in.Application, in.User, in.Guild, 0, in.Scopes)
		}
		if err != nil {
			writeRefusal(w, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /_emulator/entitlements", func(w http.ResponseWriter, r *http.Request) {
		var in entitlementJSON
		if !readControl(w, r, &in) {
			return
		}
		e := interaction.Entitlement{SKUID: in.SKUID, UserID: in.UserID, GuildID: in.GuildID, Type: in.Type, Consumed: in.Consumed}
		for _, f := range []struct {
			name, text string
			t          *time.Time
		}{{"starts_at", in.StartsAt, &e.StartsAt}, {"ends_at", in.EndsAt, &e.EndsAt}} {
			if f.text == "" {
				continue
			}
			var err error
			if *f.t, err = time.Parse(time.RFC3339Nano, f.text); err != nil {
				writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_input", "message": "invalid body: " + f.name + " is not an RFC 3339 time"})
				return
			}
		}
		e, err := s.createEntitlement(in.Application, e)
		if err != nil {
			writeRefusal(w, err)
			return
		}
		writeJSON(w, http.StatusOK, toWireEntitlement(&e))
	})
	mux.HandleFunc("GET /_emulator/events", s.controlEvents)
}

// installJSON is an InstallGuild as the control API takes it.
type installJSON struct {
	User   interaction.Snowflake `json:"user"`
	Guild  interaction.Snowflake `json:"guild"`
	Scopes []string              `json:"scopes"`
	// Permissions are those the flow asks for the bot's managed role,
	// as the service spells permissions: a string of decimal digits.
	Permissions *interaction.Permissions `json:"permissions"`
	// Application is the application installed, 0 for the first.
	Application interaction.Snowflake `json:"application"`
}

// entitlementJSON is what CreateEntitlement takes of an entitlement, as
// the control API takes it, spelt as the entitlement object spells it. The
// times are RFC 3339 text, read apart so that a refusal names the field.
type entitlementJSON struct {
	SKUID    interaction.Snowflake `json:"sku_id"`
	UserID   interaction.Snowflake `json:"user_id"`
	GuildID  interaction.Snowflake `json:"guild_id"`
	Type     int                   `json:"type"`
	StartsAt string                `json:"starts_at"`
	EndsAt   string                `json:"ends_at"`
	Consumed bool                  `json:"consumed"`
	// Application is the application whose SKU it is, 0 for the first.
	Application interaction.Snowflake `json:"application"`
}

// controlEvents answers the deliveries that have finished; with ?wait=n it
// first waits until n have, or maxEventsWait passes, or the caller goes.
func (s *Server) controlEvents(w http.ResponseWriter, r *http.Request) {
	var events []EventDelivery
	if q := r.URL.Query().Get("wait"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 {
			writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_input", "message": "wait must be a count of deliveries"})
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), maxEventsWait)
		defer cancel()
		// Fewer than n after the wait is an answer too: the caller
		// counts.
		events, _ = s.WaitEvents(ctx, n)
	} else {
		events = s.Events()
	}
	out := make([]eventDeliveryJSON, len(events))
	for i, d := range events {
		out[i] = deliveryJSON(d)
	}
	writeJSON(w, http.StatusOK, out)
}

// eventDeliveryJSON is an EventDelivery as the control API shows it: the
// body sent as JSON, the endpoint's answer as text (it may be anything),
// and the time it took in seconds.
type eventDeliveryJSON struct {
	Type       webhook.Type    `json:"type"`
	URL        string          `json:"url"`
	Body       json.RawMessage `json:"body"`
	Sent       string          `json:"sent"`
	Status     int             `json:"status"`
	Answer     string          `json:"answer"`
	Elapsed    float64         `json:"elapsed"`
	Violations []string        `json:"violations"`
	OK         bool            `json:"ok"`
	Faults     []string        `json:"faults"`
}

func deliveryJSON(d EventDelivery) eventDeliveryJSON {
	return eventDeliveryJSON{
		Type: d.Type, URL: d.URL, Body: d.Body, Sent: d.Sent.UTC().Format(timestampLayout), Status: d.Status,
		Answer: string(d.Answer), Elapsed: d.Took.Seconds(), Violations: orEmpty(d.Violations), OK: d.OK(),
		Faults: faultNames(d.Faults),
	}
}
