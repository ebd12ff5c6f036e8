package web_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

type stateAnswer struct {
	Bot struct {
		ID   interaction.Snowflake `json:"id"`
		Name string                `json:"name"`
	} `json:"bot"`
	Users []struct {
		ID       interaction.Snowflake `json:"id"`
		Username string                `json:"username"`
	} `json:"users"`
	Guilds []struct {
		ID       interaction.Snowflake `json:"id"`
		Channels []struct {
			ID   interaction.Snowflake `json:"id"`
			Name string                `json:"name"`
		} `json:"channels"`
		Members []interaction.Snowflake `json:"members"`
	} `json:"guilds"`
	Locales []string `json:"locales"`
	Chosen  struct {
		User    interaction.Snowflake `json:"user"`
		Guild   interaction.Snowflake `json:"guild"`
		Channel interaction.Snowflake `json:"channel"`
		Locale  string                `json:"locale"`
	} `json:"chosen"`
	Permissions    []string            `json:"permissions"`
	FileTypeGroups map[string][]string `json:"file_type_groups"`
}

func TestStateListsTheWorldAndFillsInTheChoice(t *testing.T) {
	p := startPlayground(t)
	status, raw := p.do(t, "GET", "/api/state", nil)
	var st stateAnswer
	decode(t, raw, &st)
	if status != http.StatusOK || len(st.Users) != 4 || len(st.Guilds) != 1 || st.Bot.ID != p.emu.ApplicationID || st.Bot.Name != "Emulator-bot" {
		t.Fatalf("%d %s", status, raw)
	}
	general := st.Guilds[0].Channels[0]
	if general.Name != "general" || st.Chosen.User != p.emu.Admin || st.Chosen.Guild != p.emu.GuildID ||
		st.Chosen.Channel != general.ID || st.Chosen.Locale != "en-US" || !slices.Contains(st.Locales, "fr") {
		t.Errorf("the default choice: %s", raw)
	}
	if !slices.Contains(st.Permissions, "ADMINISTRATOR") {
		t.Errorf("the owner's permissions: %q", st.Permissions)
	}
	if g := st.FileTypeGroups; len(g) != 3 || !slices.Contains(g["image"], ".png") || !slices.Contains(g["video"], ".mov") || !slices.Contains(g["audio"], ".ogg") {
		t.Errorf("the groups of file types: %v", g)
	}

	_, raw = p.do(t, "GET", "/api/state?user="+p.emu.Member.String()+"&locale=fr", nil)
	st = stateAnswer{}
	decode(t, raw, &st)
	if st.Chosen.User != p.emu.Member || st.Chosen.Locale != "fr" || slices.Contains(st.Permissions, "BAN_MEMBERS") ||
		!slices.Contains(st.Permissions, "SEND_MESSAGES") {
		t.Errorf("a plain member in French: %s", raw)
	}

	_, raw = p.do(t, "GET", "/api/state?guild=dm", nil)
	st = stateAnswer{}
	decode(t, raw, &st)
	if st.Chosen.Guild != 0 || st.Chosen.Channel != 0 || st.Permissions != nil {
		t.Errorf("in direct messages: %s", raw)
	}

	for _, query := range []string{"locale=xx", "user=bob", "guild=general"} {
		if status, raw := p.do(t, "GET", "/api/state?"+query, nil); status != http.StatusBadRequest || !strings.Contains(string(raw), "invalid_input") {
			t.Errorf("?%s: %d %s", query, status, raw)
		}
	}
}

type commandsAnswer struct {
	Commands []struct {
		Command     string `json:"command"`
		Name        string `json:"name"`
		Description string `json:"description"`
		Options     []struct {
			Name         string `json:"name"`
			Label        string `json:"label"`
			TypeName     string `json:"type_name"`
			Required     bool   `json:"required"`
			Autocomplete bool   `json:"autocomplete"`
			Choices      []struct {
				Name  string `json:"name"`
				Value any    `json:"value"`
			} `json:"choices"`
			MinValue  any  `json:"min_value"`
			MaxValue  any  `json:"max_value"`
			MaxLength *int `json:"max_length"`
		} `json:"options"`
	} `json:"commands"`
}

func (c commandsAnswer) names() string {
	var out []string
	for _, e := range c.Commands {
		out = append(out, e.Name)
	}
	return strings.Join(out, ", ")
}

func TestCommandsAreThoseTheUserIsOfferedInTheirLanguage(t *testing.T) {
	p := startPlayground(t)
	tests := []struct {
		name, query, want string
	}{
		{"the owner is offered every command, a subcommand by its path", "", "build, export, feedback, greet, mod user ban, notes, picture, reveal, signup, trip, vote, weather"},
		{"a plain member is not offered what needs Ban Members", "?user=" + p.emu.Member.String(), "build, export, feedback, greet, notes, picture, reveal, signup, trip, vote, weather"},
		{"in French the names are French", "?locale=fr", "build, export, feedback, saluer, mod user ban, notes, picture, reveal, signup, trip, vote, weather"},
		{"the bot's direct messages offer the global commands", "?guild=dm", "build, export, feedback, greet, mod user ban, notes, picture, reveal, signup, trip, vote, weather"},
	}
	for _, tt := range tests {
		status, raw := p.do(t, "GET", "/api/commands"+tt.query, nil)
		var got commandsAnswer
		decode(t, raw, &got)
		if status != http.StatusOK || got.names() != tt.want {
			t.Errorf("%s: %d %q, want %q", tt.name, status, got.names(), tt.want)
		}
	}

	_, raw := p.do(t, "GET", "/api/commands?locale=fr", nil)
	var fr commandsAnswer
	decode(t, raw, &fr)
	greet := fr.Commands[3]
	if greet.Command != "greet" || greet.Description != "Saluer quelqu'un" || len(greet.Options) != 3 {
		t.Fatalf("greet in French: %+v", greet)
	}
	name, style, times := greet.Options[0], greet.Options[1], greet.Options[2]
	if name.Name != "name" || name.Label != "nom" || !name.Required || name.TypeName != "STRING" || name.MaxLength == nil || *name.MaxLength != 20 {
		t.Errorf("name: %+v", name)
	}
	if len(style.Choices) != 2 || style.Choices[1].Name != "Pirate des mers" || style.Choices[1].Value != "pirate" || style.Required {
		t.Errorf("style: %+v", style)
	}
	if times.TypeName != "INTEGER" || times.MinValue != float64(1) || times.MaxValue != float64(3) {
		t.Errorf("times: %+v", times)
	}
	weather := fr.Commands[len(fr.Commands)-1]
	if !weather.Options[0].Autocomplete {
		t.Errorf("weather: %+v", weather)
	}

	if status, raw := p.do(t, "GET", "/api/commands?user=1", nil); status != http.StatusBadRequest || !strings.Contains(string(raw), "unknown_target") {
		t.Errorf("an unknown user: %d %s", status, raw)
	}
}

// resultAnswer is what an action answers.
type resultAnswer struct {
	ID          interaction.Snowflake `json:"id"`
	Interaction map[string]any        `json:"interaction"`
	Status      int                   `json:"status"`
	Answer      struct {
		Type int `json:"type"`
		Data struct {
			Content string `json:"content"`
			Title   string `json:"title"`
		} `json:"data"`
	} `json:"answer"`
	Violations []string `json:"violations"`
	OK         bool     `json:"ok"`
	Choices    []struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	} `json:"choices"`
	Error   string `json:"error"`
	Message string `json:"message"`
}

func TestInvokingAnswersWhatWasSentAndReceivedOrTheRefusal(t *testing.T) {
	p := startPlayground(t)
	admin, member := p.emu.Admin, p.emu.Member
	guild := p.emu.GuildID
	tests := []struct {
		name   string
		body   map[string]any
		status int
		want   string // the answer's content, or the refusal's kind
	}{
		{"a command with its options laid out", map[string]any{"user": admin, "guild": guild, "command": "greet",
			"options": []map[string]any{{"name": "name", "value": "Ada"}, {"name": "times", "value": 2}}}, 200, "Hello, Ada!"},
		{"a command as typed", map[string]any{"user": admin, "guild": guild, "line": "/greet name:Ada"}, 200, "Hello, Ada!"},
		{"as typed in French", map[string]any{"user": admin, "guild": guild, "locale": "fr", "line": "/saluer nom:Ada"}, 200, "Hello, Ada!"},
		{"a user by id", map[string]any{"user": admin, "guild": guild, "command": "mod user ban",
			"options": []map[string]any{{"name": "user", "value": member.String()}}}, 200, "Banned bob."},
		{"a member without Ban Members is refused by the service", map[string]any{"user": member, "guild": guild, "command": "mod user ban",
			"options": []map[string]any{{"name": "user", "value": admin.String()}}}, 403, "permission_denied"},
		{"a required option left out is refused by the client", map[string]any{"user": admin, "guild": guild, "command": "greet"}, 400, "invalid_input"},
		{"a value out of range is refused by the client", map[string]any{"user": admin, "guild": guild, "command": "greet",
			"options": []map[string]any{{"name": "name", "value": "Ada"}, {"name": "times", "value": 5}}}, 400, "invalid_input"},
		{"an unknown command is refused", map[string]any{"user": admin, "guild": guild, "line": "/nothing"}, 400, "unknown_command"},
		{"both a line and a command are refused", map[string]any{"user": admin, "guild": guild, "line": "/greet name:Ada", "command": "greet"}, 400, "invalid_input"},
		{"a misspelt field is refused", map[string]any{"user": admin, "guild": guild, "comand": "greet"}, 400, "invalid_input"},
	}
	for _, tt := range tests {
		status, raw := p.do(t, "POST", "/api/invoke", tt.body)
		var res resultAnswer
		decode(t, raw, &res)
		got := res.Error
		if status == http.StatusOK {
			got = res.Answer.Data.Content
			if !res.OK || res.Status != 200 || res.Interaction["type"] != float64(2) || res.ID == 0 {
				t.Errorf("%s: %s", tt.name, raw)
			}
		} else if res.Message == "" {
			t.Errorf("%s: a refusal without a reason: %s", tt.name, raw)
		}
		if status != tt.status || got != tt.want {
			t.Errorf("%s: %d %q, want %d %q (%s)", tt.name, status, got, tt.status, tt.want, raw)
		}
	}
}

func TestAutocompleteAnswersTheBotsSuggestions(t *testing.T) {
	p := startPlayground(t)
	for _, body := range []map[string]any{
		{"user": p.emu.Admin, "guild": p.emu.GuildID, "command": "weather", "focused": "city", "options": []map[string]any{{"name": "city", "value": "par"}}},
		{"user": p.emu.Admin, "guild": p.emu.GuildID, "line": "/weather city:par"},
	} {
		status, raw := p.do(t, "POST", "/api/autocomplete", body)
		var res resultAnswer
		decode(t, raw, &res)
		if status != http.StatusOK || !res.OK || res.Answer.Type != 8 || len(res.Choices) != 2 ||
			res.Choices[0] != (struct {
				Name  string `json:"name"`
				Value string `json:"value"`
			}{"Paris", "paris"}) || res.Choices[1].Name != "Parma" {
			t.Errorf("%v: %d %s", body, status, raw)
		}
	}
}

func TestComponentsAndModalsAreUsedAsTheClientUsesThem(t *testing.T) {
	p := startPlayground(t)
	admin, member := p.emu.Admin, p.emu.Member
	status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": admin, "guild": p.emu.GuildID, "line": "/greet name:Ada"})
	var greeted resultAnswer
	decode(t, raw, &greeted)
	rec, ok := p.emu.Interaction(greeted.ID)
	if status != http.StatusOK || !ok || rec.Original == nil {
		t.Fatalf("greeting: %d %s", status, raw)
	}
	message := rec.Original.ID

	tests := []struct {
		name   string
		path   string
		body   map[string]any
		status int
		want   string
	}{
		{"a button pressed", "/api/click", map[string]any{"user": member, "message": message, "button": "Wave back"}, 200, "bob waves back!"},
		{"a link button sends nothing", "/api/click", map[string]any{"user": member, "message": message, "button": "Docs"}, 400, "invalid_input"},
		{"a button on no message", "/api/click", map[string]any{"user": member, "message": 1, "button": "wave"}, 400, "unknown_target"},
		{"a command that opens a modal", "/api/invoke", map[string]any{"user": member, "guild": p.emu.GuildID, "line": "/feedback"}, 200, "Feedback"},
		{"a modal with a required input left empty", "/api/submit", map[string]any{"user": member, "modal": "feedback"}, 400, "invalid_input"},
		{"the modal submitted", "/api/submit", map[string]any{"user": member, "modal": "feedback", "fields": map[string]string{"text": "Nice"}}, 200, "Thanks: Nice"},
		{"no modal is open any more", "/api/submit", map[string]any{"user": member, "modal": "feedback", "fields": map[string]string{"text": "Nice"}}, 400, "unknown_target"},
		{"the modal opened again", "/api/invoke", map[string]any{"user": member, "guild": p.emu.GuildID, "line": "/feedback"}, 200, "Feedback"},
		{"another modal is not dismissed", "/api/dismiss", map[string]any{"user": member, "modal": "other"}, 400, "unknown_target"},
		{"the modal dismissed", "/api/dismiss", map[string]any{"user": member, "modal": "feedback"}, 204, ""},
		{"a dismissed modal is not submitted", "/api/submit", map[string]any{"user": member, "modal": "feedback", "fields": map[string]string{"text": "Nice"}}, 400, "unknown_target"},
		{"a form of every input opened", "/api/invoke", map[string]any{"user": member, "guild": p.emu.GuildID, "line": "/signup"}, 200, "Sign up"},
		{"a file its upload does not take", "/api/submit", map[string]any{"user": member, "modal": "signup",
			"values": map[string][]string{"days": {"mon"}, "partner": {admin.String()}},
			"files":  map[string][]map[string]any{"picture": {{"filename": "notes.txt", "size": 3}}}}, 400, "invalid_input"},
		{"a form of every input submitted", "/api/submit", map[string]any{"user": member, "modal": "signup",
			"values":  map[string][]string{"Class": {"Warrior"}, "Days": {"Friday", "mon"}, "Partner": {admin.String()}},
			"checked": map[string]bool{"news": true},
			"files":   map[string][]map[string]any{"picture": {{"filename": "cat.jpg", "size": 3}}}},
			200, "Signed up: class w, days fri+mon, news true, partner owner, pictures cat.jpg image/jpeg."},
	}
	for _, tt := range tests {
		status, raw := p.do(t, "POST", tt.path, tt.body)
		if status == http.StatusNoContent && tt.status == status && len(raw) == 0 {
			continue
		}
		var res resultAnswer
		decode(t, raw, &res)
		got := res.Error
		if status == http.StatusOK {
			got = res.Answer.Data.Content + res.Answer.Data.Title
		}
		if status != tt.status || got != tt.want {
			t.Errorf("%s: %d %q, want %d %q (%s)", tt.name, status, got, tt.status, tt.want, raw)
		}
		if tt.want == "Feedback" {
			_, raw := p.do(t, "GET", "/api/modal?user="+member.String(), nil)
			var open struct {
				Modal *struct {
					CustomID string `json:"custom_id"`
					Title    string `json:"title"`
				} `json:"modal"`
			}
			decode(t, raw, &open)
			if open.Modal == nil || open.Modal.Title != "Feedback" || open.Modal.CustomID != "feedback" {
				t.Errorf("the open modal: %s", raw)
			}
			if _, raw := p.do(t, "GET", "/api/modal?user="+admin.String(), nil); string(raw) != "{\"modal\":null}\n" {
				t.Errorf("another user's modal: %s", raw)
			}
		}
	}
}

func TestRolesChangeWhatTheMemberIsOffered(t *testing.T) {
	p := startPlayground(t)
	bob := p.emu.Member.String()
	var guild struct {
		Roles []struct {
			ID   string `json:"id"`
			Name string `json:"name"`
		} `json:"roles"`
	}
	_, raw := p.do(t, "GET", "/api/state?user="+bob, nil)
	var st struct {
		Guilds []json.RawMessage `json:"guilds"`
		Roles  []string          `json:"roles"`
	}
	decode(t, raw, &st)
	decode(t, st.Guilds[0], &guild)
	// @everyone, Moderator and the bot's managed role.
	if len(st.Roles) != 0 || len(guild.Roles) != 3 || guild.Roles[1].Name != "Moderator" {
		t.Fatalf("bob's roles %v of %+v", st.Roles, guild.Roles)
	}
	moderator := guild.Roles[1].ID

	tests := []struct {
		name   string
		roles  []string
		status int
		want   string // among the commands offered
	}{
		{"a moderator is offered what needs Ban Members", []string{moderator}, 204, "mod user ban"},
		{"@everyone is no role to give", []string{guild.Roles[0].ID}, 400, "mod user ban"},
		{"without a role the member is offered less", []string{}, 204, "build, export, feedback, greet, notes, picture, reveal, signup, trip, vote, weather"},
	}
	for _, tt := range tests {
		status, raw := p.do(t, "POST", "/api/roles", map[string]any{"guild": p.emu.GuildID, "user": bob, "roles": tt.roles})
		_, cmds := p.do(t, "GET", "/api/commands?user="+bob, nil)
		var got commandsAnswer
		decode(t, cmds, &got)
		if status != tt.status || !strings.Contains(got.names(), tt.want) {
			t.Errorf("%s: %d %s, then offered %q", tt.name, status, raw, got.names())
		}
	}
}

// appsAnswer is the apps of GET /api/commands.
type appsAnswer struct {
	Apps []struct {
		Command  string `json:"command"`
		Name     string `json:"name"`
		Type     int    `json:"type"`
		TypeName string `json:"type_name"`
	} `json:"apps"`
}

func TestAppsAreUsedFromTheirMenus(t *testing.T) {
	p := startPlayground(t)
	admin, member := p.emu.Admin, p.emu.Member

	_, raw := p.do(t, "GET", "/api/commands?locale=fr", nil)
	var listed appsAnswer
	decode(t, raw, &listed)
	var names []string
	for _, a := range listed.Apps {
		names = append(names, a.TypeName+" "+a.Command+" "+a.Name)
	}
	if got := strings.Join(names, ", "); got != "USER High five Tope là, MESSAGE Quote Quote, PRIMARY_ENTRY_POINT Launch Launch" {
		t.Fatalf("apps in French: %q", got)
	}

	status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": admin, "guild": p.emu.GuildID, "line": "/greet name:Ada"})
	var greeted resultAnswer
	decode(t, raw, &greeted)
	rec, ok := p.emu.Interaction(greeted.ID)
	if status != http.StatusOK || !ok || rec.Original == nil {
		t.Fatalf("greeting: %d %s", status, raw)
	}

	tests := []struct {
		name   string
		body   map[string]any
		status int
		want   string
	}{
		{"a user command on a member", map[string]any{"user": admin, "guild": p.emu.GuildID, "command": "High five", "type": 2, "target": member},
			200, "owner high-fives bob."},
		{"a message command on the bot's message", map[string]any{"user": member, "guild": p.emu.GuildID, "command": "Quote", "type": 3, "target": rec.Original.ID},
			200, "> Hello, Ada!"},
		{"the entry point", map[string]any{"user": member, "guild": p.emu.GuildID, "command": "Launch", "type": 4}, 200, "The game starts."},
		{"a user command on no one", map[string]any{"user": admin, "guild": p.emu.GuildID, "command": "High five", "type": 2, "target": 1}, 400, "unknown_target"},
		{"a type with a typed line", map[string]any{"user": admin, "line": "/greet name:Ada", "type": 2}, 400, "invalid_input"},
	}
	for _, tt := range tests {
		status, raw := p.do(t, "POST", "/api/invoke", tt.body)
		var res resultAnswer
		decode(t, raw, &res)
		got := res.Error
		if status == http.StatusOK {
			got = res.Answer.Data.Content
		}
		if status != tt.status || got != tt.want {
			t.Errorf("%s: %d %q, want %d %q (%s)", tt.name, status, got, tt.status, tt.want, raw)
		}
	}

	// The channel says who used which app on what.
	st := p.follow(t, "?user="+admin.String())
	if ev := st.next(t); ev.name != "reset" {
		t.Fatalf("first event %s", ev.name)
	}
	for _, want := range []string{"used /greet name:Ada", "used High five on @bob", "used Quote on a message of @emulator-bot", "used Launch"} {
		if m := st.nextMessage(t); m.Interaction.Summary != want {
			t.Errorf("summary %q, want %q", m.Interaction.Summary, want)
		}
	}
}

// A body that leaves out who acts is the playground's configured user.
func TestABodyWithoutAUserIsTheConfiguredUser(t *testing.T) {
	p := startPlayground(t)
	status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"guild": p.emu.GuildID, "line": "/greet name:Zed"})
	var res resultAnswer
	decode(t, raw, &res)
	rec, ok := p.emu.Interaction(res.ID)
	if status != http.StatusOK || !ok || rec.Interaction.Invoker().ID != p.emu.Admin || rec.Interaction.Locale != "en-US" {
		t.Fatalf("%d %s", status, raw)
	}
}
