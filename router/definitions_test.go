package router_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/rules"
)

var update = flag.Bool("update", false, "rewrite the golden definition files")

func ok(context.Context, *router.Request) (interaction.Response, error) {
	return interaction.Reply("ok"), nil
}

// Representative bots: every command type, subcommands and groups,
// localizations, choices, bounds, permissions, contexts and scopes.
var bots = map[string]func(r *router.Router){
	"moderation": func(r *router.Router) {
		mod := r.Group("mod",
			router.Description("Moderation tools"),
			router.Localize(interaction.LocaleFrench, "modération", "Outils de modération"),
			router.Permissions(interaction.PermissionBanMembers|interaction.PermissionKickMembers),
			router.Contexts(interaction.ContextGuild))
		mod.Command("ban", ok,
			router.Description("Ban a member"),
			router.Localize(interaction.LocaleFrench, "bannir", "Bannir un membre"),
			router.Options(
				option.User("user", "Who to ban").Required().Localize(interaction.LocaleFrench, "membre", "Qui bannir"),
				option.String("reason", "Why").MaxLength(512),
				option.Integer("days", "Messages to delete, in days").Min(0).Max(7).Choices(
					interaction.IntChoice("None", 0),
					interaction.IntChoice("A day", 1).Localize(interaction.LocaleFrench, "Un jour"),
					interaction.IntChoice("A week", 7),
				),
			))
		mod.Command("kick", ok, router.Description("Kick a member"),
			router.Options(option.User("user", "Who to kick").Required()))
		user := mod.Group("user", router.Description("Act on a user"))
		user.Command("timeout", ok, router.Description("Silence a user for a while"),
			router.Options(
				option.User("user", "Who").Required(),
				option.Number("hours", "How long").Required().Min(0.5).Max(672),
				option.Channel("notify", "Where to announce it").ChannelTypes(interaction.ChannelGuildText, interaction.ChannelGuildAnnouncement),
			))
		r.Command("search", ok,
			router.Description("Search the docs"),
			router.Options(
				option.String("query", "What to look for").Required().Autocomplete().MinLength(2).MaxLength(100),
				option.String("lang", "Language").Choices(
					interaction.StringChoice("Go", "go"),
					interaction.StringChoice("Rust", "rust").Localize(interaction.LocaleJapanese, "ラスト"),
				),
				option.Boolean("public", "Show the answer to everyone"),
				option.Role("role", "Limit to a role"),
				option.Mentionable("who", "Ping someone"),
				option.Attachment("file", "A file to search in"),
			))
		r.Autocomplete("search", "query", func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) { return nil, nil })
		r.Command("ping", ok, router.Description("Check that the bot answers"), router.NSFW())
	},
	"context menus": func(r *router.Router) {
		r.UserCommand("Show avatar", ok,
			router.Localize(interaction.LocaleGerman, "Avatar zeigen", ""),
			router.Contexts(interaction.ContextGuild, interaction.ContextBotDM, interaction.ContextPrivateChannel),
			router.IntegrationTypes(interaction.GuildInstall, interaction.UserInstall))
		r.MessageCommand("Quote", ok, router.AdminsOnly())
		r.MessageCommand("Report message", ok, router.DMPermission(false), router.DefaultPermission(true))
	},
	"scopes": func(r *router.Router) {
		r.Command("deploy", ok, router.Description("Deploy the staging build"), router.Guilds(2002, 1001))
		r.Command("help", ok, router.Description("How to use the bot"))
		r.UserCommand("Inspect", ok, router.Guilds(1001))
	},
	"entry point": func(r *router.Router) {
		r.EntryPoint("launch", ok, router.Description("Launch the game"))
		r.Command("scores", ok, router.Description("Show the high scores"))
	},
}

func TestDefinitionsMatchTheGoldenFiles(t *testing.T) {
	for name, declare := range bots {
		t.Run(name, func(t *testing.T) {
			r := router.New()
			declare(r)
			mux, err := r.Build()
			if err != nil {
				t.Fatalf("Build:\n%v", err)
			}
			got := renderDefinitions(t, mux.Definitions())
			path := filepath.Join("testdata", "definitions", strings.ReplaceAll(name, " ", "_")+".json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./router -run Golden -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("definitions differ from %s:\n got %s\nwant %s", path, got, want)
			}
		})
	}
}

// renderDefinitions writes every scope's exact request body, one per line,
// under the scope's name.
func renderDefinitions(t *testing.T, d router.Definitions) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, s := range d.Scopes() {
		body, err := d.JSON(s)
		if err != nil {
			t.Fatal(err)
		}
		if !json.Valid(body) {
			t.Fatalf("%v: invalid JSON %s", s, body)
		}
		b.WriteString(s.String())
		b.WriteString(":\n")
		b.Write(body)
		b.WriteString("\n")
	}
	return b.Bytes()
}

func TestDefinitionsAreDeterministic(t *testing.T) {
	var first []byte
	for i := 0; i < 20; i++ {
		r := router.New()
		bots["moderation"](r)
		bots["scopes"](r)
		mux, err := r.Build()
		if err != nil {
			t.Fatal(err)
		}
		got := renderDefinitions(t, mux.Definitions())
		if first == nil {
			first = got
		} else if !bytes.Equal(first, got) {
			t.Fatalf("run %d differs:\n%s\n%s", i, first, got)
		}
	}
}

func TestDefinitionsKeepScopesApart(t *testing.T) {
	r := router.New()
	bots["scopes"](r)
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	d := mux.Definitions()
	want := []command.Scope{command.Global, command.InGuild(1001), command.InGuild(2002)}
	if got := d.Scopes(); len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("scopes = %v, want %v", got, want)
	}
	names := func(s command.Scope) string {
		var out []string
		for _, c := range d.Commands(s) {
			out = append(out, c.Name)
		}
		return strings.Join(out, ",")
	}
	for s, want := range map[command.Scope]string{
		command.Global: "help", command.InGuild(1001): "deploy,Inspect", command.InGuild(2002): "deploy",
	} {
		if got := names(s); got != want {
			t.Errorf("%v: %s, want %s", s, got, want)
		}
	}
}

func TestBuildRefusesDefinitionsThatBreakTheServiceRules(t *testing.T) {
	r := router.New()
	r.Command("Ping", ok, router.Description("Has a capital"))
	r.Command("mod ban", ok, router.Description("Ban"),
		router.Options(option.String("Reason", "Why"), option.User("user", "Who").Required()),
		router.Permissions(interaction.PermissionBanMembers))
	r.Group("mod", router.Description(strings.Repeat("x", 101)))
	_, err := r.Build()
	if err == nil {
		t.Fatal("Build accepted invalid definitions")
	}
	for _, want := range []string{
		`Ping: name must be lowercase`,
		`Permissions applies to the whole command: declare it on r.Group("mod", ...)`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
	var de *router.DefinitionError
	if !errors.As(err, &de) {
		t.Fatalf("no *DefinitionError in %v", err)
	}
	var v rules.Violation
	if !errors.As(err, &v) || v.Command == "" {
		t.Fatalf("violation not reachable with errors.As: %v", err)
	}
}

func TestBuildReportsEveryViolationWithItsPlace(t *testing.T) {
	r := router.New()
	r.Command("mod ban", ok, router.Description("Ban"),
		router.Options(option.String("Reason", "Why"), option.User("user", "Who").Required()))
	r.Group("mod", router.Description(strings.Repeat("x", 101)))
	_, err := r.Build()
	if err == nil {
		t.Fatal("Build accepted invalid definitions")
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) < 3 {
		t.Fatalf("expected a violation per line, got:\n%v", err)
	}
	for _, want := range []string{`mod ban › option "Reason"`, "mod"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks the place %q:\n%v", want, err)
		}
	}
}

func TestDispatchOnlyDeclaresNothing(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Command("Anything Goes", ok)
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	if len(mux.Definitions().Scopes()) != 0 {
		t.Fatal("a dispatch-only router declared commands")
	}
}

func TestOptionsOnAGroupAreRefused(t *testing.T) {
	r := router.New()
	r.Group("mod", router.Description("Moderation"), router.Options(option.String("x", "y")))
	r.Command("mod ban", ok, router.Description("Ban"))
	_, err := r.Build()
	if err == nil || !strings.Contains(err.Error(), "a command with subcommands has no options of its own") {
		t.Fatalf("err = %v", err)
	}
}
