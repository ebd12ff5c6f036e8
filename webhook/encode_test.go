package webhook_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/goccy/go-json/jsontext"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

// wrap returns the body that delivers ev to app.
func wrap(app interaction.Snowflake, ev *webhook.Event) *webhook.Body {
	return &webhook.Body{Version: webhook.Version, ApplicationID: app, Type: webhook.BodyEvent, Event: ev}
}

// event returns an event of type typ that happened at when, with data
// encoded as its data.
func event(t *testing.T, typ webhook.Type, when time.Time, data any) *webhook.Event {
	t.Helper()
	b, err := json.Marshal(data)
	if err != nil {
		t.Fatal(err)
	}
	return &webhook.Event{Type: typ, Timestamp: when, Data: b}
}

func TestAppendJSONWritesTheServicesShape(t *testing.T) {
	when := time.Date(2024, 10, 18, 14, 42, 53, 64834000, time.UTC)
	paris := time.FixedZone("CEST", 2*60*60)
	tests := []struct {
		name string
		w    *webhook.Body
		want string
	}{
		{
			name: "a PING",
			w:    &webhook.Body{Version: webhook.Version, ApplicationID: appID, Type: webhook.BodyPing},
			want: `{"version":1,"application_id":"1234560123453231555","type":0}`,
		},
		{
			name: "an installation to a user's account",
			w: wrap(appID, event(t, webhook.TypeApplicationAuthorized, when, webhook.ApplicationAuthorized{
				IntegrationType: installedAs(interaction.UserInstall),
				User:            interaction.User{ID: userID, Username: "ada"},
				Scopes:          []string{"applications.commands"},
			})),
			want: `{"version":1,"application_id":"1234560123453231555","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53.064834",` +
				`"data":{"integration_type":1,"user":{"id":"1191213000000000013","username":"ada"},"scopes":["applications.commands"]}}}`,
		},
		{
			name: "an installation to a server, at a time in another zone",
			w: wrap(appID, event(t, webhook.TypeApplicationAuthorized, when.In(paris), webhook.ApplicationAuthorized{
				IntegrationType: installedAs(interaction.GuildInstall),
				User:            interaction.User{ID: userID, Username: "ada"},
				Scopes:          []string{"applications.commands", "bot"},
				Guild:           &webhook.Guild{ID: guildID, Name: "Analytical Engines"},
			})),
			want: `{"version":1,"application_id":"1234560123453231555","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53.064834",` +
				`"data":{"integration_type":0,"user":{"id":"1191213000000000013","username":"ada"},"scopes":["applications.commands","bot"],` +
				`"guild":{"id":"1191202000000000002","name":"Analytical Engines"}}}}`,
		},
		{
			name: "a deauthorization at a whole second",
			w: wrap(appID, event(t, webhook.TypeApplicationDeauthorized, when.Truncate(time.Second),
				webhook.ApplicationDeauthorized{User: interaction.User{ID: userID, Username: "ada"}})),
			want: `{"version":1,"application_id":"1234560123453231555","type":1,"event":{"type":"APPLICATION_DEAUTHORIZED","timestamp":"2024-10-18T14:42:53.000000",` +
				`"data":{"user":{"id":"1191213000000000013","username":"ada"}}}}`,
		},
		{
			name: "an event with a time finer than the microsecond, kept to the nanosecond",
			w:    wrap(1, &webhook.Event{Type: "X", Timestamp: when.Add(7)}),
			want: `{"version":1,"application_id":"1","type":1,"event":{"type":"X","timestamp":"2024-10-18T14:42:53.064834007"}}`,
		},
		{
			name: "raw data, written compact",
			w:    wrap(1, &webhook.Event{Type: "LOBBY_MESSAGE_DELETE", Timestamp: when, Data: jsontext.Value("{ \"id\" : \"9\",\n\"lobby_id\": \"8\" }")}),
			want: `{"version":1,"application_id":"1","type":1,"event":{"type":"LOBBY_MESSAGE_DELETE","timestamp":"2024-10-18T14:42:53.064834","data":{"id":"9","lobby_id":"8"}}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prefix := []byte("prefix:")
			got, err := tt.w.AppendJSON(prefix)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != "prefix:"+tt.want {
				t.Fatalf("AppendJSON appended\n%s\nwant\n%s", got[len(prefix):], tt.want)
			}
			var back webhook.Body
			if err := webhook.Decode(got[len(prefix):], &back); err != nil {
				t.Fatalf("what AppendJSON wrote does not decode: %v", err)
			}
			again, err := back.AppendJSON(nil)
			if err != nil || string(again) != tt.want {
				t.Errorf("decoded and encoded again: %s, %v", again, err)
			}
		})
	}
}

func TestTheServicesBodiesEncodeBackAsTheyCame(t *testing.T) {
	for _, body := range []string{ping, authorizedToUser, deauthorized, entitlementCreated, entitlementUpdated, entitlementDeleted} {
		var w webhook.Body
		if err := webhook.Decode([]byte(body), &w); err != nil {
			t.Fatal(err)
		}
		got, err := w.AppendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		want := jsontext.Value(body)
		if err := want.Compact(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("encoded\n%s\nwant\n%s", got, want)
		}
	}
}

func TestAppendJSONRefusesWhatTheServiceDoesNotSend(t *testing.T) {
	when := time.Date(2024, 10, 18, 14, 42, 53, 0, time.UTC)
	tests := []struct {
		name   string
		w      *webhook.Body
		reason string
	}{
		{"no version", &webhook.Body{ApplicationID: 1, Type: webhook.BodyPing}, "/version: missing, or not a positive integer"},
		{"no application", &webhook.Body{Version: 1, Type: webhook.BodyPing}, "/application_id: missing"},
		{"a PING with an event", &webhook.Body{Version: 1, ApplicationID: 1, Event: &webhook.Event{Type: "X", Timestamp: when}}, "/event: present in a PING"},
		{"an event type without its event", wrap(1, nil), "/event: missing"},
		{"another webhook type", &webhook.Body{Version: 1, ApplicationID: 1, Type: 3}, "/type: unknown body type"},
		{"an event without a type", wrap(1, &webhook.Event{Timestamp: when}), "/event/type: missing"},
		{"an event type with a quote", wrap(1, &webhook.Event{Type: `A"B`, Timestamp: when}), "/event/type: not an event type: expected up to 64 upper-case letters, digits and underscores"},
		{"an event without a time", wrap(1, &webhook.Event{Type: "X"}), "/event/timestamp: missing"},
		{"a time past the year 9999", wrap(1, &webhook.Event{Type: "X", Timestamp: when.AddDate(8000, 0, 0)}), "/event/timestamp: timestamp out of range"},
		{"an authorization without a user", wrap(1, &webhook.Event{Type: webhook.TypeApplicationAuthorized, Timestamp: when, Data: jsontext.Value(`{"scopes":["bot"]}`)}), "/event/data/user/id: missing"},
		{"the data of another type", wrap(1, &webhook.Event{Type: webhook.TypeApplicationDeauthorized, Timestamp: when, Data: jsontext.Value(`{"id":"1","sku_id":"2"}`)}), "/event/data/user/id: missing"},
		{"an entitlement without data", wrap(1, &webhook.Event{Type: webhook.TypeEntitlementCreate, Timestamp: when}), "/event/data: missing"},
		{"data that is not JSON", wrap(1, &webhook.Event{Type: "X", Timestamp: when, Data: jsontext.Value(`{"a":`)}), "/event/data: invalid JSON"},
		{"data that is not an object", wrap(1, &webhook.Event{Type: "X", Timestamp: when, Data: jsontext.Value(`"a"`)}), "/event/data: expected an object, got a string"},
		{"a list of data", wrap(1, &webhook.Event{Type: "X", Timestamp: when, Data: jsontext.Value(`[1]`)}), "/event/data: expected an object, got an array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := tt.w.AppendJSON([]byte("kept"))
			var ee *webhook.EncodeError
			if !errors.As(err, &ee) || ee.Reason != tt.reason {
				t.Fatalf("AppendJSON error %v, want an *EncodeError %q", err, tt.reason)
			}
			if !errors.Is(err, webhook.ErrMalformed) && !errors.Is(err, webhook.ErrUnknownType) {
				t.Errorf("error %v matches neither ErrMalformed nor ErrUnknownType", err)
			}
			if string(b) != "kept" {
				t.Errorf("AppendJSON returned %q, want what it was given", b)
			}
		})
	}
}

func TestEncodingJSONUsesTheWireForm(t *testing.T) {
	w := wrap(appID, &webhook.Event{Type: webhook.TypeApplicationDeauthorized, Timestamp: time.Date(2024, 10, 18, 14, 42, 53, 64834000, time.UTC),
		Data: jsontext.Value(`{"user":{"id":"5"}}`)})
	got, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := w.AppendJSON(nil)
	if !bytes.Equal(got, want) {
		t.Errorf("json.Marshal = %s, want %s", got, want)
	}
	var back webhook.Body
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	if string(back.Event.Data) != `{"user":{"id":"5"}}` || !back.Event.Timestamp.Equal(w.Event.Timestamp) {
		t.Errorf("json.Unmarshal = %s", show(back))
	}

	var ev webhook.Event
	if err := json.Unmarshal([]byte(`{"type":"SOMETHING_NEW","timestamp":"2024-10-18T14:42:53.064834","data":{"id":"1"}}`), &ev); err != nil {
		t.Fatal(err)
	}
	enc, err := json.Marshal(&ev)
	if err != nil || string(enc) != `{"type":"SOMETHING_NEW","timestamp":"2024-10-18T14:42:53.064834","data":{"id":"1"}}` {
		t.Errorf("an event decoded and encoded: %s, %v", enc, err)
	}
	if err := json.Unmarshal([]byte(`{"type":"ENTITLEMENT_DELETE","timestamp":"2024-10-18T14:42:53.064834","data":{"id":"1"}}`), &ev); err == nil || ev.Type != "" {
		t.Errorf("the deletion of an entitlement without its SKU decoded to %+v, %v", ev, err)
	}
	if err := json.Unmarshal([]byte(`{"type":"X"}`), &ev); err == nil || ev.Type != "" {
		t.Errorf("an event without a timestamp decoded to %+v, %v", ev, err)
	}
}
