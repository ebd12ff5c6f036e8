package emulator_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// The world of the reaction and thread tests: guild 7001, owned by owen,
// with carol a member, and its custom emoji blob; guild 7002, where the
// bot and carol are too, has the emoji other; the bot is a Manager (MANAGE_MESSAGES) and may
// start threads and send in them. In react the Manager role may not
// manage messages; in noadd nobody but the owner adds reactions; in
// nohistory nobody reads the history; hidden nobody sees; managed has no
// overwrite; nothreads denies everyone starting threads and sending in
// them, nosend sending messages. archived is an archived thread of react,
// locked a locked one, open an active one, secret a private thread the
// bot is not in; muted is a thread of nothreads.
const (
	rxGuild, rxOwen, rxCarol, rxManager            = 7001, 7101, 7102, 7301
	rxReact, rxNoAdd, rxNoHistory, rxHidden        = 7201, 7202, 7203, 7204
	rxArchived, rxOpen, rxManaged, rxNews, rxForum = 7205, 7206, 7207, 7209, 7210
	rxSecret, rxLocked, rxNoThreads, rxNoSend      = 7208, 7211, 7212, 7213
	rxMuted                                        = 7214
	rxOther, rxBlob, rxOtherEmoji                  = 7002, 7401, 7402
	rxCarolDM                                      = rxCarol + 1<<12
)

func reactionWorld() *emulator.Seed {
	everyone := func(allow, deny interaction.Permissions) []emulator.Overwrite {
		return []emulator.Overwrite{{ID: rxGuild, Type: emulator.OverwriteRole, Allow: allow, Deny: deny}}
	}
	channel := func(id interaction.Snowflake, name string, t interaction.ChannelType, os ...emulator.Overwrite) emulator.SeedChannel {
		return emulator.SeedChannel{Channel: interaction.Channel{ID: id, Name: name, Type: t}, PermissionOverwrites: os}
	}
	thread := func(id interaction.Snowflake, name string, t interaction.ChannelType, md interaction.ThreadMetadata) emulator.SeedChannel {
		parent := interaction.Snowflake(rxReact)
		if id == rxMuted {
			parent = rxNoThreads
		}
		return emulator.SeedChannel{Channel: interaction.Channel{ID: id, Name: name, Type: t, ParentID: parent, ThreadMetadata: &md}}
	}
	return &emulator.Seed{
		Users: []interaction.User{{ID: rxOwen, Username: "owen"}, {ID: rxCarol, Username: "carol"}},
		Guilds: []emulator.SeedGuild{{
			ID: rxOther, Name: "Other", OwnerID: rxOwen, Members: []emulator.SeedMember{{UserID: rxCarol}},
			Emojis: []emulator.Emoji{{ID: rxOtherEmoji, Name: "other"}},
		}, {
			ID: rxGuild, Name: "Reactions", OwnerID: rxOwen,
			Emojis:  []emulator.Emoji{{ID: rxBlob, Name: "blob", Animated: true}},
			Roles:   []interaction.Role{{ID: rxManager, Name: "Manager", Position: 1, Permissions: interaction.PermissionManageMessages}},
			Members: []emulator.SeedMember{{UserID: rxCarol}},
			BotPermissions: interaction.PermissionCreatePublicThreads | interaction.PermissionCreatePrivateThreads |
				interaction.PermissionSendMessagesInThreads,
			BotRoles: []interaction.Snowflake{rxManager},
			Channels: []emulator.SeedChannel{
				channel(rxReact, "react", interaction.ChannelGuildText,
					emulator.Overwrite{ID: rxManager, Type: emulator.OverwriteRole, Deny: interaction.PermissionManageMessages}),
				channel(rxNoAdd, "noadd", interaction.ChannelGuildText, everyone(0, interaction.PermissionAddReactions)...),
				channel(rxNoHistory, "nohistory", interaction.ChannelGuildText, everyone(0, interaction.PermissionReadMessageHistory)...),
				channel(rxHidden, "hidden", interaction.ChannelGuildText, everyone(0, interaction.PermissionViewChannel)...),
				// Everyone may use external emojis in a new guild, but not here.
				channel(rxManaged, "managed", interaction.ChannelGuildText, everyone(0, interaction.PermissionUseExternalEmojis)...),
				channel(rxNews, "news", interaction.ChannelGuildAnnouncement),
				channel(rxForum, "forum", interaction.ChannelGuildForum),
				channel(rxNoThreads, "nothreads", interaction.ChannelGuildText,
					everyone(0, interaction.PermissionCreatePublicThreads|interaction.PermissionCreatePrivateThreads|interaction.PermissionSendMessagesInThreads)...),
				channel(rxNoSend, "nosend", interaction.ChannelGuildText, everyone(0, interaction.PermissionSendMessages)...),
				thread(rxArchived, "archived", interaction.ChannelPublicThread, interaction.ThreadMetadata{Archived: true, AutoArchiveDuration: 60}),
				thread(rxLocked, "locked", interaction.ChannelPublicThread, interaction.ThreadMetadata{Archived: true, Locked: true, AutoArchiveDuration: 60}),
				thread(rxOpen, "open", interaction.ChannelPublicThread, interaction.ThreadMetadata{AutoArchiveDuration: 1440}),
				thread(rxSecret, "secret", interaction.ChannelPrivateThread, interaction.ThreadMetadata{AutoArchiveDuration: 1440}),
				thread(rxMuted, "muted", interaction.ChannelPublicThread, interaction.ThreadMetadata{AutoArchiveDuration: 1440}),
			},
		}},
	}
}

func startReactions(t *testing.T) *target {
	t.Helper()
	return start(t, emulator.Config{Seed: reactionWorld(), RateLimit: emulator.RateLimit{Requests: 1 << 30}})
}

// thumbsUp and party are Unicode emojis as a path takes them.
var (
	thumbsUp = url.PathEscape("👍")
	party    = url.PathEscape("🎉")
)

// reactionsPath is the path of a message's reactions.
func reactionsPath(channel int, message string) string {
	return messagesPath(channel) + "/" + message + "/reactions"
}

// react makes user react to a message through the control API.
func (tg *target) react(t *testing.T, user, channel int, message, emoji string, want int) {
	t.Helper()
	tg.control(t, "POST", "/_emulator/reactions", map[string]any{
		"user": strconv.Itoa(user), "channel": strconv.Itoa(channel), "message": message, "emoji": emoji,
	}, want, nil)
}

// reactionsOf reads a message and returns its reactions.
func reactionsOf(t *testing.T, s *target, channel int, message string) []map[string]any {
	t.Helper()
	status, out := botDo(t, s, "GET", messagesPath(channel)+"/"+message, "")
	if status != 200 {
		t.Fatalf("reading %s: %d %v", message, status, out)
	}
	m := out.(map[string]any)
	list, _ := m["reactions"].([]any)
	rs := make([]map[string]any, len(list))
	for i, r := range list {
		rs[i] = r.(map[string]any)
	}
	return rs
}

// summary writes reactions as "emoji count me" lines, in order.
func summary(rs []map[string]any) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		e := r["emoji"].(map[string]any)
		out[i] = e["name"].(string) + " " + strconv.Itoa(int(r["count"].(float64))) + " " + strconv.FormatBool(r["me"].(bool))
	}
	return out
}

func TestTheBotAndUsersReactToMessages(t *testing.T) {
	s := startReactions(t)
	m := post(t, s, rxManaged, "react to me")
	put := func(emoji string) {
		t.Helper()
		if status, out := botDo(t, s, "PUT", reactionsPath(rxManaged, m)+"/"+emoji+"/@me", ""); status != 204 {
			t.Fatalf("reacting with %s: %d %v", emoji, status, out)
		}
	}
	put(thumbsUp)
	put(thumbsUp) // a second time changes nothing
	s.react(t, rxCarol, rxManaged, m, "🎉", http.StatusNoContent)
	s.react(t, rxCarol, rxManaged, m, "👍", http.StatusNoContent)
	s.react(t, rxOwen, rxManaged, m, "🎉", http.StatusNoContent)
	got := summary(reactionsOf(t, s, rxManaged, m))
	want := []string{"👍 2 true", "🎉 2 false"}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("reactions %v; want %v, in the order first reacted, me for the bot", got, want)
	}
	r := reactionsOf(t, s, rxManaged, m)[0]
	if d := r["count_details"].(map[string]any); d["normal"] != float64(2) || d["burst"] != float64(0) ||
		r["me_burst"] != false || len(r["burst_colors"].([]any)) != 0 || r["emoji"].(map[string]any)["id"] != nil {
		t.Errorf("a reaction reads %v", r)
	}

	// The users of a reaction are listed by id, after one, at most limit.
	list := func(query string) []string {
		t.Helper()
		status, out := botDo(t, s, "GET", reactionsPath(rxManaged, m)+"/"+party+query, "")
		if status != 200 {
			t.Fatalf("listing %s: %d %v", query, status, out)
		}
		var ids []string
		for _, u := range out.([]any) {
			ids = append(ids, u.(map[string]any)["id"].(string))
		}
		return ids
	}
	if got := list(""); len(got) != 2 || got[0] != "7101" || got[1] != "7102" {
		t.Errorf("the users of 🎉 are %v; want owen and carol by id", got)
	}
	if got := list("?limit=1"); len(got) != 1 || got[0] != "7101" {
		t.Errorf("limit=1 lists %v", got)
	}
	if got := list("?after=7101"); len(got) != 1 || got[0] != "7102" {
		t.Errorf("after=7101 lists %v", got)
	}
	if got := list("?type=1"); len(got) != 0 {
		t.Errorf("burst reactions list %v; the emulator has none", got)
	}

	// The bot takes its own back; a moderator takes a user's, one emoji's
	// and all.
	if status, _ := botDo(t, s, "DELETE", reactionsPath(rxManaged, m)+"/"+thumbsUp+"/@me", ""); status != 204 {
		t.Fatalf("taking the bot's reaction back: %d", status)
	}
	if got := summary(reactionsOf(t, s, rxManaged, m)); len(got) != 2 || got[0] != "👍 1 false" {
		t.Errorf("after the bot took its 👍 back: %v", got)
	}
	if status, _ := botDo(t, s, "DELETE", reactionsPath(rxManaged, m)+"/"+thumbsUp+"/7102", ""); status != 204 {
		t.Fatalf("taking carol's reaction away: %d", status)
	}
	if got := summary(reactionsOf(t, s, rxManaged, m)); len(got) != 1 || got[0] != "🎉 2 false" {
		t.Errorf("a reaction nobody is left with stays: %v", got)
	}
	if status, _ := botDo(t, s, "DELETE", reactionsPath(rxManaged, m)+"/"+party, ""); status != 204 {
		t.Fatalf("taking 🎉 away: %d", status)
	}
	put(thumbsUp)
	if status, _ := botDo(t, s, "DELETE", reactionsPath(rxManaged, m), ""); status != 204 {
		t.Fatalf("taking every reaction away: %d", status)
	}
	if status, out := botDo(t, s, "GET", messagesPath(rxManaged)+"/"+m, ""); status != 200 || out.(map[string]any)["reactions"] != nil {
		t.Errorf("a message without reactions carries %v", out)
	}
}

func TestReactionRefusals(t *testing.T) {
	s := startReactions(t)
	m := map[int]string{}
	for _, ch := range []int{rxReact, rxNoAdd, rxNoHistory, rxManaged, rxOpen} {
		m[ch] = s.postAs(t, rxOwen, ch, "the owner's")
	}
	m[rxCarolDM] = post(t, s, rxCarolDM, "in a DM")
	// The owner reacts first in noadd, where nobody else adds one.
	s.react(t, rxOwen, rxNoAdd, m[rxNoAdd], "👍", http.StatusNoContent)
	s.react(t, rxCarol, rxCarolDM, m[rxCarolDM], "👍", http.StatusNoContent)
	at := func(ch int, rest string) string { return reactionsPath(ch, m[ch]) + rest }
	for _, c := range []struct {
		name, method, path string
		status, code       int
	}{
		{"the bot joins a reaction without ADD_REACTIONS", "PUT", at(rxNoAdd, "/"+thumbsUp+"/@me"), 204, 0},
		{"the bot adds no new reaction without ADD_REACTIONS", "PUT", at(rxNoAdd, "/"+party+"/@me"), 403, 50013},
		{"the bot does not react without READ_MESSAGE_HISTORY", "PUT", at(rxNoHistory, "/"+thumbsUp+"/@me"), 403, 50013},
		{"the bot does not list reactions without READ_MESSAGE_HISTORY", "GET", at(rxNoHistory, "/"+thumbsUp), 403, 50013},
		{"the bot does not react where it may not look", "PUT", reactionsPath(rxHidden, "1") + "/" + thumbsUp + "/@me", 403, 50001},
		{"an unknown channel has no reactions", "PUT", reactionsPath(99, "1") + "/" + thumbsUp + "/@me", 404, 10003},
		{"an unknown message has no reactions", "PUT", reactionsPath(rxReact, "1") + "/" + thumbsUp + "/@me", 404, 10008},
		{"text is no emoji", "PUT", at(rxReact, "/abc/@me"), 400, 10014},
		{"a custom emoji the guild does not have is unknown", "PUT", at(rxReact, "/party:123/@me"), 400, 10014},
		{"a custom emoji is unknown in its encoded form too", "PUT", at(rxReact, "/party%3A123/@me"), 400, 10014},
		{"the bot reacts in a thread", "PUT", at(rxOpen, "/"+thumbsUp+"/@me"), 204, 0},
		{"the bot reacts in a DM", "PUT", at(rxCarolDM, "/"+party+"/@me"), 204, 0},
		{"taking away a user's reaction needs MANAGE_MESSAGES", "DELETE", at(rxReact, "/"+thumbsUp+"/7102"), 403, 50013},
		{"taking away one emoji's reactions needs MANAGE_MESSAGES", "DELETE", at(rxReact, "/"+thumbsUp), 403, 50013},
		{"taking away every reaction needs MANAGE_MESSAGES", "DELETE", at(rxReact, ""), 403, 50013},
		{"a user's reaction in a DM is theirs", "DELETE", at(rxCarolDM, "/"+thumbsUp+"/7102"), 403, 50003},
		{"a list past its limit is refused", "GET", at(rxReact, "/"+thumbsUp+"?limit=101"), 400, 50035},
		{"a list of no users is refused", "GET", at(rxReact, "/"+thumbsUp+"?limit=0"), 400, 50035},
		{"a list of an unknown type is refused", "GET", at(rxReact, "/"+thumbsUp+"?type=2"), 400, 50035},
		{"taking back a reaction the bot never made is done", "DELETE", at(rxReact, "/"+thumbsUp+"/@me"), 204, 0},
		{"a thread takes its parent's overwrites", "DELETE", at(rxOpen, "/"+thumbsUp), 403, 50013},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, out := botDo(t, s, c.method, c.path, "")
			if status != c.status {
				t.Fatalf("%s %s: %d %v; want %d", c.method, c.path, status, out, c.status)
			}
			if c.code != 0 {
				if body, _ := out.(map[string]any); body["code"] != float64(c.code) {
					t.Errorf("code %v; want %d (%v)", body["code"], c.code, body)
				}
			}
		})
	}
	if got := summary(reactionsOf(t, s, rxCarolDM, m[rxCarolDM])); len(got) != 2 || got[0] != "👍 1 false" || got[1] != "🎉 1 true" {
		t.Errorf("the DM's reactions: %v", got)
	}
}

func TestAMessageTakesTwentyDistinctReactions(t *testing.T) {
	s := startReactions(t)
	m := post(t, s, rxManaged, "many")
	for i := range 20 {
		emoji := url.PathEscape(string(rune(0x1F600 + i)))
		if status, out := botDo(t, s, "PUT", reactionsPath(rxManaged, m)+"/"+emoji+"/@me", ""); status != 204 {
			t.Fatalf("reaction %d: %d %v", i+1, status, out)
		}
	}
	status, out := botDo(t, s, "PUT", reactionsPath(rxManaged, m)+"/"+url.PathEscape("🙏")+"/@me", "")
	if body, _ := out.(map[string]any); status != 400 || body["code"] != float64(30010) {
		t.Errorf("a 21st reaction: %d %v; want 400 30010", status, out)
	}
	// Joining one of the twenty is still taken.
	s.react(t, rxCarol, rxManaged, m, "😀", http.StatusNoContent)
	s.react(t, rxCarol, rxManaged, m, "🙏", http.StatusBadRequest)
}

func TestUsersReactAsTheirPermissionsAllow(t *testing.T) {
	s := startReactions(t)
	mine := post(t, s, rxNoAdd, "no new reactions here")
	s.react(t, rxCarol, rxNoAdd, mine, "👍", http.StatusBadRequest) // carol may not add one
	s.react(t, rxOwen, rxNoAdd, mine, "👍", http.StatusNoContent)   // the owner may
	s.react(t, rxCarol, rxNoAdd, mine, "👍", http.StatusNoContent)  // and carol may join it
	s.react(t, 4242, rxNoAdd, mine, "👍", http.StatusBadRequest)
	s.react(t, rxCarol, 99, mine, "👍", http.StatusBadRequest)
	s.react(t, rxCarol, rxNoAdd, "1", "👍", http.StatusBadRequest)
	s.react(t, rxCarol, rxNoAdd, mine, "x", http.StatusBadRequest)
	s.react(t, rxCarol, rxArchived, mine, "👍", http.StatusBadRequest)

	srv := s.Server(t, "ChannelMessages is Go")
	msgs := srv.ChannelMessages(rxNoAdd)
	if len(msgs) != 1 || len(msgs[0].Reactions) != 1 || msgs[0].Reactions[0].Emoji != "👍" ||
		len(msgs[0].Reactions[0].Users) != 2 || msgs[0].Reactions[0].Users[0] != rxOwen {
		t.Errorf("ChannelMessages gives the reactions %+v", msgs)
	}
	err := srv.React(rxCarol, rxNoAdd, msgs[0].ID, "🎉")
	var ie *emulator.InvocationError
	if !errors.As(err, &ie) || ie.Kind != emulator.ErrPermissionDenied {
		t.Errorf("React without ADD_REACTIONS: %v", err)
	}
}

func TestCustomEmojisAreTheGuilds(t *testing.T) {
	s := startReactions(t)
	m := post(t, s, rxManaged, "custom")
	dm := post(t, s, rxCarolDM, "custom in a DM")
	for _, c := range []struct {
		name, path   string
		status, code int
	}{
		{"the guild's own emoji is taken", reactionsPath(rxManaged, m) + "/blob:7401/@me", 204, 0},
		{"the guild's own emoji is taken encoded", reactionsPath(rxManaged, m) + "/blob%3A7401/@me", 204, 0},
		{"an emoji under another name is unknown", reactionsPath(rxManaged, m) + "/blub:7401/@me", 400, 10014},
		{"an emoji of no guild is unknown", reactionsPath(rxManaged, m) + "/blob:7499/@me", 400, 10014},
		{"another guild's emoji needs USE_EXTERNAL_EMOJIS", reactionsPath(rxManaged, m) + "/other:7402/@me", 403, 50013},
		{"in a DM any guild's emoji of the bot's is taken", reactionsPath(rxCarolDM, dm) + "/other:7402/@me", 204, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, out := botDo(t, s, "PUT", c.path, "")
			if body, _ := out.(map[string]any); status != c.status || (c.code != 0 && body["code"] != float64(c.code)) {
				t.Errorf("PUT %s: %d %v; want %d %d", c.path, status, out, c.status, c.code)
			}
		})
	}
	rs := reactionsOf(t, s, rxManaged, m)
	if len(rs) != 1 {
		t.Fatalf("the message's reactions: %v", rs)
	}
	if e := rs[0]["emoji"].(map[string]any); e["id"] != "7401" || e["name"] != "blob" || e["animated"] != true || rs[0]["count"] != float64(1) {
		t.Errorf("a custom emoji's reaction reads %v", rs[0])
	}
	if status, out := botDo(t, s, "GET", reactionsPath(rxManaged, m)+"/blob:7401", ""); status != 200 || len(out.([]any)) != 1 {
		t.Errorf("the users of blob: %d %v", status, out)
	}
	s.react(t, rxCarol, rxManaged, m, "blob:7401", http.StatusNoContent)
	s.react(t, rxCarol, rxManaged, m, "other:7402", http.StatusBadRequest)
	if status, _ := botDo(t, s, "DELETE", reactionsPath(rxManaged, m)+"/blob:7401", ""); status != 204 {
		t.Errorf("taking blob away: %d", status)
	}
	if rs := reactionsOf(t, s, rxManaged, m); len(rs) != 0 {
		t.Errorf("after taking blob away: %v", rs)
	}
	srv := s.Server(t, "Guilds is Go")
	for _, g := range srv.Guilds() {
		if g.ID == rxGuild && (len(g.Emojis) != 1 || g.Emojis[0] != (emulator.Emoji{ID: rxBlob, Name: "blob", Animated: true})) {
			t.Errorf("Guilds gives the emojis %+v", g.Emojis)
		}
	}
	if got := srv.ChannelMessages(rxCarolDM); len(got) != 1 || len(got[0].Reactions) != 1 || got[0].Reactions[0].Emoji != "other:7402" {
		t.Errorf("ChannelMessages gives %+v", got)
	}
}

func TestASeedsEmojisAreChecked(t *testing.T) {
	for _, c := range []struct {
		name   string
		emojis []emulator.Emoji
		want   string
	}{
		{"an emoji has an id", []emulator.Emoji{{Name: "blob"}}, "has no id"},
		{"an emoji's id is its own", []emulator.Emoji{{ID: 9001, Name: "blob"}}, "id 9001"},
		{"an emoji's name is a word", []emulator.Emoji{{ID: 9101, Name: "a b"}}, "letters, digits and underscores"},
		{"an emoji's name is two characters at least", []emulator.Emoji{{ID: 9101, Name: "a"}}, "letters, digits and underscores"},
		{"an emoji's name is the guild's once", []emulator.Emoji{{ID: 9101, Name: "blob"}, {ID: 9102, Name: "blob"}}, "a second time"},
	} {
		t.Run(c.name, func(t *testing.T) {
			seed := &emulator.Seed{Users: []interaction.User{{ID: 9002, Username: "olga"}},
				Guilds: []emulator.SeedGuild{{ID: 9001, Name: "G", OwnerID: 9002, Emojis: c.emojis}}}
			s, err := emulator.New(emulator.Config{Seed: seed})
			if err == nil {
				s.Close()
				t.Fatal("the seed was taken")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q; want it to say %q", err, c.want)
			}
		})
	}
}

func TestATimedOutMemberDoesNotReact(t *testing.T) {
	s := startReactions(t)
	m := post(t, s, rxManaged, "quiet")
	s.react(t, rxOwen, rxManaged, m, "👍", http.StatusNoContent)
	srv := s.Server(t, "SetTimeout is Go")
	if err := srv.SetTimeout(rxGuild, rxCarol, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	// Not even with an emoji someone has reacted with already.
	err := srv.React(rxCarol, rxManaged, idOfSnowflake(t, m), "👍")
	var ie *emulator.InvocationError
	if !errors.As(err, &ie) || ie.Kind != emulator.ErrPermissionDenied {
		t.Errorf("a timed-out member reacted: %v", err)
	}
}

// idOfSnowflake reads an id written as a string.
func idOfSnowflake(t *testing.T, id string) interaction.Snowflake {
	t.Helper()
	n, err := interaction.ParseSnowflake(id)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestASeedGivesEmojisAsTheServiceSpellsThem(t *testing.T) {
	var seed emulator.Seed
	raw := `{"users": [{"id": "9002", "username": "olga"}],
		"guilds": [{"id": "9001", "name": "G", "owner_id": "9002",
			"emojis": [{"id": "9003", "name": "blob", "animated": true}, {"id": "9004", "name": "wave"}]}]}`
	if err := json.Unmarshal([]byte(raw), &seed); err != nil {
		t.Fatal(err)
	}
	s, err := emulator.New(emulator.Config{Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, g := range s.Guilds() {
		want := []emulator.Emoji{{ID: 9003, Name: "blob", Animated: true}, {ID: 9004, Name: "wave"}}
		if g.ID == 9001 && !slices.Equal(g.Emojis, want) {
			t.Errorf("the seeded guild's emojis: %+v; want %+v", g.Emojis, want)
		}
	}
}
