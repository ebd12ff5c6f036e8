package emulator_test

import (
	"slices"
	"strconv"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// object fails the test unless out is a JSON object, and returns it.
func objectOf(t *testing.T, out any) map[string]any {
	t.Helper()
	m, ok := out.(map[string]any)
	if !ok {
		t.Fatalf("%v is not an object", out)
	}
	return m
}

// startThread makes a request that starts a thread, fails the test unless
// it answers 201, and returns the thread.
func startThread(t *testing.T, s *target, path, body string) map[string]any {
	t.Helper()
	status, out := botDo(t, s, "POST", path, body)
	if status != 201 {
		t.Fatalf("POST %s %s: %d %v", path, body, status, out)
	}
	return objectOf(t, out)
}

// getChannel reads a channel, failing the test unless it answers 200.
func getChannel(t *testing.T, s *target, id string) map[string]any {
	t.Helper()
	status, out := botDo(t, s, "GET", "/channels/"+id, "")
	if status != 200 {
		t.Fatalf("GET /channels/%s: %d %v", id, status, out)
	}
	return objectOf(t, out)
}

func TestAThreadStartsFromAMessage(t *testing.T) {
	s := startReactions(t)
	bot := s.ApplicationID.String()
	m := post(t, s, rxReact, "let us talk about it")
	th := startThread(t, s, messagesPath(rxReact)+"/"+m+"/threads", `{"name":"talk","rate_limit_per_user":5}`)
	md := objectOf(t, th["thread_metadata"])
	member := objectOf(t, th["member"])
	if th["id"] != m || th["type"] != float64(11) || th["parent_id"] != "7201" || th["owner_id"] != bot || th["name"] != "talk" ||
		th["rate_limit_per_user"] != float64(5) || th["member_count"] != float64(1) || th["message_count"] != float64(0) ||
		th["total_message_sent"] != float64(0) || member["user_id"] != bot || member["id"] != m {
		t.Errorf("the thread reads %v", th)
	}
	if md["archived"] != false || md["locked"] != false || md["auto_archive_duration"] != float64(1440) ||
		md["create_timestamp"] == nil || md["archive_timestamp"] == nil {
		t.Errorf("its metadata reads %v", md)
	}

	// The message has the thread, and the thread its starter message.
	_, out := botDo(t, s, "GET", messagesPath(rxReact)+"/"+m, "")
	msg := objectOf(t, out)
	if int(msg["flags"].(float64))&(1<<5) == 0 || objectOf(t, msg["thread"])["id"] != m {
		t.Errorf("the message reads %v; want HAS_THREAD and its thread", msg)
	}
	_, out = botDo(t, s, "GET", "/channels/"+m+"/messages", "")
	list := out.([]any)
	if len(list) != 1 {
		t.Fatalf("the thread shows %v; want its starter message", list)
	}
	starter := objectOf(t, list[0])
	ref := objectOf(t, starter["message_reference"])
	if starter["type"] != float64(21) || ref["message_id"] != m || ref["channel_id"] != "7201" ||
		objectOf(t, starter["referenced_message"])["id"] != m {
		t.Errorf("the starter message reads %v", starter)
	}

	// Messages sent in it are counted; a deleted one no longer shows,
	// and still counts as sent.
	inside := post(t, s, idOf(t, m), "inside")
	got := getChannel(t, s, m)
	if got["message_count"] != float64(1) || got["total_message_sent"] != float64(1) || got["last_message_id"] != inside {
		t.Errorf("after a message the thread reads %v", got)
	}
	if status, _ := botDo(t, s, "DELETE", "/channels/"+m+"/messages/"+inside, ""); status != 204 {
		t.Fatalf("deleting: %d", status)
	}
	if got := getChannel(t, s, m); got["message_count"] != float64(0) || got["total_message_sent"] != float64(1) {
		t.Errorf("after a deletion the thread reads %v", got)
	}

	// One thread per message; an announcement channel's is an
	// announcement thread.
	status, out := botDo(t, s, "POST", messagesPath(rxReact)+"/"+m+"/threads", `{"name":"again"}`)
	if status != 400 || objectOf(t, out)["code"] != float64(160004) {
		t.Errorf("a second thread: %d %v; want 400 160004", status, out)
	}
	news := post(t, s, rxNews, "news")
	if th := startThread(t, s, messagesPath(rxNews)+"/"+news+"/threads", `{"name":"about the news"}`); th["type"] != float64(10) {
		t.Errorf("the thread of an announcement reads %v", th)
	}

	// The guild's channels leave threads out; its active threads list
	// those the bot sees.
	_, out = botDo(t, s, "GET", "/guilds/7001/channels", "")
	for _, c := range out.([]any) {
		if typ := objectOf(t, c)["type"].(float64); typ >= 10 && typ <= 12 {
			t.Errorf("the guild's channels list a thread: %v", c)
		}
	}
	_, out = botDo(t, s, "GET", "/guilds/7001/threads/active", "")
	active := objectOf(t, out)
	var ids []string
	for _, c := range active["threads"].([]any) {
		ids = append(ids, objectOf(t, c)["id"].(string))
	}
	if !slices.Contains(ids, m) || !slices.Contains(ids, news) || !slices.Contains(ids, "7206") ||
		slices.Contains(ids, "7205") || slices.Contains(ids, "7208") || slices.Contains(ids, "7211") {
		t.Errorf("the active threads are %v; want the new ones and open, not the archived, locked or private ones", ids)
	}
	if members := active["members"].([]any); len(members) != 2 || active["has_more"] != false {
		t.Errorf("the active threads' members are %v", active)
	}

	srv := s.Server(t, "Guilds is Go")
	for _, g := range srv.Guilds() {
		if g.ID != rxGuild {
			continue
		}
		i := slices.IndexFunc(g.Threads, func(th emulator.Thread) bool { return th.ID.String() == m })
		if i < 0 {
			t.Fatalf("Guilds lists the threads %+v", g.Threads)
		}
		th := g.Threads[i]
		if th.OwnerID != s.ApplicationID || len(th.Members) != 1 || th.Members[0] != s.ApplicationID ||
			th.MessageCount != 0 || th.TotalMessageSent != 1 || th.Created.IsZero() || th.ParentID != rxReact {
			t.Errorf("Guilds gives the thread %+v", th)
		}
	}
	for _, cm := range srv.ChannelMessages(rxReact) {
		if cm.ID.String() == m && cm.Thread.String() != m {
			t.Errorf("ChannelMessages gives the message's thread as %v", cm.Thread)
		}
	}
}

// idOf reads an id written as a string.
func idOf(t *testing.T, id string) int {
	t.Helper()
	n, err := strconv.Atoi(id)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAThreadStartsWithoutAMessage(t *testing.T) {
	s := startReactions(t)
	before := len(listOf(t, s, rxReact))
	private := startThread(t, s, "/channels/7201/threads", `{"name":"quiet"}`)
	if private["type"] != float64(12) || objectOf(t, private["thread_metadata"])["invitable"] != true {
		t.Errorf("a thread of no type given reads %v; want a private, invitable one", private)
	}
	closed := startThread(t, s, "/channels/7201/threads", `{"name":"closed","type":12,"invitable":false}`)
	if _, ok := objectOf(t, closed["thread_metadata"])["invitable"]; ok {
		t.Errorf("a thread not invitable reads %v", closed)
	}
	if n := len(listOf(t, s, rxReact)); n != before {
		t.Errorf("private threads posted %d messages in their parent", n-before)
	}
	public := startThread(t, s, "/channels/7201/threads", `{"name":"open talk","type":11,"auto_archive_duration":10080}`)
	if public["type"] != float64(11) || objectOf(t, public["thread_metadata"])["auto_archive_duration"] != float64(10080) {
		t.Errorf("a public thread reads %v", public)
	}
	list := listOf(t, s, rxReact)
	created := objectOf(t, list[0])
	ref := objectOf(t, created["message_reference"])
	if created["type"] != float64(18) || created["content"] != "open talk" || ref["channel_id"] != public["id"] || ref["message_id"] != nil {
		t.Errorf("the parent's newest message reads %v; want THREAD_CREATED pointing at the thread", created)
	}
	if th := startThread(t, s, "/channels/7209/threads", `{"name":"news talk","type":11}`); th["type"] != float64(10) {
		t.Errorf("a public thread of an announcement channel reads %v", th)
	}
	// The bot joined each, and sees its private ones.
	if got := getChannel(t, s, private["id"].(string)); objectOf(t, got["member"])["user_id"] != s.ApplicationID.String() {
		t.Errorf("the private thread reads %v", got)
	}
}

// listOf lists a channel's messages as the bot, newest first.
func listOf(t *testing.T, s *target, channel int) []any {
	t.Helper()
	status, out := botDo(t, s, "GET", messagesPath(channel), "")
	if status != 200 {
		t.Fatalf("listing %d: %d %v", channel, status, out)
	}
	return out.([]any)
}

func TestThreadRefusals(t *testing.T) {
	s := startReactions(t)
	m := post(t, s, rxReact, "a message")
	fromMessage := messagesPath(rxReact) + "/" + m + "/threads"
	for _, c := range []struct {
		name, method, path, body string
		status, code             int
	}{
		{"a thread has a name", "POST", fromMessage, `{}`, 400, 50035},
		{"a thread's name is at most 100 characters", "POST", fromMessage, `{"name":"` + longName + `"}`, 400, 50035},
		{"a thread's name is not empty", "POST", "/channels/7201/threads", `{"name":""}`, 400, 50035},
		{"a thread archives after one of four durations", "POST", fromMessage, `{"name":"t","auto_archive_duration":30}`, 400, 50035},
		{"a thread's slowmode is at most six hours", "POST", fromMessage, `{"name":"t","rate_limit_per_user":21601}`, 400, 50035},
		{"a thread's slowmode is not negative", "POST", "/channels/7201/threads", `{"name":"t","rate_limit_per_user":-1}`, 400, 50035},
		{"a thread's type is a thread's", "POST", "/channels/7201/threads", `{"name":"t","type":0}`, 400, 50035},
		{"a thread's body is JSON", "POST", "/channels/7201/threads", `{"name":`, 400, 50109},
		{"a thread starts from a known message", "POST", messagesPath(rxReact) + "/1/threads", `{"name":"t"}`, 404, 10008},
		{"a thread starts in a known channel", "POST", "/channels/99/threads", `{"name":"t"}`, 404, 10003},
		{"a forum takes no thread here", "POST", "/channels/7210/threads", `{"name":"t"}`, 400, 50024},
		{"a DM takes no thread", "POST", messagesPath(rxCarolDM) + "/1/threads", `{"name":"t"}`, 400, 50024},
		{"a thread takes no thread", "POST", "/channels/7206/threads", `{"name":"t"}`, 400, 50024},
		{"an announcement channel takes no private thread", "POST", "/channels/7209/threads", `{"name":"t","type":12}`, 400, 50024},
		{"a text channel takes no announcement thread", "POST", "/channels/7201/threads", `{"name":"t","type":10}`, 400, 50024},
		{"a public thread needs CREATE_PUBLIC_THREADS", "POST", "/channels/7212/threads", `{"name":"t","type":11}`, 403, 50013},
		{"a private thread needs CREATE_PRIVATE_THREADS", "POST", "/channels/7212/threads", `{"name":"t"}`, 403, 50013},
		{"a thread is started only where the bot may look", "POST", "/channels/7204/threads", `{"name":"t"}`, 403, 50001},
		{"sending in a thread needs SEND_MESSAGES_IN_THREADS", "POST", messagesPath(rxMuted), `{"content":"x"}`, 403, 50013},
		{"a locked thread takes no message without MANAGE_THREADS", "POST", messagesPath(rxLocked), `{"content":"x"}`, 403, 160005},
		{"a private thread is its members'", "GET", "/channels/7208", "", 403, 50001},
		{"a private thread takes no message of others", "POST", messagesPath(rxSecret), `{"content":"x"}`, 403, 50001},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, out := botDo(t, s, c.method, c.path, c.body)
			if body, _ := out.(map[string]any); status != c.status || body["code"] != float64(c.code) {
				t.Errorf("%s %s: %d %v; want %d %d", c.method, c.path, status, out, c.status, c.code)
			}
		})
	}
}

// longName is a thread name of 101 characters.
var longName = string(slices.Repeat([]byte("n"), 101))

func TestThreadsFollowTheirParentAndTheirArchive(t *testing.T) {
	s := startReactions(t)
	// SEND_MESSAGES denied in the parent does not count in a thread.
	th := startThread(t, s, "/channels/7213/threads", `{"name":"talk","type":11}`)
	id := th["id"].(string)
	if status, out := botDo(t, s, "POST", "/channels/7213/messages", `{"content":"x"}`); status != 403 {
		t.Fatalf("sending in nosend: %d %v", status, out)
	}
	inside := post(t, s, idOf(t, id), "in the thread")

	// A message wakes an archived thread that is not locked.
	post(t, s, rxArchived, "wake up")
	if md := objectOf(t, getChannel(t, s, "7205")["thread_metadata"]); md["archived"] != false {
		t.Errorf("the thread after a message reads %v", md)
	}

	// Archived, it takes no reaction and no edit.
	srv := s.Server(t, "ArchiveThread is Go")
	tid := interaction.Snowflake(idOf(t, id))
	if err := srv.ArchiveThread(tid, false); err != nil {
		t.Fatal(err)
	}
	if err := srv.ArchiveThread(rxReact, false); err == nil {
		t.Error("ArchiveThread took a channel that is no thread")
	}
	for _, c := range []struct{ method, path, body string }{
		{"PUT", "/channels/" + id + "/messages/" + inside + "/reactions/" + thumbsUp + "/@me", ""},
		{"PATCH", "/channels/" + id + "/messages/" + inside, `{"content":"edited"}`},
	} {
		status, out := botDo(t, s, c.method, c.path, c.body)
		if body, _ := out.(map[string]any); status != 400 || body["code"] != float64(50083) {
			t.Errorf("%s in an archived thread: %d %v; want 400 50083", c.method, status, out)
		}
	}
	if err := srv.React(rxCarol, tid, interaction.Snowflake(idOf(t, inside)), "👍"); err == nil {
		t.Error("carol reacted in an archived thread")
	}
	// Locked, it takes no message either.
	if err := srv.ArchiveThread(tid, true); err != nil {
		t.Fatal(err)
	}
	if status, out := botDo(t, s, "POST", "/channels/"+id+"/messages", `{"content":"x"}`); status != 403 {
		t.Errorf("sending in a locked thread: %d %v", status, out)
	}
}

func TestAGuildHasAThousandActiveThreadsAtMost(t *testing.T) {
	seed := reactionWorld()
	g := &seed.Guilds[1]
	// The world has three active threads (open, secret, muted) and two
	// archived ones, which do not count: 996 more make 999.
	for i := range 996 {
		md := interaction.ThreadMetadata{AutoArchiveDuration: 60}
		g.Channels = append(g.Channels, emulator.SeedChannel{Channel: interaction.Channel{
			ID: interaction.Snowflake(800000 + i), Name: "t", Type: interaction.ChannelPublicThread, ParentID: rxReact, ThreadMetadata: &md}})
	}
	s := start(t, emulator.Config{Seed: seed, RateLimit: emulator.RateLimit{Requests: 1 << 30}})
	startThread(t, s, "/channels/7201/threads", `{"name":"the thousandth","type":11}`)
	status, out := botDo(t, s, "POST", "/channels/7201/threads", `{"name":"one more","type":11}`)
	if body, _ := out.(map[string]any); status != 400 || body["code"] != float64(160006) {
		t.Errorf("a thread past the limit: %d %v; want 400 160006", status, out)
	}
}
