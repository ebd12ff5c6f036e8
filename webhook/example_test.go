package webhook_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

func ExampleDecode() {
	// The body of a request to the webhook events URL, whose signature
	// has been verified (see interaction.Verifier).
	body := []byte(`{
		"version": 1,
		"application_id": "1234560123453231555",
		"type": 1,
		"event": {
			"type": "APPLICATION_AUTHORIZED",
			"timestamp": "2024-10-18T14:42:53.064834",
			"data": {
				"integration_type": 0,
				"scopes": ["applications.commands", "bot"],
				"user": {"id": "1191213000000000013", "username": "ada"},
				"guild": {"id": "1191202000000000002", "name": "Analytical Engines"}
			}
		}
	}`)
	var w webhook.Body
	if err := webhook.Decode(body, &w); err != nil {
		log.Fatal(err) // answer 400
	}
	if w.IsPing() {
		return // answer 204
	}
	fmt.Println(w.Event.Type, "at", w.Event.Timestamp)
	if w.Event.Type == webhook.TypeApplicationAuthorized {
		auth, err := w.Event.ApplicationAuthorized()
		if err != nil {
			log.Fatal(err)
		}
		where, _ := auth.Installation()
		fmt.Printf("%s installed the app (%v) to %q with the bot scope: %v\n",
			auth.User.Username, where, auth.Guild.Name, auth.HasScope("bot"))
	}
	// Output:
	// APPLICATION_AUTHORIZED at 2024-10-18 14:42:53.064834 +0000 UTC
	// ada installed the app (GUILD_INSTALL) to "Analytical Engines" with the bot scope: true
}

func ExampleDecode_error() {
	body := []byte(`{"version":1,"application_id":"1","type":1,"event":{"type":"APPLICATION_DEAUTHORIZED","timestamp":"yesterday"}}`)
	var w webhook.Body
	err := webhook.Decode(body, &w)
	fmt.Println(err)
	fmt.Println(errors.Is(err, webhook.ErrMalformed))
	// Output:
	// webhook: /event/timestamp: expected an RFC 3339 timestamp, or one without a zone in UTC
	// true
}

// A test makes the body the service would send, to post it to the bot's
// webhook events endpoint.
func ExampleBody_AppendJSON() {
	user := interaction.UserInstall
	data, err := json.Marshal(webhook.ApplicationAuthorized{
		IntegrationType: &user,
		User:            interaction.User{ID: 1191213000000000013, Username: "ada"},
		Scopes:          []string{"applications.commands"},
	})
	if err != nil {
		log.Fatal(err)
	}
	w := webhook.Body{Version: webhook.Version, ApplicationID: 1234560123453231555, Type: webhook.BodyEvent,
		Event: &webhook.Event{Type: webhook.TypeApplicationAuthorized, Timestamp: time.Date(2024, 10, 18, 14, 42, 53, 64834000, time.UTC), Data: data}}
	body, err := w.AppendJSON(nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(body))
	ping, _ := (&webhook.Body{Version: webhook.Version, ApplicationID: 1234560123453231555, Type: webhook.BodyPing}).AppendJSON(nil)
	fmt.Println(string(ping))
	// Output:
	// {"version":1,"application_id":"1234560123453231555","type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"2024-10-18T14:42:53.064834","data":{"integration_type":1,"user":{"id":"1191213000000000013","username":"ada"},"scopes":["applications.commands"]}}}
	// {"version":1,"application_id":"1234560123453231555","type":0}
}

func ExampleEvent_EntitlementCreate() {
	var w webhook.Body
	err := webhook.Decode([]byte(`{"version":1,"application_id":"1234560123453231555","type":1,"event":{
		"type":"ENTITLEMENT_CREATE","timestamp":"2024-10-18T18:41:21.109604",
		"data":{"id":"1234505980407808808","sku_id":"123489045643835123","application_id":"1234560123453231555",
			"user_id":"111178765189277770","type":4,"deleted":false,"consumed":false}}}`), &w)
	if err != nil {
		log.Fatal(err)
	}
	ent, err := w.Event.EntitlementCreate()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("user %v may use SKU %v\n", ent.UserID, ent.SKUID)
	// Output:
	// user 111178765189277770 may use SKU 123489045643835123
}

func ExampleEvent_EntitlementUpdate() {
	var w webhook.Body
	err := webhook.Decode([]byte(`{"version":1,"application_id":"1234560123453231555","type":1,"event":{
		"type":"ENTITLEMENT_UPDATE","timestamp":"2024-11-18T18:41:21.109604",
		"data":{"id":"1234505980407808808","sku_id":"123489045643835123","application_id":"1234560123453231555",
			"user_id":"111178765189277770","type":8,"deleted":false,"consumed":false,
			"starts_at":"2024-10-18T18:41:21.109604+00:00","ends_at":"2024-11-18T18:41:21.109604+00:00"}}}`), &w)
	if err != nil {
		log.Fatal(err)
	}
	ent, err := w.Event.EntitlementUpdate()
	if err != nil {
		log.Fatal(err)
	}
	// A subscription's entitlement is updated when the subscription ends.
	fmt.Printf("user %v may use SKU %v until %s\n", ent.UserID, ent.SKUID, ent.EndsAt.Format("2 January 2006"))
	// Output:
	// user 111178765189277770 may use SKU 123489045643835123 until 18 November 2024
}
