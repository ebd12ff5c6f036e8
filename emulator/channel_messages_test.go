package emulator_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// The world of the channel tests: carol shares guild 2001 with the bot;
// dave shares none; robot is another bot; owen owns the other guilds, of
// which carol is a member. In guild 3001 @everyone may only view; in guild
// 4001 nothing; in guild 5001 it may view, send and read, and no more.
const (
	chCarol, chDave, chRobot, chOwen    = 1001, 1002, 1003, 1004
	textChannel, threadChannel          = 900003, 900004
	forumChannel, categoryChannel       = 900005, 900006
	viewOnlyChannel, hiddenChannel      = 900007, 900008
	plainChannel                        = 900009
	mainGuild, viewOnlyGuild, nullGuild = 2001, 3001, 4001
	plainGuild                          = 5001
	managerRole                         = 2002
	// dmOf is the id of a user's DM channel with the bot: the user's id
	// plus 1<<12.
	carolDM, daveDM = chCarol + 1<<12, chDave + 1<<12
)

func channelWorld() *emulator.Seed {
	return &emulator.Seed{
		Users: []interaction.User{{ID: chCarol, Username: "carol"}, {ID: chDave, Username: "dave"}, {ID: chRobot, Username: "robot", Bot: true}, {ID: chOwen, Username: "owen"}},
		Guilds: []emulator.SeedGuild{
			{ID: mainGuild, Name: "Main", OwnerID: chCarol,
				// @everyone may not talk in threads here, the Manager may.
				Roles: []interaction.Role{{ID: mainGuild, Name: "@everyone", Permissions: interaction.PermissionViewChannel |
					interaction.PermissionSendMessages | interaction.PermissionReadMessageHistory | interaction.PermissionAddReactions |
					interaction.PermissionUseApplicationCommands | interaction.PermissionEmbedLinks | interaction.PermissionAttachFiles}, {ID: managerRole, Name: "Manager", Position: 1,
					Permissions: interaction.PermissionManageMessages | interaction.PermissionPinMessages | interaction.PermissionMentionEveryone |
						interaction.PermissionSendMessagesInThreads}},
				Channels: []emulator.SeedChannel{
					{Channel: interaction.Channel{ID: textChannel, Name: "text", Type: interaction.ChannelGuildText}},
					{Channel: interaction.Channel{ID: threadChannel, Name: "thread", Type: interaction.ChannelPublicThread, ParentID: textChannel}},
					{Channel: interaction.Channel{ID: forumChannel, Name: "forum", Type: interaction.ChannelGuildForum}},
					{Channel: interaction.Channel{ID: categoryChannel, Name: "category", Type: interaction.ChannelGuildCategory}},
				}},
			{ID: viewOnlyGuild, Name: "View only", OwnerID: chOwen, Members: []emulator.SeedMember{{UserID: chCarol}},
				Roles:    []interaction.Role{{ID: viewOnlyGuild, Name: "@everyone", Permissions: interaction.PermissionViewChannel}},
				Channels: []emulator.SeedChannel{{Channel: interaction.Channel{ID: viewOnlyChannel, Name: "look", Type: interaction.ChannelGuildText}}}},
			{ID: nullGuild, Name: "Hidden", OwnerID: chOwen, Members: []emulator.SeedMember{{UserID: chCarol}},
				Roles:    []interaction.Role{{ID: nullGuild, Name: "@everyone", Permissions: 0}},
				Channels: []emulator.SeedChannel{{Channel: interaction.Channel{ID: hiddenChannel, Name: "hidden", Type: interaction.ChannelGuildText}}}},
			{ID: plainGuild, Name: "Plain", OwnerID: chOwen, Members: []emulator.SeedMember{{UserID: chCarol}},
				Roles: []interaction.Role{{ID: plainGuild, Name: "@everyone", Permissions: interaction.PermissionViewChannel |
					interaction.PermissionSendMessages | interaction.PermissionReadMessageHistory}},
				Channels: []emulator.SeedChannel{{Channel: interaction.Channel{ID: plainChannel, Name: "plain", Type: interaction.ChannelGuildText}}}},
		},
	}
}

func startChannels(t *testing.T, limits emulator.Limits) *target {
	t.Helper()
	return start(t, emulator.Config{Seed: channelWorld(), Limits: limits, RateLimit: emulator.RateLimit{Requests: 1 << 30}})
}

// botDo makes a request with the bot's token and a JSON body (none when
// empty), and returns the status and the decoded answer.
func botDo(t *testing.T, s *target, method, path, body string) (int, any) {
	t.Helper()
	h := http.Header{"Authorization": {"Bot " + s.BotToken}}
	if body != "" {
		h.Set("Content-Type", "application/json")
	}
	resp, raw := fetch(t, method, s.URL+path, h, []byte(body))
	var out any
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &out); err != nil {
			t.Fatalf("%s %s: %s: %v", method, path, raw, err)
		}
	}
	return resp.StatusCode, out
}

// post posts content as the bot and returns the message's id.
func post(t *testing.T, s *target, channel int, content string) string {
	t.Helper()
	status, out := botDo(t, s, "POST", messagesPath(channel), `{"content":`+strconv.Quote(content)+`}`)
	m, _ := out.(map[string]any)
	if status != 200 || m["content"] != content {
		t.Fatalf("posting %q: %d %v", content, status, out)
	}
	return m["id"].(string)
}

func messagesPath(channel int) string { return "/channels/" + strconv.Itoa(channel) + "/messages" }

// ids returns the ids of a list of messages.
func messageIDs(t *testing.T, out any) []string {
	t.Helper()
	list, ok := out.([]any)
	if !ok {
		t.Fatalf("not a list: %v", out)
	}
	var got []string
	for _, m := range list {
		got = append(got, m.(map[string]any)["id"].(string))
	}
	return got
}

func TestTheBotPostsReadsAndListsChannelMessages(t *testing.T) {
	s := startChannels(t, emulator.Limits{})
	var posted []string
	for i := range 5 {
		posted = append(posted, post(t, s, textChannel, "m"+strconv.Itoa(i)))
	}
	status, out := botDo(t, s, "GET", messagesPath(textChannel)+"/"+posted[2], "")
	m, _ := out.(map[string]any)
	author, _ := m["author"].(map[string]any)
	if status != 200 || m["content"] != "m2" || m["type"] != 0.0 || author["id"] != s.ApplicationID.String() || m["pinned"] != false {
		t.Fatalf("get: %d %v", status, out)
	}
	newestFirst := func(ix ...int) string {
		var out []string
		for _, i := range ix {
			out = append(out, posted[i])
		}
		return strings.Join(out, ",")
	}
	for _, c := range []struct{ query, want string }{
		{"", newestFirst(4, 3, 2, 1, 0)},
		{"?limit=2", newestFirst(4, 3)},
		{"?before=" + posted[3], newestFirst(2, 1, 0)},
		{"?before=" + posted[3] + "&limit=1", newestFirst(2)},
		{"?after=" + posted[1], newestFirst(4, 3, 2)},
		{"?after=" + posted[0] + "&limit=2", newestFirst(2, 1)},
		{"?around=" + posted[2] + "&limit=3", newestFirst(3, 2, 1)},
	} {
		status, out := botDo(t, s, "GET", messagesPath(textChannel)+c.query, "")
		if got := strings.Join(messageIDs(t, out), ","); status != 200 || got != c.want {
			t.Errorf("list%s: %d %s, want %s", c.query, status, got, c.want)
		}
	}
	// A thread takes messages from those who may send in threads.
	if status, out := botDo(t, s, "POST", messagesPath(threadChannel), `{"content":"x"}`); status != 403 || out.(map[string]any)["code"] != 50013.0 {
		t.Fatalf("a thread without SEND_MESSAGES_IN_THREADS: %d %v", status, out)
	}
	s.setRoles(t, mainGuild, s.ApplicationID, managerRole)
	post(t, s, threadChannel, "in the thread")
}

func TestChannelMessageRefusals(t *testing.T) {
	s := startChannels(t, emulator.Limits{})
	mine := post(t, s, textChannel, "the bot's")
	theirs := s.postAs(t, chCarol, textChannel, "chCarol's")
	long := strings.Repeat("x", 2001)
	for _, c := range []struct {
		name, method, path, body string
		status, code             int
	}{
		{"unknown channel", "POST", messagesPath(123), `{"content":"x"}`, 404, 10003},
		{"unknown message", "GET", messagesPath(textChannel) + "/123", "", 404, 10008},
		{"no view", "POST", messagesPath(hiddenChannel), `{"content":"x"}`, 403, 50001},
		{"no view to read", "GET", messagesPath(hiddenChannel), "", 403, 50001},
		{"no send", "POST", messagesPath(viewOnlyChannel), `{"content":"x"}`, 403, 50013},
		{"no history to read one", "GET", messagesPath(viewOnlyChannel) + "/123", "", 403, 50013},
		{"embed without EMBED_LINKS", "POST", messagesPath(plainChannel), `{"embeds":[{"title":"t"}]}`, 403, 50013},
		{"tts without SEND_TTS_MESSAGES", "POST", messagesPath(plainChannel), `{"content":"x","tts":true}`, 403, 50013},
		{"poll without SEND_POLLS", "POST", messagesPath(plainChannel), `{"poll":{"question":{"text":"q"},"answers":[{"poll_media":{"text":"a"}}]}}`, 403, 50013},
		{"nonce of another type", "POST", messagesPath(textChannel), `{"content":"x","nonce":{},"enforce_nonce":true}`, 400, 50035},
		{"forum", "POST", messagesPath(forumChannel), `{"content":"x"}`, 400, 40058},
		{"category", "POST", messagesPath(categoryChannel), `{"content":"x"}`, 400, 50008},
		{"empty", "POST", messagesPath(textChannel), `{}`, 400, 50006},
		{"too long", "POST", messagesPath(textChannel), `{"content":"` + long + `"}`, 400, 50035},
		{"ephemeral", "POST", messagesPath(textChannel), `{"content":"x","flags":64}`, 400, 50035},
		{"components v2 with content", "POST", messagesPath(textChannel), `{"content":"x","flags":32768,"components":[{"type":10,"content":"y"}]}`, 400, 50035},
		{"reply to nothing", "POST", messagesPath(textChannel), `{"content":"x","message_reference":{"message_id":"123"}}`, 400, 50035},
		{"forward without channel", "POST", messagesPath(textChannel), `{"message_reference":{"type":1,"message_id":"` + mine + `"}}`, 400, 50035},
		{"forward from a hidden channel", "POST", messagesPath(textChannel), `{"message_reference":{"type":1,"message_id":"1","channel_id":"900008"}}`, 403, 160014},
		{"edit another's", "PATCH", messagesPath(textChannel) + "/" + theirs, `{"content":"y"}`, 403, 50005},
		{"delete another's", "DELETE", messagesPath(textChannel) + "/" + theirs, "", 403, 50013},
		{"bulk delete without managing", "POST", messagesPath(textChannel) + "/bulk-delete", `{"messages":["` + mine + `","` + theirs + `"]}`, 403, 50013},
		{"pin without pinning", "PUT", messagesPath(textChannel) + "/pins/" + mine, "", 403, 50013},
		{"list limit", "GET", messagesPath(textChannel) + "?limit=101", "", 400, 50035},
		{"list anchors", "GET", messagesPath(textChannel) + "?before=1&after=2", "", 400, 50035},
		{"DM without a shared guild", "POST", messagesPath(daveDM), `{"content":"x"}`, 403, 50278},
		{"DM with a bot", "POST", "/users/@me/channels", `{"recipient_id":"1003"}`, 400, 50007},
		{"DM with nobody", "POST", "/users/@me/channels", `{"recipient_id":"77"}`, 404, 10013},
		{"DM without recipient", "POST", "/users/@me/channels", `{}`, 400, 50035},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, out := botDo(t, s, c.method, c.path, c.body)
			m, _ := out.(map[string]any)
			if status != c.status || m["code"] != float64(c.code) {
				t.Fatalf("%d %v, want %d %d", status, out, c.status, c.code)
			}
		})
	}
	// A file without ATTACH_FILES.
	ct, body := multipartBody(t, `{"content":"x"}`, part{name: "files[0]", filename: "a.txt", content: []byte("a")})
	resp, out := request(t, s, "POST", messagesPath(plainChannel), http.Header{"Authorization": {"Bot " + s.BotToken}, "Content-Type": {ct}}, body)
	if resp.StatusCode != 403 || out["code"] != 50013.0 {
		t.Fatalf("a file without ATTACH_FILES: %d %v", resp.StatusCode, out)
	}
	// With it, the file is the message's attachment.
	resp, out = request(t, s, "POST", messagesPath(textChannel), http.Header{"Authorization": {"Bot " + s.BotToken}, "Content-Type": {ct}}, body)
	if atts, _ := out["attachments"].([]any); resp.StatusCode != 200 || len(atts) != 1 {
		t.Fatalf("a file: %d %v", resp.StatusCode, out)
	}
	// Without READ_MESSAGE_HISTORY a list is empty, not refused.
	if status, out := botDo(t, s, "GET", messagesPath(viewOnlyChannel), ""); status != 200 || len(out.([]any)) != 0 {
		t.Fatalf("list without history: %d %v", status, out)
	}
}

// postAs posts content as user through the control API, and returns the
// message's id.
func (tg *target) postAs(t *testing.T, user, channel int, content string) string {
	t.Helper()
	var out map[string]any
	tg.control(t, "POST", "/_emulator/messages", map[string]any{"user": strconv.Itoa(user), "channel": strconv.Itoa(channel), "content": content}, 200, &out)
	return out["id"].(string)
}

// setRoles gives a member roles through the control API.
func (tg *target) setRoles(t *testing.T, guild, user interaction.Snowflake, roles ...interaction.Snowflake) {
	t.Helper()
	tg.control(t, "POST", "/_emulator/roles", map[string]any{"guild": guild, "user": user, "roles": roles}, 204, nil)
}

func TestEditDeleteAndBulkDelete(t *testing.T) {
	s := startChannels(t, emulator.Limits{})
	mine := post(t, s, textChannel, "hello <@1001>")
	status, out := botDo(t, s, "PATCH", messagesPath(textChannel)+"/"+mine, `{"content":"edited"}`)
	m, _ := out.(map[string]any)
	if status != 200 || m["content"] != "edited" || m["edited_timestamp"] == nil {
		t.Fatalf("edit: %d %v", status, out)
	}
	theirs := s.postAs(t, chCarol, textChannel, "chCarol's")
	s.setRoles(t, mainGuild, s.ApplicationID, managerRole)
	// With MANAGE_MESSAGES another's message takes only a flag change.
	if status, out := botDo(t, s, "PATCH", messagesPath(textChannel)+"/"+theirs, `{"flags":4}`); status != 200 || out.(map[string]any)["flags"] != 4.0 {
		t.Fatalf("suppressing another's embeds: %d %v", status, out)
	}
	if status, _ := botDo(t, s, "DELETE", messagesPath(textChannel)+"/"+theirs, ""); status != 204 {
		t.Fatalf("deleting another's with MANAGE_MESSAGES: %d", status)
	}
	if status, _ := botDo(t, s, "GET", messagesPath(textChannel)+"/"+theirs, ""); status != 404 {
		t.Fatalf("a deleted message is gone: %d", status)
	}
	a, b := post(t, s, textChannel, "a"), post(t, s, textChannel, "b")
	old := interaction.Snowflake((time.Now().Add(-15*24*time.Hour).UnixMilli() - interaction.Epoch) << 22).String()
	for _, c := range []struct {
		name, body   string
		status, code int
	}{
		{"one", `{"messages":["` + a + `"]}`, 400, 50016},
		{"too old", `{"messages":["` + a + `","` + old + `"]}`, 400, 50034},
		{"twice", `{"messages":["` + a + `","` + a + `"]}`, 400, 50035},
	} {
		status, out := botDo(t, s, "POST", messagesPath(textChannel)+"/bulk-delete", c.body)
		if m, _ := out.(map[string]any); status != c.status || m["code"] != float64(c.code) {
			t.Errorf("bulk delete %s: %d %v", c.name, status, out)
		}
	}
	unknown := interaction.Snowflake((time.Now().UnixMilli() - interaction.Epoch) << 22).String()
	if status, out := botDo(t, s, "POST", messagesPath(textChannel)+"/bulk-delete", `{"messages":["`+a+`","`+b+`","`+unknown+`"]}`); status != 204 {
		t.Fatalf("bulk delete: %d %v", status, out)
	}
	if _, out := botDo(t, s, "GET", messagesPath(textChannel), ""); strings.Join(messageIDs(t, out), ",") != mine {
		t.Fatalf("after bulk delete: %v", out)
	}
}

func TestPins(t *testing.T) {
	s := startChannels(t, emulator.Limits{})
	s.setRoles(t, mainGuild, s.ApplicationID, managerRole)
	a, b := post(t, s, textChannel, "a"), post(t, s, textChannel, "b")
	for _, path := range []string{messagesPath(textChannel) + "/pins/" + a, "/channels/900003/pins/" + b} {
		if status, out := botDo(t, s, "PUT", path, ""); status != 204 {
			t.Fatalf("pin %s: %d %v", path, status, out)
		}
	}
	status, out := botDo(t, s, "GET", messagesPath(textChannel)+"/pins?limit=1", "")
	page, _ := out.(map[string]any)
	items, _ := page["items"].([]any)
	if status != 200 || len(items) != 1 || page["has_more"] != true {
		t.Fatalf("pins page: %d %v", status, out)
	}
	if first := items[0].(map[string]any)["message"].(map[string]any); first["id"] != b || first["pinned"] != true {
		t.Fatalf("newest pin first: %v", first)
	}
	if _, out := botDo(t, s, "GET", "/channels/900003/pins", ""); strings.Join(messageIDs(t, out), ",") != b+","+a {
		t.Fatalf("old pins list: %v", out)
	}
	if status, _ := botDo(t, s, "DELETE", messagesPath(textChannel)+"/pins/"+a, ""); status != 204 {
		t.Fatalf("unpin: %d", status)
	}
	if _, out := botDo(t, s, "GET", "/channels/900003/pins", ""); strings.Join(messageIDs(t, out), ",") != b {
		t.Fatalf("after unpin: %v", out)
	}
}

func TestRepliesForwardsAndMentions(t *testing.T) {
	s := startChannels(t, emulator.Limits{})
	theirs := s.postAs(t, chCarol, textChannel, "question")
	status, out := botDo(t, s, "POST", messagesPath(textChannel),
		`{"content":"answer <@1001> <@&2002> @everyone","message_reference":{"message_id":"`+theirs+`"}}`)
	m, _ := out.(map[string]any)
	ref, _ := m["referenced_message"].(map[string]any)
	mentions, _ := m["mentions"].([]any)
	// The role is not mentionable, and the bot may not mention
	// everyone.
	if status != 200 || m["type"] != 19.0 || ref["id"] != theirs || len(mentions) != 1 || m["mention_everyone"] != false ||
		len(m["mention_roles"].([]any)) != 0 {
		t.Fatalf("reply: %d %v", status, out)
	}
	s.setRoles(t, mainGuild, s.ApplicationID, managerRole)
	_, out = botDo(t, s, "POST", messagesPath(textChannel), `{"content":"<@&2002> @everyone"}`)
	if m, _ := out.(map[string]any); m["mention_everyone"] != true || len(m["mention_roles"].([]any)) != 1 {
		t.Fatalf("with MENTION_EVERYONE: %v", out)
	}
	status, out = botDo(t, s, "POST", messagesPath(threadChannel),
		`{"message_reference":{"type":1,"message_id":"`+theirs+`","channel_id":"900003"}}`)
	m, _ = out.(map[string]any)
	snaps, _ := m["message_snapshots"].([]any)
	if status != 200 || len(snaps) != 1 || snaps[0].(map[string]any)["message"].(map[string]any)["content"] != "question" {
		t.Fatalf("forward: %d %v", status, out)
	}
	// An enforced nonce finds the message it made.
	var nonced []string
	for _, nonce := range []string{`"n1"`, `"n1"`, `"n2"`} {
		_, out := botDo(t, s, "POST", messagesPath(textChannel), `{"content":"once","nonce":`+nonce+`,"enforce_nonce":true}`)
		nonced = append(nonced, out.(map[string]any)["id"].(string))
	}
	if nonced[0] != nonced[1] || nonced[1] == nonced[2] {
		t.Fatalf("enforced nonces: %v", nonced)
	}
	// A reply to a missing message that need not exist is a message.
	if status, out := botDo(t, s, "POST", messagesPath(textChannel),
		`{"content":"x","message_reference":{"message_id":"123","fail_if_not_exists":false}}`); status != 200 || out.(map[string]any)["type"] != 0.0 {
		t.Fatalf("reply to nothing, not failing: %d %v", status, out)
	}
}

func TestDirectMessages(t *testing.T) {
	s := startChannels(t, emulator.Limits{})
	var channels []string
	for range 2 {
		status, out := botDo(t, s, "POST", "/users/@me/channels", `{"recipient_id":"1001"}`)
		m, _ := out.(map[string]any)
		recipients, _ := m["recipients"].([]any)
		if status != 200 || m["type"] != 1.0 || len(recipients) != 1 {
			t.Fatalf("create DM: %d %v", status, out)
		}
		channels = append(channels, m["id"].(string))
	}
	if channels[0] != channels[1] || channels[0] != strconv.Itoa(carolDM) {
		t.Fatalf("one DM channel per user: %v", channels)
	}
	id := post(t, s, carolDM, "psst")
	reply := s.postAs(t, chCarol, carolDM, "what?")
	// In a DM the other side's messages are theirs alone.
	if status, out := botDo(t, s, "DELETE", messagesPath(carolDM)+"/"+reply, ""); status != 403 || out.(map[string]any)["code"] != 50003.0 {
		t.Fatalf("deleting the user's DM: %d %v", status, out)
	}
	if srv := s.server; srv != nil {
		dms := srv.DirectMessages(chCarol)
		if len(dms) != 1 || dms[0].ID.String() != id || dms[0].Data.Content != "psst" {
			t.Fatalf("DirectMessages: %+v", dms)
		}
		if all := srv.ChannelMessages(carolDM); len(all) != 2 || all[1].Author != chCarol {
			t.Fatalf("ChannelMessages: %+v", all)
		}
	}
}

func TestTheControlAPIPostsAsAUserAsGetShowsIt(t *testing.T) {
	s := startChannels(t, emulator.Limits{})
	var posted map[string]any
	s.control(t, "POST", "/_emulator/messages", map[string]any{"user": "1001", "channel": "900003", "content": "hi"}, 200, &posted)
	_, got := botDo(t, s, "GET", messagesPath(textChannel)+"/"+posted["id"].(string), "")
	a, _ := json.Marshal(posted)
	b, _ := json.Marshal(got)
	if string(a) != string(b) {
		t.Fatalf("control answer %s\nGET %s", a, b)
	}
	for _, c := range []struct {
		name string
		in   map[string]any
		want int
	}{
		{"unknown user", map[string]any{"user": "77", "channel": "900003", "content": "x"}, 400},
		{"unknown channel", map[string]any{"user": "1001", "channel": "77", "content": "x"}, 400},
		{"may not send", map[string]any{"user": "1001", "channel": "900007", "content": "x"}, 400},
		{"empty", map[string]any{"user": "1001", "channel": "900003", "content": ""}, 400},
		{"unknown field", map[string]any{"user": "1001", "channel": "900003", "text": "x"}, 400},
	} {
		t.Run(c.name, func(t *testing.T) {
			s.control(t, "POST", "/_emulator/messages", c.in, c.want, nil)
		})
	}
	s.control(t, "POST", "/_emulator/roles", map[string]any{"guild": "2001", "user": "1001", "roles": []string{"77"}}, 400, nil)
}

func TestChannelMessagesAreBounded(t *testing.T) {
	s := startChannels(t, emulator.Limits{ChannelMessages: 3})
	var posted []string
	for i := range 5 {
		posted = append(posted, post(t, s, textChannel, "m"+strconv.Itoa(i)))
	}
	if _, out := botDo(t, s, "GET", messagesPath(textChannel), ""); strings.Join(messageIDs(t, out), ",") != posted[4]+","+posted[3]+","+posted[2] {
		t.Fatalf("kept: %v", messageIDs(t, out))
	}
	if status, _ := botDo(t, s, "GET", messagesPath(textChannel)+"/"+posted[0], ""); status != 404 {
		t.Fatalf("a forgotten message: %d", status)
	}
}

// An interaction's answers that are not ephemeral are messages of the
// channel: the channel endpoints read, list, pin and delete them with the
// bot's own; an ephemeral one is in no channel.
func TestInteractionMessagesAreChannelMessages(t *testing.T) {
	s, _, id, token := startAnswers(t, interaction.TypeApplicationCommand)
	srv := s.Server(t, "FakeInteraction is Go only")
	if resp, _ := call(t, s, "POST", callbackPath(id, token), "", `{"type":4,"data":{"content":"pong"}}`); resp.StatusCode != 204 {
		t.Fatalf("answer: %d", resp.StatusCode)
	}
	resp, followup := call(t, s, "POST", webhookPath(s, token), "", `{"content":"secret","flags":64}`)
	if resp.StatusCode != 200 {
		t.Fatalf("follow-up: %d %v", resp.StatusCode, followup)
	}
	rec, _ := srv.Interaction(id)
	channel := int(rec.Interaction.ChannelID)
	original := rec.Original.ID.String()
	posted := post(t, s, channel, "posted")
	if _, out := botDo(t, s, "GET", messagesPath(channel), ""); strings.Join(messageIDs(t, out), ",") != posted+","+original {
		t.Fatalf("list: %v", out)
	}
	status, out := botDo(t, s, "GET", messagesPath(channel)+"/"+original, "")
	if m, _ := out.(map[string]any); status != 200 || m["content"] != "pong" || m["type"] != 20.0 || m["interaction_metadata"] == nil {
		t.Fatalf("get the answer: %d %v", status, out)
	}
	if status, _ := botDo(t, s, "GET", messagesPath(channel)+"/"+followup["id"].(string), ""); status != 404 {
		t.Fatalf("an ephemeral follow-up is in no channel: %d", status)
	}
	if status, _ := botDo(t, s, "DELETE", messagesPath(channel)+"/"+original, ""); status != 204 {
		t.Fatalf("delete the answer: %d", status)
	}
	if rec, _ := srv.Interaction(id); rec.Original == nil || !rec.Original.Deleted {
		t.Fatalf("the interaction's record says its answer is deleted: %+v", rec.Original)
	}
	if got := srv.ChannelMessages(rec.Interaction.ChannelID); len(got) != 1 || got[0].ID.String() != posted {
		t.Fatalf("ChannelMessages: %+v", got)
	}
}

// The channel endpoints are limited per channel: a busy channel does not
// hold up another.
func TestChannelMessagesAreLimitedPerChannel(t *testing.T) {
	s := start(t, emulator.Config{Seed: channelWorld(), RateLimit: emulator.RateLimit{Requests: 1, Window: time.Hour}})
	for _, c := range []struct {
		channel, status int
	}{{textChannel, 200}, {carolDM, 200}, {textChannel, 429}} {
		if status, out := botDo(t, s, "POST", messagesPath(c.channel), `{"content":"x"}`); status != c.status {
			t.Fatalf("channel %d: %d %v, want %d", c.channel, status, out, c.status)
		}
	}
}
