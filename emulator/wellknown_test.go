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

// The applications beside the first have well-known credentials too, by
// their place, the same at every start and as the rule writes them.
func TestWellKnownApplicationsBesideTheFirst(t *testing.T) {
	first, ok := emulator.WellKnownApplication(1)
	if !ok || first.ID != emulator.WellKnownApplicationID || first.BotToken != emulator.WellKnownBotToken ||
		first.ClientSecret != emulator.WellKnownClientSecret || first.SigningSeed != emulator.WellKnownSigningSeed || first.PublicKey != emulator.WellKnownPublicKey {
		t.Errorf("WellKnownApplication(1) = %+v; want the WellKnown constants", first)
	}
	// The second's, as docs/emulator.md writes them down.
	second := emulator.WellKnownApp{
		ID:           1323802873036935168,
		BotToken:     "MTMyMzgwMjg3MzAzNjkzNTE2OA.Z3SFgA.c3dpdGNoYm9hcmQgZW11bGF0b3IgdG9rMDAy",
		ClientSecret: "656d756c61746f722d73656372303032",
		SigningSeed:  "737769746368626f61726420656d756c61746f72207369676e696e6730303032",
		PublicKey:    "ebb615f898e6a276d48cee31508eb11692bc49f5f8e6c1cc2bfcacad1d86fc17",
	}
	if got, ok := emulator.WellKnownApplication(2); !ok || got != second {
		t.Errorf("WellKnownApplication(2) = %+v; want %+v", got, second)
	}
	for _, n := range []int{0, 33} {
		if _, ok := emulator.WellKnownApplication(n); ok {
			t.Errorf("WellKnownApplication(%d) has credentials", n)
		}
	}
	for n := 1; n <= 32; n++ {
		w, _ := emulator.WellKnownApplication(n)
		seed, _ := hex.DecodeString(w.SigningSeed)
		id, _ := base64.RawURLEncoding.DecodeString(strings.Split(w.BotToken, ".")[0])
		if len(seed) != ed25519.SeedSize || hex.EncodeToString(ed25519.NewKeyFromSeed(seed).Public().(ed25519.PublicKey)) != w.PublicKey || string(id) != w.ID.String() {
			t.Errorf("WellKnownApplication(%d) = %+v: the key or the token's id do not agree", n, w)
		}
	}

	cfg := emulator.Config{WellKnown: true, Applications: []emulator.ApplicationConfig{{Name: "music"}, {Name: "mod"}}}
	var starts [2][]emulator.Credentials
	for i := range starts {
		s, err := emulator.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		starts[i] = s.Applications()
		for j := range starts[i] {
			starts[i][j].BaseURL = ""
		}
		if i == 0 {
			status, raw := as(t, s, "Bot "+second.BotToken, "GET", "/applications/@me", "")
			if status != http.StatusOK || !strings.Contains(string(raw), `"verify_key":"`+second.PublicKey+`"`) {
				t.Errorf("GET /applications/@me with the second's well-known token: %d %s", status, raw)
			}
		}
		s.Close()
	}
	if !slices.Equal(starts[0], starts[1]) {
		t.Errorf("two starts gave the applications\n%+v\n%+v", starts[0], starts[1])
	}
	for n, c := range starts[0] {
		w, _ := emulator.WellKnownApplication(n + 1)
		if c.ApplicationID != w.ID.String() || c.BotToken != w.BotToken || c.ClientSecret != w.ClientSecret || c.PublicKey != w.PublicKey {
			t.Errorf("application %d: %+v; want %+v", n+1, c, w)
		}
	}

	_, key, _ := ed25519.GenerateKey(nil)
	for _, tc := range []struct {
		name string
		apps []emulator.ApplicationConfig
		want string
	}{
		{"a key of its own", []emulator.ApplicationConfig{{SigningKey: key}}, "Config.Applications[0]: a signing key, and Config.WellKnown"},
		{"one too many", make([]emulator.ApplicationConfig, 32), "Config.Applications[31]: Config.WellKnown gives credentials to 32 applications at most"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := emulator.New(emulator.Config{WellKnown: true, Applications: tc.apps})
			if err == nil {
				s.Close()
				t.Fatal("New took it")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("New: %v; want it to say %q", err, tc.want)
			}
		})
	}
}
