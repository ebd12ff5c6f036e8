package webhook

import (
	"strconv"

	"github.com/goccy/go-json/jsontext"

	"github.com/switchboard-go/switchboard/internal/jsonw"
)

// AppendJSON appends w to b as the service sends it:
//
//	{"version":1,"application_id":"…","type":0}
//	{"version":1,"application_id":"…","type":1,"event":{"type":"…","timestamp":"…","data":{…}}}
//
// The timestamp is written in UTC without a zone, to the microsecond
// unless it has a finer part, and the data in compact form. It returns an
// *EncodeError, and b unchanged, if w is not a body the service sends:
// what Decode would refuse.
func (w *Body) AppendJSON(b []byte) ([]byte, error) {
	if f := w.check(); f != nil {
		return b, f.encodeError()
	}
	start := len(b)
	b = append(b, `{"version":`...)
	b = strconv.AppendInt(b, int64(w.Version), 10)
	b = append(b, `,"application_id":"`...)
	b = strconv.AppendUint(b, uint64(w.ApplicationID), 10)
	b = append(b, `","type":`...)
	b = strconv.AppendInt(b, int64(w.Type), 10)
	if w.Event != nil {
		b = append(b, `,"event":`...)
		var f *fault
		if b, f = w.Event.appendJSON(b, "/event"); f != nil {
			return b[:start], f.encodeError()
		}
	}
	return append(b, '}'), nil
}

// MarshalJSON returns what AppendJSON appends.
func (w *Body) MarshalJSON() ([]byte, error) { return w.AppendJSON(nil) }

// UnmarshalJSON decodes a webhook body as Decode does.
func (w *Body) UnmarshalJSON(b []byte) error { return Decode(b, w) }

// AppendJSON appends e to b as a webhook body carries it. It returns an
// *EncodeError, and b unchanged, if e is not an event the service sends.
func (e *Event) AppendJSON(b []byte) ([]byte, error) {
	if f := e.check(""); f != nil {
		return b, f.encodeError()
	}
	start := len(b)
	b, f := e.appendJSON(b, "")
	if f != nil {
		return b[:start], f.encodeError()
	}
	return b, nil
}

// MarshalJSON returns what AppendJSON appends.
func (e *Event) MarshalJSON() ([]byte, error) { return e.AppendJSON(nil) }

// appendJSON appends e, which check has accepted. prefix is the JSON pointer of
// the event.
func (e *Event) appendJSON(b []byte, prefix string) ([]byte, *fault) {
	b = append(b, `{"type":`...)
	b = jsonw.AppendString(b, string(e.Type))
	b = append(b, `,"timestamp":`...)
	b = appendTimestamp(b, e.Timestamp)
	if len(e.Data) > 0 {
		b = append(b, `,"data":`...)
		out, err := jsontext.AppendFormat(b, e.Data)
		if err != nil {
			return b, &fault{path: join(prefix, "data"), what: "invalid JSON", kind: ErrMalformed}
		}
		b = out
	}
	return append(b, '}'), nil
}
