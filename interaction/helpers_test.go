package interaction_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/goccy/go-json/jsontext"

	"github.com/switchboard-go/switchboard/interaction"
)

// decodeBody decodes body into an Interaction of its own, and checks that
// Decode leaves it zero when it fails.
func decodeBody(body []byte) (*interaction.Interaction, error) {
	ix := new(interaction.Interaction)
	if err := interaction.Decode(body, ix); err != nil {
		if !reflect.DeepEqual(*ix, interaction.Interaction{}) {
			return ix, fmt.Errorf("Decode left a partial interaction with its error %w", err)
		}
		return nil, err
	}
	return ix, nil
}

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// compact returns b without insignificant white space, or b itself when it
// is not valid JSON, so that two encodings of one document compare equal.
func compact(b []byte) string {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return string(b)
	}
	return buf.String()
}

// ixView is an Interaction with its lazy objects decoded, so that tests
// can compare every field at once.
type ixView struct {
	ID                           interaction.Snowflake
	ApplicationID                interaction.Snowflake
	Type                         interaction.Type
	Token                        string
	Version                      int
	GuildID                      interaction.Snowflake
	ChannelID                    interaction.Snowflake
	Channel                      *interaction.Channel
	Member                       *interaction.Member
	User                         *interaction.User
	AppPermissions               interaction.Permissions
	Locale                       interaction.Locale
	GuildLocale                  interaction.Locale
	Entitlements                 []interaction.Entitlement
	Context                      interaction.InteractionContext
	AuthorizingIntegrationOwners interaction.IntegrationOwners
	AttachmentSizeLimit          int64
	Data                         interaction.Data
	Message                      *interaction.Message
}

// view decodes the lazy objects of ix with their own decoder; ok is false
// when one is present but does not decode.
func view(ix *interaction.Interaction) (v ixView, ok bool) {
	v = viewOf(ix)
	ok = true
	if !ix.Channel.IsZero() {
		c, err := ix.Channel.Decode()
		v.Channel, ok = &c, ok && err == nil
	}
	if !ix.Member.IsZero() {
		m, err := ix.Member.Decode()
		v.Member, ok = &m, ok && err == nil
	}
	return v, ok
}

// viewRef decodes the lazy objects of ix with encoding/json, the
// reference; ok is false when one does not decode. With unescaped, they are
// decoded with their strings unescaped where JSON allows: encoding/json
// hands a time.Time the bytes of a timestamp, escapes and all, where Decode
// reads the text they stand for.
func viewRef(ix *interaction.Interaction, unescaped bool) (v ixView, ok bool) {
	v = viewOf(ix)
	decode := func(raw []byte, into any) bool {
		if unescaped {
			var err error
			if raw, err = jsontext.AppendFormat(nil, raw); err != nil {
				return false
			}
		}
		return json.Unmarshal(raw, into) == nil
	}
	if raw := ix.Channel.Raw(); len(raw) > 0 {
		v.Channel = new(interaction.Channel)
		if !decode(raw, v.Channel) {
			return v, false
		}
	}
	if raw := ix.Member.Raw(); len(raw) > 0 {
		v.Member = new(interaction.Member)
		if !decode(raw, v.Member) {
			return v, false
		}
	}
	return v, true
}

func viewOf(ix *interaction.Interaction) ixView {
	return ixView{
		ID: ix.ID, ApplicationID: ix.ApplicationID, Type: ix.Type, Token: ix.Token, Version: ix.Version,
		GuildID: ix.GuildID, ChannelID: ix.ChannelID, User: ix.User, AppPermissions: ix.AppPermissions,
		Locale: ix.Locale, GuildLocale: ix.GuildLocale, Entitlements: ix.Entitlements, Context: ix.Context,
		AuthorizingIntegrationOwners: ix.AuthorizingIntegrationOwners, AttachmentSizeLimit: ix.AttachmentSizeLimit,
		Data: ix.Data, Message: ix.Message,
	}
}

// normalize rewrites in place what two correct decodings of one document may
// represent differently: nil and empty slices, and time zones (a parsed
// "+00:00" may come back in time.Local or a fixed zone, with the same
// instant). It clears the resolved data, which callers compare through
// Raw, and returns it.
func normalize(ix *ixView) []byte {
	if ix.Member != nil {
		normalizeMember(ix.Member)
	}
	if ix.Channel != nil && ix.Channel.ThreadMetadata != nil {
		ix.Channel.ThreadMetadata.ArchiveTimestamp = utc(ix.Channel.ThreadMetadata.ArchiveTimestamp)
	}
	if len(ix.Entitlements) == 0 {
		ix.Entitlements = nil
	}
	for i := range ix.Entitlements {
		e := &ix.Entitlements[i]
		e.StartsAt, e.EndsAt = utc(e.StartsAt), utc(e.EndsAt)
	}
	ix.Data.Options = normalizeOptions(ix.Data.Options)
	raw := ix.Data.Resolved.Raw()
	ix.Data.Resolved = interaction.Resolved{}
	return raw
}

func normalizeMember(m *interaction.Member) {
	if len(m.Roles) == 0 {
		m.Roles = nil
	}
	m.JoinedAt = utc(m.JoinedAt)
	m.PremiumSince = utc(m.PremiumSince)
	m.CommunicationDisabledUntil = utc(m.CommunicationDisabledUntil)
}

func normalizeOptions(opts []interaction.OptionData) []interaction.OptionData {
	if len(opts) == 0 {
		return nil
	}
	for i := range opts {
		opts[i].Options = normalizeOptions(opts[i].Options)
	}
	return opts
}

func utc(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC()
}

func owners(guild, user *interaction.Snowflake) interaction.IntegrationOwners {
	var o interaction.IntegrationOwners
	if guild != nil {
		o.Set(interaction.GuildInstall, *guild)
	}
	if user != nil {
		o.Set(interaction.UserInstall, *user)
	}
	return o
}

func id(s interaction.Snowflake) *interaction.Snowflake { return &s }

var inGuild = interaction.InteractionContext{Type: interaction.ContextGuild, Valid: true}

// ptr returns a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }
