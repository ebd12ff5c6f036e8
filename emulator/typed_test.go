package emulator

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestParseCommandReadsWhatAUserTypes(t *testing.T) {
	s := newTestServer(t)
	startBot(t, s)
	general := channelID(s, "general")
	file := filepath.Join(t.TempDir(), "proof.png")
	if err := os.WriteFile(file, []byte("\x89PNG"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		line    string
		command string
		options []Arg
	}{
		{"a global command with no options", "/ping", "ping", nil},
		{"a user by username, a quoted string and a whole number",
			`/mod ban user:@bob reason:"too loud" days:3`, "mod ban",
			[]Arg{{"user", s.Member}, {"reason", "too loud"}, {"days", int64(3)}}},
		{"a user by display name without the at sign", "/mod ban user:Ada", "mod ban", []Arg{{"user", s.Moderator}}},
		{"a user as a mention", "/mod ban user:<@" + s.Member.String() + ">", "mod ban", []Arg{{"user", s.Member}}},
		{"a user as an id", "/mod ban user:" + s.Member.String(), "mod ban", []Arg{{"user", s.Member}}},
		{"escaped quotes inside a quoted value", `/mod ban user:@bob reason:"say \"hi\" \\o/"`, "mod ban",
			[]Arg{{"user", s.Member}, {"reason", `say "hi" \o/`}}},
		{"a choice by the name the client shows, a channel by name and a file",
			"/mod user note level:High where:#general proof:" + file, "mod user note",
			[]Arg{{"level", "high"}, {"where", general}, {"proof", interaction.Attachment{Filename: "proof.png", Size: 4, ContentType: "image/png"}}}},
		{"a choice by its value and a channel mention", "/mod user note level:low where:<#" + general.String() + ">", "mod user note",
			[]Arg{{"level", "low"}, {"where", general}}},
		{"names in any case and extra spaces", "  /MOD   BAN   user:bob  ", "mod ban", []Arg{{"user", s.Member}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inv, err := s.ParseCommand(Invocation{Guild: s.GuildID}, tt.line)
			if err != nil {
				t.Fatal(err)
			}
			if inv.Command != tt.command || inv.Type != interaction.CommandChatInput || inv.Focused != "" {
				t.Errorf("command %q type %v focused %q, want %q CHAT_INPUT and none", inv.Command, inv.Type, inv.Focused, tt.command)
			}
			if !reflect.DeepEqual(inv.Options, tt.options) {
				t.Errorf("options\n got %#v\nwant %#v", inv.Options, tt.options)
			}
		})
	}
}

func TestParseCommandExplainsWhatItCannotRead(t *testing.T) {
	s := newTestServer(t)
	startBot(t, s)
	tests := []struct {
		name string
		line string
		kind error
		want string
	}{
		{"no slash", "ping", ErrInvalidInput, "starts with /"},
		{"a slash alone", "/", ErrInvalidInput, "starts with /"},
		{"an unknown command", "/pong", ErrUnknownCommand, `no command /pong in guild "Emulator Guild"`},
		{"an unknown subcommand", "/mod kick user:@bob", ErrInvalidInput, `"kick" is no subcommand of /mod`},
		{"an unknown option lists the known ones", "/mod ban who:@bob", ErrInvalidInput, `has no option "who"; it takes user, reason, days`},
		{"a subcommand name used as an option", "/mod user:@bob", ErrInvalidInput, `has no option "user"`},
		{"a word after the options", "/mod ban user:@bob spam", ErrInvalidInput, `unexpected "spam" after the options`},
		{"a colon with no name", "/ping :x", ErrInvalidInput, "needs its name before the colon"},
		{"a number that is not whole", "/mod ban user:@bob days:1.5", ErrInvalidInput, `option "days" takes a whole number, not "1.5"`},
		{"a user who is not in the guild", "/mod ban user:@mallory", ErrInvalidInput, `option "user": no user @mallory in guild`},
		{"a channel that does not exist", "/mod user note level:low where:#nowhere", ErrInvalidInput, `no channel #nowhere`},
		{"a file that does not exist", "/mod user note level:low proof:/no/such/file", ErrInvalidInput, "takes the path of a file"},
		{"a quote left open", `/mod ban user:@bob reason:"spam`, ErrInvalidInput, "a quote is not closed"},
		{"an unknown command lists those the user is offered", "/pong", ErrUnknownCommand, "; there are /ping, /search, /slow, /wrong"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.ParseCommand(Invocation{Guild: s.GuildID}, tt.line)
			if !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want %v containing %q", err, tt.kind, tt.want)
			}
		})
	}
	t.Run("a moderator is offered the commands for moderators", func(t *testing.T) {
		_, err := s.ParseCommand(Invocation{User: s.Moderator, Guild: s.GuildID}, "/pong")
		if !errors.Is(err, ErrUnknownCommand) || !strings.HasSuffix(err.Error(), "; there are /mod, /ping, /search, /slow, /wrong") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("guild commands are not offered in direct messages", func(t *testing.T) {
		_, err := s.ParseCommand(Invocation{}, "/mod ban user:@bob")
		if !errors.Is(err, ErrUnknownCommand) || !strings.Contains(err.Error(), "direct messages") {
			t.Fatalf("got %v", err)
		}
	})
}

// A file typed into an ATTACHMENT option is found in the invocation's
// Files first, by its slash-separated path there, then on disk.
func TestParseCommandFindsFilesInTheInvocationsFiles(t *testing.T) {
	s := newTestServer(t)
	startBot(t, s)
	files := fstest.MapFS{"proofs/proof.png": {Data: []byte("\x89PNG")}}
	inv := Invocation{User: s.Moderator, Guild: s.GuildID, Files: files}
	got, err := s.ParseCommand(inv, "/mod user note level:low proof:proofs/proof.png")
	if err != nil {
		t.Fatal(err)
	}
	want := interaction.Attachment{Filename: "proof.png", Size: 4, ContentType: "image/png"}
	if a := got.Options[len(got.Options)-1]; a.Name != "proof" || !reflect.DeepEqual(a.Value, want) {
		t.Errorf("option %+v, want proof %+v", a, want)
	}
	if _, err := s.ParseCommand(inv, "/mod user note level:low proof:proof.png"); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("a file neither in Files nor on disk: %v", err)
	}
	onDisk := filepath.Join(t.TempDir(), "disk.png")
	if err := os.WriteFile(onDisk, []byte("\x89PNG!"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got, err := s.ParseCommand(inv, "/mod user note level:low proof:"+onDisk); err != nil || got.Options[len(got.Options)-1].Value.(interaction.Attachment).Size != 5 {
		t.Errorf("a file on disk, with Files: %+v, %v", got.Options, err)
	}
}

func TestParsedCommandsAreInvoked(t *testing.T) {
	s := newTestServer(t)
	b := startBot(t, s)
	inv, err := s.ParseCommand(Invocation{User: s.Moderator, Guild: s.GuildID}, "/mod ban user:@bob reason:spam")
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Invoke(context.Background(), inv)
	mustOK(t, res, err)
	if got := res.Answer.Message.Content; got != "banned bob" {
		t.Errorf("answer %q", got)
	}
	if r, _ := b.lastRequest().Options.String("reason"); r != "spam" {
		t.Errorf("reason %q", r)
	}
}

func TestParsePartialFocusesTheLastOption(t *testing.T) {
	s := newTestServer(t)
	startBot(t, s)
	tests := []struct {
		line    string
		options []Arg
	}{
		{"/search query:pyt", []Arg{{"query", "pyt"}}},
		{"/search limit:3 query:", []Arg{{"limit", int64(3)}, {"query", ""}}},
		{`/search query:"two wor`, []Arg{{"query", "two wor"}}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			inv, err := s.ParsePartial(Invocation{Guild: s.GuildID}, tt.line)
			if err != nil {
				t.Fatal(err)
			}
			if inv.Focused != "query" || !reflect.DeepEqual(inv.Options, tt.options) {
				t.Fatalf("focused %q options %#v", inv.Focused, inv.Options)
			}
			res, err := s.Autocomplete(context.Background(), inv)
			mustOK(t, res, err)
			if len(res.Answer.Choices) != 3 {
				t.Errorf("%d choices", len(res.Answer.Choices))
			}
		})
	}
	if _, err := s.ParsePartial(Invocation{Guild: s.GuildID}, "/search"); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("a line without an option: %v", err)
	}
}

func TestParseCommandReadsLocalizedNames(t *testing.T) {
	s := newTestServer(t)
	putCommands(t, s, command.Global, []byte(`[{
		"name": "greet", "name_localizations": {"fr": "saluer", "en-GB": "hello"},
		"description": "Greet someone",
		"options": [{
			"type": 3, "name": "tone", "name_localizations": {"fr": "ton"}, "description": "How",
			"choices": [{"name": "Warm", "name_localizations": {"fr": "Chaleureux"}, "value": "warm"},
			            {"name": "Cold", "value": "cold"}]
		}]
	}]`))
	tests := []struct {
		name   string
		locale interaction.Locale
		line   string
		want   []Arg
	}{
		{"names in the user's language", interaction.LocaleFrench, "/saluer ton:Chaleureux", []Arg{{"tone", "warm"}}},
		{"the defaults in any language", interaction.LocaleFrench, "/greet tone:Cold", []Arg{{"tone", "cold"}}},
		{"the fallback of en-US is en-GB", interaction.LocaleEnglishUS, "/hello tone:warm", []Arg{{"tone", "warm"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inv, err := s.ParseCommand(Invocation{Guild: s.GuildID, Locale: tt.locale}, tt.line)
			if err != nil {
				t.Fatal(err)
			}
			if inv.Command != "greet" || !reflect.DeepEqual(inv.Options, tt.want) {
				t.Fatalf("command %q options %#v", inv.Command, inv.Options)
			}
		})
	}
	if _, err := s.ParseCommand(Invocation{Guild: s.GuildID, Locale: interaction.LocaleGerman}, "/saluer"); !errors.Is(err, ErrUnknownCommand) {
		t.Errorf("another language's name: %v", err)
	}
	// The client's refusals name the option as the user sees it.
	inv, err := s.ParseCommand(Invocation{Guild: s.GuildID, Locale: interaction.LocaleFrench}, "/saluer ton:Tiède")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Invoke(context.Background(), inv); !errors.Is(err, ErrInvalidInput) ||
		!strings.Contains(err.Error(), `option "ton": "Tiède" is not one of its choices (Chaleureux, Cold)`) {
		t.Errorf("a French user's refusal: %v", err)
	}
}

func FuzzSplitTyped(f *testing.F) {
	for _, s := range [][2]string{{"reason", "spam"}, {"q", `say "hi" \o/`}, {"x", ""}, {"t", "a:b c\t"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, name, value string) {
		if name == "" || strings.ContainsAny(name, ": \t\"\\") {
			t.Skip()
		}
		// Any value, quoted with its quotes and backslashes escaped,
		// splits back to itself.
		quoted := `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(value) + `"`
		words, open, err := splitTyped("/cmd " + name + ":" + quoted)
		if err != nil || open || len(words) != 2 {
			t.Fatalf("%q: %d words, open %v, %v", quoted, len(words), open, err)
		}
		if w := words[1]; !w.option || w.name != name || w.text != value {
			t.Fatalf("%q split back to %+v", quoted, w)
		}
		// And a line of anything splits without a panic, every option
		// with a name.
		words, _, err = splitTyped(value)
		for _, w := range words {
			if err == nil && w.option && w.name == "" {
				t.Fatalf("an option without a name in %q", value)
			}
		}
	})
}

func TestFindUserAndChannelResolveWhatAPickerShows(t *testing.T) {
	s := newTestServer(t)
	general := channelID(s, "general")
	users := []struct {
		guild interaction.Snowflake
		text  string
		want  interaction.Snowflake
		err   string
	}{
		{0, "@ada", s.Moderator, ""},
		{0, "Bob", s.Member, ""},
		{s.GuildID, "<@" + s.Admin.String() + ">", s.Admin, ""},
		{0, "@mallory", 0, "no user @mallory; there are @ada, @bob, @emulator-bot, @owner"},
		{s.GuildID, "@mallory", 0, `no user @mallory in guild "Emulator Guild"; there are @ada, @bob, @emulator-bot, @owner`},
		{interaction.Snowflake(12345), "@ada", 0, "no guild 12345"},
	}
	for _, tt := range users {
		got, err := s.FindUser(tt.guild, tt.text)
		if tt.err != "" {
			if !errors.Is(err, ErrUnknownTarget) || !strings.HasSuffix(err.Error(), tt.err) {
				t.Errorf("FindUser(%v, %q) = %v, want an error ending %q", tt.guild, tt.text, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("FindUser(%v, %q) = %v, %v; want %v", tt.guild, tt.text, got, err, tt.want)
		}
	}
	for _, text := range []string{"#general", "general", "<#" + general.String() + ">", general.String()} {
		if got, err := s.FindChannel(s.GuildID, text); err != nil || got != general {
			t.Errorf("FindChannel(%q) = %v, %v", text, got, err)
		}
	}
	if _, err := s.FindChannel(s.GuildID, "#nowhere"); !errors.Is(err, ErrUnknownTarget) {
		t.Errorf("an unknown channel: %v", err)
	}
	if u, ok := s.User(s.Moderator); !ok || u.Username != "ada" {
		t.Errorf("User(moderator) = %+v, %v", u, ok)
	}
	if c, ok := s.Channel(s.GuildID, general); !ok || c.Name != "general" {
		t.Errorf("Channel(general) = %+v, %v", c, ok)
	}
	if _, ok := s.Channel(s.GuildID, s.Admin); ok {
		t.Error("a user's id is no channel")
	}
}

func TestFindRoleResolvesWhatAPickerShows(t *testing.T) {
	s := newTestServer(t)
	mod, err := s.FindRole(s.GuildID, "@Moderator")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"moderator", "<@&" + mod.String() + ">", mod.String()} {
		if got, err := s.FindRole(s.GuildID, text); err != nil || got != mod {
			t.Errorf("FindRole(%q) = %v, %v; want %v", text, got, err, mod)
		}
	}
	if got, err := s.FindRole(s.GuildID, "@everyone"); err != nil || got != s.GuildID {
		t.Errorf("@everyone is the role with the guild's id: %v, %v", got, err)
	}
	for _, text := range []string{"@Admins", s.Member.String()} {
		if _, err := s.FindRole(s.GuildID, text); !errors.Is(err, ErrUnknownTarget) {
			t.Errorf("FindRole(%q): %v", text, err)
		}
	}
	if _, err := s.FindRole(0, "@Moderator"); !errors.Is(err, ErrUnknownTarget) {
		t.Errorf("no guild: %v", err)
	}
}

func TestParseCommandOffersOnlyWhatTheClientLists(t *testing.T) {
	s := newTestServer(t)
	putCommands(t, s, command.Global, []byte(`[{"name":"guildonly","description":"d","contexts":[0]}]`))
	if _, err := s.ParseCommand(Invocation{Guild: s.GuildID}, "/guildonly"); err != nil {
		t.Errorf("in the guild: %v", err)
	}
	if _, err := s.ParseCommand(Invocation{}, "/guildonly"); !errors.Is(err, ErrUnknownCommand) {
		t.Errorf("in the bot's DMs, where its contexts keep it out: %v", err)
	}
}

func TestFindUserInAGuildFindsOnlyItsMembers(t *testing.T) {
	s, err := New(Config{Seed: &Seed{Users: []interaction.User{{ID: 9001, Username: "stranger"}}}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, text := range []string{"@stranger", "<@9001>", "9001"} {
		if _, err := s.FindUser(s.GuildID, text); !errors.Is(err, ErrUnknownTarget) {
			t.Errorf("%s in the guild: %v", text, err)
		}
		if id, err := s.FindUser(0, text); err != nil || id != 9001 {
			t.Errorf("%s anywhere: %v, %v", text, id, err)
		}
	}
}
