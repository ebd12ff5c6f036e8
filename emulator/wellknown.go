package emulator

import (
	"crypto/ed25519"
	"encoding/base64"
	"encoding/hex"
	"fmt"
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

// WellKnownApp is the well-known credentials of one application
// (WellKnownApplication).
type WellKnownApp struct {
	// ID is the application's id, its client id and its bot user's id.
	ID           interaction.Snowflake
	BotToken     string
	ClientSecret string
	// SigningSeed is the hex Ed25519 seed its interactions and webhook
	// events are signed with, and PublicKey the hex public key a bot
	// verifies them with.
	SigningSeed string
	PublicKey   string
}

// maxWellKnownApps is how many applications have well-known credentials:
// those beside the first take their place from the five bits of their
// id that the ids the emulator makes leave 0.
const maxWellKnownApps = 32

// WellKnownApplication returns the well-known credentials of the
// application at position n of an emulator started with them
// (Config.WellKnown): 1 for the first, whose credentials are the
// WellKnown constants, 2 for the first of Config.Applications (cmd/emulator's
// -extra-bots) and so on up to 32; false for another n. They follow a
// rule that any language can write down (docs/emulator.md, "Well-known
// credentials"), for position n from 2:
//
//   - the id is WellKnownApplicationID + (n-1)·4096, made at the same
//     instant with the process id n-1;
//   - the bot token is the unpadded base64 of the id, "Z3SFgA" (the
//     instant) and the unpadded base64 of "switchboard emulator tok"
//     followed by n in three digits, joined by dots;
//   - the client secret is the hex of "emulator-secr" followed by n in
//     three digits;
//   - the signing key's seed is the hex of "switchboard emulator signing"
//     followed by n in four digits.
func WellKnownApplication(n int) (WellKnownApp, bool) {
	switch {
	case n == 1:
		return WellKnownApp{ID: WellKnownApplicationID, BotToken: WellKnownBotToken, ClientSecret: WellKnownClientSecret,
			SigningSeed: WellKnownSigningSeed, PublicKey: WellKnownPublicKey}, true
	case n < 1 || n > maxWellKnownApps:
		return WellKnownApp{}, false
	}
	id := WellKnownApplicationID + interaction.Snowflake(n-1)<<12
	enc := base64.RawURLEncoding
	seed := fmt.Sprintf("switchboard emulator signing%04d", n)
	key := ed25519.NewKeyFromSeed([]byte(seed))
	return WellKnownApp{
		ID:           id,
		BotToken:     enc.EncodeToString([]byte(id.String())) + ".Z3SFgA." + enc.EncodeToString(fmt.Appendf(nil, "switchboard emulator tok%03d", n)),
		ClientSecret: hex.EncodeToString(fmt.Appendf(nil, "emulator-secr%03d", n)),
		SigningSeed:  hex.EncodeToString([]byte(seed)),
		PublicKey:    hex.EncodeToString(key.Public().(ed25519.PublicKey)),
	}, true
}

// key returns the signing key of w.
func (w WellKnownApp) key() ed25519.PrivateKey {
	seed, err := hex.DecodeString(w.SigningSeed)
	if err != nil {
		panic("emulator: a well-known seed is not hex")
	}
	return ed25519.NewKeyFromSeed(seed)
}
