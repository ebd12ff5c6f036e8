package emulator

import (
	"crypto/ed25519"
	"encoding/hex"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// The well-known credentials (Config.WellKnown, cmd/emulator's
// -well-known) and the ids of the world an emulator started with them
// makes. They are the same at every start and in every copy of the
// emulator, so that a test's configuration, in any language, can write
// them down: they are for tests, and secret from no one.
const (
	WellKnownApplicationID interaction.Snowflake = 1323802873036931072
	// WellKnownBotToken is shaped as the service's tokens are: its first
	// segment is the unpadded base64 of the bot user's id, which is
	// WellKnownApplicationID.
	WellKnownBotToken          = "MTMyMzgwMjg3MzAzNjkzMTA3Mg.Z3SFgA.c3dpdGNoYm9hcmQgZW11bGF0b3IgdG9rZW4h"
	WellKnownClientSecret      = "656d756c61746f722d73656372657421"
	WellKnownAuthorizationCode = "656d756c61746f722d636f64652d3030"
	// WellKnownSigningSeed is the hex Ed25519 seed interactions are
	// signed with (cmd/emulator's -signing-key takes one so), and
	// WellKnownPublicKey the hex public key a bot verifies them with.
	WellKnownSigningSeed = "737769746368626f61726420656d756c61746f72207369676e696e67206b6579"
	WellKnownPublicKey   = "e11e58857d83e7eb6f5fdb298ee9daabf02900f32e30daa1cd0b053a4fe988f8"

	WellKnownAdminID     interaction.Snowflake = 1323802873036931073
	WellKnownModeratorID interaction.Snowflake = 1323802873036931074
	WellKnownMemberID    interaction.Snowflake = 1323802873036931075
	WellKnownGuildID     interaction.Snowflake = 1323802873036931076
	// WellKnownModeratorRoleID is the guild's Moderator role, and
	// WellKnownBotRoleID the bot's managed role; the guild's id is its
	// @everyone role.
	WellKnownModeratorRoleID interaction.Snowflake = 1323802873036931077
	WellKnownBotRoleID       interaction.Snowflake = 1323802873036931078
	// The guild's channels: #general, #moderation, #announcements and the
	// voice channel Lounge.
	WellKnownGeneralChannelID       interaction.Snowflake = 1323802873036931079
	WellKnownModerationChannelID    interaction.Snowflake = 1323802873036931080
	WellKnownAnnouncementsChannelID interaction.Snowflake = 1323802873036931081
	WellKnownLoungeChannelID        interaction.Snowflake = 1323802873036931082
	// The guild's custom emojis, :switchboard: and the animated :dancing:.
	WellKnownSwitchboardEmojiID interaction.Snowflake = 1323802873036931083
	WellKnownDancingEmojiID     interaction.Snowflake = 1323802873036931084
)

// wellKnownInstant is when the world of the well-known credentials is
// made, which its ids encode.
func wellKnownInstant() time.Time { return time.Date(2025, time.January, 1, 0, 0, 0, 0, time.UTC) }

// wellKnownKey returns the key of WellKnownSigningSeed.
func wellKnownKey() ed25519.PrivateKey {
	seed, err := hex.DecodeString(WellKnownSigningSeed)
	if err != nil {
		panic("emulator: WellKnownSigningSeed is not hex")
	}
	return ed25519.NewKeyFromSeed(seed)
}
