package webhook

import (
	"bytes"
	"reflect"
	"time"

	"github.com/goccy/go-json/jsontext"
	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/interaction"
)

// wireWebhook is a webhook body as it is read, before it is checked.
type wireWebhook struct {
	Version       int                   `json:"version"`
	ApplicationID interaction.Snowflake `json:"application_id"`
	// Type is a pointer because 0, a PING, is also what an absent type
	// would read as.
	Type  *BodyType  `json:"type"`
	Event *wireEvent `json:"event"`
}

type wireEvent struct {
	Type      Type           `json:"type"`
	Timestamp time.Time      `json:"timestamp"`
	Data      jsontext.Value `json:"data"`
}

// Decode decodes the body of a webhook events request into w, which it
// resets first. w keeps no reference to body, which the caller may reuse
// at once. On error w is left zero, and the error is a *DecodeError.
//
// The body is decoded with github.com/goccy/go-json/v2, as encoding/json/v2
// decodes it: it must be valid UTF-8, escapes included, with no duplicate
// names in an object; names match the fields exactly, and fields the
// package does not know are ignored. The version must be positive and the
// application id set; the type must be PING (0), with no event, or EVENT
// (1), with one, any other type being an error matching ErrUnknownType. An
// event needs its type, spelt as the service spells them, and its
// timestamp, in RFC 3339 or without a zone (UTC); its data, when present,
// must be an object, and the data of the types this package describes must
// decode to their types with the fields the service always sends (the
// user's id, the entitlement's id, SKU and application, a message's id,
// its lobby or channel, and its author's id).
func Decode(body []byte, w *Body) error {
	*w = Body{}
	if f := decode(body, w); f != nil {
		*w = Body{}
		return f.decodeError()
	}
	return nil
}

func decode(body []byte, w *Body) *fault {
	var raw wireWebhook
	if err := jsonv2.Unmarshal(body, &raw, decodeOptions); err != nil {
		return describeError(err, body, "", reflect.TypeFor[wireWebhook]())
	}
	if b := bytes.TrimLeft(body, " \t\r\n"); b[0] != '{' {
		// null, which decodes to the zero wireWebhook.
		return &fault{what: "expected an object, got null", kind: ErrMalformed}
	}
	if raw.Type == nil {
		return &fault{path: "/type", what: "missing", kind: ErrMalformed}
	}
	*w = Body{Version: raw.Version, ApplicationID: raw.ApplicationID, Type: *raw.Type}
	if raw.Event != nil {
		ev, f := raw.Event.event("/event")
		if f != nil {
			return f
		}
		w.Event = ev
	}
	return w.check()
}

// event returns the event r holds, its data compact, and nil when absent
// or null. prefix is the JSON pointer of the event.
func (r *wireEvent) event(prefix string) (*Event, *fault) {
	ev := &Event{Type: r.Type, Timestamp: r.Timestamp}
	if len(r.Data) > 0 && string(r.Data) != "null" {
		if err := r.Data.Compact(); err != nil {
			// The decoder has checked the data, which therefore compacts.
			return nil, &fault{path: join(prefix, "data"), what: "invalid JSON", kind: ErrMalformed}
		}
		ev.Data = r.Data
	}
	return ev, nil
}

// UnmarshalJSON decodes an event as Decode decodes the event of a body.
// On error e is left zero, and the error is a *DecodeError.
func (e *Event) UnmarshalJSON(b []byte) error {
	*e = Event{}
	var raw wireEvent
	if err := jsonv2.Unmarshal(b, &raw, decodeOptions); err != nil {
		return describeError(err, b, "", reflect.TypeFor[wireEvent]()).decodeError()
	}
	if string(bytes.TrimSpace(b)) == "null" {
		return (&fault{what: "expected an object, got null", kind: ErrMalformed}).decodeError()
	}
	ev, f := raw.event("")
	if f == nil {
		f = ev.check("")
	}
	if f != nil {
		return f.decodeError()
	}
	*e = *ev
	return nil
}

// check reports what keeps w from being a webhook body the service sends,
// or nil.
func (w *Body) check() *fault {
	if w.Version < 1 {
		return &fault{path: "/version", what: "missing, or not a positive integer", kind: ErrMalformed}
	}
	if w.ApplicationID == 0 {
		return &fault{path: "/application_id", what: "missing", kind: ErrMalformed}
	}
	switch w.Type {
	case BodyPing:
		if w.Event != nil {
			return &fault{path: "/event", what: "present in a PING", kind: ErrMalformed}
		}
	case BodyEvent:
		if w.Event == nil {
			return &fault{path: "/event", what: "missing", kind: ErrMalformed}
		}
		return w.Event.check("/event")
	default:
		return &fault{path: "/type", what: "unknown body type", kind: ErrUnknownType}
	}
	return nil
}

// check reports what keeps e from being an event the service sends, or
// nil. prefix is the JSON pointer of the event.
func (e *Event) check(prefix string) *fault {
	switch {
	case e.Type == "":
		return &fault{path: join(prefix, "type"), what: "missing", kind: ErrMalformed}
	case !validType(e.Type):
		return &fault{path: join(prefix, "type"), what: "not an event type: expected up to 64 upper-case letters, digits and underscores", kind: ErrMalformed}
	case e.Timestamp.IsZero():
		return &fault{path: join(prefix, "timestamp"), what: "missing", kind: ErrMalformed}
	case !inRange(e.Timestamp):
		return &fault{path: join(prefix, "timestamp"), what: string(errTimestampRange), kind: ErrMalformed, err: errTimestampRange}
	}
	data := join(prefix, "data")
	switch e.Type {
	case TypeApplicationAuthorized:
		return decodeDataInto(e.Data, new(ApplicationAuthorized), data)
	case TypeApplicationDeauthorized:
		return decodeDataInto(e.Data, new(ApplicationDeauthorized), data)
	case TypeEntitlementCreate, TypeEntitlementUpdate, TypeEntitlementDelete:
		return decodeDataInto(e.Data, new(interaction.Entitlement), data)
	case TypeLobbyMessageCreate, TypeLobbyMessageUpdate:
		return decodeDataInto(e.Data, new(LobbyMessage), data)
	case TypeLobbyMessageDelete:
		return decodeDataInto(e.Data, new(LobbyMessageDelete), data)
	case TypeGameDirectMessageCreate, TypeGameDirectMessageUpdate, TypeGameDirectMessageDelete:
		return decodeDataInto(e.Data, new(GameDirectMessage), data)
	}
	if len(e.Data) > 0 {
		if k := e.Data.Kind(); k != '{' {
			return &fault{path: data, what: "expected an object, got " + kindName(k), kind: ErrMalformed}
		}
	}
	return nil
}

// join returns the JSON pointer of the field name of the value at the
// pointer prefix. name is the field's path below the value, its tokens
// separated by "/".
func join(prefix, name string) string {
	return prefix + "/" + name
}
