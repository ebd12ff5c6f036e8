package emulator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// Tests of rules CONFORMANCE.md listed as enforced but not tested.

// moreGuildCommands and moreGlobalCommands are the commands the tests of
// this file invoke, registered as raw JSON.
const moreGuildCommands = `[
 {"name":"plain","description":"d"},
 {"name":"num","description":"d","options":[{"type":4,"name":"i","description":"d"},{"type":10,"name":"n","description":"d"}]},
 {"name":"bounded","description":"d","options":[{"type":4,"name":"i","description":"d","min_value":-5,"max_value":5},{"type":10,"name":"n","description":"d","min_value":0.5,"max_value":2.5}]},
 {"name":"pick","description":"d","options":[{"type":9,"name":"m","description":"d"},{"type":8,"name":"r","description":"d"},{"type":7,"name":"c","description":"d"},{"type":11,"name":"file","description":"d"}]},
 {"name":"guess","description":"d","options":[{"type":4,"name":"i","description":"d","autocomplete":true},{"type":10,"name":"n","description":"d","autocomplete":true}]},
 {"name":"locked","description":"d","default_permission":false},
 {"name":"Profile","type":2},
 {"name":"Cite","type":3}
]`

const moreGlobalCommands = `[
 {"name":"ping","description":"d"},
 {"name":"nocontexts","description":"d","default_member_permissions":"4"},
 {"name":"guildcontext","description":"d","contexts":[0],"default_member_permissions":"4"},
 {"name":"twocontexts","description":"d","contexts":[0,1],"default_member_permissions":"4"}
]`

// startMore starts a server with the commands above and a bot that answers
// every command with answer.
func startMore(t *testing.T, answer string) *Server {
	t.Helper()
	s := newTestServer(t)
	putCommands(t, s, command.InGuild(s.GuildID), []byte(moreGuildCommands))
	putCommands(t, s, command.Global, []byte(moreGlobalCommands))
	serveHandBot(t, s, always(answer))
	return s
}

const answerOK = `{"type":4,"data":{"content":"ok"}}`

// removeBotFromGuilds takes the bot user out of every guild, leaving the
// application installed.
func removeBotFromGuilds(s *Server) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	for _, g := range s.st.guilds {
		delete(g.members, s.st.app.botUser)
	}
}

func roleNamed(s *Server, name string) interaction.Snowflake {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	for id, r := range s.st.guilds[s.GuildID].roles {
		if r.Name == name {
			return id
		}
	}
	return 0
}

func wantErr(t *testing.T, err, kind error, what string) {
	t.Helper()
	if !errors.Is(err, kind) {
		t.Errorf("%s: err = %v, want %v", what, err, kind)
	}
}

func wantOK(t *testing.T, res *Result, err error, what string) {
	t.Helper()
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	if !res.OK() {
		t.Errorf("%s: status %d, violations %q", what, res.Status, res.Violations)
	}
}

// Rule 1.3: a guild command is invoked although the bot user is not a
// member of the guild.
func TestCommandsWorkWithoutTheBotInTheGuild(t *testing.T) {
	s := startMore(t, answerOK)
	removeBotFromGuilds(s)
	res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "plain"})
	wantOK(t, res, err, "guild command without the bot user")
}

// Rule 1.5: global commands are offered in the bot's DMs only to a user who
// shares a guild with the bot.
func TestGlobalCommandsInDMsNeedASharedGuild(t *testing.T) {
	s := startMore(t, answerOK)
	ctx := context.Background()
	res, err := s.Invoke(ctx, Invocation{Command: "ping"})
	wantOK(t, res, err, "with a shared guild")
	removeBotFromGuilds(s)
	_, err = s.Invoke(ctx, Invocation{Command: "ping"})
	wantErr(t, err, ErrUnknownTarget, "without a shared guild")
}

// Rule 1.8: a changed guild command is used at once, with no read-repair
// refusal (which a changed global command gets: TestInvokeReadRepair).
func TestChangedGuildCommandsAreUsedAtOnce(t *testing.T) {
	s := startMore(t, answerOK)
	ctx := context.Background()
	inv := Invocation{Guild: s.GuildID, Command: "plain"}
	res, err := s.Invoke(ctx, inv)
	wantOK(t, res, err, "before the change")
	version := func() interaction.Snowflake {
		s.st.mu.Lock()
		defer s.st.mu.Unlock()
		return s.st.app.commands[s.GuildID][indexByName(s.st.app.commands[s.GuildID], "plain", interaction.CommandChatInput)].Version
	}
	before := version()
	id := commandID(s, "plain")
	asBot(t, s, http.MethodPatch, command.InGuild(s.GuildID).CommandsPath(s.ApplicationID)+"/"+id.String(), `{"description":"changed"}`, http.StatusOK)
	if version() == before {
		t.Fatal("the PATCH did not change the command's version")
	}
	res, err = s.Invoke(ctx, inv)
	wantOK(t, res, err, "right after the change")
}

// Rules 2.15 and 19.4: default_permission false restricts the command to
// administrators, like default_member_permissions "0"; an overwrite may
// still allow a member.
func TestDefaultPermissionFalseRestrictsTheCommand(t *testing.T) {
	s := startMore(t, answerOK)
	ctx := context.Background()
	locked := Invocation{Guild: s.GuildID, Command: "locked"}
	as := func(u interaction.Snowflake) Invocation { inv := locked; inv.User = u; return inv }
	_, err := s.Invoke(ctx, as(s.Member))
	wantErr(t, err, ErrPermissionDenied, "member")
	_, err = s.Invoke(ctx, as(s.Moderator))
	wantErr(t, err, ErrPermissionDenied, "moderator (not an administrator)")
	res, err := s.Invoke(ctx, as(s.Admin))
	wantOK(t, res, err, "owner")
	id := commandID(s, "locked")
	s.st.mu.Lock()
	s.st.app.permissions[s.GuildID] = map[interaction.Snowflake][]command.Permission{id: {command.AllowUser(s.Member)}}
	s.st.mu.Unlock()
	res, err = s.Invoke(ctx, as(s.Member))
	wantOK(t, res, err, "member allowed by an overwrite")
}

// Rule 5.7: contexts do not change who may use a command: the same
// default_member_permissions decide alike whatever the contexts.
func TestContextsDoNotAffectPermissions(t *testing.T) {
	s := startMore(t, answerOK)
	ctx := context.Background()
	for _, name := range []string{"nocontexts", "guildcontext", "twocontexts"} {
		_, err := s.Invoke(ctx, Invocation{User: s.Member, Guild: s.GuildID, Command: name})
		wantErr(t, err, ErrPermissionDenied, name+": member without BAN_MEMBERS")
		res, err := s.Invoke(ctx, Invocation{User: s.Moderator, Guild: s.GuildID, Command: name})
		wantOK(t, res, err, name+": moderator with BAN_MEMBERS")
	}
}

// Rules 7.3 and 7.5: at invocation an INTEGER lies within ±(2^53−1) and a
// NUMBER within ±2^53, and both within the option's min and max.
func TestNumericBoundsAtInvocation(t *testing.T) {
	s := startMore(t, answerOK)
	ctx := context.Background()
	for _, tt := range []struct {
		name    string
		command string
		arg     Arg
		ok      bool
	}{
		{"INTEGER 2^53−1", "num", Arg{"i", int64(1<<53 - 1)}, true},
		{"INTEGER −(2^53−1)", "num", Arg{"i", int64(-(1<<53 - 1))}, true},
		{"INTEGER 2^53", "num", Arg{"i", int64(1 << 53)}, false},
		{"INTEGER −2^53", "num", Arg{"i", int64(-(1 << 53))}, false},
		{"NUMBER 2^53", "num", Arg{"n", float64(1 << 53)}, true},
		{"NUMBER −2^53", "num", Arg{"n", -float64(1 << 53)}, true},
		{"NUMBER 2^54", "num", Arg{"n", float64(1 << 54)}, false},
		{"NUMBER −2^54", "num", Arg{"n", -float64(1 << 54)}, false},
		{"INTEGER at its min", "bounded", Arg{"i", -5}, true},
		{"INTEGER at its max", "bounded", Arg{"i", 5}, true},
		{"INTEGER below its min", "bounded", Arg{"i", -6}, false},
		{"INTEGER above its max", "bounded", Arg{"i", 6}, false},
		{"NUMBER at its min", "bounded", Arg{"n", 0.5}, true},
		{"NUMBER at its max", "bounded", Arg{"n", 2.5}, true},
		{"NUMBER below its min", "bounded", Arg{"n", 0.49}, false},
		{"NUMBER above its max", "bounded", Arg{"n", 2.51}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := s.Invoke(ctx, Invocation{Guild: s.GuildID, Command: tt.command, Options: []Arg{tt.arg}})
			if tt.ok {
				wantOK(t, res, err, tt.name)
			} else {
				wantErr(t, err, ErrInvalidInput, tt.name)
			}
		})
	}
}

// sentResolved is the resolved data of an interaction as sent.
type sentResolved struct {
	Users    map[string]json.RawMessage `json:"users"`
	Members  map[string]json.RawMessage `json:"members"`
	Roles    map[string]json.RawMessage `json:"roles"`
	Channels map[string]struct {
		Permissions    interaction.Permissions `json:"permissions"`
		AppPermissions interaction.Permissions `json:"app_permissions"`
	} `json:"channels"`
}

func resolvedOf(t *testing.T, res *Result) sentResolved {
	t.Helper()
	var w struct {
		Data struct {
			Resolved sentResolved `json:"resolved"`
		} `json:"data"`
	}
	if err := json.Unmarshal(res.Body, &w); err != nil {
		t.Fatal(err)
	}
	return w.Data.Resolved
}

// Rules 7.7 and 7.8: a MENTIONABLE option takes a user or a role and
// resolves it; a ROLE option takes a role only.
func TestMentionableAndRoleOptions(t *testing.T) {
	s := startMore(t, answerOK)
	ctx := context.Background()
	mod := roleNamed(s, "Moderator")
	general := channelID(s, "general")
	pick := func(arg Arg) (*Result, error) {
		return s.Invoke(ctx, Invocation{Guild: s.GuildID, Command: "pick", Options: []Arg{arg}})
	}

	res, err := pick(Arg{"m", s.Member})
	wantOK(t, res, err, "mentionable user")
	if err == nil {
		r := resolvedOf(t, res)
		if _, ok := r.Users[s.Member.String()]; !ok {
			t.Errorf("mentionable user not resolved as a user: %s", res.Body)
		}
		if _, ok := r.Members[s.Member.String()]; !ok {
			t.Errorf("mentionable user not resolved as a member: %s", res.Body)
		}
	}
	res, err = pick(Arg{"m", mod})
	wantOK(t, res, err, "mentionable role")
	if err == nil {
		if _, ok := resolvedOf(t, res).Roles[mod.String()]; !ok {
			t.Errorf("mentionable role not resolved: %s", res.Body)
		}
	}
	_, err = pick(Arg{"m", general})
	wantErr(t, err, ErrInvalidInput, "mentionable channel")

	res, err = pick(Arg{"r", mod})
	wantOK(t, res, err, "role")
	if err == nil {
		r := resolvedOf(t, res)
		if _, ok := r.Roles[mod.String()]; !ok || len(r.Users) != 0 {
			t.Errorf("role not resolved as a role only: %s", res.Body)
		}
	}
	_, err = pick(Arg{"r", s.Member})
	wantErr(t, err, ErrInvalidInput, "role option given a user")
	_, err = pick(Arg{"r", interaction.Snowflake(42)})
	wantErr(t, err, ErrInvalidInput, "role option given an unknown id")
}

// Rule 19.9: a resolved channel carries the bot's permissions in it
// (app_permissions) beside the invoker's.
func TestResolvedChannelsCarryAppPermissions(t *testing.T) {
	s := startMore(t, answerOK)
	moderation := channelID(s, "moderation")
	res, err := s.Invoke(context.Background(), Invocation{User: s.Moderator, Guild: s.GuildID, Command: "pick", Options: []Arg{{"c", moderation}}})
	wantOK(t, res, err, "channel option")
	if err != nil {
		return
	}
	s.st.mu.Lock()
	g := s.st.guilds[s.GuildID]
	ch := g.channels[moderation]
	wantApp := channelPermissions(g, s.st.app.botUser, ch)
	wantUser := channelPermissions(g, s.Moderator, ch)
	s.st.mu.Unlock()
	if wantApp == wantUser || wantApp == 0 {
		t.Fatalf("the test needs the bot and the invoker to differ: %v %v", wantApp, wantUser)
	}
	c, ok := resolvedOf(t, res).Channels[moderation.String()]
	if !ok || c.AppPermissions != wantApp || c.Permissions != wantUser {
		t.Errorf("resolved channel: %+v, want app_permissions %v, permissions %v; body %s", c, wantApp, wantUser, res.Body)
	}
}

// Rule 11.8: autocomplete lets partial numbers through only when they are
// numbers.
func TestAutocompleteRefusesInvalidNumbers(t *testing.T) {
	s := startMore(t, `{"type":8,"data":{"choices":[]}}`)
	ctx := context.Background()
	for _, tt := range []struct {
		focused, text string
		ok            bool
	}{
		{"i", "", true},
		{"i", "12", true},
		{"i", "-3", true},
		{"i", "abc", false},
		{"i", "1.5", false},
		{"n", "1.5", true},
		{"n", "x1", false},
		{"n", "NaN", false},
		{"n", "Inf", false},
	} {
		_, err := s.Autocomplete(ctx, Invocation{Guild: s.GuildID, Command: "guess", Options: []Arg{{tt.focused, tt.text}}, Focused: tt.focused})
		what := tt.focused + " " + `"` + tt.text + `"`
		if tt.ok && err != nil {
			t.Errorf("%s: %v", what, err)
		} else if !tt.ok {
			wantErr(t, err, ErrInvalidInput, what)
		}
	}
}

// Rule 11.9: user and message commands take no options.
func TestUserAndMessageCommandsRefuseOptions(t *testing.T) {
	s := startMore(t, answerOK)
	ctx := context.Background()
	for _, tt := range []struct {
		name string
		typ  interaction.CommandType
	}{{"Profile", interaction.CommandUser}, {"Cite", interaction.CommandMessage}} {
		inv := Invocation{Guild: s.GuildID, Type: tt.typ, Command: tt.name, Target: s.Moderator}
		res, err := s.Invoke(ctx, inv)
		wantOK(t, res, err, tt.name+" without options")
		inv.Options = []Arg{{"x", "y"}}
		_, err = s.Invoke(ctx, inv)
		wantErr(t, err, ErrInvalidInput, tt.name+" with an option")
	}
}

// Rules 11.10 and 17.3: a user command needs SEND_MESSAGES in the channel;
// other commands do not.
func TestUserCommandsNeedSendMessages(t *testing.T) {
	s := startMore(t, answerOK)
	ctx := context.Background()
	profile := Invocation{User: s.Member, Guild: s.GuildID, Type: interaction.CommandUser, Command: "Profile", Target: s.Moderator}
	res, err := s.Invoke(ctx, profile)
	wantOK(t, res, err, "with SEND_MESSAGES")
	s.st.mu.Lock()
	everyone := s.st.guilds[s.GuildID].roles[s.GuildID]
	everyone.Permissions &^= interaction.PermissionSendMessages
	s.st.mu.Unlock()
	_, err = s.Invoke(ctx, profile)
	wantErr(t, err, ErrPermissionDenied, "user command without SEND_MESSAGES")
	res, err = s.Invoke(ctx, Invocation{User: s.Member, Guild: s.GuildID, Command: "plain"})
	wantOK(t, res, err, "slash command without SEND_MESSAGES")
	res, err = s.Invoke(ctx, Invocation{User: s.Member, Guild: s.GuildID, Type: interaction.CommandMessage, Command: "Cite"})
	wantOK(t, res, err, "message command without SEND_MESSAGES")
}

// Rule 18.11: a file over 10 MiB is refused for an attachment option.
func TestAttachmentsOverTenMiBAreRefused(t *testing.T) {
	s := startMore(t, answerOK)
	ctx := context.Background()
	file := func(size int64) Invocation {
		return Invocation{Guild: s.GuildID, Command: "pick", Options: []Arg{{"file", interaction.Attachment{Filename: "a.bin", Size: size}}}}
	}
	res, err := s.Invoke(ctx, file(10<<20))
	wantOK(t, res, err, "10 MiB")
	_, err = s.Invoke(ctx, file(10<<20+1))
	wantErr(t, err, ErrInvalidInput, "10 MiB and a byte")
}

// Rule 18.13: an answer has at most 5 action rows, or with
// IS_COMPONENTS_V2 at most 40 components, nested ones counted.
func TestMessageComponentLimits(t *testing.T) {
	row := `{"type":1,"components":[{"type":2,"style":1,"label":"b","custom_id":"b%d"}]}`
	text := `{"type":10,"content":"t"}`
	repeat := func(s string, n int) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = s
			if strings.Contains(s, "%d") {
				parts[i] = fmt.Sprintf(s, i)
			}
		}
		return strings.Join(parts, ",")
	}
	for _, tt := range []struct {
		name, answer string
		ok           bool
	}{
		{"5 action rows", `{"type":4,"data":{"components":[` + repeat(row, 5) + `]}}`, true},
		{"6 action rows", `{"type":4,"data":{"components":[` + repeat(row, 6) + `]}}`, false},
		{"40 components v2", `{"type":4,"data":{"flags":32768,"components":[` + repeat(text, 40) + `]}}`, true},
		{"41 components v2", `{"type":4,"data":{"flags":32768,"components":[` + repeat(text, 41) + `]}}`, false},
		{"40 components v2, nested ones counted", `{"type":4,"data":{"flags":32768,"components":[{"type":17,"components":[` + repeat(text, 39) + `]}]}}`, true},
		{"41 components v2, nested ones counted", `{"type":4,"data":{"flags":32768,"components":[{"type":17,"components":[` + repeat(text, 40) + `]}]}}`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := startMore(t, tt.answer)
			res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "plain"})
			if err != nil {
				t.Fatal(err)
			}
			if got := len(res.Violations) == 0; got != tt.ok {
				t.Errorf("accepted = %v, want %v (violations %q)", got, tt.ok, res.Violations)
			}
		})
	}
}

// Rule 19.6: messages carry interaction_metadata, not the legacy
// interaction field.
func TestMessagesCarryInteractionMetadata(t *testing.T) {
	s := startMore(t, answerOK)
	res, err := s.Invoke(context.Background(), Invocation{User: s.Moderator, Guild: s.GuildID, Command: "plain"})
	wantOK(t, res, err, "invocation")
	if err != nil {
		return
	}
	resp, err := http.Get(s.URL + "/webhooks/" + s.ApplicationID.String() + "/" + res.Interaction.Token + "/messages/@original")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET @original: %s %s", resp.Status, raw)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if _, ok := m["interaction"]; ok {
		t.Errorf("message has the legacy interaction field: %s", raw)
	}
	var meta struct {
		ID   string           `json:"id"`
		Type interaction.Type `json:"type"`
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	if err := json.Unmarshal(m["interaction_metadata"], &meta); err != nil {
		t.Fatalf("interaction_metadata: %v in %s", err, raw)
	}
	if meta.ID != res.Interaction.ID.String() || meta.Type != interaction.TypeApplicationCommand || meta.User.ID != s.Moderator.String() {
		t.Errorf("interaction_metadata %+v in %s", meta, raw)
	}
}
