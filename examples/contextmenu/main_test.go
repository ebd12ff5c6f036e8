package main

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

func TestTheScriptUsesBothMenus(t *testing.T) {
	t.Parallel()
	out := playground.Output(t, example, "")
	playground.Shows(t, out,
		"+ USER        Show Profile",
		"+ MESSAGE     Quote Message",
		`· the service holds CHAT_INPUT "post"           "Have the bot post a message"`,
		`· the service holds USER       "Show Profile"   no description`,
		`· the service holds MESSAGE    "Quote Message"  no description`,
		"owner in #general › /post text:\"Menus are one right-click away\"\n  bot › Menus are one right-click away\n",
		"owner in #general › message \"Quote Message\" last\n  bot › > Menus are one right-click away\n        — Emulator-bot, 5 words\n",
		"bot › Bob (@bob) · joined 30 days ago · 0 roles · cannot ban members here  (only you can see this)",
		"bot › Ada (@ada) · joined 30 days ago · 1 role · can ban members here  (only you can see this)",
		`✗ the client offers no such command: no USER command "Quote Message" in the guild`,
		"bot › Emulator-bot (@emulator-bot), a bot · no membership: not used in a guild  (only you can see this)",
	)
}

// What makes a context-menu command is checked where it is declared: its
// name may have capitals and spaces, a slash command's may not, and it
// takes no description or options.
func TestBuildRefusesWhatAMenuCannotShow(t *testing.T) {
	answer := func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("ok"), nil
	}
	r := router.New()
	r.UserCommand("Show Profile", answer, router.Description("Describe a member"))
	r.MessageCommand("Quote Message", answer, router.Options(option.String("style", "How to quote")))
	r.Command("Profile", answer, router.Description("Describe a member"))
	_, err := r.Build()
	if err == nil {
		t.Fatal("Build accepted a described USER command, a MESSAGE command with options and a capitalized slash command")
	}
	for _, want := range []string{
		"Show Profile: description is not allowed on USER commands",
		"Quote Message: options are allowed only on CHAT_INPUT commands",
		"Profile: name must be lowercase",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Build's error lacks %q:\n%v", want, err)
		}
	}
	var de *router.DefinitionError
	if !errors.As(err, &de) {
		t.Errorf("Build's error holds no *router.DefinitionError: %v", err)
	}
}

func TestCountsAgreeWithTheirNumber(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{0, "0 words"},
		{1, "1 word"},
		{2, "2 words"},
		{11, "11 words"},
	}
	for _, tt := range tests {
		if got := count(tt.n, "word"); got != tt.want {
			t.Errorf("count(%d, %q) = %q, want %q", tt.n, "word", got, tt.want)
		}
	}
}
