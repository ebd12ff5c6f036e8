package emulator

import (
	"fmt"
	"time"

	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/webhook"
)

// eventTypes are the types of every event the emulator sends, to which the
// application is subscribed.
func eventTypes() []string {
	return []string{string(webhook.TypeApplicationAuthorized), string(webhook.TypeApplicationDeauthorized), string(webhook.TypeEntitlementCreate),
		string(webhook.TypeEntitlementUpdate), string(webhook.TypeEntitlementDelete)}
}

// authorizedData is the data of APPLICATION_AUTHORIZED: package webhook's,
// with the user written as the emulator writes every user (D58), every
// field of the service's public user object present. interaction.User, a
// decoder's view, leaves empty fields out; the field here, being outside
// the embedded struct, takes the place of its user in the JSON.
type authorizedData struct {
	webhook.ApplicationAuthorized
	User wireUser `json:"user"`
}

// deauthorizedData is the data of APPLICATION_DEAUTHORIZED, its user
// written as authorizedData's is.
type deauthorizedData struct {
	webhook.ApplicationDeauthorized
	User wireUser `json:"user"`
}

// guildJSON is g as APPLICATION_AUTHORIZED carries it: the fields of the
// service's guild object that package webhook reads and the emulator knows.
// The emulator's guilds have no icon, description or features.
func guildJSON(g *guild) *webhook.Guild {
	return &webhook.Guild{ID: g.id, Name: g.name, OwnerID: g.owner, PreferredLocale: g.locale}
}

// eventBody returns the body of a webhook event of type t with data, as
// the service sends it: {"version":1,"application_id","type":1,"event":
// {"type","timestamp","data"}}, at being when it happened. The error is a
// refusal of the data: text that is not UTF-8, which a user's name given
// to the Go API may hold, or data that package webhook would not decode as
// the data of t. The caller holds s.st.mu.
func (s *Server) eventBody(t webhook.Type, at time.Time, data any) ([]byte, error) {
	raw, err := jsonv2.Marshal(data)
	if err != nil {
		return nil, fmt.Errorf("%s data: %w", t, err)
	}
	w := webhook.Body{Version: webhook.Version, ApplicationID: s.st.app.id, Type: webhook.BodyEvent,
		Event: &webhook.Event{Type: t, Timestamp: at, Data: raw}}
	b, err := w.AppendJSON(nil)
	// Written as the service writes it, as interactions are.
	return unescapeHTML(b), err
}

// pingBody returns the PING that checks app's webhook events URL, a body
// of type 0 without an event. The caller holds the state's lock.
func pingBody(app *application) []byte {
	w := webhook.Body{Version: webhook.Version, ApplicationID: app.id, Type: webhook.BodyPing}
	b, err := w.AppendJSON(nil)
	if err != nil {
		// A PING has nothing but the application's id, which is never 0.
		panic("emulator: writing a PING: " + err.Error())
	}
	return unescapeHTML(b)
}
