package webhook_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

// malformedBodies are bodies Decode refuses, with the reason it gives.
var malformedBodies = []struct {
	name   string
	body   string
	reason string
	// unknown: the error matches ErrUnknownType rather than ErrMalformed.
	unknown bool
}{
	{name: "an empty body", body: ``, reason: "invalid JSON: unexpected end at offset 0"},
	{name: "null", body: `null`, reason: "expected an object, got null"},
	{name: "an array", body: `[]`, reason: "expected an object, got an array"},
	{name: "text after the object", body: `{"version":1,"application_id":"1","type":0} {}`, reason: "invalid JSON at offset 44"},
	{name: "no version", body: `{"application_id":"1","type":0}`, reason: "/version: missing, or not a positive integer"},
	{name: "a version of zero", body: `{"version":0,"application_id":"1","type":0}`, reason: "/version: missing, or not a positive integer"},
	{name: "a version as a string", body: `{"version":"1","application_id":"1","type":0}`, reason: "/version: expected an integer, got a string"},
	{name: "no application", body: `{"version":1,"type":0}`, reason: "/application_id: missing"},
	{name: "an application id that is not a snowflake", body: `{"version":1,"application_id":"app","type":0}`, reason: "/application_id: invalid snowflake"},
	{name: "no type", body: `{"version":1,"application_id":"1"}`, reason: "/type: missing"},
	{name: "a null type", body: `{"version":1,"application_id":"1","type":null}`, reason: "/type: missing"},
	{name: "an unknown body type", body: `{"version":1,"application_id":"1","type":2}`, reason: "/type: unknown body type", unknown: true},
	{name: "a PING with an event", body: `{"version":1,"application_id":"1","type":0,"event":{"type":"X","timestamp":"2024-10-18T14:42:53"}}`, reason: "/event: present in a PING"},
	{name: "an event type without an event", body: `{"version":1,"application_id":"1","type":1}`, reason: "/event: missing"},
	{name: "an event that is not an object", body: `{"version":1,"application_id":"1","type":1,"event":[]}`, reason: "/event: expected an object, got an array"},
	{name: "an event without a type", body: `{"version":1,"application_id":"1","type":1,"event":{"timestamp":"2024-10-18T14:42:53"}}`, reason: "/event/type: missing"},
	{name: "an event type in lower case", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"application_authorized","timestamp":"2024-10-18T14:42:53"}}`,
		reason: "/event/type: not an event type: expected up to 64 upper-case letters, digits and underscores"},
	{name: "an event type too long", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"` + strings.Repeat("A", 65) + `","timestamp":"2024-10-18T14:42:53"}}`,
		reason: "/event/type: not an event type: expected up to 64 upper-case letters, digits and underscores"},
	{name: "an event without a timestamp", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"X"}}`, reason: "/event/timestamp: missing"},
	{name: "a timestamp of a date alone", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"X","timestamp":"2024-10-18"}}`,
		reason: "/event/timestamp: expected an RFC 3339 timestamp, or one without a zone in UTC"},
	{name: "a timestamp as a number", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"X","timestamp":1729262573}}`,
		reason: "/event/timestamp: expected an RFC 3339 timestamp, or one without a zone in UTC"},
	{name: "a timestamp whose UTC year has five digits", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"X","timestamp":"9999-12-31T23:00:00-05:00"}}`,
		reason: "/event/timestamp: timestamp out of range"},
	{name: "data that is not an object", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"X","timestamp":"2024-10-18T14:42:53","data":[1]}}`,
		reason: "/event/data: expected an object, got an array"},
	{name: "an authorization without data", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53"}}`,
		reason: "/event/data: missing"},
	{name: "an authorization without a user", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53","data":{"scopes":[]}}}`,
		reason: "/event/data/user/id: missing"},
	{name: "an installation context as a string", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53","data":{"integration_type":"1","user":{"id":"1"}}}}`,
		reason: "/event/data/integration_type: expected an integer, got a string"},
	{name: "a scope that is not a string", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53","data":{"user":{"id":"1"},"scopes":["bot",7]}}}`,
		reason: "/event/data/scopes/1: expected a string, got a number"},
	{name: "a guild's locale that is not a string", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53","data":{"user":{"id":"1"},"guild":{"id":"2","preferred_locale":3}}}}`,
		reason: "/event/data/guild/preferred_locale: expected a string, got a number"},
	{name: "a deauthorization of a user without an id", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"APPLICATION_DEAUTHORIZED","timestamp":"2024-10-18T14:42:53","data":{"user":{"username":"ada"}}}}`,
		reason: "/event/data/user/id: missing"},
	{name: "an entitlement without an id", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"ENTITLEMENT_CREATE","timestamp":"2024-10-18T14:42:53","data":{"sku_id":"2","application_id":"1"}}}`,
		reason: "/event/data/id: missing"},
	{name: "an entitlement deleted as a string", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"ENTITLEMENT_CREATE","timestamp":"2024-10-18T14:42:53","data":{"id":"1","sku_id":"2","application_id":"1","deleted":"no"}}}`,
		reason: "/event/data/deleted: expected a boolean, got a string"},
	{name: "an entitlement's deletion with null data", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"ENTITLEMENT_DELETE","timestamp":"2024-10-18T14:42:53","data":null}}`,
		reason: "/event/data: missing"},
	{name: "an entitlement's update without its application", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"ENTITLEMENT_UPDATE","timestamp":"2024-10-18T14:42:53","data":{"id":"1","sku_id":"2","ends_at":"2024-10-18T14:42:53Z"}}}`,
		reason: "/event/data/application_id: missing"},
	{name: "a duplicate name", body: `{"version":1,"version":1,"application_id":"1","type":0}`, reason: "/version: duplicate member name at offset 13"},
	{name: "a duplicate name in raw data", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"X","timestamp":"2024-10-18T14:42:53","data":{"a":1,"a":2}}}`,
		reason: "/event/data: duplicate member name at offset 111"},
	{name: "invalid UTF-8", body: "{\"version\":1,\"application_id\":\"1\",\"type\":0,\"x\":\"\xff\"}", reason: "invalid JSON: invalid UTF-8 at offset 48"},
	{name: "a cut body", body: `{"version":1,"application_id":"1","type":1,"event":{"type":"X","timestamp":"2024-10-18T14:42:53","data":{"a":[`,
		reason: "/event/data: invalid JSON: unexpected end at offset 110"},
}

func TestDecodeRefusesMalformedBodies(t *testing.T) {
	for _, tt := range malformedBodies {
		t.Run(tt.name, func(t *testing.T) {
			w := webhook.Body{Version: 1, ApplicationID: 1}
			err := webhook.Decode([]byte(tt.body), &w)
			var de *webhook.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("Decode error %v, want a *DecodeError", err)
			}
			if de.Reason != tt.reason {
				t.Errorf("Reason %q, want %q", de.Reason, tt.reason)
			}
			kind, other := webhook.ErrMalformed, webhook.ErrUnknownType
			if tt.unknown {
				kind, other = other, kind
			}
			if !errors.Is(err, kind) || errors.Is(err, other) {
				t.Errorf("error %v matches ErrMalformed %v and ErrUnknownType %v", err,
					errors.Is(err, webhook.ErrMalformed), errors.Is(err, webhook.ErrUnknownType))
			}
			if w != (webhook.Body{}) {
				t.Errorf("Decode left %+v with its error", w)
			}
		})
	}
}

func TestADecodeErrorMatchesTheErrorOfTheValue(t *testing.T) {
	var w webhook.Body
	err := webhook.Decode([]byte(`{"version":1,"application_id":"one","type":0}`), &w)
	if !errors.Is(err, interaction.ErrSnowflake) {
		t.Errorf("error %v does not match interaction.ErrSnowflake", err)
	}
}

// secret stands for what a body holds that no error may repeat.
const secret = "ZZSECRETZZ"

func TestADecodeErrorNeverQuotesTheBody(t *testing.T) {
	bodies := []string{
		`{"version":1,"application_id":"ZZSECRETZZ","type":0}`,
		`{"version":"ZZSECRETZZ","application_id":"1","type":0}`,
		`{"version":1,"application_id":"1","type":"ZZSECRETZZ"}`,
		`{"version":1,"application_id":"1","type":1,"event":{"type":"ZZSECRETZZ-","timestamp":"2024-10-18T14:42:53"}}`,
		`{"version":1,"application_id":"1","type":1,"event":{"type":"X","timestamp":"ZZSECRETZZ"}}`,
		`{"version":1,"application_id":"1","type":1,"event":{"type":"X","timestamp":"2024-10-18T14:42:53","data":{"ZZSECRETZZ":[{"ZZSECRETZZ":}]}}}`,
		`{"version":1,"application_id":"1","type":1,"event":{"type":"X","timestamp":"2024-10-18T14:42:53","data":{"ZZSECRETZZ":1,"ZZSECRETZZ":2}}}`,
		`{"version":1,"application_id":"1","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53","data":{"user":{"id":"ZZSECRETZZ"}}}}`,
		`{"version":1,"application_id":"1","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53","data":{"user":{"id":"1","username":"ZZSECRETZZ","bot":"ZZSECRETZZ"}}}}`,
		`{"version":1,"application_id":"1","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53","data":{"user":{"id":"1"},"guild":{"id":"1","ZZSECRETZZ":{"ZZSECRETZZ":tru}}}}}`,
		`{"version":1,"application_id":"1","type":1,"event":{"type":"ENTITLEMENT_CREATE","timestamp":"2024-10-18T14:42:53","data":{"id":"1","sku_id":"1","application_id":"1","starts_at":"ZZSECRETZZ"}}}`,
		`{"version":1,"application_id":"1","type":0,"ZZSECRETZZ":"ZZSECRETZZ\q"}`,
		"{\"version\":1,\"application_id\":\"1\",\"type\":0,\"x\":\"ZZSECRETZZ\xff\"}",
		`{"version":1,"application_id":"1","type":0}ZZSECRETZZ`,
		`ZZSECRETZZ`,
	}
	for _, body := range bodies {
		var w webhook.Body
		err := webhook.Decode([]byte(body), &w)
		if err == nil {
			t.Errorf("Decode(%s) accepted it", body)
			continue
		}
		if strings.Contains(err.Error(), secret) {
			t.Errorf("Decode(%s): error %q quotes the body", body, err)
		}
	}
}

func TestADecodeErrorIsBoundedWhateverTheNesting(t *testing.T) {
	deep := strings.Repeat(`{"guild":`, 5000) + `7` + strings.Repeat(`}`, 5000)
	bodies := map[string]string{
		"deep raw data": `{"version":1,"application_id":"1","type":1,"event":{"type":"X","timestamp":"2024-10-18T14:42:53","data":` +
			strings.Repeat(`{"a":[`, 4000) + `x` + strings.Repeat(`]}`, 4000) + `}}`,
		"deep data of a known type": `{"version":1,"application_id":"1","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53","data":` + deep + `}}`,
		"a long array": `{"version":1,"application_id":"1","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53","data":{"user":{"id":"1"},"scopes":[` +
			strings.Repeat(`"a",`, 100000) + `1]}}}`,
	}
	for name, body := range bodies {
		var w webhook.Body
		err := webhook.Decode([]byte(body), &w)
		if err == nil {
			t.Errorf("%s: Decode accepted it", name)
			continue
		}
		if n := len(err.Error()); n > 400 || !utf8.ValidString(err.Error()) {
			t.Errorf("%s: error of %d bytes: %.200q…", name, n, err)
		}
	}
}
