package interaction_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

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

// normalize rewrites in place what two correct decodings of one document may
// represent differently: nil and empty slices, and time zones (a parsed
// "+00:00" may come back in time.Local or a fixed zone, with the same
// instant). It clears the resolved data, which callers compare through
// Raw, and returns it.
func normalize(ix *interaction.Interaction) []byte {
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

func normalizeOptions(opts []interaction.Option) []interaction.Option {
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
