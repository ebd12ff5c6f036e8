package emulator

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

// testBot is a bot built with switchboard, serving the emulator's
// interactions, that keeps the last request each handler saw.
type testBot struct {
	mu   sync.Mutex
	last *router.Request
	srv  *httptest.Server
}

func (b *testBot) saw(req *router.Request) {
	b.mu.Lock()
	b.last = req
	b.mu.Unlock()
}

func (b *testBot) lastRequest() *router.Request {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.last
}

// startBot builds the bot, registers its commands in the emulator (the mod
// group, search, and the context-menu commands in the guild; ping globally)
// and sets its interactions URL.
func startBot(t testing.TB, s *Server) *testBot {
	t.Helper()
	b := &testBot{}
	r := router.New()
	inGuild := router.Guilds(s.GuildID)
	r.Group("mod", router.Description("Moderation"), inGuild, router.Permissions(interaction.PermissionBanMembers))
	r.Command("mod ban", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		b.saw(req)
		u, _ := req.Options.User("user")
		return interaction.Reply("banned " + u.Username), nil
	}, router.Description("Ban a member"), router.Options(
		option.User("user", "Who").Required(),
		option.String("reason", "Why").MaxLength(20),
		option.Integer("days", "Messages to delete").Min(0).Max(7),
	))
	r.Group("mod").Group("user", router.Description("About members"))
	r.Command("mod user note", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		b.saw(req)
		return interaction.Reply("noted").Ephemeral(), nil
	}, router.Description("Note"), router.Options(
		option.String("level", "How bad").Required().Choices(interaction.StringChoice("Low", "low"), interaction.StringChoice("High", "high")),
		option.Channel("where", "Where").ChannelTypes(interaction.ChannelGuildText),
		option.Attachment("proof", "Proof").FileTypes("image", ".PDF"),
	))
	r.Command("search", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		b.saw(req)
		return interaction.Defer(), nil
	}, router.Description("Search"), inGuild, router.Options(
		option.String("query", "What").Required().Autocomplete(),
		option.Integer("limit", "How many").Required(),
	))
	r.Autocomplete("search", "query", func(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		var out []interaction.Choice
		n := 3
		if req.Focused.Text() == "many" {
			n = 26
		}
		for i := range n {
			out = append(out, interaction.StringChoice(req.Focused.Text()+strings.Repeat("!", i+1), "v"))
		}
		return out, nil
	})
	r.Command("slow", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		time.Sleep(600 * time.Millisecond) // twice the window TestInvokeLate sets
		return interaction.Reply("late"), nil
	}, router.Description("Answers late"), inGuild)
	// The router refuses to send an answer of the wrong type; the
	// endpoint below sends it anyway, as a bot on another framework might.
	r.Command("wrong", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("never sent"), nil
	}, router.Description("Answers with the wrong type"), inGuild)
	r.UserCommand("Inspect", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		b.saw(req)
		return interaction.Reply("inspected"), nil
	}, inGuild)
	r.MessageCommand("Quote", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		b.saw(req)
		m, _ := req.TargetMessage()
		return interaction.Reply("> " + m.Content), nil
	}, inGuild)
	r.Command("ping", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		b.saw(req)
		return interaction.Reply("pong"), nil
	}, router.Description("Ping"))
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.New(mux, verifier)
	if err != nil {
		t.Fatal(err)
	}
	b.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		var ix interaction.Interaction
		if interaction.Decode(body, &ix) == nil && ix.Type == interaction.TypeApplicationCommand && ix.Data.Name == "wrong" {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"type":8,"data":{"choices":[]}}`)
			return
		}
		req.Body = io.NopCloser(bytes.NewReader(body))
		e.ServeHTTP(w, req)
	}))
	t.Cleanup(b.srv.Close)
	for _, scope := range []command.Scope{command.Global, command.InGuild(s.GuildID)} {
		body, err := mux.Definitions().JSON(scope)
		if err != nil {
			t.Fatal(err)
		}
		putCommands(t, s, scope, body)
	}
	if err := s.SetInteractionsURL(context.Background(), b.srv.URL); err != nil {
		t.Fatal(err)
	}
	return b
}

func newTestServer(t *testing.T) *Server {
	t.Helper()
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// commandID returns the id of a command by name, from any scope.
func commandID(s *Server, name string) interaction.Snowflake {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	for _, cmds := range s.st.app.commands {
		for _, c := range cmds {
			if c.Name == name {
				return c.ID
			}
		}
	}
	return 0
}

func channelID(s *Server, name string) interaction.Snowflake {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	return channelNamed(s.st.guilds[s.GuildID], name).ID
}

func mustOK(t *testing.T, res *Result, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() {
		t.Fatalf("status %d, violations %q, answer %s", res.Status, res.Violations, res.RawAnswer)
	}
}

func TestInvokeEndToEnd(t *testing.T) {
	s := newTestServer(t)
	bot := startBot(t, s)
	ctx := context.Background()

	t.Run("subcommand with a user", func(t *testing.T) {
		res, err := s.Invoke(ctx, Invocation{User: s.Moderator, Guild: s.GuildID, Locale: interaction.LocaleFrench, Command: "mod ban",
			Options: []Arg{{"user", s.Member}, {"reason", "spam"}, {"days", 3}}})
		mustOK(t, res, err)
		if res.Answer.Type != interaction.CallbackChannelMessageWithSource || res.Answer.Message.Content != "banned bob" {
			t.Errorf("answer %+v", res.Answer)
		}
		req := bot.lastRequest()
		if req.Path() != "mod ban" || req.Locale() != interaction.LocaleFrench || req.Invoker().ID != s.Moderator {
			t.Errorf("handler saw %q %q %v", req.Path(), req.Locale(), req.Invoker().ID)
		}
		u, _ := req.Options.User("user")
		if u.ID != s.Member || !u.HasMember {
			t.Errorf("resolved user %+v", u)
		}
		if days, _ := req.Options.Int("days"); days != 3 {
			t.Errorf("days = %d", days)
		}
		if !bytes.Contains(res.Body, []byte(`"name":"days","type":4,"value":3`)) {
			t.Errorf("INTEGER not sent as a JSON integer: %s", res.Body)
		}
		for _, field := range []string{`"version":1`, `"attachment_size_limit":10485760`, `"entitlements":[]`, `"context":0`,
			`"authorizing_integration_owners":{"0":"` + s.GuildID.String() + `"}`, `"guild_locale":"en-US"`, `"nick":null`} {
			if !bytes.Contains(res.Body, []byte(field)) {
				t.Errorf("body lacks %s: %s", field, res.Body)
			}
		}
		rec, ok := s.Interaction(res.Interaction.ID)
		if !ok || rec.Answer == nil {
			t.Errorf("interaction not recorded with its answer: %+v", rec)
		}
	})

	t.Run("group with choices, channel and attachment", func(t *testing.T) {
		res, err := s.Invoke(ctx, Invocation{User: s.Moderator, Guild: s.GuildID, Command: "mod user note",
			Options: []Arg{{"level", "high"}, {"where", channelID(s, "moderation")}, {"proof", interaction.Attachment{Filename: "a.png", Size: 10}}}})
		mustOK(t, res, err)
		req := bot.lastRequest()
		if req.SubcommandGroup != "user" || req.Subcommand != "note" {
			t.Errorf("route %q %q", req.SubcommandGroup, req.Subcommand)
		}
		if c, ok := req.Options.Channel("where"); !ok || c.Name != "moderation" {
			t.Errorf("channel %+v", c)
		}
		if a, ok := req.Options.Attachment("proof"); !ok || a.Filename != "a.png" || a.URL == "" {
			t.Errorf("attachment %+v", a)
		}
	})

	t.Run("autocomplete", func(t *testing.T) {
		res, err := s.Autocomplete(ctx, Invocation{Guild: s.GuildID, Command: "search", Options: []Arg{{"query", "go"}}, Focused: "query"})
		mustOK(t, res, err)
		if len(res.Answer.Choices) != 3 || res.Answer.Choices[0].Name != "go!" {
			t.Errorf("choices %+v", res.Answer.Choices)
		}
		if res.Interaction.Type != interaction.TypeApplicationCommandAutocomplete || res.Interaction.Data.Version == 0 {
			t.Errorf("sent %v version %v", res.Interaction.Type, res.Interaction.Data.Version)
		}
		if f, ok := res.Interaction.Data.Focused(); !ok || f.Name != "query" {
			t.Errorf("focused %+v", f)
		}
	})

	t.Run("deferred", func(t *testing.T) {
		res, err := s.Invoke(ctx, Invocation{Guild: s.GuildID, Command: "search", Options: []Arg{{"query", "x"}, {"limit", 2}}})
		mustOK(t, res, err)
		if res.Answer.Type != interaction.CallbackDeferredChannelMessageWithSource {
			t.Errorf("answer %v", res.Answer.Type)
		}
	})

	t.Run("user command", func(t *testing.T) {
		res, err := s.Invoke(ctx, Invocation{Guild: s.GuildID, Type: interaction.CommandUser, Command: "Inspect", Target: s.Moderator})
		mustOK(t, res, err)
		u, ok := bot.lastRequest().TargetUser()
		if !ok || u.ID != s.Moderator || !u.HasMember || len(u.Member.Roles) != 1 {
			t.Errorf("target %+v", u)
		}
	})

	t.Run("message command on a message the bot sent", func(t *testing.T) {
		first, err := s.Invoke(ctx, Invocation{Guild: s.GuildID, Command: "ping"})
		mustOK(t, first, err)
		rec, _ := s.Interaction(first.Interaction.ID)
		res, err := s.Invoke(ctx, Invocation{Guild: s.GuildID, Type: interaction.CommandMessage, Command: "Quote", Target: rec.Original.ID})
		mustOK(t, res, err)
		if res.Answer.Message.Content != "> pong" {
			t.Errorf("answer %q", res.Answer.Message.Content)
		}
	})

	t.Run("global command in DMs", func(t *testing.T) {
		res, err := s.Invoke(ctx, Invocation{Command: "ping"})
		mustOK(t, res, err)
		ix := res.Interaction
		if ix.GuildID != 0 || ix.User == nil || ix.User.ID != s.Member || !ix.Member.IsZero() || ix.Context.Type != interaction.ContextBotDM {
			t.Errorf("DM interaction: %s", res.Body)
		}
	})

	t.Run("guild command not in DMs", func(t *testing.T) {
		_, err := s.Invoke(ctx, Invocation{Command: "search", Options: []Arg{{"query", "x"}, {"limit", 2}}})
		if !errors.Is(err, ErrUnknownCommand) {
			t.Errorf("err = %v", err)
		}
	})

	t.Run("wrong callback type", func(t *testing.T) {
		res, err := s.Invoke(ctx, Invocation{Guild: s.GuildID, Command: "wrong"})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Violations) == 0 {
			t.Error("wrong callback type not reported")
		}
	})
}

func TestInvokeInputChecks(t *testing.T) {
	s := newTestServer(t)
	startBot(t, s)
	ctx := context.Background()
	announcements := channelID(s, "announcements")
	tests := []struct {
		name string
		inv  Invocation
		says string // part of the reason, when it matters
	}{
		{"missing required", Invocation{Command: "mod ban"}, ""},
		{"not a choice", Invocation{Command: "mod user note", Options: []Arg{{"level", "medium"}}}, `"medium" is not one of its choices (Low, High)`},
		{"empty text", Invocation{Command: "mod ban", Options: []Arg{{"user", s.Member}, {"reason", ""}}}, `option "reason" is empty`},
		{"below min", Invocation{Command: "mod ban", Options: []Arg{{"user", s.Member}, {"days", -1}}}, ""},
		{"above max", Invocation{Command: "mod ban", Options: []Arg{{"user", s.Member}, {"days", 8}}}, ""},
		{"too long", Invocation{Command: "mod ban", Options: []Arg{{"user", s.Member}, {"reason", strings.Repeat("x", 21)}}}, ""},
		{"wrong type", Invocation{Command: "mod ban", Options: []Arg{{"user", s.Member}, {"days", "3"}}}, ""},
		{"not an integer", Invocation{Command: "mod ban", Options: []Arg{{"user", s.Member}, {"days", 1.5}}}, ""},
		{"wrong channel type", Invocation{Command: "mod user note", Options: []Arg{{"level", "low"}, {"where", announcements}}}, ""},
		{"unknown subcommand", Invocation{Command: "mod kick"}, ""},
		{"base of a group", Invocation{Command: "mod"}, ""},
		{"unknown option", Invocation{Command: "mod ban", Options: []Arg{{"user", s.Member}, {"colour", "red"}}}, ""},
		{"unknown user", Invocation{Command: "mod ban", Options: []Arg{{"user", interaction.Snowflake(42)}}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.inv.User, tt.inv.Guild = s.Moderator, s.GuildID
			_, err := s.Invoke(ctx, tt.inv)
			if !errors.Is(err, ErrInvalidInput) || !strings.Contains(fmt.Sprint(err), tt.says) {
				t.Errorf("err = %v, want ErrInvalidInput saying %q", err, tt.says)
			}
		})
	}
	t.Run("autocomplete may leave required options out", func(t *testing.T) {
		_, err := s.Autocomplete(ctx, Invocation{Guild: s.GuildID, Command: "search", Options: []Arg{{"query", ""}}, Focused: "query"})
		if err != nil {
			t.Error(err)
		}
	})
	t.Run("autocomplete on an option without it", func(t *testing.T) {
		_, err := s.Autocomplete(ctx, Invocation{Guild: s.GuildID, Command: "search", Options: []Arg{{"limit", "1"}}, Focused: "limit"})
		if !errors.Is(err, ErrInvalidInput) {
			t.Errorf("err = %v", err)
		}
	})
	s.st.mu.Lock()
	n := len(s.st.interactions)
	s.st.mu.Unlock()
	if n != 1 {
		t.Errorf("%d interactions sent, want only the one autocomplete", n)
	}
}

// TestInvokeOffersOnlyTheFilesAnOptionTakes: the client lets a user pick
// for an ATTACHMENT option only a file whose name ends in an extension
// its file_types allow, in any case; the bot declared "image" and ".PDF".
func TestInvokeOffersOnlyTheFilesAnOptionTakes(t *testing.T) {
	s := newTestServer(t)
	bot := startBot(t, s)
	ctx := context.Background()
	note := func(file string) Invocation {
		return Invocation{User: s.Moderator, Guild: s.GuildID, Command: "mod user note",
			Options: []Arg{{"level", "low"}, {"proof", interaction.Attachment{Filename: file, Size: 10}}}}
	}
	for _, file := range []string{"cat.png", "CAT.JPEG", "photo.avif", "paper.pdf", "PAPER.Pdf"} {
		res, err := s.Invoke(ctx, note(file))
		mustOK(t, res, err)
		if a, ok := bot.lastRequest().Options.Attachment("proof"); !ok || a.Filename != file {
			t.Errorf("%s: the bot got %+v", file, a)
		}
	}
	for _, file := range []string{"notes.txt", "pdf", "paper.pdf.exe", "clip.mp4"} {
		_, err := s.Invoke(ctx, note(file))
		want := `option "proof": ` + file + ` is not a file it takes (image, .pdf)`
		if !errors.Is(err, ErrInvalidInput) || !strings.Contains(fmt.Sprint(err), want) {
			t.Errorf("%s: err = %v, want ErrInvalidInput saying %q", file, err, want)
		}
	}
}

func TestInvokePermissions(t *testing.T) {
	s := newTestServer(t)
	startBot(t, s)
	ctx := context.Background()
	ban := Invocation{Guild: s.GuildID, Command: "mod ban", Options: []Arg{{"user", s.Member}}}
	setPerms := func(id interaction.Snowflake, ps ...command.Permission) {
		s.st.mu.Lock()
		defer s.st.mu.Unlock()
		if s.st.app.permissions[s.GuildID] == nil {
			s.st.app.permissions[s.GuildID] = map[interaction.Snowflake][]command.Permission{}
		}
		s.st.app.permissions[s.GuildID][id] = ps
	}
	as := func(user interaction.Snowflake, inv Invocation) Invocation { inv.User = user; return inv }
	modBan := commandID(s, "mod")

	if _, err := s.Invoke(ctx, as(s.Member, ban)); !errors.Is(err, ErrPermissionDenied) {
		t.Errorf("member without BAN_MEMBERS: err = %v", err)
	}
	if res, err := s.Invoke(ctx, as(s.Moderator, ban)); err != nil || !res.OK() {
		t.Errorf("moderator: %v", err)
	}
	setPerms(modBan, command.DenyUser(s.Moderator))
	if _, err := s.Invoke(ctx, as(s.Moderator, ban)); !errors.Is(err, ErrPermissionDenied) {
		t.Errorf("user overwrite: err = %v", err)
	}
	if res, err := s.Invoke(ctx, as(s.Admin, ban)); err != nil || !res.OK() {
		t.Errorf("owner passes: %v", err)
	}
	setPerms(modBan, command.AllowUser(s.Member))
	if res, err := s.Invoke(ctx, as(s.Member, ban)); err != nil || !res.OK() {
		t.Errorf("user overwrite allowing: %v", err)
	}
	setPerms(s.ApplicationID, command.DenyChannel(channelID(s, "general")))
	if _, err := s.Invoke(ctx, as(s.Member, Invocation{Guild: s.GuildID, Command: "ping"})); !errors.Is(err, ErrPermissionDenied) {
		t.Errorf("application channel overwrite: err = %v", err)
	}
	if _, err := s.Invoke(ctx, as(s.Member, Invocation{Guild: s.GuildID, Channel: channelID(s, "moderation"), Command: "ping"})); err != nil {
		t.Errorf("other channel: %v", err)
	}
}

func TestInvokeReadRepair(t *testing.T) {
	s := newTestServer(t)
	startBot(t, s)
	ctx := context.Background()
	ping := Invocation{Guild: s.GuildID, Command: "ping"}
	if _, err := s.Invoke(ctx, ping); err != nil {
		t.Fatal(err)
	}
	id := commandID(s, "ping")
	asBot(t, s, http.MethodPatch, command.Global.CommandsPath(s.ApplicationID)+"/"+id.String(), `{"description":"Ping, changed"}`, http.StatusOK)
	if _, err := s.Invoke(ctx, ping); !errors.Is(err, ErrStale) {
		t.Fatalf("after the change: err = %v, want ErrStale", err)
	}
	if res, err := s.Invoke(ctx, ping); err != nil || !res.OK() {
		t.Fatalf("after the reload: %v", err)
	}
	// Another user, who never loaded the old version, is not refused.
	if _, err := s.Invoke(ctx, Invocation{User: s.Moderator, Guild: s.GuildID, Command: "ping"}); err != nil {
		t.Errorf("other user: %v", err)
	}
}

func TestInvokeLate(t *testing.T) {
	s, err := New(Config{ResponseWindow: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	startBot(t, s)
	res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "slow"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != 0 || len(res.Violations) != 1 || !strings.Contains(res.Violations[0], "did not respond") {
		t.Errorf("status %d violations %q", res.Status, res.Violations)
	}
}

func TestSetInteractionsURL(t *testing.T) {
	s := newTestServer(t)
	careless := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"type":1}`))
	}))
	defer careless.Close()
	err := s.SetInteractionsURL(context.Background(), careless.URL)
	if !errors.Is(err, ErrEndpointCheck) || !strings.Contains(err.Error(), "401") {
		t.Errorf("careless endpoint: err = %v", err)
	}
	broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no", http.StatusInternalServerError)
	}))
	defer broken.Close()
	if err := s.SetInteractionsURL(context.Background(), broken.URL); !errors.Is(err, ErrEndpointCheck) || !strings.Contains(err.Error(), "PING") {
		t.Errorf("broken endpoint: err = %v", err)
	}
	s.st.mu.Lock()
	url := s.st.app.interactionsURL
	s.st.mu.Unlock()
	if url != "" {
		t.Errorf("a refused URL was stored: %q", url)
	}
}

func TestInvokeAnswerViolations(t *testing.T) {
	many := make([]string, 26)
	for i := range many {
		many[i] = `{"name":"n","value":"v"}`
	}
	tests := []struct {
		name, answer string
		complete     bool
	}{
		{"26 choices", `{"type":8,"data":{"choices":[` + strings.Join(many, ",") + `]}}`, true},
		{"choice of the wrong type", `{"type":8,"data":{"choices":[{"name":"n","value":1}]}}`, true},
		{"a message to autocomplete", `{"type":4,"data":{"content":"hi"}}`, true},
		{"suggestions to a command", `{"type":8,"data":{"choices":[]}}`, false},
		{"pong to a command", `{"type":1}`, false},
		{"content too long", `{"type":4,"data":{"content":"` + strings.Repeat("x", 2001) + `"}}`, false},
		{"empty message", `{"type":4,"data":{}}`, false},
		{"flags not allowed", `{"type":4,"data":{"content":"x","flags":2}}`, false},
		{"not JSON", `nope`, false},
		{"activity without one", `{"type":12}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestServer(t)
			startBot(t, s) // registers the commands
			serveHandBot(t, s, always(tt.answer))
			inv := Invocation{Guild: s.GuildID, Command: "search", Options: []Arg{{"query", "x"}, {"limit", 1}}}
			var res *Result
			var err error
			if tt.complete {
				inv.Focused = "query"
				res, err = s.Autocomplete(context.Background(), inv)
			} else {
				res, err = s.Invoke(context.Background(), inv)
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Violations) == 0 {
				t.Errorf("no violation for %s", tt.answer)
			}
			rec, _ := s.Interaction(res.Interaction.ID)
			if rec.Answer != nil {
				t.Errorf("a refused answer was kept: %+v", rec.Answer)
			}
		})
	}
}
