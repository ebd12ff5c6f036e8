package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/emulator/web"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// The bot acts through the service's API beyond its answers: it posts,
// replies, pins, reacts, starts a thread, writes in direct messages, times
// a member out and bans one. These tests see the playground show it.

// startActingPlayground starts the playground of startPlayground, its bot
// also acting through its REST client: /act posts "Welcome, everyone." in
// the channel, pins it (in #general, where it may, as it may start threads there), reacts to it with 👍, replies to it, starts "Tea
// thread" from it and writes there, writes to the user in their direct
// messages and times bob out for an hour; /banish bans a user for "spam".
func startActingPlayground(t *testing.T) *playground {
	t.Helper()
	emu, err := emulator.New(emulator.Config{Activities: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { emu.Close() })
	p := &playground{emu: emu, release: make(chan struct{}), asked: make(chan string, 16), suggest: make(chan struct{})}
	api, err := rest.NewClient(emu.URL, rest.BotToken(emu.BotToken))
	if err != nil {
		t.Fatal(err)
	}
	// The bot pins and starts threads in #general.
	pins := emulator.Overwrite{ID: emu.ApplicationID, Type: emulator.OverwriteMember, Allow: interaction.PermissionPinMessages | interaction.PermissionCreatePublicThreads | interaction.PermissionSendMessagesInThreads}
	if err := emu.SetOverwrites(emu.GuildID, general(t, p), pins); err != nil {
		t.Fatal(err)
	}
	r := p.bot(t)
	r.Command("act", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		if err := act(ctx, api, emu, req.Interaction.ChannelID, req.Invoker().ID); err != nil {
			return interaction.Response{}, err
		}
		return interaction.Reply("Done."), nil
	}, router.Description("Post, react, start a thread, write in private and time bob out"))
	r.Command("banish", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		u, _ := req.Options.User("who")
		if err := api.BanMember(ctx, req.Interaction.GuildID, u.ID, 0, "spam"); err != nil {
			return interaction.Response{}, err
		}
		return interaction.Reply("Banished."), nil
	}, router.Description("Ban a user"), router.Options(option.User("who", "Who").Required()))
	serveBot(t, emu, r)
	t.Cleanup(p.letSuggest)
	h := web.NewHandler(emu, web.Config{})
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		h.Close()
		srv.Close()
	})
	p.url = srv.URL
	return p
}

// act is what /act does, in channel, for user.
func act(ctx context.Context, api *rest.Client, emu *emulator.Server, channel, user interaction.Snowflake) error {
	welcome, err := api.CreateMessage(ctx, channel, interaction.MessageData{Content: "Welcome, everyone."})
	if err != nil {
		return err
	}
	if err := api.PinMessage(ctx, channel, welcome.ID, ""); err != nil {
		return err
	}
	if err := api.AddReaction(ctx, channel, welcome.ID, "👍"); err != nil {
		return err
	}
	if _, err := api.CreateMessage(ctx, channel, interaction.MessageData{Content: "Read the rules first.",
		Reference: &interaction.MessageReference{MessageID: welcome.ID}}); err != nil {
		return err
	}
	thread, err := api.StartThreadFromMessage(ctx, channel, welcome.ID, rest.ThreadStart{Name: "Tea thread"}, "")
	if err != nil {
		return err
	}
	if _, err := api.CreateMessage(ctx, thread.ID, interaction.MessageData{Content: "Tea is ready."}); err != nil {
		return err
	}
	if _, err := api.SendDM(ctx, user, interaction.MessageData{Content: "A word in private."}); err != nil {
		return err
	}
	return api.Timeout(ctx, emu.GuildID, emu.Member, time.Now().Add(time.Hour), "too loud")
}

// shown is what a stream has shown: each message as last sent, and the
// guild as last sent.
type shown struct {
	messages map[string]shownMessage
	order    []string
	guild    guildEvent
	guilds   int
}

// shownMessage is a message of the stream with what the channel shows
// beyond the message.
type shownMessage struct {
	ID          interaction.Snowflake `json:"id"`
	Interaction *struct {
		Summary string `json:"summary"`
	} `json:"interaction"`
	Type    int                   `json:"type"`
	ReplyTo interaction.Snowflake `json:"reply_to"`
	Author  struct {
		ID   interaction.Snowflake `json:"id"`
		Name string                `json:"name"`
	} `json:"author"`
	Content   string `json:"content"`
	Pinned    bool   `json:"pinned"`
	Reactions []struct {
		Emoji string `json:"emoji"`
		Name  string `json:"name"`
		Count int    `json:"count"`
		Me    bool   `json:"me"`
	} `json:"reactions"`
	Thread *struct {
		ID           interaction.Snowflake `json:"id"`
		Name         string                `json:"name"`
		MessageCount int                   `json:"message_count"`
	} `json:"thread"`
	Starter *struct {
		ID      interaction.Snowflake `json:"id"`
		Channel interaction.Snowflake `json:"channel"`
		Content string                `json:"content"`
	} `json:"starter"`
}

// guildEvent is the data of a "guild" event.
type guildEvent struct {
	Guild struct {
		Channels []struct {
			ID           interaction.Snowflake `json:"id"`
			Name         string                `json:"name"`
			Parent       interaction.Snowflake `json:"parent"`
			MessageCount int                   `json:"message_count"`
		} `json:"channels"`
		Members []interaction.Snowflake `json:"members"`
		Roster  []struct {
			User struct {
				ID       interaction.Snowflake `json:"id"`
				Username string                `json:"username"`
			} `json:"user"`
			Roles         []interaction.Snowflake `json:"roles"`
			TimedOutUntil *time.Time              `json:"timed_out_until"`
		} `json:"roster"`
		Bans []struct {
			User struct {
				Username string `json:"username"`
			} `json:"user"`
			Reason string `json:"reason"`
		} `json:"bans"`
	} `json:"guild"`
	Roles       []interaction.Snowflake `json:"roles"`
	Permissions []string                `json:"permissions"`
}

// timedOut returns when the member named username is timed out until,
// nil when they are not, and whether they are a member.
func (g guildEvent) timedOut(username string) (*time.Time, bool) {
	for _, m := range g.Guild.Roster {
		if m.User.Username == username {
			return m.TimedOutUntil, true
		}
	}
	return nil, false
}

// watch reads events of s until done reports that what was shown is what
// the test waits for.
func (s *stream) watch(t *testing.T, sh *shown, done func(*shown) bool) {
	t.Helper()
	if sh.messages == nil {
		sh.messages = map[string]shownMessage{}
	}
	for !done(sh) {
		ev := s.next(t)
		switch ev.name {
		case "message":
			var m shownMessage
			decode(t, []byte(ev.data), &m)
			if _, ok := sh.messages[m.Content]; !ok {
				sh.order = append(sh.order, m.Content)
			}
			sh.messages[m.Content] = m
		case "guild":
			sh.guild = guildEvent{}
			decode(t, []byte(ev.data), &sh.guild)
			sh.guilds++
		}
	}
}

func TestTheStreamShowsWhatTheBotDid(t *testing.T) {
	p := startActingPlayground(t)
	owner := p.emu.Admin
	channel := p.follow(t, "")
	dm := p.follow(t, "?guild=dm")
	for _, s := range []*stream{channel, dm} {
		if ev := s.next(t); ev.name != "reset" {
			t.Fatalf("the stream begins with %s", ev.name)
		}
	}
	if status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": owner, "guild": p.emu.GuildID, "line": "/act"}); status != http.StatusOK {
		t.Fatalf("/act: %d %s", status, raw)
	}

	var sh shown
	channel.watch(t, &sh, func(sh *shown) bool {
		w, ok := sh.messages["Welcome, everyone."]
		// Bob is in the roster from the first guild event on; what the
		// test waits for is the event after the bot timed him out.
		until, _ := sh.guild.timedOut("bob")
		bob := until != nil
		return ok && w.Thread != nil && w.Thread.MessageCount == 1 && len(w.Reactions) == 1 && w.Pinned &&
			sh.messages["Done."].ID != 0 && sh.messages["Read the rules first."].ID != 0 && bob
	})
	welcome, reply, done := sh.messages["Welcome, everyone."], sh.messages["Read the rules first."], sh.messages["Done."]
	if welcome.Interaction != nil || welcome.Author.ID != p.emu.ApplicationID || welcome.Type != 0 {
		t.Errorf("the bot's post: %+v", welcome)
	}
	if r := welcome.Reactions[0]; r.Emoji != "👍" || r.Name != "👍" || r.Count != 1 || r.Me {
		t.Errorf("the bot's reaction, to the owner: %+v", r)
	}
	if welcome.Thread.Name != "Tea thread" {
		t.Errorf("the thread of the post: %+v", welcome.Thread)
	}
	if reply.Interaction != nil || reply.ReplyTo != welcome.ID || reply.Type != 19 || reply.Pinned {
		t.Errorf("the bot's reply: %+v", reply)
	}
	if done.Interaction == nil || done.Interaction.Summary != "used /act" {
		t.Errorf("the answer: %+v", done)
	}
	if until, _ := sh.guild.timedOut("bob"); until == nil || until.Before(time.Now()) {
		t.Errorf("bob's timeout: %v", until)
	}
	if until, _ := sh.guild.timedOut("ada"); until != nil {
		t.Errorf("ada is timed out until %v", until)
	}
	i := slices.IndexFunc(sh.guild.Guild.Channels, func(c struct {
		ID           interaction.Snowflake `json:"id"`
		Name         string                `json:"name"`
		Parent       interaction.Snowflake `json:"parent"`
		MessageCount int                   `json:"message_count"`
	}) bool {
		return c.ID == welcome.Thread.ID
	})
	if i < 0 || sh.guild.Guild.Channels[i].Name != "Tea thread" || sh.guild.Guild.Channels[i].Parent != general(t, p) ||
		sh.guild.Guild.Channels[i].MessageCount != 1 {
		t.Errorf("the guild's channels: %+v", sh.guild.Guild.Channels)
	}

	// The bot's direct message is in the owner's direct messages, and
	// not in bob's, where the first message is his own command's answer.
	if m := dm.nextMessage(t); m.Content != "A word in private." || m.Author.Name != "Emulator-bot" || m.Interaction.Summary != "" {
		t.Errorf("the direct message: %+v", m)
	}
	bobsDM := p.follow(t, "?guild=dm&user="+p.emu.Member.String())
	bobsDM.next(t)
	if status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": p.emu.Member, "line": "/greet name:Bob"}); status != http.StatusOK {
		t.Fatalf("/greet: %d %s", status, raw)
	}
	if m := bobsDM.nextMessage(t); m.Content != "Hello, Bob!" {
		t.Errorf("bob's direct messages show %+v first", m)
	}

	// The thread is a channel of its own.
	thread := p.follow(t, "?channel="+welcome.Thread.ID.String())
	thread.next(t)
	var inThread shown
	thread.watch(t, &inThread, func(sh *shown) bool { return sh.messages["Tea is ready."].ID != 0 && sh.messages[""].ID != 0 })
	if m := inThread.messages[""]; m.Type != 21 || m.Starter == nil || m.Starter.ID != welcome.ID || m.Starter.Content != "Welcome, everyone." ||
		m.Starter.Channel != general(t, p) {
		t.Errorf("the thread's first message: %+v", m)
	}
}

// general is the id of the guild's channel "general".
func general(t *testing.T, p *playground) interaction.Snowflake {
	t.Helper()
	for _, c := range p.emu.Guilds()[0].Channels {
		if c.Name == "general" {
			return c.ID
		}
	}
	t.Fatal("no #general")
	return 0
}

// A user reacts and takes a reaction back through the page, as the
// service lets them; the channel shows the count and whether they did.
func TestAUserReactsThroughThePage(t *testing.T) {
	p := startActingPlayground(t)
	owner, bob := p.emu.Admin, p.emu.Member
	channel := p.follow(t, "")
	channel.next(t)
	if status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": owner, "guild": p.emu.GuildID, "line": "/act"}); status != http.StatusOK {
		t.Fatalf("/act: %d %s", status, raw)
	}
	var sh shown
	channel.watch(t, &sh, func(sh *shown) bool {
		w := sh.messages["Welcome, everyone."]
		return len(w.Reactions) == 1 && sh.messages["Done."].ID != 0
	})
	welcome := sh.messages["Welcome, everyone."]
	if status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": owner, "guild": p.emu.GuildID, "line": "/mod user ban user:@bob"}); status != http.StatusOK {
		t.Fatalf("/mod user ban: %d %s", status, raw)
	}
	channel.watch(t, &sh, func(sh *shown) bool { return sh.messages["Banned bob."].ID != 0 })
	ephemeral := sh.messages["Banned bob."].ID

	react := func(user interaction.Snowflake, message interaction.Snowflake, emoji string, on bool) (int, string) {
		status, raw := p.do(t, "POST", "/api/react", map[string]any{"user": user, "message": message, "emoji": emoji, "on": on})
		var refusal struct {
			Error string `json:"error"`
		}
		if len(raw) > 0 {
			decode(t, raw, &refusal)
		}
		return status, refusal.Error
	}
	tests := []struct {
		name    string
		user    interaction.Snowflake
		message interaction.Snowflake
		emoji   string
		on      bool
		status  int
		refusal string
		count   int
		me      bool
	}{
		{"the owner adds a 👍", owner, welcome.ID, "👍", true, http.StatusNoContent, "", 2, true},
		{"the owner adds it again", owner, welcome.ID, "👍", true, http.StatusNoContent, "", 2, true},
		{"the owner takes it back", owner, welcome.ID, "👍", false, http.StatusNoContent, "", 1, false},
		{"bob, timed out, may not react", bob, welcome.ID, "👍", true, http.StatusForbidden, "permission_denied", 1, false},
		{"no such emoji", owner, welcome.ID, "thumbs", true, http.StatusBadRequest, "invalid_input", 1, false},
		{"an ephemeral message is in no channel", owner, ephemeral, "👍", true, http.StatusBadRequest, "unknown_target", 1, false},
		{"no such message", owner, 12345, "👍", true, http.StatusBadRequest, "unknown_target", 1, false},
	}
	for _, tt := range tests {
		status, refusal := react(tt.user, tt.message, tt.emoji, tt.on)
		if status != tt.status || refusal != tt.refusal {
			t.Errorf("%s: %d %q, want %d %q", tt.name, status, refusal, tt.status, tt.refusal)
			continue
		}
		if tt.status != http.StatusNoContent {
			continue
		}
		channel.watch(t, &sh, func(sh *shown) bool {
			r := sh.messages["Welcome, everyone."].Reactions
			return len(r) == 1 && r[0].Count == tt.count && r[0].Me == tt.me
		})
	}

	// A reaction nobody has left goes.
	if status, refusal := react(owner, welcome.ID, "🍵", true); status != http.StatusNoContent {
		t.Fatalf("the owner adds a 🍵: %d %s", status, refusal)
	}
	channel.watch(t, &sh, func(sh *shown) bool { return len(sh.messages["Welcome, everyone."].Reactions) == 2 })
	if status, refusal := react(owner, welcome.ID, "🍵", false); status != http.StatusNoContent {
		t.Fatalf("the owner takes the 🍵 back: %d %s", status, refusal)
	}
	channel.watch(t, &sh, func(sh *shown) bool { return len(sh.messages["Welcome, everyone."].Reactions) == 1 })
}

// The stream sends the guild when the bot changes it, and only then: a
// timeout and a ban are sent, an answer is not.
func TestTheStreamSendsTheGuildWhenItChanges(t *testing.T) {
	p := startActingPlayground(t)
	owner, bob := p.emu.Admin, p.emu.Member
	s := p.follow(t, "")
	s.next(t)
	if status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": owner, "guild": p.emu.GuildID, "line": "/greet name:Ada"}); status != http.StatusOK {
		t.Fatalf("/greet: %d %s", status, raw)
	}
	if m := s.nextMessage(t); m.Content != "Hello, Ada!" {
		t.Fatalf("the answer: %+v", m)
	}
	if err := p.emu.SetTimeout(p.emu.GuildID, bob, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	// Nothing came between the answer and the timeout.
	ev := s.next(t)
	var g guildEvent
	decode(t, []byte(ev.data), &g)
	if until, member := g.timedOut("bob"); ev.name != "guild" || !member || until == nil {
		t.Fatalf("after a timeout: %s %s", ev.name, ev.data)
	}
	if !slices.Contains(g.Permissions, "ADMINISTRATOR") {
		t.Errorf("the owner's permissions: %v", g.Permissions)
	}

	if status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": owner, "guild": p.emu.GuildID, "line": "/banish who:@bob"}); status != http.StatusOK {
		t.Fatalf("/banish: %d %s", status, raw)
	}
	var sh shown
	s.watch(t, &sh, func(sh *shown) bool { return len(sh.guild.Guild.Bans) > 0 && sh.messages["Banished."].ID != 0 })
	if b := sh.guild.Guild.Bans[0]; b.User.Username != "bob" || b.Reason != "spam" {
		t.Errorf("the ban: %+v", b)
	}
	if _, member := sh.guild.timedOut("bob"); member || slices.Contains(sh.guild.Guild.Members, bob) {
		t.Errorf("bob, banned, is still a member: %+v", sh.guild.Guild.Roster)
	}
	if sh.guilds != 1 {
		t.Errorf("the ban was sent as %d guild events", sh.guilds)
	}

	// /api/state has the same.
	_, raw := p.do(t, "GET", "/api/state", nil)
	var st struct {
		Guilds []json.RawMessage `json:"guilds"`
	}
	decode(t, raw, &st)
	var g2 guildEvent
	decode(t, []byte(`{"guild":`+string(st.Guilds[0])+`}`), &g2)
	if len(g2.Guild.Bans) != 1 || len(g2.Guild.Roster) != len(sh.guild.Guild.Roster) {
		t.Errorf("the state's guild: %s", st.Guilds[0])
	}
}
