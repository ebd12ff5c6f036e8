package event

import (
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// Version is the version of the webhook body the service sends, and the
// only one it has defined.
const Version = 1

// WebhookType says whether a webhook body is a PING or carries an event.
type WebhookType int

// Webhook types.
const (
	// WebhookPing checks that the webhook events URL answers; it carries no
	// event.
	WebhookPing WebhookType = 0
	// WebhookEvent carries an event.
	WebhookEvent WebhookType = 1
)

// String returns "PING" or "EVENT", or WebhookType(n) for a number the
// service does not define.
func (t WebhookType) String() string {
	switch t {
	case WebhookPing:
		return "PING"
	case WebhookEvent:
		return "EVENT"
	}
	return "WebhookType(" + strconv.Itoa(int(t)) + ")"
}

// Webhook is the body of a request the service sends to an application's
// webhook events URL. The application answers 204 with an empty body to
// both types, within the 3 seconds the service waits.
type Webhook struct {
	// Version is the version of the body's shape, Version. Decode accepts
	// any positive version and reads it as this one; a handler that cares
	// may refuse the others.
	Version int
	// ApplicationID is the application the event is for.
	ApplicationID interaction.Snowflake
	// Type is WebhookPing or WebhookEvent.
	Type WebhookType
	// Event is the event of a WebhookEvent; nil in a PING.
	Event *Event
}

// Ping returns the PING the service sends to check an application's
// webhook events URL.
func Ping(app interaction.Snowflake) *Webhook {
	return &Webhook{Version: Version, ApplicationID: app, Type: WebhookPing}
}

// Wrap returns the body that delivers ev to the application.
func Wrap(app interaction.Snowflake, ev *Event) *Webhook {
	return &Webhook{Version: Version, ApplicationID: app, Type: WebhookEvent, Event: ev}
}

// IsPing reports whether w is a PING.
func (w *Webhook) IsPing() bool { return w.Type == WebhookPing }
