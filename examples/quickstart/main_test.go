package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
)

func TestTheScriptShowsTheWholeLoop(t *testing.T) {
	t.Parallel()
	out := playground.Output(t, example, "")
	playground.Shows(t, out,
		"global: 5 to create; 1 request (bulk overwrite)",
		"+ CHAT_INPUT  greet",
		"registry: 5 of 5 changes made",
		"it answered the signed PING and refused a forged one",
		"owner in #general › /greet name:Ada\n  bot › Hello, Ada!\n",
		"bot › Ahoy, Ada!",
		"suggestions: Paris (paris) · Parma (parma) · Paramaribo (paramaribo)",
		"bot › It is sunny in Paris.",
		"bob in #general › /mod user ban user:@ada reason:spam\n  ✗ the service refuses",
		"ada in #general › /mod user timeout user:@bob minutes:10 reason:\"cool down\"\n  bot › Timed bob out for 10 minutes (cool down).",
		"ada in #general › /mod user kick user:@owner\n  bot › I may not kick owner: they own the guild",
		"bot › Banned bob (spam, twice).  (only you can see this)",
		"bot › ada high-fives bob!",
		"/greet name:Bob\n  bot › Hello, Bob!\n        [Wave back]\n",
		"bob in #general › click \"Wave back\"\n  bot › bob waves back! 👋\n",
		"bot opens a form \"Feedback\"\n    What do you think? (text: paragraph, required)\n",
		"bot › Thanks for your feedback (9 characters)!  (only you can see this)",
	)
}

func TestScriptFilesRunInsteadOfTheExamplesOwn(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "lines")
	lines := strings.Join([]string{
		"# a comment, which -quiet leaves out",
		"/greet name:Grace",
		"/greet",
		"/greet name:Grace style:Shouting",
		"locale fr",
		"/saluer name:Grace",
		"complete /weather city:os",
		"as @nobody",
		"in #moderation",
		"/weather city:oslo",
		"frobnicate",
	}, "\n")
	if err := os.WriteFile(file, []byte(lines), 0o600); err != nil {
		t.Fatal(err)
	}
	out := playground.OutputRefusing(t, example, 4, "/greet name:ignored", "-script", file, "-quiet")
	playground.Shows(t, out,
		"bot › Hello, Grace!",
		`✗ the client refuses: required option "name" is missing`,
		`✗ the client refuses: option "style": "Shouting" is not one of its choices`,
		"owner in #general (fr) › /saluer name:Grace\n  bot › Hello, Grace!",
		"suggestions: Oslo (oslo) · Osaka (osaka)",
		"✗ no such place or person",
		"owner in #moderation (fr) › /weather city:oslo\n  bot › It is sunny in Oslo.",
		`✗ "frobnicate" is no command here`,
	)
	for _, unwanted := range []string{"registry: the plan", "ignored", "Ada", "a comment"} {
		if strings.Contains(out, unwanted) {
			t.Errorf("output has %q:\n%s", unwanted, out)
		}
	}
}

func TestStandardInputIsReadAfterTheScript(t *testing.T) {
	t.Parallel()
	out := playground.Output(t, example, "help\n/greet name:Linus\n", "-quiet")
	if !strings.Contains(out, "bot › Hello, Linus!") || !strings.Contains(out, "use a command, as typed in the client") {
		t.Errorf("stdin was not run:\n%s", out)
	}
}

func TestAMissingScriptFileIsAnError(t *testing.T) {
	var out strings.Builder
	err := playground.Run(context.Background(), example, []string{"-script", "/no/such/file"}, strings.NewReader(""), &out, &out)
	if err == nil || !strings.Contains(err.Error(), "-script") {
		t.Fatalf("got %v", err)
	}
}

// /mod bans a member of a guild: it is not offered in direct messages.
func TestModIsNotOfferedInDirectMessages(t *testing.T) {
	t.Parallel()
	out := playground.OutputRefusing(t, example, 1, "", "-quiet", "-script", playground.ScriptFile(t,
		"in dm",
		"/mod user ban user:@bob reason:spam",
		"/greet name:Ada",
	))
	playground.Shows(t, out, "✗ the client offers no such command: no command /mod in the bot's direct messages", "bot › Hello, Ada!")
}

// The person's own lines after the script start as the guild's owner, who
// may do what the README suggests typing, whoever the script left.
func TestThePromptStartsAsTheOwnerAfterTheScript(t *testing.T) {
	t.Parallel()
	out := playground.Output(t, example, "/mod user ban user:@ada\n")
	playground.Shows(t, out,
		"# Your turn. You are the guild's owner again, in #general, and may use every command; bob is no longer a member of the guild; \"as @ada\" acts as a moderator.",
		"owner in #general › /mod user ban user:@ada\n  bot › I may not ban ada: they own the guild or rank at or above my role",
	)
}
