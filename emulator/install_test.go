package emulator_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// A guild installation and an entitlement are refused as the service
// refuses them, and a refusal sends nothing: the next event is the one of
// the request that went through.
func TestRefusedInstallationsAndEntitlementsSendNothing(t *testing.T) {
	s := start(t, userInstallConfig())
	ep := startEventsEndpoint(t, s, nil)
	if reason := s.SetEventsURL(t, ep.URL); reason != "" {
		t.Fatalf("the endpoint was refused: %s", reason)
	}
	carolID, elsewhereID := interaction.Snowflake(1001), interaction.Snowflake(2001)
	for _, tc := range []struct {
		name        string
		user, guild interaction.Snowflake
		scopes      []string
		want        string
	}{
		{"a guild that does not exist", carolID, 999, []string{"bot"}, "unknown_target"},
		{"a user who does not exist", 999, elsewhereID, []string{"bot"}, "unknown_target"},
		{"a user who is not a member of the guild", s.Admin, elsewhereID, []string{"bot"}, "unknown_target"},
		{"a member who may not manage the guild", s.Member, s.GuildID, []string{"bot"}, "permission_denied"},
		{"no scopes", carolID, elsewhereID, nil, "invalid_input"},
		{"a scope a guild installation does not take", carolID, elsewhereID, []string{"bot", "identify"}, "invalid_input"},
	} {
		t.Run("installing: "+tc.name, func(t *testing.T) {
			if kind := s.InstallGuild(t, tc.user, tc.guild, tc.scopes...); kind != tc.want {
				t.Fatalf("refused as %q, want %q", kind, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		name string
		in   map[string]any
		want string
	}{
		{"no SKU", map[string]any{"user_id": carol}, "invalid_input"},
		{"no user or guild", map[string]any{"sku_id": "3001"}, "invalid_input"},
		{"a type the service does not have", map[string]any{"sku_id": "3001", "user_id": carol, "type": 9}, "invalid_input"},
		{"an end before the start", map[string]any{"sku_id": "3001", "guild_id": elsewhere,
			"starts_at": "2026-02-01T00:00:00Z", "ends_at": "2026-01-01T00:00:00Z"}, "invalid_input"},
		{"a user who does not exist", map[string]any{"sku_id": "3001", "user_id": "999"}, "unknown_target"},
		{"a guild that does not exist", map[string]any{"sku_id": "3001", "guild_id": "999"}, "unknown_target"},
	} {
		t.Run("granting an entitlement: "+tc.name, func(t *testing.T) {
			if _, kind := s.CreateEntitlement(t, tc.in); kind != tc.want {
				t.Fatalf("refused as %q, want %q", kind, tc.want)
			}
		})
	}
	elsewherePath := "/applications/" + s.ApplicationID.String() + "/guilds/" + elsewhere + "/commands"
	if status, raw := do(t, s, "PUT", elsewherePath, "[]"); status != http.StatusForbidden {
		t.Fatalf("the refusals installed the application: %d %s", status, raw)
	}

	// The moderator may manage the seeded guild; the subscription of a
	// guild, bought by a user, names both.
	if kind := s.InstallGuild(t, s.Moderator, s.GuildID, "applications.commands"); kind != "" {
		t.Fatalf("the moderator's installation was refused: %s", kind)
	}
	got := ep.next(t).webhook.Event
	if a, err := got.ApplicationAuthorized(); err != nil || a.User.ID != s.Moderator || a.Guild == nil || a.Guild.ID != s.GuildID ||
		!slices.Equal(a.Scopes, []string{"applications.commands"}) {
		t.Fatalf("the first event is %s %s", got.Type, got.Data)
	}
	e, kind := s.CreateEntitlement(t, map[string]any{"sku_id": "3001", "user_id": carol, "guild_id": elsewhere, "type": 8,
		"starts_at": "2026-01-01T00:00:00Z", "ends_at": "2026-02-01T00:00:00Z"})
	if kind != "" {
		t.Fatalf("a guild subscription was refused: %s", kind)
	}
	got = ep.next(t).webhook.Event
	if sent, err := got.EntitlementCreate(); err != nil || !sent.StartsAt.Equal(e.StartsAt) || !sent.EndsAt.Equal(e.EndsAt) ||
		sent.GuildID != elsewhereID || sent.UserID != carolID || sent.Type != 8 || sent.StartsAt.Month() != time.January {
		t.Fatalf("the second event is %s %s; created %+v", got.Type, got.Data, e)
	}
	if ds := s.WaitEvents(t, 2); len(ds) != 2 {
		t.Fatalf("%d deliveries, want 2", len(ds))
	}
}

// applications.commands alone installs the application without its bot;
// the bot scope makes the bot a member too (the specification's
// authentication rule 3: commands need no bot user).
func TestOnlyTheBotScopeMakesTheBotAMember(t *testing.T) {
	s, err := emulator.New(userInstallConfig())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	elsewhereID, bot := interaction.Snowflake(2001), s.ApplicationID.String()
	for _, step := range []struct {
		scope  string
		member bool
	}{{"applications.commands", false}, {"bot", true}} {
		if err := s.InstallGuild(1001, elsewhereID, step.scope); err != nil {
			t.Fatalf("installing with %s: %v", step.scope, err)
		}
		if _, err := s.FindUser(elsewhereID, bot); (err == nil) != step.member {
			t.Fatalf("after installing with %s, the bot is a member: %v, want %v", step.scope, err == nil, step.member)
		}
	}
}

// The permissions an installation asks for are the bot's managed role's,
// through the Go API and the control API alike.
func TestTheBotJoinsWithThePermissionsItsInstallationAskedFor(t *testing.T) {
	managed := func(t *testing.T, s *target) []any {
		t.Helper()
		status, raw := do(t, s, "GET", "/guilds/2001/roles", "")
		if status != 200 {
			t.Fatalf("GET roles: %d %s", status, raw)
		}
		var roles []map[string]any
		if err := json.Unmarshal(raw, &roles); err != nil {
			t.Fatal(err)
		}
		var out []any
		for _, r := range roles {
			if r["managed"] == true {
				out = append(out, r["permissions"])
			}
		}
		return out
	}
	t.Run("the control API", func(t *testing.T) {
		s := start(t, userInstallConfig())
		ctl := strings.TrimSuffix(s.URL, "/v10")
		if status, raw := control(t, ctl, "POST", "/_emulator/install", `{"user":"1001","guild":"2001","scopes":["applications.commands"],"permissions":"2"}`); status != 400 || !strings.Contains(string(raw), "invalid_input") {
			t.Errorf("permissions without the scope bot: %d %s", status, raw)
		}
		if status, raw := control(t, ctl, "POST", "/_emulator/install", `{"user":"1001","guild":"2001","scopes":["bot"],"permissions":"6"}`); status != 204 {
			t.Fatalf("install: %d %s", status, raw)
		}
		if got := managed(t, s); !slices.Equal(got, []any{"6"}) {
			t.Errorf("the managed roles' permissions are %v, want [6]", got)
		}
		// A second flow leaves the role as the guild has it.
		if status, raw := control(t, ctl, "POST", "/_emulator/install", `{"user":"1001","guild":"2001","scopes":["bot"],"permissions":"8"}`); status != 204 {
			t.Fatalf("install again: %d %s", status, raw)
		}
		if got := managed(t, s); !slices.Equal(got, []any{"6"}) {
			t.Errorf("after a second flow the managed roles' permissions are %v, want [6]", got)
		}
	})
	t.Run("the Go API", func(t *testing.T) {
		srv, err := emulator.New(userInstallConfig())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { srv.Close() })
		if err := srv.InstallBot(1001, 2001, interaction.PermissionKickMembers|interaction.PermissionBanMembers); err != nil {
			t.Fatal(err)
		}
		for _, g := range srv.Guilds() {
			if g.ID != 2001 {
				continue
			}
			i := slices.IndexFunc(g.Roles, func(r interaction.Role) bool { return r.ID == g.BotRole })
			if i < 0 || g.Roles[i].Permissions != interaction.PermissionKickMembers|interaction.PermissionBanMembers || !g.Roles[i].Managed {
				t.Errorf("the bot's role is %+v (of %+v)", g.Roles, g.BotRole)
			}
		}
		if err := srv.InstallBot(999, 2001, 0); !errors.Is(err, emulator.ErrUnknownTarget) {
			t.Errorf("an unknown user installed the bot: %v", err)
		}
	})
}
