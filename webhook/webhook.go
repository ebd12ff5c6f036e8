package webhook

import (
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// Version is the version of the webhook body the service sends, and the
// only one it has defined.
const Version = 1

// BodyType says whether a webhook body is a PING or carries an event.
type BodyType int

// Body types.
const (
	// BodyPing checks that the webhook events URL answers; it carries no
	// event.
	BodyPing BodyType = 0
	// BodyEvent carries an event.
	BodyEvent BodyType = 1
)

// String returns "PING" or "EVENT", or BodyType(n) for a number the
// service does not define.
func (t BodyType) String() string {
	switch t {
	case BodyPing:
		return "PING"
	case BodyEvent:
		return "EVENT"
	}
	return "BodyType(" + strconv.Itoa(int(t)) + ")"
}

// Body is the body of a request the service sends to an application's
// webhook events URL. The application answers 204 with an empty body to
// both types, within the 3 seconds the service waits.
type Body struct {
	// Version is the version of the body's shape, Version. Decode accepts
	// any positive version and reads it as this one; a handler that cares
	// may refuse the others.
	Version int
	// ApplicationID is the application the event is for.
	ApplicationID interaction.Snowflake
	// Type is BodyPing or BodyEvent.
	Type BodyType
	// Event is the event of a BodyEvent; nil in a PING.
	Event *Event
}

// IsPing reports whether w is a PING.
func (w *Body) IsPing() bool { return w.Type == BodyPing }
