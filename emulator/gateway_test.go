package emulator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// gatewayBot is a test's gateway client: a bot with no interactions URL.
type gatewayBot struct {
	t   *testing.T
	ws  *websocket.Conn
	ctx context.Context
}

// gatewayPayload is a payload the gateway sent.
type gatewayPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int            `json:"s"`
	T  *string         `json:"t"`
}

// connectGateway asks the API where the gateway is, connects and
// identifies with intents, and returns the connection once READY and
// every GUILD_CREATE have come, with READY's d.
func connectGateway(t *testing.T, s *emulator.Server, intents int) (*gatewayBot, map[string]any, []map[string]any) {
	t.Helper()
	return connectGatewayAt(t, s.URL, s.BotToken, intents)
}

// connectGatewayAt is connectGateway for the emulator whose API is at
// base, in process or not.
func connectGatewayAt(t *testing.T, base, token string, intents int) (*gatewayBot, map[string]any, []map[string]any) {
	t.Helper()
	resp, err := http.Get(base + "/gateway")
	if err != nil {
		t.Fatal(err)
	}
	var where struct{ URL string }
	json.NewDecoder(resp.Body).Decode(&where)
	resp.Body.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	ws, _, err := websocket.Dial(ctx, where.URL+"/?v=10&encoding=json", nil)
	if err != nil {
		t.Fatalf("dialing %q: %v", where.URL, err)
	}
	ws.SetReadLimit(1 << 20)
	t.Cleanup(func() { ws.CloseNow() })
	b := &gatewayBot{t: t, ws: ws, ctx: ctx}
	b.expect(10, "")
	b.send(2, map[string]any{"token": token, "intents": intents, "properties": map[string]string{"os": "linux", "browser": "test", "device": "test"}})
	var ready map[string]any
	json.Unmarshal(b.expect(0, "READY").D, &ready)
	var guilds []map[string]any
	for range ready["guilds"].([]any) {
		var g map[string]any
		json.Unmarshal(b.expect(0, "GUILD_CREATE").D, &g)
		guilds = append(guilds, g)
	}
	return b, ready, guilds
}

func (b *gatewayBot) send(op int, d any) {
	b.t.Helper()
	p, _ := json.Marshal(map[string]any{"op": op, "d": d})
	if err := b.ws.Write(b.ctx, websocket.MessageText, p); err != nil {
		b.t.Fatal(err)
	}
}

// expect reads the next payload, which must have op and, for a dispatch,
// name.
func (b *gatewayBot) expect(op int, name string) gatewayPayload {
	b.t.Helper()
	_, data, err := b.ws.Read(b.ctx)
	if err != nil {
		b.t.Fatalf("waiting for op %d %s: %v", op, name, err)
	}
	var p gatewayPayload
	if err := json.Unmarshal(data, &p); err != nil {
		b.t.Fatal(err)
	}
	got := ""
	if p.T != nil {
		got = *p.T
	}
	if p.Op != op || got != name {
		b.t.Fatalf("got op %d %q (%s), want op %d %q", p.Op, got, p.D, op, name)
	}
	return p
}

// registerPing registers the global command /ping.
func registerPing(t *testing.T, s *emulator.Server) {
	t.Helper()
	req, _ := http.NewRequest("POST", s.URL+"/applications/"+s.ApplicationID.String()+"/commands",
		strings.NewReader(`{"name":"ping","description":"Ping","type":1}`))
	req.Header.Set("Authorization", "Bot "+s.BotToken)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("registering /ping: %d", resp.StatusCode)
	}
}

func TestTheAPISaysWhereTheGatewayIs(t *testing.T) {
	s, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	host := strings.TrimSuffix(strings.TrimPrefix(s.URL, "http://"), "/v10")
	for _, path := range []string{"/gateway", "/gateway/bot"} {
		req, _ := http.NewRequest("GET", s.URL+path, nil)
		if path == "/gateway/bot" {
			req.Header.Set("Authorization", "Bot "+s.BotToken)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			URL    string `json:"url"`
			Shards *int   `json:"shards"`
			Limit  *struct {
				Total, Remaining, ResetAfter, MaxConcurrency int
			} `json:"session_start_limit"`
		}
		json.NewDecoder(resp.Body).Decode(&got)
		resp.Body.Close()
		if resp.StatusCode != 200 || got.URL != "ws://"+host {
			t.Errorf("%s: %d %+v", path, resp.StatusCode, got)
		}
		if path == "/gateway/bot" && (got.Shards == nil || *got.Shards != 1 || got.Limit == nil) {
			t.Errorf("%s: %+v", path, got)
		}
	}
	resp, err := http.Get(s.URL + "/gateway/bot")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("/gateway/bot without a token: %d", resp.StatusCode)
	}
}

func TestAGatewaySessionIsWelcomedWithItsGuilds(t *testing.T) {
	s, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	changed := s.Changed()
	_, ready, guilds := connectGateway(t, s, 1)
	// The session's start is told once it is listed, which may be just
	// after its first frames went out: a bounded wait, not a look.
	select {
	case <-changed:
	case <-time.After(10 * time.Second):
		t.Error("a session's start is no change")
	}
	if ss := s.GatewaySessions(); len(ss) != 1 || ss[0].ID != ready["session_id"] || ss[0].Intents != 1 || ss[0].Shard != [2]int{0, 1} || !ss[0].Connected {
		t.Errorf("GatewaySessions: %+v", ss)
	}
	user, _ := ready["user"].(map[string]any)
	app, _ := ready["application"].(map[string]any)
	if user["id"] != s.ApplicationID.String() || user["bot"] != true || app["id"] != s.ApplicationID.String() {
		t.Errorf("READY: %v", ready)
	}
	if len(guilds) != 1 || guilds[0]["id"] != s.GuildID.String() || guilds[0]["unavailable"] != false {
		t.Fatalf("GUILD_CREATEs: %v", guilds)
	}
	g := guilds[0]
	members, _ := g["members"].([]any)
	if len(members) != 1 || members[0].(map[string]any)["user"].(map[string]any)["id"] != s.ApplicationID.String() {
		t.Errorf("without GUILD_PRESENCES, members are the bot alone: %v", members)
	}
	if g["member_count"] != float64(4) || g["joined_at"] == "" {
		t.Errorf("GUILD_CREATE: member_count %v, joined_at %v", g["member_count"], g["joined_at"])
	}
	var names []string
	for _, c := range g["channels"].([]any) {
		names = append(names, c.(map[string]any)["name"].(string))
	}
	if strings.Join(names, ",") != "general,moderation,announcements,Lounge" {
		t.Errorf("channels: %v", names)
	}
}

func TestAGatewayBotReceivesItsInteractionsAndAnswersThroughTheCallback(t *testing.T) {
	s, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	registerPing(t, s)
	ctx := context.Background()
	if _, err := s.Invoke(ctx, emulator.Invocation{User: s.Member, Guild: s.GuildID, Command: "ping"}); !errors.Is(err, emulator.ErrUnknownTarget) {
		t.Fatalf("with no interactions URL and no gateway session: %v", err)
	}
	bot, _, _ := connectGateway(t, s, 0) // INTERACTION_CREATE belongs to no intent

	type invoked struct {
		res *emulator.Result
		err error
	}
	done := make(chan invoked, 1)
	go func() {
		res, err := s.Invoke(ctx, emulator.Invocation{User: s.Member, Guild: s.GuildID, Command: "ping"})
		done <- invoked{res, err}
	}()
	ev := bot.expect(0, "INTERACTION_CREATE")
	var ix interaction.Interaction
	if err := interaction.Decode(ev.D, &ix); err != nil {
		t.Fatalf("INTERACTION_CREATE's d is no interaction: %v: %s", err, ev.D)
	}
	if ix.Data.Name != "ping" || ix.GuildID != s.GuildID {
		t.Errorf("the interaction: %+v", ix)
	}
	resp, err := http.Post(s.URL+"/interactions/"+ix.ID.String()+"/"+ix.Token+"/callback", "application/json",
		bytes.NewReader([]byte(`{"type":4,"data":{"content":"pong"}}`)))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Errorf("the callback: %d", resp.StatusCode)
	}
	got := <-done
	if got.err != nil || !got.res.OK() || !got.res.Gateway || got.res.Status != 0 || got.res.Answer.Message.Content != "pong" {
		t.Errorf("the result: %v %+v", got.err, got.res)
	}
}

func TestAGatewayBotThatDoesNotAnswerLetsTheInteractionFail(t *testing.T) {
	s, err := emulator.New(emulator.Config{ResponseWindow: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	registerPing(t, s)
	bot, _, _ := connectGateway(t, s, 0)
	res, err := s.Invoke(context.Background(), emulator.Invocation{User: s.Member, Guild: s.GuildID, Command: "ping"})
	if err != nil {
		t.Fatal(err)
	}
	bot.expect(0, "INTERACTION_CREATE")
	if res.OK() || len(res.Violations) != 1 || !strings.Contains(res.Violations[0], "no answer through the callback endpoint") {
		t.Errorf("the result: %+v", res)
	}
}

// dispatch reads the next payload, a dispatch named name, and returns
// its d.
func (b *gatewayBot) dispatch(name string) map[string]any {
	b.t.Helper()
	var d map[string]any
	if err := json.Unmarshal(b.expect(0, name).D, &d); err != nil {
		b.t.Fatal(err)
	}
	return d
}

func TestTheWorldsEventsReachTheSessionsThatAskForThem(t *testing.T) {
	s, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const (
		guilds, members, moderation, messages, reactions, content = 1 << 0, 1 << 1, 1 << 2, 1 << 9, 1 << 10, 1 << 15
	)
	all, _, guildsOf := connectGateway(t, s, guilds|members|moderation|messages|reactions|content)
	few, _, _ := connectGateway(t, s, messages)
	var general interaction.Snowflake
	for _, c := range guildsOf[0]["channels"].([]any) {
		if c := c.(map[string]any); c["name"] == "general" {
			general, _ = interaction.ParseSnowflake(c["id"].(string))
		}
	}

	posted, err := s.PostMessage(s.Member, general, interaction.MessageData{Content: "hello"})
	if err != nil {
		t.Fatal(err)
	}
	m := all.dispatch("MESSAGE_CREATE")
	if m["content"] != "hello" || m["guild_id"] != s.GuildID.String() || m["id"] != posted.ID.String() || m["member"] == nil {
		t.Errorf("MESSAGE_CREATE with MESSAGE_CONTENT: %v", m)
	}
	if m := few.dispatch("MESSAGE_CREATE"); m["content"] != "" || m["id"] != posted.ID.String() {
		t.Errorf("MESSAGE_CREATE without MESSAGE_CONTENT: %v", m)
	}

	if err := s.React(s.Member, general, posted.ID, "👍"); err != nil {
		t.Fatal(err)
	}
	r := all.dispatch("MESSAGE_REACTION_ADD")
	if r["user_id"] != s.Member.String() || r["message_id"] != posted.ID.String() || r["emoji"].(map[string]any)["name"] != "👍" ||
		r["message_author_id"] != s.Member.String() {
		t.Errorf("MESSAGE_REACTION_ADD: %v", r)
	}

	until := time.Now().Add(time.Hour)
	if err := s.SetTimeout(s.GuildID, s.Member, until); err != nil {
		t.Fatal(err)
	}
	if u := all.dispatch("GUILD_MEMBER_UPDATE"); u["communication_disabled_until"] == nil || u["user"].(map[string]any)["id"] != s.Member.String() {
		t.Errorf("GUILD_MEMBER_UPDATE: %v", u)
	}

	req, _ := http.NewRequest("PUT", s.URL+"/guilds/"+s.GuildID.String()+"/bans/"+s.Member.String(), strings.NewReader(`{"delete_message_seconds":3600}`))
	req.Header.Set("Authorization", "Bot "+s.BotToken)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("the ban: %d", resp.StatusCode)
	}
	if b := all.dispatch("GUILD_BAN_ADD"); b["user"].(map[string]any)["id"] != s.Member.String() {
		t.Errorf("GUILD_BAN_ADD: %v", b)
	}
	all.dispatch("GUILD_MEMBER_REMOVE")
	for _, b := range []*gatewayBot{all, few} {
		if d := b.dispatch("MESSAGE_DELETE_BULK"); len(d["ids"].([]any)) != 1 || d["ids"].([]any)[0] != posted.ID.String() {
			t.Errorf("MESSAGE_DELETE_BULK: %v", d)
		}
	}
}

func TestAMemberWhoJoinsIsAnnouncedToSessionsWithGuildMembers(t *testing.T) {
	s, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	withMembers, _, _ := connectGateway(t, s, 1<<1)
	without, _, _ := connectGateway(t, s, 1<<2) // GUILD_MODERATION
	req, _ := http.NewRequest("DELETE", s.URL+"/guilds/"+s.GuildID.String()+"/members/"+s.Member.String(), nil)
	req.Header.Set("Authorization", "Bot "+s.BotToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if d := withMembers.dispatch("GUILD_MEMBER_REMOVE"); d["user"].(map[string]any)["id"] != s.Member.String() {
		t.Errorf("GUILD_MEMBER_REMOVE: %v", d)
	}
	if err := s.Join(s.GuildID, s.Member); err != nil {
		t.Fatal(err)
	}
	d := withMembers.dispatch("GUILD_MEMBER_ADD")
	if d["guild_id"] != s.GuildID.String() || d["user"].(map[string]any)["id"] != s.Member.String() || d["joined_at"] == nil {
		t.Errorf("GUILD_MEMBER_ADD: %v", d)
	}
	if err := s.Join(s.GuildID, s.Member); err != nil {
		t.Errorf("joining again: %v", err)
	}
	if err := s.Join(s.GuildID, s.ApplicationID); !errors.Is(err, emulator.ErrInvalidInput) {
		t.Errorf("the bot joins as a user: %v", err)
	}
	// The session without GUILD_MEMBERS heard of neither; its next
	// event is the ban, which GUILD_MODERATION asks for.
	req, _ = http.NewRequest("PUT", s.URL+"/guilds/"+s.GuildID.String()+"/bans/"+s.Member.String(), strings.NewReader(`{}`))
	req.Header.Set("Authorization", "Bot "+s.BotToken)
	req.Header.Set("Content-Type", "application/json")
	if resp, err = http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	without.dispatch("GUILD_BAN_ADD")
	if err := s.Join(s.GuildID, s.Member); !errors.Is(err, emulator.ErrPermissionDenied) {
		t.Errorf("a banned user joins: %v", err)
	}
}

func TestCommandPermissionsWrittenReachEverySession(t *testing.T) {
	tg := start(t, emulator.Config{})
	s := tg.Server(t, "the gateway's session is read in process")
	registerPing(t, s)
	bot, _, _ := connectGateway(t, s, 0) // no intent asks for it
	status, body := tokenCall(t, tg, clientForm(tg, "grant_type", "authorization_code", "code", s.AuthorizationCode, "redirect_uri", s.RedirectURI), false)
	if status != 200 {
		t.Fatalf("exchanging the code: %d %v", status, body)
	}
	var cmds []struct{ ID string }
	req, _ := http.NewRequest("GET", s.URL+"/applications/"+s.ApplicationID.String()+"/commands", nil)
	req.Header.Set("Authorization", "Bot "+s.BotToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&cmds)
	resp.Body.Close()
	perms := `{"permissions":[{"id":"` + s.Member.String() + `","type":2,"permission":false}]}`
	req, _ = http.NewRequest("PUT", s.URL+"/applications/"+s.ApplicationID.String()+"/guilds/"+s.GuildID.String()+"/commands/"+cmds[0].ID+"/permissions",
		strings.NewReader(perms))
	req.Header.Set("Authorization", "Bearer "+body["access_token"].(string))
	req.Header.Set("Content-Type", "application/json")
	if resp, err = http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("writing the permissions: %d", resp.StatusCode)
	}
	d := bot.dispatch("APPLICATION_COMMAND_PERMISSIONS_UPDATE")
	if d["id"] != cmds[0].ID || d["guild_id"] != s.GuildID.String() || len(d["permissions"].([]any)) != 1 {
		t.Errorf("APPLICATION_COMMAND_PERMISSIONS_UPDATE: %v", d)
	}
}

// A guild the bot is not in sends it nothing.
func TestAGuildWithoutTheBotSendsItNoEvent(t *testing.T) {
	seed := seedWorld()
	notInstalled := false
	seed.Guilds[0].Installed = &notInstalled
	s, err := emulator.New(emulator.Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	bot, ready, _ := connectGateway(t, s, 1<<1|1<<2)
	if guilds := ready["guilds"].([]any); len(guilds) != 1 || guilds[0].(map[string]any)["id"] != s.GuildID.String() {
		t.Fatalf("READY's guilds: %v", guilds)
	}
	if err := s.SetRoles(2001, 1003, 2002); err != nil {
		t.Fatal(err)
	}
	if err := s.SetTimeout(2001, 1003, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetTimeout(s.GuildID, s.Member, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if d := bot.dispatch("GUILD_MEMBER_UPDATE"); d["guild_id"] != s.GuildID.String() {
		t.Errorf("the first event is of guild %v, where the bot is not", d["guild_id"])
	}
}

func TestTheControlAPIDrivesTheGateway(t *testing.T) {
	s := start(t, emulator.Config{})
	bot, ready, _ := connectGatewayAt(t, s.URL, s.BotToken, 1<<1)
	status, raw := control(t, s.controlURL, "GET", "/_emulator/gateway", "")
	var got struct {
		Sessions []struct {
			ID        string `json:"id"`
			Intents   uint64 `json:"intents"`
			Shard     [2]int `json:"shard"`
			Connected bool   `json:"connected"`
		} `json:"sessions"`
	}
	if err := json.Unmarshal(raw, &got); err != nil || status != 200 || len(got.Sessions) != 1 ||
		got.Sessions[0].ID != ready["session_id"] || got.Sessions[0].Intents != 2 || !got.Sessions[0].Connected {
		t.Fatalf("GET /_emulator/gateway: %d %s", status, raw)
	}
	// bob leaves, and joins again.
	req, _ := http.NewRequest("DELETE", s.URL+"/guilds/"+s.GuildID.String()+"/members/"+s.Member.String(), nil)
	req.Header.Set("Authorization", "Bot "+s.BotToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	bot.dispatch("GUILD_MEMBER_REMOVE")
	join := `{"guild":"` + s.GuildID.String() + `","user":"` + s.Member.String() + `"}`
	if status, raw := control(t, s.controlURL, "POST", "/_emulator/members", join); status != 204 {
		t.Fatalf("POST /_emulator/members: %d %s", status, raw)
	}
	if d := bot.dispatch("GUILD_MEMBER_ADD"); d["user"].(map[string]any)["id"] != s.Member.String() {
		t.Errorf("GUILD_MEMBER_ADD: %v", d)
	}
	if status, raw := control(t, s.controlURL, "POST", "/_emulator/members", `{"guild":"`+s.GuildID.String()+`","user":"1"}`); status != 400 ||
		!strings.Contains(string(raw), "unknown_target") {
		t.Errorf("an unknown user joins: %d %s", status, raw)
	}
	if status, raw := control(t, s.controlURL, "POST", "/_emulator/gateway/reconnect", "{}"); status != 204 {
		t.Fatalf("POST /_emulator/gateway/reconnect: %d %s", status, raw)
	}
	bot.expect(7, "")
}

// An application whose interactions URL is taken away receives its
// interactions on the gateway again; the control API takes it away too.
func TestAnEmptyInteractionsURLSendsInteractionsToTheGateway(t *testing.T) {
	tg, url := startEcho(t)
	s := tg.Server(t, "the invocations are read in process")
	bot, _, _ := connectGatewayAt(t, tg.URL, tg.BotToken, 0)
	ctx := context.Background()
	echo := emulator.Invocation{User: s.Member, Guild: s.GuildID, Command: "echo", Options: []emulator.Arg{{Name: "text", Value: "hi"}}}
	if res, err := s.Invoke(ctx, echo); err != nil || res.Gateway || res.Answer.Message.Content != "hi" {
		t.Fatalf("with a URL: %v %+v", err, res)
	}
	if status, raw := control(t, tg.controlURL, "POST", "/_emulator/interactions-url", `{"url": ""}`); status != 204 {
		t.Fatalf("taking the URL away: %d %s", status, raw)
	}
	unanswered, cancel := context.WithCancel(ctx)
	defer cancel() // the bot does not answer it: the invocation ends with the test
	go s.Invoke(unanswered, echo)
	bot.expect(0, "INTERACTION_CREATE")
	if err := s.SetInteractionsURL(ctx, url); err != nil {
		t.Fatal(err)
	}
	if res, err := s.Invoke(ctx, echo); err != nil || res.Gateway {
		t.Errorf("with the URL again: %v %+v", err, res)
	}
}

func TestRequestGuildMembersAnswersWithTheGuildsMembers(t *testing.T) {
	s, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	bot, _, _ := connectGateway(t, s, 1<<1)
	bot.send(8, map[string]any{"guild_id": s.GuildID.String(), "query": "", "limit": 0, "nonce": "all"})
	d := bot.dispatch("GUILD_MEMBERS_CHUNK")
	var names []string
	for _, m := range d["members"].([]any) {
		names = append(names, m.(map[string]any)["user"].(map[string]any)["username"].(string))
	}
	if len(names) != 4 || d["nonce"] != "all" || d["chunk_count"] != float64(1) {
		t.Errorf("every member: %v %v", names, d)
	}
	bot.send(8, map[string]any{"guild_id": s.GuildID.String(), "query": "B", "limit": 10})
	if d := bot.dispatch("GUILD_MEMBERS_CHUNK"); len(d["members"].([]any)) != 1 || d["members"].([]any)[0].(map[string]any)["user"].(map[string]any)["username"] != "bob" {
		t.Errorf("members whose username starts with B: %v", d)
	}
	bot.send(8, map[string]any{"guild_id": s.GuildID.String(), "user_ids": []string{s.Moderator.String(), "1"}})
	if d := bot.dispatch("GUILD_MEMBERS_CHUNK"); len(d["members"].([]any)) != 1 || d["not_found"].([]any)[0] != "1" {
		t.Errorf("members by id: %v", d)
	}
}
