package interaction_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// resolvedJSON resolves one entry of each kind, as a command with a user,
// role, channel and attachment option and a message target would carry.
const resolvedJSON = `{
	"users": {
		"1191207000000000007": {"id": "1191207000000000007", "username": "spammer9000", "discriminator": "0", "avatar": null, "global_name": "Zo\u00eb \"Z\"", "public_flags": 0, "bot": true, "clan": null},
		"1191213000000000013": {"id": "1191213000000000013", "username": "ada", "discriminator": "0", "global_name": "Ada Lovelace"}
	},
	"members": {
		"1191207000000000007": {"nick": null, "roles": ["1191208000000000008"], "joined_at": "2024-03-11T18:22:47.113000+00:00", "permissions": "1071698660929", "pending": false, "flags": 0, "communication_disabled_until": "2024-03-12T00:00:00+00:00"},
		"1191213000000000013": {"user": {"id": "1191213000000000013", "username": "ada-from-member"}, "nick": "Ada", "roles": [], "permissions": "8"}
	},
	"roles": {
		"1191208000000000008": {"id": "1191208000000000008", "name": "Moderators", "color": 3447003, "hoist": true, "icon": null, "unicode_emoji": "🛡", "position": 5, "permissions": "1099511627775", "managed": false, "mentionable": true, "flags": 0, "tags": {}}
	},
	"channels": {
		"1191203000000000003": {"id": "1191203000000000003", "type": 11, "name": "appeals", "parent_id": "1191205000000000005", "permissions": "2251799813685247", "app_permissions": "3072",
			"thread_metadata": {"archived": false, "auto_archive_duration": 1440, "archive_timestamp": "2024-03-11T18:00:00+00:00", "locked": true, "create_timestamp": null}}
	},
	"messages": {
		"1311204000000000004": {"id": "1311204000000000004", "channel_id": "1191203000000000003", "guild_id": "1191202000000000002",
			"author": {"id": "1191207000000000007", "username": "spammer9000", "discriminator": "0"},
			"content": "buy now", "timestamp": "2024-11-02T08:15:00.000000+00:00", "edited_timestamp": "2024-11-02T08:16:00.000000+00:00",
			"tts": false, "mention_everyone": true, "mentions": [{"id": "1191213000000000013", "username": "ada"}], "mention_roles": ["1191208000000000008"],
			"attachments": [], "embeds": [{"title": "Deal", "color": 16711680}], "pinned": true, "type": 19, "flags": 4,
			"components": [], "reactions": [{"count": 2, "emoji": {"id": null, "name": "🔥"}}],
			"sticker_items": [{"id": "1191209000000000009", "name": "wave", "format_type": 1}]}
	},
	"attachments": {
		"1191214000000000014": {"id": "1191214000000000014", "filename": "evidence.png", "size": 52143, "url": "https://cdn.example/a/evidence.png", "proxy_url": "https://media.example/a/evidence.png", "content_type": "image/png", "height": 480, "width": 640, "ephemeral": true, "placeholder": "x"}
	}
}`

func wantResolved() interaction.ResolvedData {
	spammer := interaction.User{ID: targetID, Username: "spammer9000", Discriminator: "0", GlobalName: `Zoë "Z"`, Bot: true}
	return interaction.ResolvedData{
		Users: map[interaction.Snowflake]interaction.User{
			targetID:  spammer,
			invokerID: {ID: invokerID, Username: "ada", Discriminator: "0", GlobalName: "Ada Lovelace"},
		},
		Members: map[interaction.Snowflake]interaction.Member{
			targetID: {
				Roles:                      []interaction.Snowflake{roleID},
				JoinedAt:                   time.Date(2024, 3, 11, 18, 22, 47, 113_000_000, time.UTC),
				Permissions:                1071698660929,
				CommunicationDisabledUntil: time.Date(2024, 3, 12, 0, 0, 0, 0, time.UTC),
			},
			invokerID: {
				User:        interaction.User{ID: invokerID, Username: "ada-from-member"},
				Nick:        "Ada",
				Permissions: interaction.PermissionAdministrator,
			},
		},
		Roles: map[interaction.Snowflake]interaction.Role{
			roleID: {ID: roleID, Name: "Moderators", Color: 3447003, Hoist: true, UnicodeEmoji: "🛡", Position: 5, Permissions: 1099511627775, Mentionable: true},
		},
		Channels: map[interaction.Snowflake]interaction.Channel{
			channelID: {
				ID: channelID, Type: interaction.ChannelPublicThread, Name: "appeals", ParentID: 1191205000000000005,
				Permissions: 2251799813685247, AppPermissions: interaction.PermissionViewChannel | interaction.PermissionSendMessages,
				ThreadMetadata: &interaction.ThreadMetadata{
					AutoArchiveDuration: 1440,
					ArchiveTimestamp:    time.Date(2024, 3, 11, 18, 0, 0, 0, time.UTC),
					Locked:              true,
				},
			},
		},
		Messages: map[interaction.Snowflake]interaction.Message{
			messageID: {
				ID: messageID, ChannelID: channelID, GuildID: guildID,
				Author:          interaction.User{ID: targetID, Username: "spammer9000", Discriminator: "0"},
				Content:         "buy now",
				Timestamp:       time.Date(2024, 11, 2, 8, 15, 0, 0, time.UTC),
				EditedTimestamp: time.Date(2024, 11, 2, 8, 16, 0, 0, time.UTC),
				MentionEveryone: true,
				Mentions:        []interaction.User{{ID: invokerID, Username: "ada"}},
				MentionRoles:    []interaction.Snowflake{roleID},
				Attachments:     []interaction.Attachment{},
				Embeds:          []interaction.Embed{{Title: "Deal", Color: 0xff0000}},
				Pinned:          true,
				Type:            19,
				Flags:           interaction.FlagSuppressEmbeds,
				Reactions:       []interaction.Reaction{{Count: 2, Emoji: interaction.PollEmoji{Name: "🔥"}}},
			},
		},
		Attachments: map[interaction.Snowflake]interaction.Attachment{
			attachmentID: {
				ID: attachmentID, Filename: "evidence.png", ContentType: "image/png", Size: 52143,
				URL: "https://cdn.example/a/evidence.png", ProxyURL: "https://media.example/a/evidence.png",
				Height: 480, Width: 640, Ephemeral: true,
			},
		},
	}
}

// normalizeResolved puts times in UTC and empty slices to nil, so that data
// decoded by different paths compares equal.
func normalizeResolved(d *interaction.ResolvedData) {
	for k, m := range d.Members {
		normalizeMember(&m)
		d.Members[k] = m
	}
	for k, c := range d.Channels {
		if c.ThreadMetadata != nil {
			tm := *c.ThreadMetadata
			tm.ArchiveTimestamp = utc(tm.ArchiveTimestamp)
			c.ThreadMetadata = &tm
		}
		d.Channels[k] = c
	}
	for k, m := range d.Messages {
		d.Messages[k] = normalizeMessage(m)
	}
}

func normalizeMessage(m interaction.Message) interaction.Message {
	m.Timestamp, m.EditedTimestamp = utc(m.Timestamp), utc(m.EditedTimestamp)
	if len(m.Mentions) == 0 {
		m.Mentions = nil
	}
	if len(m.MentionRoles) == 0 {
		m.MentionRoles = nil
	}
	if len(m.Attachments) == 0 {
		m.Attachments = nil
	}
	if len(m.Embeds) == 0 {
		m.Embeds = nil
	}
	if len(m.Components) == 0 {
		m.Components = nil
	}
	for i := range m.Embeds {
		m.Embeds[i].Timestamp = utc(m.Embeds[i].Timestamp)
	}
	return m
}

func decodedResolved(t *testing.T) interaction.Resolved {
	t.Helper()
	body := `{"id":"1","type":2,"data":{"name":"x","resolved":` + resolvedJSON + `}}`
	ix, err := decodeBody([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	return ix.Data.Resolved
}

func TestResolvedLookupsFindEachKindOfEntry(t *testing.T) {
	r := decodedResolved(t)
	want := wantResolved()
	normalizeResolved(&want)

	for id, wu := range want.Users {
		u, ok := r.User(id)
		if !ok || u != wu {
			t.Errorf("User(%d) = %+v, %v; want %+v", id, u, ok, wu)
		}
	}

	// A resolved member leaves its user out; the lookup fills it in from
	// the resolved users.
	m, ok := r.Member(targetID)
	normalizeMember(&m)
	wm := want.Members[targetID]
	wm.User = want.Users[targetID]
	if !ok || !reflect.DeepEqual(m, wm) {
		t.Errorf("Member(target) = %+v, %v\nwant %+v", m, ok, wm)
	}
	// A user the member carries itself is kept.
	m, ok = r.Member(invokerID)
	normalizeMember(&m)
	if !ok || !reflect.DeepEqual(m, want.Members[invokerID]) {
		t.Errorf("Member(invoker) = %+v, %v\nwant %+v", m, ok, want.Members[invokerID])
	}

	if ro, ok := r.Role(roleID); !ok || ro != want.Roles[roleID] {
		t.Errorf("Role = %+v, %v; want %+v", ro, ok, want.Roles[roleID])
	}

	c, ok := r.Channel(channelID)
	wc := want.Channels[channelID]
	if !ok || c.ThreadMetadata == nil || !c.ThreadMetadata.ArchiveTimestamp.Equal(wc.ThreadMetadata.ArchiveTimestamp) {
		t.Fatalf("Channel = %+v, %v; want %+v", c, ok, wc)
	}
	c.ThreadMetadata.ArchiveTimestamp = wc.ThreadMetadata.ArchiveTimestamp
	if !reflect.DeepEqual(c, wc) {
		t.Errorf("Channel = %+v %+v\nwant %+v %+v", c, *c.ThreadMetadata, wc, *wc.ThreadMetadata)
	}

	msg, ok := r.Message(messageID)
	if !ok || !reflect.DeepEqual(normalizeMessage(msg), want.Messages[messageID]) {
		t.Errorf("Message = %+v, %v\nwant %+v", msg, ok, want.Messages[messageID])
	}

	if a, ok := r.Attachment(attachmentID); !ok || a != want.Attachments[attachmentID] {
		t.Errorf("Attachment = %+v, %v; want %+v", a, ok, want.Attachments[attachmentID])
	}

	raw, ok := r.RawMessage(messageID)
	if !ok || !json.Valid(raw) {
		t.Fatalf("RawMessage = %s, %v", raw, ok)
	}
	var extra struct {
		Stickers []struct{ Name string } `json:"sticker_items"`
	}
	if err := json.Unmarshal(raw, &extra); err != nil || len(extra.Stickers) != 1 || extra.Stickers[0].Name != "wave" {
		t.Errorf("RawMessage lost the fields Message does not carry: %s", raw)
	}
}

func TestResolvedLookupsReportMissingEntries(t *testing.T) {
	r := decodedResolved(t)
	const absent interaction.Snowflake = 999
	tests := []struct {
		name string
		ok   bool
	}{
		{"User of an absent id", second(r.User(absent))},
		{"User of the zero id", second(r.User(0))},
		{"User of a role id", second(r.User(roleID))},
		{"Member of a user without a membership", second(r.Member(absent))},
		{"Member of a role id", second(r.Member(roleID))},
		{"Role of a user id", second(r.Role(targetID))},
		{"Channel of a message id", second(r.Channel(messageID))},
		{"Message of a channel id", second(r.Message(channelID))},
		{"Attachment of a user id", second(r.Attachment(targetID))},
		{"RawMessage of an absent id", second(r.RawMessage(absent))},
	}
	for _, tt := range tests {
		if tt.ok {
			t.Errorf("%s found an entry", tt.name)
		}
	}

	var zero interaction.Resolved
	if !zero.IsZero() || r.IsZero() {
		t.Error("IsZero is true only for an interaction without resolved data")
	}
	for _, found := range []bool{
		second(zero.User(targetID)), second(zero.Member(targetID)), second(zero.Role(roleID)),
		second(zero.Channel(channelID)), second(zero.Message(messageID)), second(zero.Attachment(attachmentID)),
		second(zero.RawMessage(messageID)),
	} {
		if found {
			t.Error("a lookup in empty resolved data found an entry")
		}
	}
	d, err := zero.Decode()
	if err != nil || !reflect.DeepEqual(d, interaction.ResolvedData{}) {
		t.Errorf("Decode of empty resolved data = %+v, %v", d, err)
	}
}

func second[T any](_ T, ok bool) bool { return ok }

func TestDecodeUserAndMemberIsUserAndMemberInPlace(t *testing.T) {
	r := decodedResolved(t)
	for _, id := range []interaction.Snowflake{targetID, invokerID, roleID, 999, 0} {
		wantUser, wantMember, wantOK, wantMemberOK := r.UserAndMember(id)
		// What the values held before is no part of what is found.
		u := interaction.User{ID: 1, Username: "left over"}
		m := interaction.Member{Nick: "left over", Roles: []interaction.Snowflake{1}}
		ok, memberOK := r.DecodeUserAndMember(id, &u, &m)
		normalizeMember(&m)
		normalizeMember(&wantMember)
		if ok != wantOK || memberOK != wantMemberOK || u != wantUser || !reflect.DeepEqual(m, wantMember) {
			t.Errorf("DecodeUserAndMember(%d) = %+v, %+v, %v, %v\nUserAndMember gives %+v, %+v, %v, %v",
				id, u, m, ok, memberOK, wantUser, wantMember, wantOK, wantMemberOK)
		}
	}
}

func TestResolvedLookupsRefuseMalformedEntries(t *testing.T) {
	body := `{"id":"1","type":2,"data":{"name":"x","resolved":{
		"users":{"1":{"id":true},"2":{"username":5}},
		"members":{"1":{"roles":"x"},"3":{"nick":"n"}},
		"roles":{"1":{"name":5}},
		"channels":{"1":{"type":"text"}},
		"messages":{"1":{"timestamp":"yesterday"}},
		"attachments":{"1":{"size":"big"}}}}}`
	ix, err := decodeBody([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	r := ix.Data.Resolved
	for name, found := range map[string]bool{
		"User with a bad id":            second(r.User(1)),
		"User with a bad username":      second(r.User(2)),
		"Member with bad roles":         second(r.Member(1)),
		"Role with a bad name":          second(r.Role(1)),
		"Channel with a bad type":       second(r.Channel(1)),
		"Message with a bad timestamp":  second(r.Message(1)),
		"Attachment with a bad size":    second(r.Attachment(1)),
		"Member whose user is not sent": !second(r.Member(3)),
	} {
		if found {
			t.Errorf("%s: lookup result is wrong", name)
		}
	}
	if m, _ := r.Member(3); m.Nick != "n" || m.User != (interaction.User{}) {
		t.Errorf("Member without a resolved user = %+v", m)
	}
	if _, err := r.Decode(); err == nil {
		t.Error("Decode of malformed entries succeeded")
	}
}

func TestResolvedDecodeDecodesEveryEntry(t *testing.T) {
	got, err := decodedResolved(t).Decode()
	if err != nil {
		t.Fatal(err)
	}
	normalizeResolved(&got)
	want := wantResolved()
	normalizeResolved(&want)
	for id, m := range got.Members {
		normalizeMember(&m)
		got.Members[id] = m
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Decode =\n%+v\nwant\n%+v", got, want)
	}
}

func TestNewResolvedRoundTrips(t *testing.T) {
	want := wantResolved()
	r, err := interaction.NewResolved(want)
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(r.Raw()) || r.IsZero() {
		t.Fatalf("NewResolved made %s", r.Raw())
	}
	got, err := r.Decode()
	if err != nil {
		t.Fatal(err)
	}
	normalizeResolved(&got)
	normalizeResolved(&want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("round trip =\n%+v\nwant\n%+v", got, want)
	}
	// The lookups read what NewResolved wrote.
	if u, ok := r.User(targetID); !ok || u != want.Users[targetID] {
		t.Errorf("User after NewResolved = %+v, %v", u, ok)
	}
	if m, ok := r.Member(targetID); !ok || m.User != want.Users[targetID] || !m.HasRole(roleID) {
		t.Errorf("Member after NewResolved = %+v, %v", m, ok)
	}
	if a, ok := r.Attachment(attachmentID); !ok || a != want.Attachments[attachmentID] {
		t.Errorf("Attachment after NewResolved = %+v, %v", a, ok)
	}

	empty, err := interaction.NewResolved(interaction.ResolvedData{})
	if err != nil || compact(empty.Raw()) != "{}" {
		t.Errorf("NewResolved of nothing = %s, %v; want {}", empty.Raw(), err)
	}
}

func TestResolvedJSONMethodsKeepTheObjectAsSent(t *testing.T) {
	var r interaction.Resolved
	in := []byte(`{"users": {"1": {"id": "1", "username": "a"}}}`)
	if err := r.UnmarshalJSON(in); err != nil {
		t.Fatal(err)
	}
	// UnmarshalJSON keeps a copy: decoders reuse their buffers.
	for i := range in {
		in[i] = 'x'
	}
	if u, ok := r.User(1); !ok || u.Username != "a" {
		t.Errorf("User after the input was overwritten = %+v, %v", u, ok)
	}
	out, err := r.MarshalJSON()
	if err != nil || string(out) != `{"users": {"1": {"id": "1", "username": "a"}}}` {
		t.Errorf("MarshalJSON = %s, %v", out, err)
	}

	if err := r.UnmarshalJSON([]byte("null")); err != nil || !r.IsZero() {
		t.Errorf("UnmarshalJSON(null) = %v, IsZero %v", err, r.IsZero())
	}
	if out, _ := r.MarshalJSON(); string(out) != "null" {
		t.Errorf("MarshalJSON of empty resolved data = %s; want null", out)
	}
	for _, bad := range []string{`[]`, `"x"`, `1`, ``} {
		if err := r.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("UnmarshalJSON(%s) succeeded", bad)
		}
	}

	// Embedded in a document, it survives encoding/json both ways.
	var doc struct {
		Resolved interaction.Resolved `json:"resolved"`
	}
	if err := json.Unmarshal([]byte(`{"resolved":{"roles":{"8":{"id":"8","name":"r"}}}}`), &doc); err != nil {
		t.Fatal(err)
	}
	if ro, ok := doc.Resolved.Role(8); !ok || ro.Name != "r" {
		t.Errorf("Role after encoding/json = %+v, %v", ro, ok)
	}
	b, err := json.Marshal(doc)
	if err != nil || string(b) != `{"resolved":{"roles":{"8":{"id":"8","name":"r"}}}}` {
		t.Errorf("Marshal = %s, %v", b, err)
	}
}

func TestResolvedLookupsAreSafeForConcurrentUse(t *testing.T) {
	r := decodedResolved(t)
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				u, ok := r.User(targetID)
				m, okm := r.Member(targetID)
				c, okc := r.Channel(channelID)
				if !ok || !okm || !okc || u.Username != "spammer9000" || m.User.ID != targetID || c.Name != "appeals" {
					errs <- fmt.Sprintf("goroutine %d: %+v %+v %+v", g, u, m, c)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
