package webhook_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/goccy/go-json/jsontext"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

// Ids shared by the bodies below.
const (
	appID   interaction.Snowflake = 1234560123453231555
	userID  interaction.Snowflake = 1191213000000000013
	guildID interaction.Snowflake = 1191202000000000002
	skuID   interaction.Snowflake = 123489045643835123
	entID   interaction.Snowflake = 1234505980407808808
)

// The bodies of the service's public documentation, with a user where it
// elides one.
const (
	authorizedToUser = `{
	"version": 1,
	"application_id": "1234560123453231555",
	"type": 1,
	"event": {
		"type": "APPLICATION_AUTHORIZED",
		"timestamp": "2024-10-18T14:42:53.064834",
		"data": {
			"integration_type": 1,
			"scopes": ["applications.commands"],
			"user": {"id": "1191213000000000013", "username": "ada", "global_name": "Ada Lovelace", "avatar": null, "discriminator": "0", "public_flags": 64}
		}
	}
}`
	authorizedToGuild = `{
	"version": 1,
	"application_id": "1234560123453231555",
	"type": 1,
	"event": {
		"type": "APPLICATION_AUTHORIZED",
		"timestamp": "2024-10-18T14:42:53.064834Z",
		"data": {
			"integration_type": 0,
			"scopes": ["applications.commands", "bot"],
			"user": {"id": "1191213000000000013", "username": "ada"},
			"guild": {"id": "1191202000000000002", "name": "Analytical Engines", "icon": null, "owner_id": "1191213000000000013",
				"preferred_locale": "en-GB", "features": ["COMMUNITY"], "roles": [], "afk_timeout": 300}
		}
	}
}`
	deauthorized = `{
	"version": 1,
	"application_id": "1234560123453231555",
	"type": 1,
	"event": {
		"type": "APPLICATION_DEAUTHORIZED",
		"timestamp": "2024-10-18T14:42:53.064834",
		"data": {"user": {"id": "1191213000000000013", "username": "ada"}}
	}
}`
	entitlementCreated = `{
	"version": 1,
	"application_id": "1234560123453231555",
	"type": 1,
	"event": {
		"type": "ENTITLEMENT_CREATE",
		"timestamp": "2024-10-18T18:41:21.109604",
		"data": {
			"application_id": "1234560123453231555",
			"consumed": false,
			"deleted": false,
			"gift_code_flags": 0,
			"id": "1234505980407808808",
			"promotion_id": null,
			"sku_id": "123489045643835123",
			"type": 4,
			"user_id": "1191213000000000013"
		}
	}
}`
	// entitlementUpdated is a subscription that ended: the service sets
	// its ends_at, the only update it sends for a subscription.
	entitlementUpdated = `{
	"version": 1,
	"application_id": "1234560123453231555",
	"type": 1,
	"event": {
		"type": "ENTITLEMENT_UPDATE",
		"timestamp": "2024-11-18T18:41:21.500000",
		"data": {
			"id": "1234505980407808808",
			"sku_id": "123489045643835123",
			"application_id": "1234560123453231555",
			"user_id": "1191213000000000013",
			"promotion_id": null,
			"type": 8,
			"deleted": false,
			"gift_code_flags": 0,
			"consumed": false,
			"starts_at": "2024-10-18T18:41:21.109604+00:00",
			"ends_at": "2024-11-18T18:41:21.109604+00:00",
			"subscription_id": "1234505980407808000"
		}
	}
}`
	// entitlementDeleted is a guild's test entitlement the developer
	// deleted.
	entitlementDeleted = `{
	"version": 1,
	"application_id": "1234560123453231555",
	"type": 1,
	"event": {
		"type": "ENTITLEMENT_DELETE",
		"timestamp": "2024-10-19T08:00:00.000001",
		"data": {
			"id": "1234505980407808808",
			"sku_id": "123489045643835123",
			"application_id": "1234560123453231555",
			"guild_id": "1191202000000000002",
			"type": 4,
			"deleted": true,
			"consumed": false
		}
	}
}`
	ping = `{"version": 1, "application_id": "1234560123453231555", "type": 0}`

	// The Social SDK's events, their authors the users the service
	// writes, every field of the user object present.
	lobbyMessageCreated = `{
	"version": 1,
	"application_id": "1234567765431056709",
	"type": 1,
	"event": {
		"type": "LOBBY_MESSAGE_CREATE",
		"timestamp": "2024-10-18T18:41:21.109604",
		"data": {
			"id": "1397729799727878254",
			"type": 0,
			"content": "welcome to the party!",
			"lobby_id": "1397729744753266719",
			"channel_id": "1397729744753266719",
			"author": ` + sdkAuthor + `,
			"metadata": {"team": "blue", "emote": "wave"},
			"flags": 65536,
			"application_id": "1234567765431056709"
		}
	}
}`
	lobbyMessageUpdated = `{
	"version": 1,
	"application_id": "1234567765431056709",
	"type": 1,
	"event": {
		"type": "LOBBY_MESSAGE_UPDATE",
		"timestamp": "2025-08-05T20:39:19.587872",
		"data": {
			"id": "1402390388030832792",
			"type": 0,
			"content": "noice",
			"lobby_id": "1402385687281537066",
			"channel_id": "1402389638311841883",
			"author": ` + sdkAuthor + `,
			"edited_timestamp": "2025-08-05T20:39:19.557970+00:00",
			"flags": 0,
			"timestamp": "2025-08-05T20:38:43.660000+00:00"
		}
	}
}`
	lobbyMessageDeleted = `{
	"version": 1,
	"application_id": "1234567765431056709",
	"type": 1,
	"event": {
		"type": "LOBBY_MESSAGE_DELETE",
		"timestamp": "2025-08-05T21:44:09.412957",
		"data": {
			"id": "1402406637632884857",
			"lobby_id": "1402399883394285659"
		}
	}
}`
	gameDMCreated = `{
	"version": 1,
	"application_id": "1234567765431056709",
	"type": 1,
	"event": {
		"type": "GAME_DIRECT_MESSAGE_CREATE",
		"timestamp": "2025-08-14T18:09:38.063234",
		"data": {
			"id": "1405614357781545021",
			"type": 0,
			"content": "get in friend, we're going raiding",
			"channel_id": "1405604229820715098",
			"author": ` + sdkAuthor + `,
			"timestamp": "2025-08-14T18:09:37.947000+00:00",
			"application_id": "1234567765431056709",
			"attachments": []
		}
	}
}`
	// gameDMUpdated is an in-game message between provisional accounts:
	// no type, no timestamp, and a recipient_id the package leaves in
	// the raw data.
	gameDMUpdated = `{
	"version": 1,
	"application_id": "1234567765431056709",
	"type": 1,
	"event": {
		"type": "GAME_DIRECT_MESSAGE_UPDATE",
		"timestamp": "2025-08-14T16:44:31.847073",
		"data": {
			"id": "1405591838810706081",
			"content": "almost ready to queue?",
			"channel_id": "1404960877324533784",
			"author": ` + sdkAuthor + `,
			"recipient_id": "1404960877324533784"
		}
	}
}`
	gameDMDeleted = `{
	"version": 1,
	"application_id": "1234567765431056709",
	"type": 1,
	"event": {
		"type": "GAME_DIRECT_MESSAGE_DELETE",
		"timestamp": "2025-08-20T17:01:50.099204",
		"data": {
			"id": "1407771600643686503",
			"type": 0,
			"content": "cant make it in time",
			"channel_id": "1405604229820715098",
			"author": ` + sdkAuthor + `,
			"timestamp": "2025-08-20T17:01:44.725000+00:00",
			"flags": 0,
			"attachments": [],
			"components": []
		}
	}
}`
	// sdkAuthor is the user who wrote the Social SDK's messages: no
	// avatar, a nameplate, a server tag.
	sdkAuthor = `{"id": "1191213000000000013", "username": "ada", "global_name": "Ada", "avatar": null, "discriminator": "0",
		"public_flags": 0, "flags": 0, "avatar_decoration_data": null,
		"collectibles": {"nameplate": {"sku_id": "1349849614353678336", "asset": "nameplates/nameplates/forest_walk/", "label": "", "palette": "forest"}},
		"primary_guild": {"identity_guild_id": "1191202000000000002", "identity_enabled": true, "tag": "ADA", "badge": "3c5d0f1e9a8b7c6d5e4f3a2b1c0d9e8f"}}`
)

// sdkApp is the application of the Social SDK's bodies.
const sdkApp interaction.Snowflake = 1234567765431056709

// sdkUser is sdkAuthor decoded.
func sdkUser() interaction.User {
	enabled := true
	return interaction.User{ID: userID, Username: "ada", GlobalName: "Ada", Discriminator: "0",
		Collectibles: &interaction.Collectibles{Nameplate: &interaction.Nameplate{SKUID: 1349849614353678336,
			Asset: "nameplates/nameplates/forest_walk/", Palette: interaction.PaletteForest}},
		PrimaryGuild: &interaction.PrimaryGuild{IdentityGuildID: guildID, IdentityEnabled: &enabled, Tag: "ADA",
			Badge: "3c5d0f1e9a8b7c6d5e4f3a2b1c0d9e8f"}}
}

// compactData returns the data of the event of body, compact.
func compactData(body string) jsontext.Value {
	var raw struct {
		Event struct {
			Data jsontext.Value `json:"data"`
		} `json:"event"`
	}
	if err := json.Unmarshal([]byte(body), &raw); err != nil {
		panic(err)
	}
	v := raw.Event.Data
	if err := v.Compact(); err != nil {
		panic(err)
	}
	return v
}

// at returns the time of a timestamp of the bodies, in UTC.
func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return t.UTC()
}

func installedAs(t interaction.IntegrationType) *interaction.IntegrationType { return &t }

func TestDecodeReadsTheBodiesTheServiceSends(t *testing.T) {
	tests := []struct {
		name string
		body string
		want webhook.Body
		// data is the typed data the event's accessor returns.
		data any
	}{
		{
			name: "a PING carries no event",
			body: ping,
			want: webhook.Body{Version: 1, ApplicationID: appID, Type: webhook.BodyPing},
		},
		{
			name: "an installation to a user's account, its timestamp without a zone",
			body: authorizedToUser,
			want: webhook.Body{Version: 1, ApplicationID: appID, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeApplicationAuthorized,
				Timestamp: at("2024-10-18T14:42:53.064834Z"),
				Data:      jsontext.Value(`{"integration_type":1,"scopes":["applications.commands"],"user":{"id":"1191213000000000013","username":"ada","global_name":"Ada Lovelace","avatar":null,"discriminator":"0","public_flags":64}}`),
			}},
			data: webhook.ApplicationAuthorized{
				IntegrationType: installedAs(interaction.UserInstall),
				User:            interaction.User{ID: userID, Username: "ada", GlobalName: "Ada Lovelace", Discriminator: "0", PublicFlags: 64},
				Scopes:          []string{"applications.commands"},
			},
		},
		{
			name: "an installation to a server, with the guild, its timestamp in RFC 3339",
			body: authorizedToGuild,
			want: webhook.Body{Version: 1, ApplicationID: appID, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeApplicationAuthorized,
				Timestamp: at("2024-10-18T14:42:53.064834Z"),
				Data:      jsontext.Value(`{"integration_type":0,"scopes":["applications.commands","bot"],"user":{"id":"1191213000000000013","username":"ada"},"guild":{"id":"1191202000000000002","name":"Analytical Engines","icon":null,"owner_id":"1191213000000000013","preferred_locale":"en-GB","features":["COMMUNITY"],"roles":[],"afk_timeout":300}}`),
			}},
			data: webhook.ApplicationAuthorized{
				IntegrationType: installedAs(interaction.GuildInstall),
				User:            interaction.User{ID: userID, Username: "ada"},
				Scopes:          []string{"applications.commands", "bot"},
				Guild: &webhook.Guild{ID: guildID, Name: "Analytical Engines", OwnerID: userID,
					PreferredLocale: interaction.LocaleEnglishGB, Features: []string{"COMMUNITY"}},
			},
		},
		{
			name: "a deauthorization",
			body: deauthorized,
			want: webhook.Body{Version: 1, ApplicationID: appID, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeApplicationDeauthorized,
				Timestamp: at("2024-10-18T14:42:53.064834Z"),
				Data:      jsontext.Value(`{"user":{"id":"1191213000000000013","username":"ada"}}`),
			}},
			data: webhook.ApplicationDeauthorized{User: interaction.User{ID: userID, Username: "ada"}},
		},
		{
			name: "an entitlement, with fields the package does not know",
			body: entitlementCreated,
			want: webhook.Body{Version: 1, ApplicationID: appID, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeEntitlementCreate,
				Timestamp: at("2024-10-18T18:41:21.109604Z"),
				Data:      jsontext.Value(`{"application_id":"1234560123453231555","consumed":false,"deleted":false,"gift_code_flags":0,"id":"1234505980407808808","promotion_id":null,"sku_id":"123489045643835123","type":4,"user_id":"1191213000000000013"}`),
			}},
			data: interaction.Entitlement{ID: entID, SKUID: skuID, ApplicationID: appID, UserID: userID, Type: 4},
		},
		{
			name: "an entitlement whose times are in either form and any zone",
			body: `{"version":1,"application_id":"1","type":1,"event":{"type":"ENTITLEMENT_CREATE","timestamp":"2024-10-18T18:41:21Z",
				"data":{"id":"2","sku_id":"3","application_id":"1","guild_id":"4","type":8,"deleted":false,
				"starts_at":"2024-10-18T20:41:21.5+02:00","ends_at":"2024-11-18T18:41:21"}}}`,
			want: webhook.Body{Version: 1, ApplicationID: 1, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeEntitlementCreate,
				Timestamp: at("2024-10-18T18:41:21Z"),
				Data:      jsontext.Value(`{"id":"2","sku_id":"3","application_id":"1","guild_id":"4","type":8,"deleted":false,"starts_at":"2024-10-18T20:41:21.5+02:00","ends_at":"2024-11-18T18:41:21"}`),
			}},
			data: interaction.Entitlement{ID: 2, SKUID: 3, ApplicationID: 1, GuildID: 4, Type: 8,
				StartsAt: at("2024-10-18T18:41:21.5Z"), EndsAt: at("2024-11-18T18:41:21Z")},
		},
		{
			name: "an entitlement that ended, updated",
			body: entitlementUpdated,
			want: webhook.Body{Version: 1, ApplicationID: appID, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeEntitlementUpdate,
				Timestamp: at("2024-11-18T18:41:21.5Z"),
				Data: jsontext.Value(`{"id":"1234505980407808808","sku_id":"123489045643835123","application_id":"1234560123453231555",` +
					`"user_id":"1191213000000000013","promotion_id":null,"type":8,"deleted":false,"gift_code_flags":0,"consumed":false,` +
					`"starts_at":"2024-10-18T18:41:21.109604+00:00","ends_at":"2024-11-18T18:41:21.109604+00:00","subscription_id":"1234505980407808000"}`),
			}},
			data: interaction.Entitlement{ID: entID, SKUID: skuID, ApplicationID: appID, UserID: userID, Type: 8,
				StartsAt: at("2024-10-18T18:41:21.109604Z"), EndsAt: at("2024-11-18T18:41:21.109604Z")},
		},
		{
			name: "a guild's test entitlement, deleted",
			body: entitlementDeleted,
			want: webhook.Body{Version: 1, ApplicationID: appID, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeEntitlementDelete,
				Timestamp: at("2024-10-19T08:00:00.000001Z"),
				Data: jsontext.Value(`{"id":"1234505980407808808","sku_id":"123489045643835123","application_id":"1234560123453231555",` +
					`"guild_id":"1191202000000000002","type":4,"deleted":true,"consumed":false}`),
			}},
			data: interaction.Entitlement{ID: entID, SKUID: skuID, ApplicationID: appID, GuildID: guildID, Type: 4, Deleted: true},
		},
		{
			name: "a quest enrollment, its data kept as it came",
			body: `{"version":1,"application_id":"1","type":1,"event":{"type":"QUEST_USER_ENROLLMENT","timestamp":"2025-01-02T03:04:05.000006","data":{"quest_id":"9", "user": {"id":"5"}}}}`,
			want: webhook.Body{Version: 1, ApplicationID: 1, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeQuestUserEnrollment,
				Timestamp: at("2025-01-02T03:04:05.000006Z"),
				Data:      jsontext.Value(`{"quest_id":"9","user":{"id":"5"}}`),
			}},
			data: jsontext.Value(`{"quest_id":"9","user":{"id":"5"}}`),
		},
		{
			name: "a message sent in a lobby, with the game's metadata",
			body: lobbyMessageCreated,
			want: webhook.Body{Version: 1, ApplicationID: sdkApp, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeLobbyMessageCreate,
				Timestamp: at("2024-10-18T18:41:21.109604Z"),
				Data:      compactData(lobbyMessageCreated),
			}},
			data: webhook.LobbyMessage{ID: 1397729799727878254, Content: "welcome to the party!", LobbyID: 1397729744753266719,
				ChannelID: 1397729744753266719, Author: sdkUser(), Metadata: map[string]string{"team": "blue", "emote": "wave"},
				Flags: 65536, ApplicationID: sdkApp},
		},
		{
			name: "a message of a lobby, edited, with its timestamps",
			body: lobbyMessageUpdated,
			want: webhook.Body{Version: 1, ApplicationID: sdkApp, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeLobbyMessageUpdate,
				Timestamp: at("2025-08-05T20:39:19.587872Z"),
				Data:      compactData(lobbyMessageUpdated),
			}},
			data: webhook.LobbyMessage{ID: 1402390388030832792, Content: "noice", LobbyID: 1402385687281537066,
				ChannelID: 1402389638311841883, Author: sdkUser(),
				Timestamp: at("2025-08-05T20:38:43.66Z"), EditedTimestamp: at("2025-08-05T20:39:19.55797Z")},
		},
		{
			name: "a message deleted from a lobby",
			body: lobbyMessageDeleted,
			want: webhook.Body{Version: 1, ApplicationID: sdkApp, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeLobbyMessageDelete,
				Timestamp: at("2025-08-05T21:44:09.412957Z"),
				Data:      jsontext.Value(`{"id":"1402406637632884857","lobby_id":"1402399883394285659"}`),
			}},
			data: webhook.LobbyMessageDelete{ID: 1402406637632884857, LobbyID: 1402399883394285659},
		},
		{
			name: "a direct message sent during a game, a message object",
			body: gameDMCreated,
			want: webhook.Body{Version: 1, ApplicationID: sdkApp, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeGameDirectMessageCreate,
				Timestamp: at("2025-08-14T18:09:38.063234Z"),
				Data:      compactData(gameDMCreated),
			}},
			data: webhook.GameDirectMessage{Message: interaction.Message{ID: 1405614357781545021, ChannelID: 1405604229820715098,
				Author: sdkUser(), Content: "get in friend, we're going raiding", Timestamp: at("2025-08-14T18:09:37.947Z"),
				Attachments: []interaction.Attachment{}, ApplicationID: sdkApp}},
		},
		{
			name: "a direct message between provisional accounts, edited",
			body: gameDMUpdated,
			want: webhook.Body{Version: 1, ApplicationID: sdkApp, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeGameDirectMessageUpdate,
				Timestamp: at("2025-08-14T16:44:31.847073Z"),
				Data:      compactData(gameDMUpdated),
			}},
			data: webhook.GameDirectMessage{Message: interaction.Message{ID: 1405591838810706081, ChannelID: 1404960877324533784,
				Author: sdkUser(), Content: "almost ready to queue?"}},
		},
		{
			name: "a direct message deleted, with its channel",
			body: `{"version":1,"application_id":"1","type":1,"event":{"type":"GAME_DIRECT_MESSAGE_DELETE","timestamp":"2025-08-20T17:01:50.099204",
				"data":{"id":"5","content":"gg","channel_id":"6","author":{"id":"7","username":"p"},"lobby_id":"8",
					"channel":{"id":"6","type":1,"recipients":[{"id":"9","username":"q"}]},"activity":{"type":1},"application":{"id":"1"}}}}`,
			want: webhook.Body{Version: 1, ApplicationID: 1, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeGameDirectMessageDelete,
				Timestamp: at("2025-08-20T17:01:50.099204Z"),
				Data: jsontext.Value(`{"id":"5","content":"gg","channel_id":"6","author":{"id":"7","username":"p"},"lobby_id":"8",` +
					`"channel":{"id":"6","type":1,"recipients":[{"id":"9","username":"q"}]},"activity":{"type":1},"application":{"id":"1"}}`),
			}},
			data: webhook.GameDirectMessage{Message: interaction.Message{ID: 5, ChannelID: 6, Author: interaction.User{ID: 7, Username: "p"}, Content: "gg"},
				LobbyID: 8, Channel: &interaction.Channel{ID: 6, Type: interaction.ChannelDM, Recipients: []interaction.User{{ID: 9, Username: "q"}}}},
		},
		{
			name: "the documentation's direct message deleted",
			body: gameDMDeleted,
			want: webhook.Body{Version: 1, ApplicationID: sdkApp, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      webhook.TypeGameDirectMessageDelete,
				Timestamp: at("2025-08-20T17:01:50.099204Z"),
				Data:      compactData(gameDMDeleted),
			}},
			data: webhook.GameDirectMessage{Message: interaction.Message{ID: 1407771600643686503, ChannelID: 1405604229820715098,
				Author: sdkUser(), Content: "cant make it in time", Timestamp: at("2025-08-20T17:01:44.725Z"),
				Attachments: []interaction.Attachment{}, Components: interaction.Components{}}},
		},
		{
			name: "an event type the package does not know, its data raw",
			body: `{"version":1,"application_id":"1","type":1,"event":{"type":"SOMETHING_NEW","timestamp":"2025-08-05T21:44:09.412957","data":{"id":"1402406637632884857","lobby_id":"1402399883394285659"}}}`,
			want: webhook.Body{Version: 1, ApplicationID: 1, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type:      "SOMETHING_NEW",
				Timestamp: at("2025-08-05T21:44:09.412957Z"),
				Data:      jsontext.Value(`{"id":"1402406637632884857","lobby_id":"1402399883394285659"}`),
			}},
		},
		{
			name: "an event with null data, which has none",
			body: `{"version":1,"application_id":"1","type":1,"event":{"type":"SOMETHING_NEW","timestamp":"2025-08-05T21:44:09Z","data":null}}`,
			want: webhook.Body{Version: 1, ApplicationID: 1, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type: "SOMETHING_NEW", Timestamp: at("2025-08-05T21:44:09Z"),
			}},
		},
		{
			name: "a PING with a null event, a later version and an id as a number",
			body: `{"version":2,"application_id":1234560123453231555,"type":0,"event":null}`,
			want: webhook.Body{Version: 2, ApplicationID: appID, Type: webhook.BodyPing},
		},
		{
			name: "escaped names and values, which decode as what they stand for",
			body: `{"versio\u006e":1,"application_id":"1","type":1,"event":{"type":"APPLICATION_\u0044EAUTHORIZED","timestamp":"2024-10-18T14:42:53\u002e5","data":{"user":{"id":"7"}}}}`,
			want: webhook.Body{Version: 1, ApplicationID: 1, Type: webhook.BodyEvent, Event: &webhook.Event{
				Type: webhook.TypeApplicationDeauthorized, Timestamp: at("2024-10-18T14:42:53.5Z"),
				Data: jsontext.Value(`{"user":{"id":"7"}}`),
			}},
			data: webhook.ApplicationDeauthorized{User: interaction.User{ID: 7}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := webhook.Body{Version: 9, Event: &webhook.Event{Type: "STALE"}}
			if err := webhook.Decode([]byte(tt.body), &w); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(w, tt.want) {
				t.Fatalf("Decode = %s\nwant     %s", show(w), show(tt.want))
			}
			if tt.data == nil {
				return
			}
			got, err := typedData(w.Event)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.data) {
				t.Errorf("data = %+v\nwant   %+v", got, tt.data)
			}
		})
	}
}

// typedData returns the data of ev from the accessor of its type.
func typedData(ev *webhook.Event) (any, error) {
	switch ev.Type {
	case webhook.TypeApplicationAuthorized:
		return ev.ApplicationAuthorized()
	case webhook.TypeApplicationDeauthorized:
		return ev.ApplicationDeauthorized()
	case webhook.TypeEntitlementCreate:
		return ev.EntitlementCreate()
	case webhook.TypeEntitlementUpdate:
		return ev.EntitlementUpdate()
	case webhook.TypeEntitlementDelete:
		return ev.EntitlementDelete()
	case webhook.TypeLobbyMessageCreate:
		return ev.LobbyMessageCreate()
	case webhook.TypeLobbyMessageUpdate:
		return ev.LobbyMessageUpdate()
	case webhook.TypeLobbyMessageDelete:
		return ev.LobbyMessageDelete()
	case webhook.TypeGameDirectMessageCreate:
		return ev.GameDirectMessageCreate()
	case webhook.TypeGameDirectMessageUpdate:
		return ev.GameDirectMessageUpdate()
	case webhook.TypeGameDirectMessageDelete:
		return ev.GameDirectMessageDelete()
	case webhook.TypeQuestUserEnrollment:
		return ev.QuestUserEnrollment()
	}
	return nil, errors.New("no accessor for " + string(ev.Type))
}

func show(w webhook.Body) string {
	s := w.Type.String() + " v" + strconv.Itoa(w.Version) + " app " + w.ApplicationID.String()
	if e := w.Event; e != nil {
		s += " " + string(e.Type) + " at " + e.Timestamp.Format(time.RFC3339Nano) + " " + e.Timestamp.Location().String() + " data " + string(e.Data)
	}
	return s
}

func TestEachAccessorRefusesTheDataOfAnotherType(t *testing.T) {
	var w webhook.Body
	if err := webhook.Decode([]byte(deauthorized), &w); err != nil {
		t.Fatal(err)
	}
	accessors := map[string]func() error{
		"ApplicationAuthorized":   func() error { _, err := w.Event.ApplicationAuthorized(); return err },
		"EntitlementCreate":       func() error { _, err := w.Event.EntitlementCreate(); return err },
		"EntitlementUpdate":       func() error { _, err := w.Event.EntitlementUpdate(); return err },
		"EntitlementDelete":       func() error { _, err := w.Event.EntitlementDelete(); return err },
		"QuestUserEnrollment":     func() error { _, err := w.Event.QuestUserEnrollment(); return err },
		"LobbyMessageCreate":      func() error { _, err := w.Event.LobbyMessageCreate(); return err },
		"LobbyMessageUpdate":      func() error { _, err := w.Event.LobbyMessageUpdate(); return err },
		"LobbyMessageDelete":      func() error { _, err := w.Event.LobbyMessageDelete(); return err },
		"GameDirectMessageCreate": func() error { _, err := w.Event.GameDirectMessageCreate(); return err },
		"GameDirectMessageUpdate": func() error { _, err := w.Event.GameDirectMessageUpdate(); return err },
		"GameDirectMessageDelete": func() error { _, err := w.Event.GameDirectMessageDelete(); return err },
	}
	for name, get := range accessors {
		if err := get(); !errors.Is(err, webhook.ErrOtherType) {
			t.Errorf("%s of an APPLICATION_DEAUTHORIZED event: error %v, want ErrOtherType", name, err)
		}
	}
	if _, err := w.Event.ApplicationDeauthorized(); err != nil {
		t.Errorf("ApplicationDeauthorized: %v", err)
	}
}

func TestAnAccessorReportsDataThatDoesNotDecode(t *testing.T) {
	tests := []struct {
		name string
		ev   webhook.Event
		want string
	}{
		{"no data", webhook.Event{Type: webhook.TypeApplicationAuthorized}, "webhook: /event/data: missing"},
		{"an array", webhook.Event{Type: webhook.TypeApplicationAuthorized, Data: jsontext.Value(`[]`)}, "webhook: /event/data: expected an object"},
		{"no user", webhook.Event{Type: webhook.TypeApplicationDeauthorized, Data: jsontext.Value(`{"user":null}`)}, "webhook: /event/data/user/id: missing"},
		{"a guild without an id", webhook.Event{Type: webhook.TypeApplicationAuthorized, Data: jsontext.Value(`{"user":{"id":"1"},"guild":{"name":"g"}}`)}, "webhook: /event/data/guild/id: missing"},
		{"an entitlement without its SKU", webhook.Event{Type: webhook.TypeEntitlementCreate, Data: jsontext.Value(`{"id":"1","application_id":"2"}`)}, "webhook: /event/data/sku_id: missing"},
		{"an entitlement without its application", webhook.Event{Type: webhook.TypeEntitlementCreate, Data: jsontext.Value(`{"id":"1","sku_id":"2"}`)}, "webhook: /event/data/application_id: missing"},
		{"an update without data", webhook.Event{Type: webhook.TypeEntitlementUpdate}, "webhook: /event/data: missing"},
		{"a deletion of an entitlement without its SKU", webhook.Event{Type: webhook.TypeEntitlementDelete, Data: jsontext.Value(`{"id":"1","application_id":"2","deleted":true}`)}, "webhook: /event/data/sku_id: missing"},
		{"a time that is not one", webhook.Event{Type: webhook.TypeEntitlementCreate, Data: jsontext.Value(`{"id":"1","sku_id":"2","application_id":"3","ends_at":"soon"}`)}, "webhook: /event/data/ends_at: expected an RFC 3339 timestamp, or one without a zone in UTC"},
		{"a lobby message without its lobby", webhook.Event{Type: webhook.TypeLobbyMessageCreate, Data: jsontext.Value(`{"id":"1","channel_id":"2","author":{"id":"3"}}`)}, "webhook: /event/data/lobby_id: missing"},
		{"a lobby message without its author", webhook.Event{Type: webhook.TypeLobbyMessageUpdate, Data: jsontext.Value(`{"id":"1","lobby_id":"2","author":null}`)}, "webhook: /event/data/author/id: missing"},
		{"a lobby message whose metadata are not text", webhook.Event{Type: webhook.TypeLobbyMessageCreate, Data: jsontext.Value(`{"id":"1","lobby_id":"2","author":{"id":"3"},"metadata":{"level":3}}`)}, "webhook: /event/data/metadata: expected a string, got a number"},
		{"a lobby message deleted without its id", webhook.Event{Type: webhook.TypeLobbyMessageDelete, Data: jsontext.Value(`{"lobby_id":"2"}`)}, "webhook: /event/data/id: missing"},
		{"a direct message without its channel", webhook.Event{Type: webhook.TypeGameDirectMessageCreate, Data: jsontext.Value(`{"id":"1","author":{"id":"3"}}`)}, "webhook: /event/data/channel_id: missing"},
		{"a direct message whose author is no user", webhook.Event{Type: webhook.TypeGameDirectMessageDelete, Data: jsontext.Value(`{"id":"1","channel_id":"2","author":"ada"}`)}, "webhook: /event/data/author: expected an object, got a string"},
		{"a direct message without data", webhook.Event{Type: webhook.TypeGameDirectMessageUpdate}, "webhook: /event/data: missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := typedData(&tt.ev)
			var de *webhook.DecodeError
			if !errors.As(err, &de) || !errors.Is(err, webhook.ErrMalformed) || err.Error() != tt.want {
				t.Errorf("error %v, want the *DecodeError %q", err, tt.want)
			}
		})
	}
}

func TestDecodeKeepsNoReferenceToTheBody(t *testing.T) {
	body := []byte(authorizedToGuild)
	var w webhook.Body
	if err := webhook.Decode(body, &w); err != nil {
		t.Fatal(err)
	}
	before := string(w.Event.Data)
	for i := range body {
		body[i] = 'x'
	}
	if string(w.Event.Data) != before {
		t.Errorf("reusing the body changed the data to %s", w.Event.Data)
	}
}
