package interaction_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// Ids shared by the payloads below.
const (
	appID        interaction.Snowflake = 1191201000000000001
	guildID      interaction.Snowflake = 1191202000000000002
	channelID    interaction.Snowflake = 1191203000000000003
	commandID    interaction.Snowflake = 1191206000000000006
	targetID     interaction.Snowflake = 1191207000000000007
	roleID       interaction.Snowflake = 1191208000000000008
	invokerID    interaction.Snowflake = 1191213000000000013
	attachmentID interaction.Snowflake = 1191214000000000014
	messageID    interaction.Snowflake = 1311204000000000004
	dmChannelID  interaction.Snowflake = 1191215000000000015
)

// memberJSON is the invoking member of the guild payloads.
const memberJSON = `{
	"avatar": null,
	"communication_disabled_until": null,
	"deaf": false,
	"flags": 0,
	"joined_at": "2023-01-17T09:12:33.480000+00:00",
	"mute": false,
	"nick": "Ada",
	"pending": false,
	"permissions": "2251799813685247",
	"premium_since": "2024-02-01T10:00:00+01:00",
	"roles": ["1191210000000000010"],
	"user": {
		"avatar": "c6a249645d46209f337279cd2ca998c7",
		"discriminator": "0",
		"global_name": "Ada Lovelace",
		"id": "1191213000000000013",
		"public_flags": 64,
		"username": "ada"
	}
}`

func invokingMember() *interaction.Member {
	return &interaction.Member{
		User: interaction.User{
			ID:            invokerID,
			Username:      "ada",
			Discriminator: "0",
			GlobalName:    "Ada Lovelace",
			Avatar:        "c6a249645d46209f337279cd2ca998c7",
			PublicFlags:   64,
		},
		Nick:         "Ada",
		Roles:        []interaction.Snowflake{1191210000000000010},
		JoinedAt:     time.Date(2023, 1, 17, 9, 12, 33, 480_000_000, time.UTC),
		PremiumSince: time.Date(2024, 2, 1, 9, 0, 0, 0, time.UTC),
		Permissions:  2251799813685247,
	}
}

// targetResolvedJSON resolves the user a USER option or command targets.
const targetResolvedJSON = `{
	"users": {"1191207000000000007": {"id": "1191207000000000007", "username": "spammer9000", "global_name": null, "avatar": null, "discriminator": "0", "public_flags": 0, "clan": null}},
	"members": {"1191207000000000007": {"nick": null, "roles": [], "joined_at": "2024-03-11T18:22:47.113000+00:00", "permissions": "1071698660929", "pending": false, "flags": 0, "communication_disabled_until": null}}
}`

type decodeCase struct {
	name string
	body string
	want ixView
	// resolved is the resolved object the interaction must carry, compared
	// compacted; "" for none.
	resolved string
}

func decodeCases(t testing.TB) []decodeCase {
	fixture := readFixture(t, "slash_mod_ban.json")
	fixtureResolved := `{"members":{"1191207000000000007":{"avatar":null,"communication_disabled_until":null,"flags":0,"joined_at":"2024-03-11T18:22:47.113000+00:00","nick":"spammer","pending":false,"permissions":"1071698660929","premium_since":null,"roles":["1191208000000000008"],"unusual_dm_activity_until":null}},"users":{"1191207000000000007":{"avatar":"a_d5efa99b3eeaa7dd43acca82f5692432","avatar_decoration_data":null,"clan":null,"discriminator":"0","global_name":"Definitely Not A Bot","id":"1191207000000000007","public_flags":0,"username":"spammer9000"}}}`

	return []decodeCase{
		{
			name: "a subcommand, as the service sends it (fixture)",
			body: string(fixture),
			want: ixView{
				ID:            1311209000000000009,
				ApplicationID: appID,
				Type:          interaction.TypeApplicationCommand,
				Token:         "aW50ZXJhY3Rpb246MTMxMTIwOTAwMDAwMDAwMDAwOTpTdXBlclNlY3JldFRva2VuVmFsdWVUaGF0SXNMb25nRW5vdWdoVG9Mb29rUmVhbGlzdGljQW5kTm90QVJlYWxUb2tlbkZvclRlc3RpbmdPbmx5MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6QUJDREVGR0g",
				Version:       1,
				GuildID:       guildID,
				ChannelID:     channelID,
				Channel: &interaction.Channel{
					ID:            channelID,
					Type:          interaction.ChannelGuildText,
					GuildID:       guildID,
					Name:          "moderation",
					Topic:         "Where the moderators talk",
					ParentID:      1191205000000000005,
					Position:      3,
					LastMessageID: 1311204000000000004,
					Permissions:   2251799813685247,
				},
				Member: &interaction.Member{
					User: interaction.User{
						ID:            invokerID,
						Username:      "ada",
						Discriminator: "0",
						GlobalName:    "Ada Lovelace",
						Avatar:        "c6a249645d46209f337279cd2ca998c7",
						PublicFlags:   64,
					},
					Nick:        "Ada",
					Roles:       []interaction.Snowflake{1191210000000000010, 1191211000000000011, 1191212000000000012},
					JoinedAt:    time.Date(2023, 1, 17, 9, 12, 33, 480_000_000, time.UTC),
					Permissions: 2251799813685247,
				},
				AppPermissions:               2248473465835073,
				Locale:                       interaction.LocaleEnglishGB,
				GuildLocale:                  interaction.LocaleEnglishUS,
				Context:                      inGuild,
				AuthorizingIntegrationOwners: owners(id(guildID), nil),
				AttachmentSizeLimit:          10 << 20,
				Data: interaction.Data{
					ID:      commandID,
					Name:    "mod",
					Type:    interaction.CommandChatInput,
					GuildID: guildID,
					Options: []interaction.OptionData{{
						Name: "ban",
						Type: interaction.OptionSubCommand,
						Options: []interaction.OptionData{
							{Name: "user", Type: interaction.OptionUser, Value: interaction.StringValue("1191207000000000007")},
							{Name: "reason", Type: interaction.OptionString, Value: interaction.StringValue("Spamming links in #general after two warnings")},
							{Name: "days", Type: interaction.OptionInteger, Value: interaction.IntValue(7)},
							{Name: "notify", Type: interaction.OptionBoolean, Value: interaction.BoolValue(true)},
						},
					}},
				},
			},
			resolved: fixtureResolved,
		},
		{
			name: "a CHAT_INPUT command with an option of every value type",
			body: `{
				"id": "1311209000000000101",
				"application_id": "1191201000000000001",
				"type": 2,
				"token": "token-kitchen-sink",
				"version": 1,
				"guild_id": "1191202000000000002",
				"channel_id": "1191203000000000003",
				"channel": {"id": "1191203000000000003", "type": 5, "guild_id": "1191202000000000002", "name": "announcements", "nsfw": true, "position": 1, "permissions": "2251799813685247", "app_permissions": "1024", "rate_limit_per_user": 5, "flags": 16},
				"member": ` + memberJSON + `,
				"app_permissions": "2248473465835073",
				"locale": "fr",
				"guild_locale": "en-US",
				"entitlements": [],
				"context": 0,
				"authorizing_integration_owners": {"0": "1191202000000000002"},
				"attachment_size_limit": 26214400,
				"data": {
					"id": "1191206000000000006",
					"name": "kitchen-sink",
					"type": 1,
					"options": [
						{"name": "text", "type": 3, "value": "hello"},
						{"name": "count", "type": 4, "value": -42},
						{"name": "flag", "type": 5, "value": false},
						{"name": "who", "type": 6, "value": "1191207000000000007"},
						{"name": "where", "type": 7, "value": "1191203000000000003"},
						{"name": "role", "type": 8, "value": "1191208000000000008"},
						{"name": "any", "type": 9, "value": "1191207000000000007"},
						{"name": "ratio", "type": 10, "value": 0.25},
						{"name": "file", "type": 11, "value": "1191214000000000014"}
					],
					"resolved": {
						"users": {"1191207000000000007": {"id": "1191207000000000007", "username": "spammer9000", "discriminator": "0", "avatar": null, "global_name": null, "public_flags": 0}},
						"roles": {"1191208000000000008": {"id": "1191208000000000008", "name": "Moderators", "color": 3447003, "hoist": true, "position": 5, "permissions": "1099511627775", "managed": false, "mentionable": true, "flags": 0}},
						"channels": {"1191203000000000003": {"id": "1191203000000000003", "type": 5, "name": "announcements", "permissions": "2251799813685247", "parent_id": null}},
						"attachments": {"1191214000000000014": {"id": "1191214000000000014", "filename": "evidence.png", "size": 52143, "url": "https://cdn.example/a/evidence.png", "proxy_url": "https://media.example/a/evidence.png", "content_type": "image/png", "height": 480, "width": 640, "ephemeral": true}}
					}
				}
			}`,
			want: ixView{
				ID:            1311209000000000101,
				ApplicationID: appID,
				Type:          interaction.TypeApplicationCommand,
				Token:         "token-kitchen-sink",
				Version:       1,
				GuildID:       guildID,
				ChannelID:     channelID,
				Channel: &interaction.Channel{
					ID:               channelID,
					Type:             interaction.ChannelGuildAnnouncement,
					GuildID:          guildID,
					Name:             "announcements",
					NSFW:             true,
					Position:         1,
					Permissions:      2251799813685247,
					AppPermissions:   interaction.PermissionViewChannel,
					RateLimitPerUser: 5,
					Flags:            16,
				},
				Member:                       invokingMember(),
				AppPermissions:               2248473465835073,
				Locale:                       interaction.LocaleFrench,
				GuildLocale:                  interaction.LocaleEnglishUS,
				Context:                      inGuild,
				AuthorizingIntegrationOwners: owners(id(guildID), nil),
				AttachmentSizeLimit:          25 << 20,
				Data: interaction.Data{
					ID:   commandID,
					Name: "kitchen-sink",
					Type: interaction.CommandChatInput,
					Options: []interaction.OptionData{
						{Name: "text", Type: interaction.OptionString, Value: interaction.StringValue("hello")},
						{Name: "count", Type: interaction.OptionInteger, Value: interaction.IntValue(-42)},
						{Name: "flag", Type: interaction.OptionBoolean, Value: interaction.BoolValue(false)},
						{Name: "who", Type: interaction.OptionUser, Value: interaction.StringValue("1191207000000000007")},
						{Name: "where", Type: interaction.OptionChannel, Value: interaction.StringValue("1191203000000000003")},
						{Name: "role", Type: interaction.OptionRole, Value: interaction.StringValue("1191208000000000008")},
						{Name: "any", Type: interaction.OptionMentionable, Value: interaction.StringValue("1191207000000000007")},
						{Name: "ratio", Type: interaction.OptionNumber, Value: interaction.FloatValue(0.25)},
						{Name: "file", Type: interaction.OptionAttachment, Value: interaction.StringValue("1191214000000000014")},
					},
				},
			},
			resolved: `{
				"users": {"1191207000000000007": {"id": "1191207000000000007", "username": "spammer9000", "discriminator": "0", "avatar": null, "global_name": null, "public_flags": 0}},
				"roles": {"1191208000000000008": {"id": "1191208000000000008", "name": "Moderators", "color": 3447003, "hoist": true, "position": 5, "permissions": "1099511627775", "managed": false, "mentionable": true, "flags": 0}},
				"channels": {"1191203000000000003": {"id": "1191203000000000003", "type": 5, "name": "announcements", "permissions": "2251799813685247", "parent_id": null}},
				"attachments": {"1191214000000000014": {"id": "1191214000000000014", "filename": "evidence.png", "size": 52143, "url": "https://cdn.example/a/evidence.png", "proxy_url": "https://media.example/a/evidence.png", "content_type": "image/png", "height": 480, "width": 640, "ephemeral": true}}
			}`,
		},
		{
			name: "a subcommand in a subcommand group",
			body: `{"id":"1311209000000000102","application_id":"1191201000000000001","type":2,"token":"token-group","version":1,
				"guild_id":"1191202000000000002","channel_id":"1191203000000000003","member":` + memberJSON + `,"app_permissions":"0",
				"locale":"en-US","guild_locale":"en-US","context":0,
				"data":{"id":"1191206000000000006","name":"mod","type":1,"guild_id":"1191202000000000002","options":[
					{"name":"user","type":2,"options":[
						{"name":"ban","type":1,"options":[
							{"name":"target","type":6,"value":"1191207000000000007"},
							{"name":"days","type":4,"value":7}
						]}
					]}
				],"resolved":` + targetResolvedJSON + `}}`,
			want: ixView{
				ID:            1311209000000000102,
				ApplicationID: appID,
				Type:          interaction.TypeApplicationCommand,
				Token:         "token-group",
				Version:       1,
				GuildID:       guildID,
				ChannelID:     channelID,
				Member:        invokingMember(),
				Locale:        interaction.LocaleEnglishUS,
				GuildLocale:   interaction.LocaleEnglishUS,
				Context:       inGuild,
				Data: interaction.Data{
					ID:      commandID,
					Name:    "mod",
					Type:    interaction.CommandChatInput,
					GuildID: guildID,
					Options: []interaction.OptionData{{
						Name: "user",
						Type: interaction.OptionSubCommandGroup,
						Options: []interaction.OptionData{{
							Name: "ban",
							Type: interaction.OptionSubCommand,
							Options: []interaction.OptionData{
								{Name: "target", Type: interaction.OptionUser, Value: interaction.StringValue("1191207000000000007")},
								{Name: "days", Type: interaction.OptionInteger, Value: interaction.IntValue(7)},
							},
						}},
					}},
				},
			},
			resolved: targetResolvedJSON,
		},
		{
			name: "a USER command with the target resolved",
			body: `{"id":"1311209000000000103","application_id":"1191201000000000001","type":2,"token":"token-user-command","version":1,
				"guild_id":"1191202000000000002","channel_id":"1191203000000000003","member":` + memberJSON + `,
				"app_permissions":"2248473465835073","locale":"en-US","guild_locale":"en-US","context":0,
				"authorizing_integration_owners":{"0":"1191202000000000002"},
				"data":{"id":"1191206000000000016","name":"Report User","type":2,"guild_id":"1191202000000000002",
					"target_id":"1191207000000000007","resolved":` + targetResolvedJSON + `}}`,
			want: ixView{
				ID:                           1311209000000000103,
				ApplicationID:                appID,
				Type:                         interaction.TypeApplicationCommand,
				Token:                        "token-user-command",
				Version:                      1,
				GuildID:                      guildID,
				ChannelID:                    channelID,
				Member:                       invokingMember(),
				AppPermissions:               2248473465835073,
				Locale:                       interaction.LocaleEnglishUS,
				GuildLocale:                  interaction.LocaleEnglishUS,
				Context:                      inGuild,
				AuthorizingIntegrationOwners: owners(id(guildID), nil),
				Data: interaction.Data{
					ID:       1191206000000000016,
					Name:     "Report User",
					Type:     interaction.CommandUser,
					GuildID:  guildID,
					TargetID: targetID,
				},
			},
			resolved: targetResolvedJSON,
		},
		{
			name: "a MESSAGE command with the target message resolved",
			body: `{"id":"1311209000000000104","application_id":"1191201000000000001","type":2,"token":"token-message-command","version":1,
				"guild_id":"1191202000000000002","channel_id":"1191203000000000003","member":` + memberJSON + `,
				"app_permissions":"2248473465835073","locale":"en-US","guild_locale":"en-US","context":0,
				"data":{"id":"1191206000000000017","name":"Quote","type":3,"target_id":"1311204000000000004","resolved":{"messages":{
					"1311204000000000004":{"id":"1311204000000000004","channel_id":"1191203000000000003",
						"author":{"id":"1191207000000000007","username":"spammer9000","discriminator":"0","avatar":null,"global_name":null,"public_flags":0},
						"content":"buy now at https://spam.example","timestamp":"2024-11-02T08:15:00.000000+00:00","edited_timestamp":null,
						"tts":false,"mention_everyone":false,"mentions":[],"mention_roles":[],"attachments":[],"embeds":[],
						"pinned":false,"type":0,"flags":0,"components":[],"reactions":[{"count":2,"emoji":{"id":null,"name":"🔥"}}]}}}}}`,
			want: ixView{
				ID:             1311209000000000104,
				ApplicationID:  appID,
				Type:           interaction.TypeApplicationCommand,
				Token:          "token-message-command",
				Version:        1,
				GuildID:        guildID,
				ChannelID:      channelID,
				Member:         invokingMember(),
				AppPermissions: 2248473465835073,
				Locale:         interaction.LocaleEnglishUS,
				GuildLocale:    interaction.LocaleEnglishUS,
				Context:        inGuild,
				Data: interaction.Data{
					ID:       1191206000000000017,
					Name:     "Quote",
					Type:     interaction.CommandMessage,
					TargetID: messageID,
				},
			},
			resolved: `{"messages":{
					"1311204000000000004":{"id":"1311204000000000004","channel_id":"1191203000000000003",
						"author":{"id":"1191207000000000007","username":"spammer9000","discriminator":"0","avatar":null,"global_name":null,"public_flags":0},
						"content":"buy now at https://spam.example","timestamp":"2024-11-02T08:15:00.000000+00:00","edited_timestamp":null,
						"tts":false,"mention_everyone":false,"mentions":[],"mention_roles":[],"attachments":[],"embeds":[],
						"pinned":false,"type":0,"flags":0,"components":[],"reactions":[{"count":2,"emoji":{"id":null,"name":"🔥"}}]}}}`,
		},
		{
			name: "a PRIMARY_ENTRY_POINT command used in a private channel of a user-installed app",
			body: `{"id":"1311209000000000105","application_id":"1191201000000000001","type":2,"token":"token-entry-point","version":1,
				"channel_id":"1191215000000000015","channel":{"id":"1191215000000000015","type":3,"name":"friends","recipients":[{"id":"1"}]},
				"user":{"id":"1191213000000000013","username":"ada","global_name":"Ada Lovelace","discriminator":"0","avatar":null,"public_flags":64},
				"app_permissions":"1126174784749633","locale":"en-US","entitlements":[],"context":2,
				"authorizing_integration_owners":{"1":"1191213000000000013"},"attachment_size_limit":10485760,
				"data":{"id":"1191206000000000018","name":"launch","type":4}}`,
			want: ixView{
				ID:            1311209000000000105,
				ApplicationID: appID,
				Type:          interaction.TypeApplicationCommand,
				Token:         "token-entry-point",
				Version:       1,
				ChannelID:     dmChannelID,
				Channel: &interaction.Channel{ID: dmChannelID, Type: interaction.ChannelGroupDM, Name: "friends",
					Recipients: []interaction.User{{ID: 1}}},
				User:                         &interaction.User{ID: invokerID, Username: "ada", GlobalName: "Ada Lovelace", Discriminator: "0", PublicFlags: 64},
				AppPermissions:               1126174784749633,
				Locale:                       interaction.LocaleEnglishUS,
				Context:                      interaction.InteractionContext{Type: interaction.ContextPrivateChannel, Valid: true},
				AuthorizingIntegrationOwners: owners(nil, id(invokerID)),
				AttachmentSizeLimit:          10 << 20,
				Data: interaction.Data{
					ID:   1191206000000000018,
					Name: "launch",
					Type: interaction.CommandPrimaryEntryPoint,
				},
			},
		},
		{
			name: "a PING",
			body: `{"application_id":"1191201000000000001","id":"1311209000000000106","token":"token-ping","type":1,"version":1}`,
			want: ixView{
				ID:            1311209000000000106,
				ApplicationID: appID,
				Type:          interaction.TypePing,
				Token:         "token-ping",
				Version:       1,
			},
		},
		{
			name: "an autocomplete request typing a NUMBER inside a group",
			body: `{"id":"1311209000000000107","application_id":"1191201000000000001","type":4,"token":"token-autocomplete","version":1,
				"guild_id":"1191202000000000002","channel_id":"1191203000000000003","member":` + memberJSON + `,
				"app_permissions":"2248473465835073","locale":"de","guild_locale":"en-US","context":0,
				"data":{"id":"1191206000000000006","name":"shop","type":1,"version":"1191206000000000099","options":[
					{"name":"config","type":2,"options":[{"name":"set","type":1,"options":[
						{"name":"item","type":3,"value":"apple"},
						{"name":"weight","type":10,"value":"2.","focused":true}
					]}]}]}}`,
			want: ixView{
				ID:             1311209000000000107,
				ApplicationID:  appID,
				Type:           interaction.TypeApplicationCommandAutocomplete,
				Token:          "token-autocomplete",
				Version:        1,
				GuildID:        guildID,
				ChannelID:      channelID,
				Member:         invokingMember(),
				AppPermissions: 2248473465835073,
				Locale:         interaction.LocaleGerman,
				GuildLocale:    interaction.LocaleEnglishUS,
				Context:        inGuild,
				Data: interaction.Data{
					ID:      commandID,
					Name:    "shop",
					Type:    interaction.CommandChatInput,
					Version: 1191206000000000099,
					Options: []interaction.OptionData{{
						Name: "config",
						Type: interaction.OptionSubCommandGroup,
						Options: []interaction.OptionData{{
							Name: "set",
							Type: interaction.OptionSubCommand,
							Options: []interaction.OptionData{
								{Name: "item", Type: interaction.OptionString, Value: interaction.StringValue("apple")},
								{Name: "weight", Type: interaction.OptionNumber, Value: interaction.StringValue("2."), Focused: true},
							},
						}},
					}},
				},
			},
		},
		{
			name: "a command in the bot's DM, with entitlements and both owners",
			body: `{"id":"1311209000000000108","application_id":"1191201000000000001","type":2,"token":"token-dm","version":1,
				"channel_id":"1191215000000000015",
				"channel":{"id":"1191215000000000015","type":1,"last_message_id":"1311204000000000004","flags":0,"recipients":[{"id":"1191213000000000013","username":"ada"}]},
				"user":{"id":"1191213000000000013","username":"ada","global_name":"Ada Lovelace","avatar":null,"discriminator":"0","public_flags":64,"premium_type":2,"bot":false,"system":false},
				"app_permissions":"1126174784749633","locale":"en-GB",
				"entitlements":[{"id":"1191216000000000016","sku_id":"1191217000000000017","application_id":"1191201000000000001","user_id":"1191213000000000013","type":8,"deleted":false,"consumed":false,"starts_at":"2026-01-01T00:00:00+00:00","ends_at":null,"promotion_id":null}],
				"context":1,"authorizing_integration_owners":{"0":"0","1":"1191213000000000013"},"attachment_size_limit":524288000,
				"data":{"id":"1191206000000000019","name":"ping","type":1}}`,
			want: ixView{
				ID:            1311209000000000108,
				ApplicationID: appID,
				Type:          interaction.TypeApplicationCommand,
				Token:         "token-dm",
				Version:       1,
				ChannelID:     dmChannelID,
				Channel: &interaction.Channel{ID: dmChannelID, Type: interaction.ChannelDM, LastMessageID: messageID,
					Recipients: []interaction.User{{ID: invokerID, Username: "ada"}}},
				User: &interaction.User{
					ID: invokerID, Username: "ada", GlobalName: "Ada Lovelace", Discriminator: "0", PublicFlags: 64, PremiumType: 2,
				},
				AppPermissions: 1126174784749633,
				Locale:         interaction.LocaleEnglishGB,
				Entitlements: []interaction.Entitlement{{
					ID:            1191216000000000016,
					SKUID:         1191217000000000017,
					ApplicationID: appID,
					UserID:        invokerID,
					Type:          8,
					StartsAt:      time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
				}},
				Context:                      interaction.InteractionContext{Type: interaction.ContextBotDM, Valid: true},
				AuthorizingIntegrationOwners: owners(id(0), id(invokerID)),
				AttachmentSizeLimit:          500 << 20,
				Data:                         interaction.Data{ID: 1191206000000000019, Name: "ping", Type: interaction.CommandChatInput},
			},
		},
		{
			name: "unknown fields of every object, of every JSON kind",
			body: `{"guild":{"features":["COMMUNITY","NEWS"],"id":"1191202000000000002","locale":"en-US"},
				"entitlement_sku_ids":[],"future":[{"a":[1,-2.5e-3,true,false,null,"x\"y\\z\u00e9"]},{}],
				"id":"1311209000000000109","application_id":"1191201000000000001","type":2,"token":"token-unknown","version":1,
				"app_permissions":"8","zzz":null,
				"member":{"avatar_decoration_data":{"asset":"x","sku_id":"1","expires_at":null},"unusual_dm_activity_until":null,
					"user":{"clan":null,"primary_guild":{"identity_enabled":true,"tag":"ADA"},"id":"1191213000000000013","username":"ada","collectibles":null},
					"roles":[],"permissions":"8","banner":null},
				"channel":{"id":"1191203000000000003","type":0,"theme_color":null,"icon_emoji":{"id":null,"name":"👋"},"permission_overwrites":[]},
				"guild_id":"1191202000000000002","channel_id":"1191203000000000003",
				"data":{"unknown":{},"id":"1191206000000000006","name":"echo","type":1,"extra":[[[]]],
					"options":[{"name":"text","type":3,"value":"hi","extra":[1],"localized_name":"salut"}],"integration_type":0}}`,
			want: ixView{
				ID:            1311209000000000109,
				ApplicationID: appID,
				Type:          interaction.TypeApplicationCommand,
				Token:         "token-unknown",
				Version:       1,
				GuildID:       guildID,
				ChannelID:     channelID,
				Channel:       &interaction.Channel{ID: channelID, Type: interaction.ChannelGuildText, PermissionOverwrites: []interaction.Overwrite{}},
				Member: &interaction.Member{User: interaction.User{ID: invokerID, Username: "ada",
					PrimaryGuild: &interaction.PrimaryGuild{IdentityEnabled: ptr(true), Tag: "ADA"}}, Permissions: interaction.PermissionAdministrator},
				AppPermissions: interaction.PermissionAdministrator,
				Data: interaction.Data{
					ID:      commandID,
					Name:    "echo",
					Type:    interaction.CommandChatInput,
					Options: []interaction.OptionData{{Name: "text", Type: interaction.OptionString, Value: interaction.StringValue("hi")}},
				},
			},
		},
		{
			name: "escaped and non-ASCII strings",
			body: `{"id":"1311209000000000110","application_id":"1191201000000000001","type":2,
				"token":"tok\/en\n\u00e9\ud83d\ude00",
				"user":{"id":"1191213000000000013","username":"zo\u00eb","global_name":"Zoë 🦊","avatar":"\u0061\u0062"},
				"locale":"fr",
				"data":{"id":"1191206000000000006","name":"caf\u00e9","options":[
					{"name":"text","type":3,"value":"caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \n\t\b\f\r\u0000"},
					{"name":"raw","type":3,"value":"日本語 — ok"}
				]}}`,
			want: ixView{
				ID:            1311209000000000110,
				ApplicationID: appID,
				Type:          interaction.TypeApplicationCommand,
				Token:         "tok/en\né😀",
				User:          &interaction.User{ID: invokerID, Username: "zoë", GlobalName: "Zoë 🦊", Avatar: "ab"},
				Locale:        interaction.LocaleFrench,
				Data: interaction.Data{
					ID:   commandID,
					Name: "café",
					Type: interaction.CommandChatInput,
					Options: []interaction.OptionData{
						{Name: "text", Type: interaction.OptionString, Value: interaction.StringValue("café 😀 \"q\" \\ / \n\t\b\f\r\x00")},
						{Name: "raw", Type: interaction.OptionString, Value: interaction.StringValue("日本語 — ok")},
					},
				},
			},
		},
		{
			name: "a user's profile: banner, accent color, avatar decoration, nameplate and server tag",
			body: `{"id":"1311209000000000116","application_id":"1191201000000000001","type":2,"token":"t","version":1,
				"guild_id":"1191202000000000002",
				"member":{"roles":[],"permissions":"8","user":{"id":"1191213000000000013","username":"ada",
					"banner":"06c16474723fe537c283b8efa61a30c8","accent_color":0,
					"avatar_decoration_data":{"sku_id":"1144058844004233369","asset":"a_fed43ab12698df65902ba06727e20c0e"},
					"collectibles":{"nameplate":{"sku_id":"2247558840304243311","asset":"nameplates/nameplates/twilight/","label":"","palette":"cobalt"}},
					"primary_guild":{"identity_guild_id":"1234647491267808778","identity_enabled":true,"tag":"DISC","badge":"7d1734ae5a615e82bc7a4033b98fade8"}}},
				"user":{"id":"1191207000000000007","username":"bob","accent_color":null,
					"avatar_decoration_data":{"sku_id":null,"asset":"a_1"},
					"collectibles":{"nameplate":null},
					"primary_guild":{"identity_guild_id":null,"identity_enabled":null,"tag":null,"badge":null}},
				"data":{"id":"1191206000000000006","name":"ping","type":1}}`,
			want: ixView{
				ID:            1311209000000000116,
				ApplicationID: appID,
				Type:          interaction.TypeApplicationCommand,
				Token:         "t",
				Version:       1,
				GuildID:       guildID,
				Member: &interaction.Member{Roles: []interaction.Snowflake{}, Permissions: interaction.PermissionAdministrator, User: interaction.User{
					ID: invokerID, Username: "ada", Banner: "06c16474723fe537c283b8efa61a30c8", AccentColor: ptr(0),
					AvatarDecoration: &interaction.AvatarDecoration{SKUID: 1144058844004233369, Asset: "a_fed43ab12698df65902ba06727e20c0e"},
					Collectibles: &interaction.Collectibles{Nameplate: &interaction.Nameplate{
						SKUID: 2247558840304243311, Asset: "nameplates/nameplates/twilight/", Palette: interaction.PaletteCobalt}},
					PrimaryGuild: &interaction.PrimaryGuild{IdentityGuildID: 1234647491267808778, IdentityEnabled: ptr(true),
						Tag: "DISC", Badge: "7d1734ae5a615e82bc7a4033b98fade8"},
				}},
				// The service's nulls: no accent color, a decoration whose
				// SKU it no longer names, no nameplate, an identity it
				// cleared.
				User: &interaction.User{ID: targetID, Username: "bob",
					AvatarDecoration: &interaction.AvatarDecoration{Asset: "a_1"},
					Collectibles:     &interaction.Collectibles{},
					PrimaryGuild:     &interaction.PrimaryGuild{},
				},
				Data: interaction.Data{ID: commandID, Name: "ping", Type: interaction.CommandChatInput},
			},
		},
		{
			name: "data.type absent defaults to CHAT_INPUT",
			body: `{"id":"1311209000000000111","application_id":"1191201000000000001","type":2,"token":"t","data":{"id":"1191206000000000006","name":"ping"}}`,
			want: ixView{
				ID:            1311209000000000111,
				ApplicationID: appID,
				Type:          interaction.TypeApplicationCommand,
				Token:         "t",
				Data:          interaction.Data{ID: commandID, Name: "ping", Type: interaction.CommandChatInput},
			},
		},
		{
			name: "numbers where the service sends strings, and nulls where it may",
			body: `{"id":1311209000000000112,"application_id":1191201000000000001,"type":2,"token":"t","version":1,
				"guild_id":null,"channel_id":null,"channel":null,"user":null,"locale":null,"guild_locale":null,
				"member":{"user":{"id":null,"username":null,"public_flags":null,"bot":null,"premium_type":null,"banner":null,"accent_color":null,
					"avatar_decoration_data":null,"collectibles":null,"primary_guild":null},"roles":null,"nick":null,
					"joined_at":null,"mute":null,"deaf":null,"permissions":null,"flags":null,"communication_disabled_until":null},
				"entitlements":null,"context":null,"authorizing_integration_owners":null,
				"app_permissions":2048,"attachment_size_limit":null,
				"data":{"id":1191206000000000006,"name":"ping","type":null,"guild_id":null,"target_id":null,"version":null,"options":null,"resolved":null}}`,
			want: ixView{
				ID:             1311209000000000112,
				ApplicationID:  appID,
				Type:           interaction.TypeApplicationCommand,
				Token:          "t",
				Version:        1,
				Member:         &interaction.Member{},
				AppPermissions: interaction.PermissionSendMessages,
				Data:           interaction.Data{ID: commandID, Name: "ping", Type: interaction.CommandChatInput},
			},
		},
		{
			name: "a MESSAGE_COMPONENT interaction with its component, values and message",
			body: `{"id":"1311209000000000113","application_id":"1191201000000000001","type":3,"token":"t","version":1,
				"message":{"id":"1","content":"pick","components":[{"type":1,"components":[{"type":3,"custom_id":"confirm","options":[]}]}]},
				"data":{"custom_id":"confirm","component_type":3,"values":["a"]}}`,
			want: ixView{
				ID:            1311209000000000113,
				ApplicationID: appID,
				Type:          interaction.TypeMessageComponent,
				Token:         "t",
				Version:       1,
				Data:          interaction.Data{CustomID: "confirm", ComponentType: interaction.ComponentStringSelect, Values: []string{"a"}},
				Message: &interaction.Message{ID: 1, Content: "pick", Components: interaction.Components{
					interaction.RawComponent(`{"type":1,"components":[{"type":3,"custom_id":"confirm","options":[]}]}`),
				}},
			},
		},
		{
			name: "a MODAL_SUBMIT interaction with a row and a label",
			body: `{"id":"1311209000000000114","application_id":"1191201000000000001","type":5,"token":"t","version":1,
				"data":{"custom_id":"form","components":[{"type":1,"components":[{"type":4,"custom_id":"x","value":"y"}]},
					{"type":18,"id":3,"component":{"type":3,"id":4,"custom_id":"colour","values":["red"]}}]}}`,
			want: ixView{
				ID:            1311209000000000114,
				ApplicationID: appID,
				Type:          interaction.TypeModalSubmit,
				Token:         "t",
				Version:       1,
				Data: interaction.Data{CustomID: "form", Components: []interaction.SubmittedComponent{
					{Type: interaction.ComponentActionRow, Components: []interaction.SubmittedComponent{{Type: interaction.ComponentTextInput, CustomID: "x", Value: "y"}}},
					{Type: interaction.ComponentLabel, ID: 3, Component: &interaction.SubmittedComponent{Type: interaction.ComponentStringSelect, ID: 4, CustomID: "colour", Values: []string{"red"}}},
				}},
			},
		},
		{
			name: "a MODAL_SUBMIT interaction with every input of today's modals",
			body: `{"id":"1311209000000000116","application_id":"1191201000000000001","type":5,"token":"t","version":1,
				"data":{"custom_id":"form","components":[
					{"type":10,"id":1},
					{"type":18,"id":2,"component":{"type":4,"id":3,"custom_id":"name","value":"Ada"}},
					{"type":18,"id":4,"component":{"type":21,"id":5,"custom_id":"size","value":"m"}},
					{"type":18,"id":6,"component":{"type":21,"id":7,"custom_id":"colour","value":null}},
					{"type":18,"id":8,"component":{"type":22,"id":9,"custom_id":"toppings","values":["olive","basil"]}},
					{"type":18,"id":10,"component":{"type":22,"id":11,"custom_id":"extras","values":[]}},
					{"type":18,"id":12,"component":{"type":23,"id":13,"custom_id":"terms","value":true}},
					{"type":18,"id":14,"component":{"type":23,"id":15,"custom_id":"news","value":false}},
					{"type":18,"id":16,"component":{"type":5,"id":17,"custom_id":"who","values":["1191201000000000002"]}},
					{"type":18,"id":18,"component":{"type":19,"id":19,"custom_id":"files","values":["1191201000000000003"]}}]}}`,
			want: ixView{
				ID:            1311209000000000116,
				ApplicationID: appID,
				Type:          interaction.TypeModalSubmit,
				Token:         "t",
				Version:       1,
				Data: interaction.Data{CustomID: "form", Components: []interaction.SubmittedComponent{
					{Type: interaction.ComponentTextDisplay, ID: 1},
					{Type: interaction.ComponentLabel, ID: 2, Component: &interaction.SubmittedComponent{Type: interaction.ComponentTextInput, ID: 3, CustomID: "name", Value: "Ada"}},
					{Type: interaction.ComponentLabel, ID: 4, Component: &interaction.SubmittedComponent{Type: interaction.ComponentRadioGroup, ID: 5, CustomID: "size", Value: "m"}},
					{Type: interaction.ComponentLabel, ID: 6, Component: &interaction.SubmittedComponent{Type: interaction.ComponentRadioGroup, ID: 7, CustomID: "colour"}},
					{Type: interaction.ComponentLabel, ID: 8, Component: &interaction.SubmittedComponent{Type: interaction.ComponentCheckboxGroup, ID: 9, CustomID: "toppings", Values: []string{"olive", "basil"}}},
					{Type: interaction.ComponentLabel, ID: 10, Component: &interaction.SubmittedComponent{Type: interaction.ComponentCheckboxGroup, ID: 11, CustomID: "extras", Values: []string{}}},
					{Type: interaction.ComponentLabel, ID: 12, Component: &interaction.SubmittedComponent{Type: interaction.ComponentCheckbox, ID: 13, CustomID: "terms", Checked: true}},
					{Type: interaction.ComponentLabel, ID: 14, Component: &interaction.SubmittedComponent{Type: interaction.ComponentCheckbox, ID: 15, CustomID: "news"}},
					{Type: interaction.ComponentLabel, ID: 16, Component: &interaction.SubmittedComponent{Type: interaction.ComponentUserSelect, ID: 17, CustomID: "who", Values: []string{"1191201000000000002"}}},
					{Type: interaction.ComponentLabel, ID: 18, Component: &interaction.SubmittedComponent{Type: interaction.ComponentFileUpload, ID: 19, CustomID: "files", Values: []string{"1191201000000000003"}}},
				}},
			},
		},
		{
			name: "white space around every token",
			body: " \t\r\n{ \"id\" : \"1311209000000000115\" ,\n\"type\"\t:\t2 , \"data\" : { \"name\" : \"ping\" , \"options\" : [ ] , \"resolved\" : { } } , " +
				"\"member\" : { \"roles\" : [ \"1\" , \"2\" ] , \"joined_at\" : \"2024-01-02T03:04:05Z\" } } \r\n\t ",
			want: ixView{
				ID:     1311209000000000115,
				Type:   interaction.TypeApplicationCommand,
				Member: &interaction.Member{Roles: []interaction.Snowflake{1, 2}, JoinedAt: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)},
				Data:   interaction.Data{Name: "ping", Type: interaction.CommandChatInput},
			},
			resolved: `{}`,
		},
	}
}

func TestDecodeFillsEveryFieldOfEachShapeOfInteraction(t *testing.T) {
	for _, tt := range decodeCases(t) {
		t.Run(tt.name, func(t *testing.T) {
			ix, err := decodeBody([]byte(tt.body))
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			checkDecoded(t, ix, tt)
		})
	}
}

func TestDecodeResetsWhatTheInteractionHeld(t *testing.T) {
	stale := func() *interaction.Interaction {
		return &interaction.Interaction{
			Token:   "stale",
			Member:  interaction.LazyOf(interaction.Member{Nick: "stale"}),
			Channel: interaction.LazyOf(interaction.Channel{Topic: "stale"}),
			Data:    interaction.Data{Name: "stale", Options: []interaction.OptionData{{Name: "stale"}}},
		}
	}
	for _, tt := range decodeCases(t) {
		t.Run(tt.name, func(t *testing.T) {
			ix := stale()
			if err := interaction.Decode([]byte(tt.body), ix); err != nil {
				t.Fatalf("Decode: %v", err)
			}
			checkDecoded(t, ix, tt)
		})
	}
	t.Run("a body that does not decode", func(t *testing.T) {
		ix := stale()
		if err := interaction.Decode([]byte(`{"id":"1","type":2,"data":{"name":"x","type":"1"}}`), ix); err == nil {
			t.Fatal("Decode succeeded")
		}
		if !reflect.DeepEqual(*ix, interaction.Interaction{}) {
			t.Errorf("Decode left %+v with its error; want the zero Interaction", *ix)
		}
	})
}

func checkDecoded(t *testing.T, got *interaction.Interaction, tt decodeCase) {
	t.Helper()
	cp, ok := view(got)
	if !ok {
		t.Errorf("a lazy object does not decode: %s", dump(&cp))
	}
	raw := normalize(&cp)
	want := tt.want
	normalize(&want)
	if compact(raw) != compact([]byte(tt.resolved)) {
		t.Errorf("resolved = %s\nwant %s", raw, tt.resolved)
	}
	if tt.resolved == "" && !got.Data.Resolved.IsZero() {
		t.Errorf("Data.Resolved.IsZero() = false for an interaction without resolved data")
	}
	if !reflect.DeepEqual(cp, want) {
		t.Errorf("decoded\n%s\nwant\n%s", dump(&cp), dump(&want))
	}
}

// dump shows an interaction with the pointed-to objects, for failures.
func dump(ix *ixView) string {
	var b strings.Builder
	v := *ix
	ch, m, u := v.Channel, v.Member, v.User
	v.Channel, v.Member, v.User = nil, nil, nil
	b.WriteString(strings.ReplaceAll(strings.TrimSpace(fmt.Sprintf("%+v", v)), " ", "\n  "))
	if ch != nil {
		b.WriteString("\nchannel: " + channelString(*ch))
	}
	if m != nil {
		b.WriteString("\nmember: " + memberString(*m))
	}
	if u != nil {
		b.WriteString("\nuser: " + userString(*u))
	}
	return b.String()
}

func TestDecodeKeepsTheTimestampOffsets(t *testing.T) {
	ix, err := decodeBody([]byte(`{"id":"1","type":1,"member":{"joined_at":"2024-02-01T10:00:00.5+01:00","premium_since":"2024-02-01T10:00:00Z"}}`))
	if err != nil {
		t.Fatal(err)
	}
	m, err := ix.Member.Decode()
	if err != nil {
		t.Fatal(err)
	}
	if _, off := m.JoinedAt.Zone(); off != 3600 {
		t.Errorf("joined_at offset = %d s; want 3600", off)
	}
	if want := time.Date(2024, 2, 1, 9, 0, 0, 500_000_000, time.UTC); !m.JoinedAt.Equal(want) {
		t.Errorf("joined_at = %v; want %v", m.JoinedAt, want)
	}
	if m.PremiumSince.Location() != time.UTC {
		t.Errorf("premium_since in %v; want UTC for a Z timestamp", m.PremiumSince.Location())
	}
}

func TestDecodeRefusesUnknownInteractionTypes(t *testing.T) {
	for _, body := range []string{
		`{"id":"1","type":99,"token":"SECRET-TOKEN-do-not-log"}`,
		`{"id":"1","type":0,"token":"SECRET-TOKEN-do-not-log"}`,
		`{"id":"1","type":6,"token":"SECRET-TOKEN-do-not-log","data":{"name":"x"}}`,
		`{"id":"1","type":-1,"token":"SECRET-TOKEN-do-not-log"}`,
		`{"id":"1","token":"SECRET-TOKEN-do-not-log"}`,
		`{}`,
	} {
		_, err := decodeBody([]byte(body))
		if !errors.Is(err, interaction.ErrUnknownType) || errors.Is(err, interaction.ErrMalformed) {
			t.Errorf("Decode(%s) = %v; want ErrUnknownType alone", body, err)
		}
		checkDecodeError(t, body, err)
	}
}

const secretToken = "SECRET-TOKEN-do-not-log"

// malformedBodies are not interactions: each must fail with ErrMalformed.
var malformedBodies = []struct{ why, body string }{
	{"empty", ``},
	{"white space only", " \n\t"},
	{"null", `null`},
	{"an array", `[{"id":"1","type":1}]`},
	{"a string", `"{\"id\":\"1\",\"type\":1}"`},
	{"a number", `1`},
	{"an open brace", `{`},
	{"the body ends after a colon", `{"token":"` + secretToken + `","id":`},
	{"the body ends after a colon and space", `{"token":"` + secretToken + `","id": `},
	{"the body ends after a key", `{"token":"` + secretToken + `","id"`},
	{"the body ends in a string", `{"token":"` + secretToken},
	{"no closing brace", `{"id":"1","type":1,"token":"` + secretToken + `"`},
	{"a trailing comma", `{"id":"1","type":1,"token":"` + secretToken + `",}`},
	{"a missing comma", `{"id":"1" "type":1,"token":"` + secretToken + `"}`},
	{"a missing colon", `{"id" "1","type":1,"token":"` + secretToken + `"}`},
	{"trailing garbage", `{"id":"1","type":1,"token":"` + secretToken + `"}x`},
	{"a second value", `{"id":"1","type":1,"token":"` + secretToken + `"}{}`},
	{"a stray bracket", `{"id":"1","type":1,"token":"` + secretToken + `"}]`},
	{"unquoted keys", `{id:"1",type:1,"token":"` + secretToken + `"}`},
	{"single quotes", `{'id':'1','type':1,"token":"` + secretToken + `"}`},
	{"a bad literal", `{"id":"1","type":1,"member":nul,"token":"` + secretToken + `"}`},
	{"a bad literal in an unknown field", `{"id":"1","type":1,"x":tru,"token":"` + secretToken + `"}`},
	{"a bad number in an unknown field", `{"id":"1","type":1,"x":01,"token":"` + secretToken + `"}`},
	{"a control byte in a string", "{\"id\":\"1\",\"type\":1,\"token\":\"" + secretToken + "\x01\"}"},
	{"a bad escape", `{"id":"1","type":1,"token":"` + secretToken + `\x"}`},
	{"a short unicode escape", `{"id":"1","type":1,"token":"` + secretToken + `\u12"}`},
	{"a non-hex unicode escape", `{"id":"1","type":1,"token":"` + secretToken + `\u12G4"}`},

	{"id true", `{"id":true,"type":1,"token":"` + secretToken + `"}`},
	{"id not a number", `{"id":"x","type":1,"token":"` + secretToken + `"}`},
	{"id negative", `{"id":"-1","type":1,"token":"` + secretToken + `"}`},
	{"id overflowing", `{"id":"18446744073709551616","type":1,"token":"` + secretToken + `"}`},
	{"id with an escape", `{"id":"\u0031","type":1,"token":"` + secretToken + `"}`},
	{"id zero", `{"id":"0","type":1,"token":"` + secretToken + `"}`},
	{"id missing", `{"type":1,"token":"` + secretToken + `"}`},
	{"type a string", `{"id":"1","type":"2","token":"` + secretToken + `","data":{"name":"x"}}`},
	{"type a fraction", `{"id":"1","type":1.5,"token":"` + secretToken + `"}`},
	{"type an exponent", `{"id":"1","type":1e0,"token":"` + secretToken + `"}`},
	{"token a number", `{"id":"1","type":1,"token":5}`},
	{"version a string", `{"id":"1","type":1,"version":"1","token":"` + secretToken + `"}`},
	{"guild_id an object", `{"id":"1","type":1,"guild_id":{},"token":"` + secretToken + `"}`},
	{"member an array", `{"id":"1","type":1,"member":[],"token":"` + secretToken + `"}`},
	{"user a string", `{"id":"1","type":1,"user":"ada","token":"` + secretToken + `"}`},
	{"channel a number", `{"id":"1","type":1,"channel":1,"token":"` + secretToken + `"}`},
	{"app_permissions a boolean", `{"id":"1","type":1,"app_permissions":true,"token":"` + secretToken + `"}`},
	{"context a string", `{"id":"1","type":1,"context":"0","token":"` + secretToken + `"}`},
	{"context out of range", `{"id":"1","type":1,"context":256,"token":"` + secretToken + `"}`},
	{"context negative", `{"id":"1","type":1,"context":-1,"token":"` + secretToken + `"}`},
	{"locale a number", `{"id":"1","type":1,"locale":1,"token":"` + secretToken + `"}`},
	{"entitlements an object", `{"id":"1","type":1,"entitlements":{},"token":"` + secretToken + `"}`},
	{"an entitlement with a bad id", `{"id":"1","type":1,"entitlements":[{"id":"x"}],"token":"` + secretToken + `"}`},
	{"owners an array", `{"id":"1","type":1,"authorizing_integration_owners":[],"token":"` + secretToken + `"}`},
	{"an owner not a snowflake", `{"id":"1","type":1,"authorizing_integration_owners":{"0":"x"},"token":"` + secretToken + `"}`},
	{"attachment_size_limit a string", `{"id":"1","type":1,"attachment_size_limit":"10","token":"` + secretToken + `"}`},
	{"data a string", `{"id":"1","type":2,"data":"x","token":"` + secretToken + `"}`},
	{"data.name a number", `{"id":"1","type":2,"data":{"name":5},"token":"` + secretToken + `"}`},
	{"data.name empty", `{"id":"1","type":2,"data":{"name":""},"token":"` + secretToken + `"}`},
	{"data missing from a command", `{"id":"1","type":2,"token":"` + secretToken + `"}`},
	{"data null in autocomplete", `{"id":"1","type":4,"data":null,"token":"` + secretToken + `"}`},
	{"data.type a string", `{"id":"1","type":2,"data":{"name":"x","type":"1"},"token":"` + secretToken + `"}`},
	{"options an object", `{"id":"1","type":2,"data":{"name":"x","options":{}},"token":"` + secretToken + `"}`},
	{"an option a number", `{"id":"1","type":2,"data":{"name":"x","options":[1]},"token":"` + secretToken + `"}`},
	{"an option value an object", `{"id":"1","type":2,"data":{"name":"x","options":[{"name":"a","type":3,"value":{}}]},"token":"` + secretToken + `"}`},
	{"an option value an array", `{"id":"1","type":2,"data":{"name":"x","options":[{"name":"a","type":3,"value":[]}]},"token":"` + secretToken + `"}`},
	{"an option value out of range", `{"id":"1","type":2,"data":{"name":"x","options":[{"name":"a","type":10,"value":1e400}]},"token":"` + secretToken + `"}`},
	{"focused a string", `{"id":"1","type":4,"data":{"name":"x","options":[{"name":"a","type":3,"value":"","focused":"yes"}]},"token":"` + secretToken + `"}`},
	{"an option type a string", `{"id":"1","type":2,"data":{"name":"x","options":[{"name":"a","type":"3"}]},"token":"` + secretToken + `"}`},
	{"options nested deeper than a group", `{"id":"1","type":2,"data":{"name":"x","options":[{"type":2,"options":[{"type":1,"options":[{"type":3,"options":[]}]}]}]},"token":"` + secretToken + `"}`},
	{"resolved an array", `{"id":"1","type":2,"data":{"name":"x","resolved":[]},"token":"` + secretToken + `"}`},
	{"resolved a string", `{"id":"1","type":2,"data":{"name":"x","resolved":"x"},"token":"` + secretToken + `"}`},
	{"resolved malformed", `{"id":"1","type":2,"data":{"name":"x","resolved":{"users":{]}},"token":"` + secretToken + `"}`},
	{"bot a number", `{"id":"1","type":1,"user":{"bot":1},"token":"` + secretToken + `"}`},
	{"public_flags negative", `{"id":"1","type":1,"user":{"public_flags":-1},"token":"` + secretToken + `"}`},

	{"invalid UTF-8 in the token", "{\"id\":\"1\",\"type\":1,\"token\":\"" + secretToken + "\xff\"}"},
	{"invalid UTF-8 in data.name", "{\"id\":\"1\",\"type\":2,\"token\":\"" + secretToken + "\",\"data\":{\"name\":\"ban\xc3\"}}"},
	{"invalid UTF-8 in an option value", "{\"id\":\"1\",\"type\":2,\"token\":\"" + secretToken + "\",\"data\":{\"name\":\"x\",\"options\":[{\"name\":\"a\",\"type\":3,\"value\":\"a\xffb\"}]}}"},
	{"invalid UTF-8 after an escape", "{\"id\":\"1\",\"type\":1,\"token\":\"" + secretToken + "\\n\xfe\"}"},
	{"invalid UTF-8 in a member's nick", "{\"id\":\"1\",\"type\":1,\"token\":\"" + secretToken + "\",\"member\":{\"nick\":\"\xed\xa0\x80\"}}"},
	{"invalid UTF-8 in a resolved user", "{\"id\":\"1\",\"type\":2,\"token\":\"" + secretToken + "\",\"data\":{\"name\":\"x\",\"resolved\":{\"users\":{\"2\":{\"username\":\"\xff\"}}}}}"},
	{"invalid UTF-8 in an unknown field", "{\"id\":\"1\",\"type\":1,\"token\":\"" + secretToken + "\",\"x\":[\"\xff\"]}"},
	{"an unpaired surrogate escape", `{"id":"1","type":2,"token":"` + secretToken + `","data":{"name":"x","options":[{"name":"a","type":3,"value":"a\ud800b"}]}}`},
	{"a surrogate pair in the wrong order", `{"id":"1","type":1,"token":"` + secretToken + `\udc00\ud800"}`},

	{"a duplicate name", `{"id":"1","type":1,"token":"` + secretToken + `","id":"2"}`},
	{"a duplicate unknown name", `{"id":"1","type":1,"token":"` + secretToken + `","x":1,"x":2}`},
	{"a duplicate name in a lazy object", `{"id":"1","type":1,"token":"` + secretToken + `","member":{"nick":"a","nick":"b"}}`},
	{"a duplicate id in resolved data", `{"id":"1","type":2,"token":"` + secretToken + `","data":{"name":"x","resolved":{"users":{"2":{},"2":{}}}}}`},

	{"unknown fields nested past any decoder's limit", `{"id":"1","type":1,"token":"` + secretToken + `","x":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`},
	{"an unclosed deep unknown field", `{"id":"1","type":1,"token":"` + secretToken + `","x":` + strings.Repeat(`{"a":[`, 1000)},
}

// lazyMalformed are well-formed bodies whose channel or member has a field
// of the wrong type or value: the channel and member are decoded when read,
// so Decode accepts them and reading them is refused.
var lazyMalformed = []struct{ why, body string }{
	{"roles a string", `{"id":"1","type":1,"member":{"roles":"x"},"token":"` + secretToken + `"}`},
	{"a role a fraction", `{"id":"1","type":1,"member":{"roles":[1.5]},"token":"` + secretToken + `"}`},
	{"joined_at not a timestamp", `{"id":"1","type":1,"member":{"joined_at":"yesterday"},"token":"` + secretToken + `"}`},
	{"joined_at a number", `{"id":"1","type":1,"member":{"joined_at":5},"token":"` + secretToken + `"}`},
	{"mute a string", `{"id":"1","type":1,"member":{"mute":"false"},"token":"` + secretToken + `"}`},
	{"thread_metadata a number", `{"id":"1","type":1,"channel":{"thread_metadata":5},"token":"` + secretToken + `"}`},
	{"a channel position a string", `{"id":"1","type":1,"channel":{"position":"1"},"token":"` + secretToken + `"}`},
}

func TestReadingAMalformedChannelOrMemberFails(t *testing.T) {
	for _, tt := range lazyMalformed {
		t.Run(tt.why, func(t *testing.T) {
			ix, err := decodeBody([]byte(tt.body))
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			var err2 error
			var ok bool
			if !ix.Channel.IsZero() {
				_, err2 = ix.Channel.Decode()
				_, ok = ix.Channel.Get()
			} else {
				_, err2 = ix.Member.Decode()
				_, ok = ix.Member.Get()
			}
			if err2 == nil || errors.Is(err2, interaction.ErrAbsent) || ok {
				t.Fatalf("reading the object: %v, ok %v; want an error", err2, ok)
			}
			if strings.Contains(err2.Error(), secretToken) {
				t.Errorf("error quotes the token: %q", err2)
			}
		})
	}
}

func TestDecodeRefusesMalformedBodies(t *testing.T) {
	for _, tt := range malformedBodies {
		t.Run(tt.why, func(t *testing.T) {
			ix, err := decodeBody([]byte(tt.body))
			if !errors.Is(err, interaction.ErrMalformed) || errors.Is(err, interaction.ErrUnknownType) {
				t.Fatalf("Decode = %v, %v; want ErrMalformed alone", ix, err)
			}
			if ix != nil {
				t.Errorf("Decode returned an interaction with its error")
			}
			checkDecodeError(t, tt.body, err)
		})
	}
}

func checkDecodeError(t *testing.T, body string, err error) {
	t.Helper()
	var de *interaction.DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("error %T is not a *DecodeError", err)
	}
	if de.Reason == "" || !strings.HasPrefix(err.Error(), "interaction: ") {
		t.Errorf("error %q has no reason", err)
	}
	if strings.Contains(err.Error(), secretToken) || strings.Contains(de.Reason, secretToken) {
		t.Errorf("error quotes the token: %q", err)
	}
}

func TestLazyObjectErrorsNameTheField(t *testing.T) {
	ix, err := decodeBody([]byte(`{"id":"1","type":1,"member":{"user":{"id":true}},"channel":{"position":"x"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ix.Member.Decode(); err == nil || !strings.Contains(err.Error(), "/member/user/id:") {
		t.Errorf("Member.Decode = %v; want an error naming /member/user/id", err)
	}
	if _, err := ix.Channel.Decode(); err == nil || !strings.Contains(err.Error(), "/channel/position:") {
		t.Errorf("Channel.Decode = %v; want an error naming /channel/position", err)
	}
	if u := ix.Invoker(); u.ID != 0 {
		t.Errorf("Invoker() = %+v from a member whose user does not decode", u)
	}
}

func TestDecodeErrorsNameTheField(t *testing.T) {
	tests := []struct{ body, field string }{
		{`{"id":"1","type":2,"data":{"name":"x","options":[{"value":{}}]}}`, "/data/options/0/value"},
		{`{"id":"1","type":2,"data":{"name":"x","options":[{"name":"a","options":[{},{"type":"3"}]}]}}`, "/data/options/0/options/1/type"},
		{`{"id":"1","type":1,"entitlements":[{"id":"x"}]}`, "/entitlements/0/id"},
		{`{"id":"1","type":1,"authorizing_integration_owners":{"1":"x"}}`, "/authorizing_integration_owners"},
		{`{"id":"1","type":1,"token":"a","token":"b"}`, "/token"},
		{`{"id":"1","type":3,"data":{"custom_id":"a","component_type":2},"message":{"id":"2","components":[1]}}`, "/message/components"},
		{`{"id":"1","type":3,"data":{"component_type":2}}`, "/data/custom_id"},
		{`{"id":"1","type":2,"data":{}}`, "/data/name"},
		{`{"type":1}`, "/id"},
		{`{"id":"1","type":2,"data":{"name":"x","target_id":"y"}}`, "/data/target_id"},
		{`{"id":"1","type":"1"}`, "/type"},
		{`{"id":"1","type":5,"data":{"custom_id":"f","components":[{"type":18,"component":{"type":4,"custom_id":"a","value":true}}]}}`, "/data/components/0/component/value"},
		{`{"id":"1","type":5,"data":{"custom_id":"f","components":[{"type":18,"component":{"type":23,"custom_id":"a","value":"true"}}]}}`, "/data/components/0/component/value"},
		{`{"id":"1","type":5,"data":{"custom_id":"f","components":[{"type":18,"component":{"type":21,"custom_id":"a","value":false}}]}}`, "/data/components/0/component/value"},
		{`{"id":"1","type":5,"data":{"custom_id":"f","components":[{"type":1,"components":[{"type":4,"custom_id":"a","value":7}]}]}}`, "/data/components/0/components/0/value"},
		{`{"id":"1","type":5,"data":{"custom_id":"f","components":[{"type":18,"component":{"type":22,"custom_id":"a","values":[true]}}]}}`, "/data/components/0/component/values/0"},
		{`{"id":"1","type":1,"user":{"accent_color":"#ff0000"}}`, "/user/accent_color"},
		{`{"id":"1","type":1,"user":{"avatar_decoration_data":{"sku_id":"x"}}}`, "/user/avatar_decoration_data/sku_id"},
		{`{"id":"1","type":1,"user":{"avatar_decoration_data":"a_1"}}`, "/user/avatar_decoration_data"},
		{`{"id":"1","type":1,"user":{"collectibles":{"nameplate":{"palette":3}}}}`, "/user/collectibles/nameplate/palette"},
		{`{"id":"1","type":1,"user":{"primary_guild":{"identity_enabled":"true"}}}`, "/user/primary_guild/identity_enabled"},
		{`{"id":"1","type":1,"user":{"primary_guild":{"tag":["DISC"]}}}`, "/user/primary_guild/tag"},
	}
	for _, tt := range tests {
		_, err := decodeBody([]byte(tt.body))
		if err == nil || !strings.HasPrefix(err.Error(), "interaction: "+tt.field+": ") {
			t.Errorf("Decode(%s) = %v; want an error naming %s", tt.body, err, tt.field)
		}
	}
}

// TestDecodeNeverPanicsOnDamagedBodies cuts the fixture at every byte, and
// overwrites every byte with each byte JSON gives meaning to: no result may
// panic, and every error must be one of the two kinds.
//
// Each byte JSON gives meaning to is a subtest, run in parallel with the
// others: the tens of thousands of bodies are independent, and decoding
// them is all the test's time.
func TestDecodeNeverPanicsOnDamagedBodies(t *testing.T) {
	t.Parallel()
	// Without its final newline, every proper prefix of the fixture is cut
	// inside the object.
	body := bytes.TrimSpace(readFixture(t, "slash_mod_ban.json"))
	// fault says what is wrong with Decode of b: that it panicked, or
	// returned an error of neither kind; "" when nothing is.
	fault := func(b []byte) (fault string) {
		defer func() {
			if r := recover(); r != nil {
				fault = fmt.Sprintf("Decode panicked: %v\n%s", r, b)
			}
		}()
		_, err := decodeBody(b)
		if err != nil && !errors.Is(err, interaction.ErrMalformed) && !errors.Is(err, interaction.ErrUnknownType) {
			return fmt.Sprintf("error %v is neither ErrMalformed nor ErrUnknownType", err)
		}
		return ""
	}
	t.Run("cut short", func(t *testing.T) {
		t.Parallel()
		for i := range body {
			_, err := decodeBody(body[:i])
			if !errors.Is(err, interaction.ErrMalformed) {
				t.Fatalf("Decode of the first %d bytes = %v; want ErrMalformed", i, err)
			}
		}
	})
	for _, c := range []byte("\"\\{}[],: 0-n\x00\xff") {
		t.Run(fmt.Sprintf("each byte set to %q", c), func(t *testing.T) {
			t.Parallel()
			damaged := make([]byte, len(body))
			for i := range body {
				copy(damaged, body)
				damaged[i] = c
				if f := fault(damaged); f != "" {
					t.Fatalf("byte %d set to %q: %s", i, c, f)
				}
			}
		})
	}
	t.Run("trailing white space", func(t *testing.T) {
		t.Parallel()
		b := append(bytes.Clone(body), " \n"...)
		if f := fault(b); f != "" {
			t.Fatal(f)
		}
		if _, err := decodeBody(b); err != nil {
			t.Errorf("trailing white space: %v", err)
		}
	})
}

// TestDecodeKeepsNoReferenceToTheBody overwrites the body after decoding,
// as fasthttp reuses it, and decodes another body, as the next request
// does: nothing decoded may change.
func TestDecodeKeepsNoReferenceToTheBody(t *testing.T) {
	for _, tt := range decodeCases(t) {
		t.Run(tt.name, func(t *testing.T) {
			body := []byte(tt.body)
			ix, err := decodeBody(body)
			if err != nil {
				t.Fatal(err)
			}
			before := snapshot(ix)
			for i := range body {
				body[i] = 'x'
			}
			// The decoder reuses its buffers: nothing may refer to them
			// either.
			if _, err := decodeBody(readFixture(t, "slash_mod_ban.json")); err != nil {
				t.Fatal(err)
			}
			after := snapshot(ix)
			if !reflect.DeepEqual(before, after) {
				for k, v := range before {
					if after[k] != v {
						t.Errorf("%s changed from %q to %q", k, v, after[k])
					}
				}
			}
		})
	}
}

// snapshot collects every string an interaction yields, copied, including
// what its resolved data gives for each id it mentions.
func snapshot(ix *interaction.Interaction) map[string]string {
	s := map[string]string{
		"token":    strings.Clone(ix.Token),
		"locale":   strings.Clone(string(ix.Locale)),
		"guild":    strings.Clone(string(ix.GuildLocale)),
		"name":     strings.Clone(ix.Data.Name),
		"resolved": string(ix.Data.Resolved.Raw()),
		"path":     ix.Data.Path(),
	}
	if m, ok := ix.Member.Get(); ok {
		s["member"] = memberString(m)
	}
	if ix.User != nil {
		s["user"] = userString(*ix.User)
	}
	if c, ok := ix.Channel.Get(); ok {
		s["channel"] = channelString(c)
	}
	var walk func(prefix string, opts []interaction.OptionData)
	walk = func(prefix string, opts []interaction.OptionData) {
		for i, o := range opts {
			k := prefix + "/" + strconv.Itoa(i)
			s[k+".name"] = strings.Clone(o.Name)
			s[k+".value"] = strings.Clone(o.Value.Text())
			walk(k, o.Options)
		}
	}
	walk("options", ix.Data.Options)
	r := ix.Data.Resolved
	for _, id := range []interaction.Snowflake{targetID, channelID, roleID, attachmentID, messageID} {
		if u, ok := r.User(id); ok {
			s["resolved user "+id.String()] = userString(u)
		}
		if m, ok := r.Member(id); ok {
			s["resolved member "+id.String()] = memberString(m)
		}
		if c, ok := r.Channel(id); ok {
			s["resolved channel "+id.String()] = channelString(c)
		}
		if ro, ok := r.Role(id); ok {
			s["resolved role "+id.String()] = fmt.Sprintf("%+v", ro)
		}
		if a, ok := r.Attachment(id); ok {
			s["resolved attachment "+id.String()] = fmt.Sprintf("%+v", a)
		}
		if m, ok := r.Message(id); ok {
			s["resolved message "+id.String()] = fmt.Sprintf("%+v", m)
		}
	}
	return s
}

// userString shows a user with its profile rather than the addresses of
// its parts, which differ between lookups.
func userString(u interaction.User) string {
	b, err := json.Marshal(u)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// memberString shows a member with its user's profile.
func memberString(m interaction.Member) string {
	u := m.User
	m.User = interaction.User{}
	return fmt.Sprintf("%+v %s", m, userString(u))
}

// channelString shows a channel with its thread metadata rather than the
// metadata's address, which differs between lookups.
func channelString(c interaction.Channel) string {
	tm := c.ThreadMetadata
	c.ThreadMetadata = nil
	if tm == nil {
		return fmt.Sprintf("%+v", c)
	}
	return fmt.Sprintf("%+v %+v", c, *tm)
}

func TestDecodeKeepsStringsOfAResolvedLookupAfterTheBodyIsReused(t *testing.T) {
	body := readFixture(t, "slash_mod_ban.json")
	ix, err := decodeBody(body)
	if err != nil {
		t.Fatal(err)
	}
	u, ok := ix.Data.Resolved.User(targetID)
	m, okm := ix.Data.Resolved.Member(targetID)
	if !ok || !okm {
		t.Fatal("the target is not resolved")
	}
	for i := range body {
		body[i] = 'x'
	}
	if u.Username != "spammer9000" || u.GlobalName != "Definitely Not A Bot" || u.Avatar != "a_d5efa99b3eeaa7dd43acca82f5692432" {
		t.Errorf("resolved user changed: %+v", u)
	}
	if m.Nick != "spammer" || m.User.Username != "spammer9000" {
		t.Errorf("resolved member changed: %+v", m)
	}
}

// TestDecodeAgreesWithEncodingJSONOnEveryShape holds the differential fuzz
// test to its seeds: every shape of interaction must be compared, not
// skipped.
func TestDecodeAgreesWithEncodingJSONOnEveryShape(t *testing.T) {
	for _, tt := range decodeCases(t) {
		t.Run(tt.name, func(t *testing.T) {
			if !checkAgreesWithEncodingJSON(t, []byte(tt.body)) {
				t.Error("not compared")
			}
		})
	}
}

// TestDecodeAgreesWithEncodingJSONOnEdgeCases runs the differential fuzz
// test's comparison over bodies at the edges of what each decoder accepts.
func TestDecodeAgreesWithEncodingJSONOnEdgeCases(t *testing.T) {
	const pre = `{"id":"1","type":2,"data":{"name":"x"},`
	for _, body := range []string{
		pre + `"version":-0}`,
		pre + `"version":1.0}`,
		pre + `"version":1e0}`,
		pre + `"type":2.0}`,
		pre + `"attachment_size_limit":1e3}`,
		pre + `"user":{"public_flags":-0}}`,
		pre + `"user":{"public_flags":1.0}}`,
		pre + `"user":{"premium_type":1e2}}`,
		pre + `"user":{"accent_color":1.0}}`,
		pre + `"user":{"accent_color":-0,"banner":null}}`,
		pre + `"user":{"avatar_decoration_data":{"sku_id":1,"asset":null}}}`,
		pre + `"user":{"collectibles":{"nameplate":{"palette":null,"sku_id":"1"}}}}`,
		pre + `"user":{"collectibles":{}}}`,
		pre + `"user":{"primary_guild":{"identity_enabled":false,"identity_guild_id":"01"}}}`,
		pre + `"user":{"primary_guild":null,"Primary_Guild":{"tag":"X"}}}`,
		pre + `"member":{"joined_at":"2024-01-02T03:04:05.123456789123Z"}}`,
		pre + `"member":{"joined_at":"2024-01-02t03:04:05z"}}`,
		pre + `"member":{"joined_at":"2024-01-02T03:04:05+00:00"}}`,
		pre + `"member":{"joined_at":"2024-01-02T03:04:05-07:30"}}`,
		pre + `"member":{"joined_at":"2024-01-02T03:04:05,5Z"}}`,
		pre + `"member":{"joined_at":"2024-01-02T03:04:05.Z"}}`,
		pre + `"member":{"joined_at":"2024-01-02T24:00:00Z"}}`,
		pre + `"member":{"joined_at":"2024-01-02T03:04:05+24:00"}}`,
		pre + `"member":{"joined_at":"0000-01-01T00:00:00Z"}}`,
		pre + `"member":{"joined_at":"2024-01-02T03:04:05\u002e5Z"}}`,
		pre + `"member":{"joined_at":null,"roles":[1,"2"],"user":null}}`,
		pre + `"member":{"nick":"\ud800"}}`,
		pre + `"member":{"nick":"\udc00\ud800"}}`,
		pre + `"ID":"5","Token":"t","TYPE":4}`,
		pre + `"Data":{"name":"y"}}`,
		pre + `"token":null,"locale":null}`,
		pre + `"context":0,"context2":1}`,
		pre + `"app_permissions":"00001","guild_id":"01"}`,
		pre + `"channel":{"thread_metadata":null,"type":-1}}`,
		pre + `"channel":{"thread_metadata":{"archive_timestamp":"2024-01-02T03:04:05Z"}}}`,
		pre + `"\u0069d":"2"}`,
		`{"\u0069d":"1","type":1}`,
		`{"id":"1","type":2,"data":{"name":"x","options":[null,{"name":"a","value":-0},{"value":1E2},{"value":"\u00e9"}]}}`,
		`{"id":"1","type":2,"data":{"name":"x","resolved":{"users":{"1":{"id":"1"}}}}}`,
		`{"id":"1","type":2,"data":{"name":"x","resolved":{ }}}`,
		`{"id":"1","type":4,"data":{"name":"x","type":0}}`,
		`{"id":"1","type":1,"data":null}`,
		`{"id":"1","type":1,"entitlements":[{"id":"2","starts_at":"2024-01-02T03:04:05+01:00"}]}`,
		`{"id":"1","type":1,"entitlements":[{"id":"2","starts_at":"2024-01-02T03:04:05\u002e5Z"}]}`,
		`{"id":"1","type":2,"data":{"name":"x","resolved":{"users":{"1":{"username":"\u00e9"}}}},"entitlements":[{"ends_at":"2024-01-02T03:04:05\u002e5Z"}]}`,
	} {
		if !checkAgreesWithEncodingJSON(t, []byte(body)) {
			t.Logf("not compared: %s", body)
		}
	}
}

func TestDecodeErrorsStayShortHoweverLongTheValue(t *testing.T) {
	long := strings.Repeat("9", 5000)
	for _, body := range []string{
		`{"id":"1","type":1,"entitlements":[{"id":"` + long + `x"}]}`,
		`{"id":"1","type":1,"authorizing_integration_owners":{"0":"` + long + `x"}}`,
	} {
		_, err := decodeBody([]byte(body))
		if !errors.Is(err, interaction.ErrMalformed) {
			t.Fatalf("Decode = %v; want ErrMalformed", err)
		}
		if n := len(err.Error()); n > 300 {
			t.Errorf("error of %d bytes: %.80q…", n, err)
		}
	}
	ix, err := decodeBody([]byte(`{"id":"1","type":1,"channel":{"thread_metadata":{"archived":"` + long + `"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ix.Channel.Decode(); err == nil || len(err.Error()) > 300 {
		t.Errorf("Channel.Decode = %.80q…; want a short error", err)
	}
}
