package emulator_test

import (
	"crypto/ed25519"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// wellKnownWorld is what a test's configuration may write down of an
// emulator started with the well-known credentials.
type wellKnownWorld struct {
	app, admin, moderator, member, guild interaction.Snowflake
	token, clientID, secret, publicKey   string
	code                                 string
	roles, channels, emojis              map[string]interaction.Snowflake
	skus                                 []interaction.Snowflake
}

func worldOf(t *testing.T, s *emulator.Server) wellKnownWorld {
	t.Helper()
	w := wellKnownWorld{
		app: s.ApplicationID, admin: s.Admin, moderator: s.Moderator, member: s.Member, guild: s.GuildID,
		token: s.BotToken, clientID: s.ClientID, secret: s.ClientSecret, publicKey: s.PublicKey, code: s.AuthorizationCode,
		roles: map[string]interaction.Snowflake{}, channels: map[string]interaction.Snowflake{}, emojis: map[string]interaction.Snowflake{},
	}
	guilds := s.Guilds()
	if len(guilds) != 1 {
		t.Fatalf("%d guilds", len(guilds))
	}
	for _, r := range guilds[0].Roles {
		w.roles[r.Name] = r.ID
	}
	for _, c := range guilds[0].Channels {
		w.channels[c.Name] = c.ID
	}
	for _, e := range guilds[0].Emojis {
		w.emojis[e.Name] = e.ID
	}
	for _, k := range s.SKUs() {
		w.skus = append(w.skus, k.ID)
	}
	return w
}

func TestWellKnownCredentials(t *testing.T) {
	seed, err := hex.DecodeString(emulator.WellKnownSigningSeed)
	if err != nil || len(seed) != ed25519.SeedSize {
		t.Fatalf("WellKnownSigningSeed: %v, %d bytes", err, len(seed))
	}
	if pub := hex.EncodeToString(ed25519.NewKeyFromSeed(seed).Public().(ed25519.PublicKey)); pub != emulator.WellKnownPublicKey {
		t.Errorf("WellKnownPublicKey is %s, the seed's is %s", emulator.WellKnownPublicKey, pub)
	}
	if first, _, _ := strings.Cut(emulator.WellKnownBotToken, "."); first != base64.RawURLEncoding.EncodeToString([]byte(emulator.WellKnownApplicationID.String())) {
		t.Errorf("WellKnownBotToken begins %q, not the base64 of the application's id", first)
	}
	want := wellKnownWorld{
		app: emulator.WellKnownApplicationID, admin: emulator.WellKnownAdminID, moderator: emulator.WellKnownModeratorID,
		member: emulator.WellKnownMemberID, guild: emulator.WellKnownGuildID,
		token: emulator.WellKnownBotToken, clientID: emulator.WellKnownApplicationID.String(), secret: emulator.WellKnownClientSecret,
		publicKey: emulator.WellKnownPublicKey, code: emulator.WellKnownAuthorizationCode,
		roles: map[string]interaction.Snowflake{"@everyone": emulator.WellKnownGuildID, "Moderator": emulator.WellKnownModeratorRoleID, "emulator-bot": emulator.WellKnownBotRoleID},
		channels: map[string]interaction.Snowflake{
			"general": emulator.WellKnownGeneralChannelID, "moderation": emulator.WellKnownModerationChannelID,
			"announcements": emulator.WellKnownAnnouncementsChannelID, "Lounge": emulator.WellKnownLoungeChannelID,
		},
		emojis: map[string]interaction.Snowflake{"switchboard": emulator.WellKnownSwitchboardEmojiID, "dancing": emulator.WellKnownDancingEmojiID},
	}
	// Two starts, one with a clock before the world's instant: the world
	// is the same, and the ids made later grow past it.
	var first wellKnownWorld
	for i, now := range []func() time.Time{nil, func() time.Time { return time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC) }} {
		s, err := emulator.New(emulator.Config{WellKnown: true, Now: now})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		got := worldOf(t, s)
		want.skus = got.skus
		if i == 0 {
			first = got
		}
		gotJSON, wantJSON := describe(got), describe(want)
		if gotJSON != wantJSON {
			t.Errorf("start %d:\n got %s\nwant %s", i, gotJSON, wantJSON)
		}
		if !slices.Equal(got.skus, first.skus) {
			t.Errorf("start %d: SKUs %v, the first start's %v", i, got.skus, first.skus)
		}

		req, _ := http.NewRequest("POST", s.URL+"/applications/"+s.ApplicationID.String()+"/commands", strings.NewReader(`{"name":"ping","description":"Ping"}`))
		req.Header.Set("Authorization", "Bot "+emulator.WellKnownBotToken)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var created struct{ ID interaction.Snowflake }
		err = json.NewDecoder(resp.Body).Decode(&created)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusCreated {
			t.Fatalf("start %d: a command made with the well-known token: %d %v", i, resp.StatusCode, err)
		}
		if last := got.skus[len(got.skus)-1]; created.ID <= last {
			t.Errorf("start %d: a command made later has id %d, not past the world's %d", i, created.ID, last)
		}
		if i == 0 && created.ID.Time().Before(time.Now().Add(-time.Hour)) {
			t.Errorf("a command made later has id %d, of %v, not of the clock", created.ID, created.ID.Time())
		}
	}

	if _, err := emulator.New(emulator.Config{WellKnown: true, SigningKey: ed25519.NewKeyFromSeed(make([]byte, 32))}); err == nil {
		t.Error("WellKnown with a SigningKey of its own started")
	}
	other, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if other.BotToken == emulator.WellKnownBotToken || other.PublicKey == emulator.WellKnownPublicKey || other.ApplicationID == emulator.WellKnownApplicationID {
		t.Error("an emulator without WellKnown has well-known credentials")
	}
}

// describe writes w's fields but the SKUs, for comparing.
func describe(w wellKnownWorld) string {
	b, _ := json.Marshal(map[string]any{
		"app": w.app, "admin": w.admin, "moderator": w.moderator, "member": w.member, "guild": w.guild,
		"token": w.token, "client_id": w.clientID, "secret": w.secret, "public_key": w.publicKey, "code": w.code,
		"roles": w.roles, "channels": w.channels, "emojis": w.emojis,
	})
	return string(b)
}

// A server started from a snapshot keeps the snapshot's credentials; with
// WellKnown, the snapshot must be of the well-known application, as an
// emulator that persists its state under -well-known restarts from one.
func TestWellKnownStartsFromAWellKnownSnapshot(t *testing.T) {
	first, err := emulator.New(emulator.Config{WellKnown: true})
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	snap, err := first.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	again, err := emulator.New(emulator.Config{WellKnown: true, State: snap})
	if err != nil {
		t.Fatalf("a well-known snapshot under WellKnown: %v", err)
	}
	defer again.Close()
	if again.ApplicationID != emulator.WellKnownApplicationID || again.PublicKey != emulator.WellKnownPublicKey || again.BotToken != emulator.WellKnownBotToken {
		t.Errorf("the restarted server's credentials are not the well-known ones: %v %s", again.ApplicationID, again.PublicKey)
	}

	other, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	snap, err = other.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	if s, err := emulator.New(emulator.Config{WellKnown: true, State: snap}); err == nil {
		s.Close()
		t.Fatal("a snapshot of another application was taken under WellKnown")
	}
	seed, _ := hex.DecodeString(emulator.WellKnownSigningSeed)
	if _, err := emulator.New(emulator.Config{WellKnown: true, SigningKey: ed25519.NewKeyFromSeed(seed)}); err == nil {
		t.Fatal("WellKnown with a SigningKey was taken")
	}
}
