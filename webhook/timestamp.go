package webhook

import (
	"time"

	"github.com/goccy/go-json/jsontext"
	jsonv2 "github.com/goccy/go-json/v2"
)

// The service writes an event's timestamp in UTC without a zone, to the
// microsecond, as its public documentation's examples show
// ("2024-10-18T14:42:53.064834"), and the timestamps of objects, such as
// an entitlement's, in RFC 3339 with a zone of +00:00.
const (
	zonelessLayout = "2006-01-02T15:04:05.999999999"
	microLayout    = "2006-01-02T15:04:05.000000"
	nanoLayout     = "2006-01-02T15:04:05.000000000"
)

// errTimestamp is the error of a timestamp in a body, which it never
// quotes.
const errTimestamp = wireError("expected an RFC 3339 timestamp, or one without a zone in UTC")

// errTimestampRange is the error of a timestamp whose UTC year has not
// four digits, which no layout can write back.
const errTimestampRange = wireError("timestamp out of range")

// parseTimestamp reads the text of a timestamp: RFC 3339, or the
// service's form without a zone, which is UTC. The time is in UTC.
func parseTimestamp(text []byte) (time.Time, error) {
	s := string(text)
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		if t, err = time.Parse(zonelessLayout, s); err != nil {
			return time.Time{}, errTimestamp
		}
	}
	t = t.UTC()
	if !inRange(t) {
		return time.Time{}, errTimestampRange
	}
	return t, nil
}

// inRange reports whether t, in UTC, has a year of four digits.
func inRange(t time.Time) bool {
	y := t.UTC().Year()
	return y >= 0 && y <= 9999
}

// appendTimestamp appends t in UTC as the service writes an event's
// timestamp, without a zone: to the microsecond, or to the nanosecond when
// t has a finer part, so that what Decode read is written back unchanged.
func appendTimestamp(b []byte, t time.Time) []byte {
	t = t.UTC()
	layout := microLayout
	if t.Nanosecond()%1000 != 0 {
		layout = nanoLayout
	}
	b = append(b, '"')
	b = t.AppendFormat(b, layout)
	return append(b, '"')
}

// decodeOptions read every time.Time of a body, the event's timestamp and
// those of its data, with parseTimestamp; null is the zero time.
var decodeOptions = jsonv2.WithUnmarshalers(jsonv2.UnmarshalFunc(func(b []byte, t *time.Time) error {
	if string(b) == "null" {
		*t = time.Time{}
		return nil
	}
	text, err := jsontext.AppendUnquote(nil, b)
	if err != nil {
		return errTimestamp
	}
	v, err := parseTimestamp(text)
	if err != nil {
		return err
	}
	*t = v
	return nil
}))
