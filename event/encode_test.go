package event_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/goccy/go-json/jsontext"

	"github.com/switchboard-go/switchboard/event"
	"github.com/switchboard-go/switchboard/interaction"
)

func mustNew(t *testing.T, typ event.Type, when time.Time, data any) *event.Event {
	t.Helper()
	ev, err := event.New(typ, when, data)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func TestAppendJSONWritesTheServicesShape(t *testing.T) {
	when := time.Date(2024, 10, 18, 14, 42, 53, 64834000, time.UTC)
	paris := time.FixedZone("CEST", 2*60*60)
	tests := []struct {
		name string
		w    *event.Webhook
		want string
	}{
		{
			name: "a PING",
			w:    event.Ping(appID),
			want: `{"version":1,"application_id":"1234560123453231555","type":0}`,
		},
		{
			name: "an installation to a user's account",
			w: event.Wrap(appID, mustNew(t, event.TypeApplicationAuthorized, when, event.ApplicationAuthorized{
				IntegrationType: installedAs(interaction.UserInstall),
				User:            interaction.User{ID: userID, Username: "ada"},
				Scopes:          []string{"applications.commands"},
			})),
			want: `{"version":1,"application_id":"1234560123453231555","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53.064834",` +
				`"data":{"integration_type":1,"user":{"id":"1191213000000000013","username":"ada"},"scopes":["applications.commands"]}}}`,
		},
		{
			name: "an installation to a server, at a time in another zone",
			w: event.Wrap(appID, mustNew(t, event.TypeApplicationAuthorized, when.In(paris), event.ApplicationAuthorized{
				IntegrationType: installedAs(interaction.GuildInstall),
				User:            interaction.User{ID: userID, Username: "ada"},
				Scopes:          []string{"applications.commands", "bot"},
				Guild:           &event.Guild{ID: guildID, Name: "Analytical Engines"},
			})),
			want: `{"version":1,"application_id":"1234560123453231555","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53.064834",` +
				`"data":{"integration_type":0,"user":{"id":"1191213000000000013","username":"ada"},"scopes":["applications.commands","bot"],` +
				`"guild":{"id":"1191202000000000002","name":"Analytical Engines"}}}}`,
		},
		{
			name: "a deauthorization at a whole second",
			w: event.Wrap(appID, mustNew(t, event.TypeApplicationDeauthorized, when.Truncate(time.Second),
				event.ApplicationDeauthorized{User: interaction.User{ID: userID, Username: "ada"}})),
			want: `{"version":1,"application_id":"1234560123453231555","type":1,"event":{"type":"APPLICATION_DEAUTHORIZED","timestamp":"2024-10-18T14:42:53.000000",` +
				`"data":{"user":{"id":"1191213000000000013","username":"ada"}}}}`,
		},
		{
			name: "an entitlement, its times with the zone the service writes",
			w: event.Wrap(appID, mustNew(t, event.TypeEntitlementCreate, when, interaction.Entitlement{
				ID: entID, SKUID: skuID, ApplicationID: appID, UserID: userID, Type: 8,
				StartsAt: when.In(paris), EndsAt: when.AddDate(0, 1, 0),
			})),
			want: `{"version":1,"application_id":"1234560123453231555","type":1,"event":{"type":"ENTITLEMENT_CREATE","timestamp":"2024-10-18T14:42:53.064834",` +
				`"data":{"id":"1234505980407808808","sku_id":"123489045643835123","application_id":"1234560123453231555","user_id":"1191213000000000013",` +
				`"type":8,"deleted":false,"starts_at":"2024-10-18T14:42:53.064834+00:00","ends_at":"2024-11-18T14:42:53.064834+00:00"}}}`,
		},
		{
			name: "an event with a time finer than the microsecond, kept to the nanosecond",
			w:    event.Wrap(1, &event.Event{Type: "X", Timestamp: when.Add(7)}),
			want: `{"version":1,"application_id":"1","type":1,"event":{"type":"X","timestamp":"2024-10-18T14:42:53.064834007"}}`,
		},
		{
			name: "raw data, written compact",
			w:    event.Wrap(1, &event.Event{Type: "LOBBY_MESSAGE_DELETE", Timestamp: when, Data: jsontext.Value("{ \"id\" : \"9\",\n\"lobby_id\": \"8\" }")}),
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
			var back event.Webhook
			if err := event.Decode(got[len(prefix):], &back); err != nil {
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
		var w event.Webhook
		if err := event.Decode([]byte(body), &w); err != nil {
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
		w      *event.Webhook
		reason string
	}{
		{"no version", &event.Webhook{ApplicationID: 1, Type: event.WebhookPing}, "/version: missing, or not a positive integer"},
		{"no application", event.Ping(0), "/application_id: missing"},
		{"a PING with an event", &event.Webhook{Version: 1, ApplicationID: 1, Event: &event.Event{Type: "X", Timestamp: when}}, "/event: present in a PING"},
		{"an event type without its event", event.Wrap(1, nil), "/event: missing"},
		{"another webhook type", &event.Webhook{Version: 1, ApplicationID: 1, Type: 3}, "/type: unknown webhook type"},
		{"an event without a type", event.Wrap(1, &event.Event{Timestamp: when}), "/event/type: missing"},
		{"an event type with a quote", event.Wrap(1, &event.Event{Type: `A"B`, Timestamp: when}), "/event/type: not an event type: expected up to 64 upper-case letters, digits and underscores"},
		{"an event without a time", event.Wrap(1, &event.Event{Type: "X"}), "/event/timestamp: missing"},
		{"a time past the year 9999", event.Wrap(1, &event.Event{Type: "X", Timestamp: when.AddDate(8000, 0, 0)}), "/event/timestamp: timestamp out of range"},
		{"an authorization without a user", event.Wrap(1, &event.Event{Type: event.TypeApplicationAuthorized, Timestamp: when, Data: jsontext.Value(`{"scopes":["bot"]}`)}), "/event/data/user/id: missing"},
		{"an entitlement without data", event.Wrap(1, &event.Event{Type: event.TypeEntitlementCreate, Timestamp: when}), "/event/data: missing"},
		{"data that is not JSON", event.Wrap(1, &event.Event{Type: "X", Timestamp: when, Data: jsontext.Value(`{"a":`)}), "/event/data: invalid JSON"},
		{"data that is not an object", event.Wrap(1, &event.Event{Type: "X", Timestamp: when, Data: jsontext.Value(`"a"`)}), "/event/data: expected an object, got a string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := tt.w.AppendJSON([]byte("kept"))
			var ee *event.EncodeError
			if !errors.As(err, &ee) || ee.Reason != tt.reason {
				t.Fatalf("AppendJSON error %v, want an *EncodeError %q", err, tt.reason)
			}
			if !errors.Is(err, event.ErrMalformed) && !errors.Is(err, event.ErrUnknownType) {
				t.Errorf("error %v matches neither ErrMalformed nor ErrUnknownType", err)
			}
			if string(b) != "kept" {
				t.Errorf("AppendJSON returned %q, want what it was given", b)
			}
		})
	}
}

func TestNewRefusesDataThatIsNotTheTypes(t *testing.T) {
	when := time.Date(2024, 10, 18, 14, 42, 53, 0, time.UTC)
	tests := []struct {
		name string
		typ  event.Type
		data any
		// reason is that of the *EncodeError, or "" for another error.
		reason string
	}{
		{"an authorization without a user", event.TypeApplicationAuthorized, event.ApplicationAuthorized{Scopes: []string{"bot"}}, "/data/user/id: missing"},
		{"an entitlement of a deauthorization", event.TypeApplicationDeauthorized, interaction.Entitlement{ID: 1}, "/data/user/id: missing"},
		{"a list", "X", []int{1}, "/data: expected an object, got an array"},
		{"no type", "", nil, "/type: missing"},
		{"a value that does not encode", "X", map[string]any{"f": func() {}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := event.New(tt.typ, when, tt.data)
			if err == nil {
				t.Fatalf("New = %+v, want an error", ev)
			}
			var ee *event.EncodeError
			if errors.As(err, &ee) != (tt.reason != "") || ee != nil && ee.Reason != tt.reason {
				t.Errorf("New error %v, want the reason %q", err, tt.reason)
			}
		})
	}
}

func TestEncodingJSONUsesTheWireForm(t *testing.T) {
	w := event.Wrap(appID, &event.Event{Type: event.TypeApplicationDeauthorized, Timestamp: time.Date(2024, 10, 18, 14, 42, 53, 64834000, time.UTC),
		Data: jsontext.Value(`{"user":{"id":"5"}}`)})
	got, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := w.AppendJSON(nil)
	if !bytes.Equal(got, want) {
		t.Errorf("json.Marshal = %s, want %s", got, want)
	}
	var back event.Webhook
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	if string(back.Event.Data) != `{"user":{"id":"5"}}` || !back.Event.Timestamp.Equal(w.Event.Timestamp) {
		t.Errorf("json.Unmarshal = %s", show(back))
	}

	var ev event.Event
	if err := json.Unmarshal([]byte(`{"type":"LOBBY_MESSAGE_DELETE","timestamp":"2024-10-18T14:42:53.064834","data":{"id":"1"}}`), &ev); err != nil {
		t.Fatal(err)
	}
	enc, err := json.Marshal(&ev)
	if err != nil || string(enc) != `{"type":"LOBBY_MESSAGE_DELETE","timestamp":"2024-10-18T14:42:53.064834","data":{"id":"1"}}` {
		t.Errorf("an event decoded and encoded: %s, %v", enc, err)
	}
	if err := json.Unmarshal([]byte(`{"type":"ENTITLEMENT_DELETE","timestamp":"2024-10-18T14:42:53.064834","data":{"id":"1"}}`), &ev); err == nil || ev.Type != "" {
		t.Errorf("the deletion of an entitlement without its SKU decoded to %+v, %v", ev, err)
	}
	if err := json.Unmarshal([]byte(`{"type":"X"}`), &ev); err == nil || ev.Type != "" {
		t.Errorf("an event without a timestamp decoded to %+v, %v", ev, err)
	}
}
