package emulator_test

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// guildWorld is a guild where the bot sits in the middle of the roles:
// carol owns it; dave is an Admin, above the bot's Bots role; erin a
// Helper and frank no one, below it; grace is a user of no guild. In
// Elsewhere the bot has only its managed role, without permissions.
func guildWorld() *emulator.Seed {
	view := interaction.PermissionViewChannel
	return &emulator.Seed{
		Users: []interaction.User{{ID: 1001, Username: "carol"}, {ID: 1002, Username: "dave"}, {ID: 1003, Username: "erin"},
			{ID: 1004, Username: "frank"}, {ID: 1005, Username: "grace"}},
		Guilds: []emulator.SeedGuild{{
			ID: 2001, Name: "Middle", OwnerID: 1001,
			Roles: []interaction.Role{
				{ID: 2002, Name: "Helper", Position: 1},
				{ID: 2005, Name: "Bots", Position: 5, Permissions: interaction.PermissionManageRoles | interaction.PermissionKickMembers |
					interaction.PermissionBanMembers | interaction.PermissionManageNicknames | interaction.PermissionModerateMembers},
				{ID: 2009, Name: "Admins", Position: 9, Permissions: interaction.PermissionAdministrator},
			},
			Channels: []emulator.SeedChannel{
				{Channel: interaction.Channel{ID: 2003, Name: "general", Type: interaction.ChannelGuildText, Position: 0}},
				{Channel: interaction.Channel{ID: 2004, Name: "staff", Type: interaction.ChannelGuildText, Position: 1},
					PermissionOverwrites: []emulator.Overwrite{{ID: 2001, Type: emulator.OverwriteRole, Deny: view}}},
				{Channel: interaction.Channel{ID: 2006, Name: "a thread", Type: interaction.ChannelPublicThread, ParentID: 2003}},
			},
			Members: []emulator.SeedMember{{UserID: 1002, Roles: []interaction.Snowflake{2009}}, {UserID: 1003, Roles: []interaction.Snowflake{2002}},
				{UserID: 1004}},
			BotRoles: []interaction.Snowflake{2005},
		}, {
			ID: 3001, Name: "Elsewhere", OwnerID: 1001, Members: []emulator.SeedMember{{UserID: 1004}},
		}},
	}
}

// step is a request of the bot and what it must answer: the status, and
// for an error its code, else a JSON value the body must hold (a path of
// keys, then the value's JSON).
type step struct {
	name         string
	method, path string
	body         string
	header       []string
	status       int
	code         int
	key          string // "" checks nothing more
	want         string // the JSON at key
}

func runSteps(t *testing.T, s *target, steps []step) {
	t.Helper()
	for _, st := range steps {
		status, raw := do(t, s, st.method, st.path, st.body, st.header...)
		if status != st.status {
			t.Errorf("%s: %s %s answered %d, want %d: %s", st.name, st.method, st.path, status, st.status, raw)
			continue
		}
		if st.code != 0 {
			if got := object(t, raw)["code"]; got != float64(st.code) {
				t.Errorf("%s: code %v, want %d: %s", st.name, got, st.code, raw)
			}
		}
		if st.key != "" {
			var v any
			if err := json.Unmarshal(raw, &v); err != nil {
				t.Fatalf("%s: %s: %v", st.name, raw, err)
			}
			for _, k := range strings.Split(st.key, ".") {
				switch x := v.(type) {
				case map[string]any:
					v = x[k]
				case []any:
					i, _ := strconv.Atoi(k)
					if i < len(x) {
						v = x[i]
					} else {
						v = nil
					}
				}
			}
			if got, _ := json.Marshal(v); string(got) != st.want {
				t.Errorf("%s: %s is %s, want %s; body %s", st.name, st.key, got, st.want, raw)
			}
		}
	}
}

func TestTheBotReadsItsGuilds(t *testing.T) {
	s := startCommands(t, emulator.Config{Seed: guildWorld()})
	runSteps(t, s, []step{
		{name: "a guild is read", method: "GET", path: "/guilds/2001", status: 200, key: "name", want: `"Middle"`},
		{name: "with_counts counts the members", method: "GET", path: "/guilds/2001?with_counts=true", status: 200,
			key: "approximate_member_count", want: "5"},
		{name: "without with_counts there is no count", method: "GET", path: "/guilds/2001", status: 200, key: "approximate_member_count", want: "null"},
		{name: "the bot's managed role is tagged as its", method: "GET", path: "/guilds/2001", status: 200, key: "roles.2.tags.bot_id",
			want: strconv.Quote(s.ApplicationID.String())},
		{name: "an unknown guild is 10004", method: "GET", path: "/guilds/999", status: 404, code: 10004},
		{name: "the channels leave threads out", method: "GET", path: "/guilds/2001/channels", status: 200, key: "2", want: "null"},
		{name: "a channel's overwrites are listed", method: "GET", path: "/guilds/2001/channels", status: 200,
			key: "1.permission_overwrites.0.deny", want: `"1024"`},
		{name: "a channel is read", method: "GET", path: "/channels/2003", status: 200, key: "permission_overwrites", want: "[]"},
		{name: "a thread is read as a thread", method: "GET", path: "/channels/2006", status: 200, key: "thread_metadata.auto_archive_duration", want: "1440"},
		{name: "a channel the bot may not view is 50001", method: "GET", path: "/channels/2004", status: 403, code: 50001},
		{name: "an unknown channel is 10003", method: "GET", path: "/channels/999", status: 404, code: 10003},
		{name: "a member is read", method: "GET", path: "/guilds/2001/members/1003", status: 200, key: "roles", want: `["2002"]`},
		{name: "a user who is not a member is 10007", method: "GET", path: "/guilds/2001/members/1005", status: 404, code: 10007},
		{name: "an id of nobody is 10007 too", method: "GET", path: "/guilds/2001/members/999", status: 404, code: 10007},
		{name: "members are listed one by default", method: "GET", path: "/guilds/2001/members", status: 200, key: "1", want: "null"},
		{name: "members are listed after an id", method: "GET", path: "/guilds/2001/members?limit=2&after=1002", status: 200,
			key: "1.user.username", want: `"frank"`},
		{name: "a limit of 0 is 50035", method: "GET", path: "/guilds/2001/members?limit=0", status: 400, code: 50035,
			key: "errors.limit._errors.0.code", want: `"NUMBER_TYPE_MIN"`},
		{name: "a limit above 1000 is 50035", method: "GET", path: "/guilds/2001/members?limit=1001", status: 400, code: 50035},
		{name: "the roles are listed by position", method: "GET", path: "/guilds/2001/roles", status: 200, key: "4.name", want: `"Admins"`},
	})
}

func TestTheBotManagesMembersBelowIt(t *testing.T) {
	s := startCommands(t, emulator.Config{Seed: guildWorld()})
	soon := time.Now().Add(time.Hour).UTC().Format(time.RFC3339)
	tooLate := time.Now().Add(29 * 24 * time.Hour).UTC().Format(time.RFC3339)
	runSteps(t, s, []step{
		{name: "a role below the bot's is given", method: "PUT", path: "/guilds/2001/members/1004/roles/2002", status: 204},
		{name: "the member has it", method: "GET", path: "/guilds/2001/members/1004", status: 200, key: "roles", want: `["2002"]`},
		{name: "giving it again changes nothing", method: "PUT", path: "/guilds/2001/members/1004/roles/2002", status: 204},
		{name: "a role above the bot's is refused", method: "PUT", path: "/guilds/2001/members/1004/roles/2009", status: 403, code: 50013},
		{name: "the bot's own role is refused", method: "PUT", path: "/guilds/2001/members/1004/roles/2005", status: 403, code: 50013},
		{name: "an unknown role is 10011", method: "PUT", path: "/guilds/2001/members/1004/roles/999", status: 404, code: 10011},
		{name: "a role is taken away", method: "DELETE", path: "/guilds/2001/members/1004/roles/2002", status: 204},
		{name: "the member has it no more", method: "GET", path: "/guilds/2001/members/1004", status: 200, key: "roles", want: `[]`},
		{name: "@everyone changes nothing", method: "PUT", path: "/guilds/2001/members/1004/roles/2001", status: 204},
		{name: "without Manage Roles nothing is given", method: "PUT", path: "/guilds/3001/members/1004/roles/3001", status: 204},

		{name: "a nick is set", method: "PATCH", path: "/guilds/2001/members/1003", body: `{"nick":"Eri"}`, status: 200, key: "nick", want: `"Eri"`},
		{name: "a nick is cleared with null", method: "PATCH", path: "/guilds/2001/members/1003", body: `{"nick":null}`, status: 200, key: "nick", want: "null"},
		{name: "a nick of 33 characters is 50035", method: "PATCH", path: "/guilds/2001/members/1003", body: `{"nick":"` + strings.Repeat("n", 33) + `"}`,
			status: 400, code: 50035, key: "errors.nick._errors.0.code", want: `"BASE_TYPE_MAX_LENGTH"`},
		{name: "a member above the bot keeps their nick", method: "PATCH", path: "/guilds/2001/members/1002", body: `{"nick":"D"}`, status: 403, code: 50013},
		{name: "roles are set", method: "PATCH", path: "/guilds/2001/members/1004", body: `{"roles":["2002"]}`, status: 200, key: "roles", want: `["2002"]`},
		{name: "roles above the bot are not set", method: "PATCH", path: "/guilds/2001/members/1004", body: `{"roles":["2009"]}`, status: 403, code: 50013},
		{name: "an unknown role in roles is 10011", method: "PATCH", path: "/guilds/2001/members/1004", body: `{"roles":["999"]}`, status: 404, code: 10011},
		{name: "a member is timed out", method: "PATCH", path: "/guilds/2001/members/1003", body: `{"communication_disabled_until":"` + soon + `"}`,
			status: 200, key: "communication_disabled_until", want: `"` + soon + `"`},
		{name: "a timeout past 28 days is 50035", method: "PATCH", path: "/guilds/2001/members/1003", body: `{"communication_disabled_until":"` + tooLate + `"}`,
			status: 400, code: 50035, key: "errors.communication_disabled_until._errors.0.code", want: `"INVALID_COMMUNICATION_DISABLED_TIMESTAMP"`},
		{name: "the owner is not timed out", method: "PATCH", path: "/guilds/2001/members/1001", body: `{"communication_disabled_until":"` + soon + `"}`,
			status: 403, code: 50013},
		{name: "an administrator is not timed out", method: "PATCH", path: "/guilds/2001/members/1002", body: `{"communication_disabled_until":"` + soon + `"}`,
			status: 403, code: 50013},
		{name: "a timeout is lifted with null", method: "PATCH", path: "/guilds/2001/members/1003", body: `{"communication_disabled_until":null}`,
			status: 200, key: "communication_disabled_until", want: "null"},
		{name: "voice is out of reach", method: "PATCH", path: "/guilds/2001/members/1003", body: `{"mute":true}`, status: 400, code: 40032},
		{name: "a body that is not JSON is 50109", method: "PATCH", path: "/guilds/2001/members/1003", body: `{`, status: 400, code: 50109},
		{name: "without Manage Nicknames no nick is set", method: "PATCH", path: "/guilds/3001/members/1004", body: `{"nick":"F"}`, status: 403, code: 50013},

		{name: "the owner is not kicked", method: "DELETE", path: "/guilds/2001/members/1001", status: 403, code: 50013},
		{name: "a member above the bot is not kicked", method: "DELETE", path: "/guilds/2001/members/1002", status: 403, code: 50013},
		{name: "a member below the bot is kicked", method: "DELETE", path: "/guilds/2001/members/1004", header: []string{"X-Audit-Log-Reason", "idle"}, status: 204},
		{name: "the kicked member has left", method: "GET", path: "/guilds/2001/members/1004", status: 404, code: 10007},
		{name: "without Kick Members nobody is kicked", method: "DELETE", path: "/guilds/3001/members/1004", status: 403, code: 50013},
		{name: "a reason of 513 characters is 50035", method: "DELETE", path: "/guilds/2001/members/1003",
			header: []string{"X-Audit-Log-Reason", strings.Repeat("r", 513)}, status: 400, code: 50035},
	})
	// The changes are the state's.
	srv := s.Server(t, "reads the state")
	for _, g := range srv.Guilds() {
		if g.ID != 2001 {
			continue
		}
		for _, m := range g.Members {
			if m.User.ID == 1004 {
				t.Errorf("frank is still a member: %+v", m)
			}
			if m.User.ID == 1003 && (!m.CommunicationDisabledUntil.IsZero() || m.Nick != "") {
				t.Errorf("erin is %+v, want no nick and no timeout", m)
			}
		}
	}
}

func TestTheBotBansAndUnbans(t *testing.T) {
	s := startCommands(t, emulator.Config{Seed: guildWorld()})
	runSteps(t, s, []step{
		{name: "a member below the bot is banned", method: "PUT", path: "/guilds/2001/bans/1003", body: `{"delete_message_seconds":3600}`,
			header: []string{"X-Audit-Log-Reason", "spam%20and+eggs"}, status: 204},
		{name: "the banned member has left", method: "GET", path: "/guilds/2001/members/1003", status: 404, code: 10007},
		{name: "the ban keeps the decoded reason", method: "GET", path: "/guilds/2001/bans/1003", status: 200, key: "reason", want: `"spam and eggs"`},
		{name: "a user who is not a member is banned", method: "PUT", path: "/guilds/2001/bans/1005", status: 204},
		{name: "a ban without a reason has null", method: "GET", path: "/guilds/2001/bans/1005", status: 200, key: "reason", want: "null"},
		{name: "the bans are listed by user id", method: "GET", path: "/guilds/2001/bans", status: 200, key: "1.user.id", want: `"1005"`},
		{name: "the bans are listed before an id", method: "GET", path: "/guilds/2001/bans?before=1005", status: 200, key: "0.user.id", want: `"1003"`},
		{name: "the bans are listed after an id", method: "GET", path: "/guilds/2001/bans?after=1003&limit=1", status: 200, key: "0.user.id", want: `"1005"`},
		{name: "a member above the bot is not banned", method: "PUT", path: "/guilds/2001/bans/1002", status: 403, code: 50013},
		{name: "the owner is not banned", method: "PUT", path: "/guilds/2001/bans/1001", status: 403, code: 50013},
		{name: "too many seconds of messages is 50035", method: "PUT", path: "/guilds/2001/bans/1004", body: `{"delete_message_seconds":604801}`,
			status: 400, code: 50035, key: "errors.delete_message_seconds._errors.0.code", want: `"NUMBER_TYPE_MAX"`},
		{name: "an id of nobody is 10013", method: "PUT", path: "/guilds/2001/bans/999", status: 404, code: 10013},
		{name: "a ban is lifted", method: "DELETE", path: "/guilds/2001/bans/1005", status: 204},
		{name: "a lifted ban is 10026", method: "GET", path: "/guilds/2001/bans/1005", status: 404, code: 10026},
		{name: "lifting it again is 10026", method: "DELETE", path: "/guilds/2001/bans/1005", status: 404, code: 10026},
		{name: "without Ban Members nobody is banned", method: "PUT", path: "/guilds/3001/bans/1004", status: 403, code: 50013},
		{name: "without Ban Members the bans are not listed", method: "GET", path: "/guilds/3001/bans", status: 403, code: 50013},
	})
	srv := s.Server(t, "reads the state and invokes")
	for _, g := range srv.Guilds() {
		if g.ID == 2001 && (len(g.Bans) != 1 || g.Bans[0].User.Username != "erin" || g.Bans[0].Reason != "spam and eggs") {
			t.Errorf("bans %+v, want erin's", g.Bans)
		}
	}
	_, err := srv.Invoke(context.Background(), emulator.Invocation{User: 1003, Guild: 2001, Command: "anything"})
	if !errors.Is(err, emulator.ErrUnknownTarget) || !strings.Contains(err.Error(), "not a member") {
		t.Errorf("a banned user invokes in the guild: %v, want them refused as no member", err)
	}
}

func TestAVoiceChannelHasItsBitrateAndUserLimit(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	path := "/guilds/" + s.GuildID.String() + "/channels"
	runSteps(t, s, []step{
		{name: "a text channel has no bitrate", method: "GET", path: path, status: 200, key: "0.bitrate", want: "null"},
		{name: "the voice channel is the last", method: "GET", path: path, status: 200, key: "3.name", want: `"Lounge"`},
		{name: "a voice channel has a bitrate", method: "GET", path: path, status: 200, key: "3.bitrate", want: "64000"},
		{name: "and no limit of users", method: "GET", path: path, status: 200, key: "3.user_limit", want: "0"},
	})
	_, raw := do(t, s, "GET", path, "")
	if !strings.Contains(string(raw), `"rtc_region":null`) || strings.Count(string(raw), `"rtc_region"`) != 1 {
		t.Errorf("the voice channel alone has rtc_region, null: %s", raw)
	}
}
