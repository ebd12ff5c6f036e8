package webhook_test

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/goccy/go-json/jsontext"

	"github.com/switchboard-go/switchboard/webhook"
)

// addSeeds gives a fuzzer the bodies of the table tests to mutate.
func addSeeds(f *testing.F) {
	for _, body := range []string{ping, authorizedToUser, authorizedToGuild, deauthorized, entitlementCreated, entitlementUpdated, entitlementDeleted,
		lobbyMessageCreated, lobbyMessageUpdated, lobbyMessageDeleted, gameDMCreated, gameDMUpdated, gameDMDeleted} {
		f.Add([]byte(body))
	}
	for _, tt := range malformedBodies {
		f.Add([]byte(tt.body))
	}
	f.Add([]byte(`{"version":1,"application_id":"1","type":1,"event":{"type":"QUEST_USER_ENROLLMENT","timestamp":"2025-01-02T03:04:05.000006","data":{"quest_id":"9"}}}`))
	f.Add([]byte(`{"version":1,"application_id":"1","type":1,"event":{"type":"ENTITLEMENT_CREATE","timestamp":"2024-10-18T18:41:21Z",` +
		`"data":{"id":"2","sku_id":"3","application_id":"1","starts_at":"2024-10-18T20:41:21.5+02:00","ends_at":"2024-11-18T18:41:21"}}}`))
}

// FuzzDecode checks that no body makes Decode panic; that it refuses a
// body with a *DecodeError of one of the two kinds, whose reason is short
// and leaves w zero; and that what it accepts is a webhook the service
// sends: typed data that decodes, compact raw data of its own, a timestamp
// in UTC, and an encoding.
func FuzzDecode(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		var w webhook.Body
		err := webhook.Decode(body, &w)
		if err != nil {
			var de *webhook.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %v is not a *DecodeError", err)
			}
			if errors.Is(err, webhook.ErrMalformed) == errors.Is(err, webhook.ErrUnknownType) {
				t.Fatalf("error %v is not of exactly one kind", err)
			}
			if len(de.Reason) > 300 || !utf8.ValidString(de.Reason) {
				t.Fatalf("reason of %d bytes, or not UTF-8: %q", len(de.Reason), de.Reason)
			}
			if !reflect.DeepEqual(w, webhook.Body{}) {
				t.Fatalf("Decode left %+v with its error", w)
			}
			return
		}
		if w.Version < 1 || w.ApplicationID == 0 {
			t.Fatalf("Decode accepted version %d, application %v", w.Version, w.ApplicationID)
		}
		switch w.Type {
		case webhook.BodyPing:
			if w.Event != nil {
				t.Fatal("Decode accepted a PING with an event")
			}
		case webhook.BodyEvent:
			checkEvent(t, w.Event)
		default:
			t.Fatalf("Decode accepted webhook type %v", w.Type)
		}

		// Nothing decoded refers to the body.
		var before []byte
		if w.Event != nil {
			before = bytes.Clone(w.Event.Data)
		}
		for i := range body {
			body[i] = 'x'
		}
		if w.Event != nil && !bytes.Equal(before, w.Event.Data) {
			t.Fatal("reusing the body changed the event's data")
		}
		if _, err := w.AppendJSON(nil); err != nil {
			t.Fatalf("a decoded webhook does not encode: %v", err)
		}
	})
}

func checkEvent(t *testing.T, ev *webhook.Event) {
	t.Helper()
	if ev == nil || ev.Type == "" {
		t.Fatalf("Decode accepted an event without a type: %+v", ev)
	}
	if ev.Timestamp.IsZero() || ev.Timestamp.Location() != time.UTC {
		t.Fatalf("Decode accepted timestamp %v (%v)", ev.Timestamp, ev.Timestamp.Location())
	}
	if ev.Data != nil {
		compact := jsontext.Value(bytes.Clone(ev.Data))
		if err := compact.Compact(); err != nil || !bytes.Equal(compact, ev.Data) || ev.Data.Kind() != '{' {
			t.Fatalf("data %q is not a compact object", ev.Data)
		}
	}
	var err error
	switch ev.Type {
	case webhook.TypeApplicationAuthorized:
		var d webhook.ApplicationAuthorized
		d, err = ev.ApplicationAuthorized()
		if err == nil && d.User.ID == 0 {
			t.Fatal("an authorization without a user")
		}
	case webhook.TypeApplicationDeauthorized:
		_, err = ev.ApplicationDeauthorized()
	case webhook.TypeEntitlementCreate:
		_, err = ev.EntitlementCreate()
	case webhook.TypeEntitlementUpdate:
		_, err = ev.EntitlementUpdate()
	case webhook.TypeEntitlementDelete:
		_, err = ev.EntitlementDelete()
	case webhook.TypeLobbyMessageCreate, webhook.TypeLobbyMessageUpdate:
		var m webhook.LobbyMessage
		if ev.Type == webhook.TypeLobbyMessageCreate {
			m, err = ev.LobbyMessageCreate()
		} else {
			m, err = ev.LobbyMessageUpdate()
		}
		if err == nil && (m.ID == 0 || m.LobbyID == 0 || m.Author.ID == 0) {
			t.Fatalf("a lobby message without its id, lobby or author: %+v", m)
		}
	case webhook.TypeLobbyMessageDelete:
		var d webhook.LobbyMessageDelete
		d, err = ev.LobbyMessageDelete()
		if err == nil && (d.ID == 0 || d.LobbyID == 0) {
			t.Fatalf("a deletion without its message or lobby: %+v", d)
		}
	case webhook.TypeGameDirectMessageCreate, webhook.TypeGameDirectMessageUpdate, webhook.TypeGameDirectMessageDelete:
		var m webhook.GameDirectMessage
		switch ev.Type {
		case webhook.TypeGameDirectMessageCreate:
			m, err = ev.GameDirectMessageCreate()
		case webhook.TypeGameDirectMessageUpdate:
			m, err = ev.GameDirectMessageUpdate()
		default:
			m, err = ev.GameDirectMessageDelete()
		}
		if err == nil && (m.ID == 0 || m.ChannelID == 0 || m.Author.ID == 0) {
			t.Fatalf("a direct message without its id, channel or author: %+v", m.Message)
		}
	case webhook.TypeQuestUserEnrollment:
		var raw jsontext.Value
		raw, err = ev.QuestUserEnrollment()
		if !bytes.Equal(raw, ev.Data) {
			t.Fatalf("QuestUserEnrollment = %s, want the data %s", raw, ev.Data)
		}
	}
	if err != nil {
		t.Fatalf("the data of a %s event that Decode accepted: %v", ev.Type, err)
	}
}

// FuzzRoundTrip checks that what Decode accepts encodes to a body that
// decodes to the same webhook, and encodes again to the same bytes.
func FuzzRoundTrip(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		var w webhook.Body
		if webhook.Decode(body, &w) != nil {
			return
		}
		enc, err := w.AppendJSON(nil)
		if err != nil {
			t.Fatalf("a decoded webhook does not encode: %v", err)
		}
		var back webhook.Body
		if err := webhook.Decode(enc, &back); err != nil {
			t.Fatalf("%s encodes to %s, which does not decode: %v", body, enc, err)
		}
		if !reflect.DeepEqual(w, back) {
			t.Fatalf("%s encodes to %s, which decodes to\n%s\nnot\n%s", body, enc, show(back), show(w))
		}
		again, err := back.AppendJSON(nil)
		if err != nil || !bytes.Equal(again, enc) {
			t.Fatalf("encoded again: %s, %v\nfirst: %s", again, err, enc)
		}
	})
}
