package main

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestTheScriptVotesChoosesAndFillsInAForm(t *testing.T) {
	t.Parallel()
	out := playground.Output(t, example, "")
	playground.Shows(t, out,
		"owner in #general › click pizza\n  bot (updates its message) › 📊 Lunch?\n                              pizza: 1\n",
		"ada in #general › click sushi\n  bot (updates its message) › 📊 Lunch?\n                              pizza: 1\n                              sushi: 1\n",
		"ada in #general › click Close\n  bot › Only the poll's author can close it.  (only you can see this)",
		"owner in #general › click Close\n  bot (updates its message) › 📊 Lunch? (closed)\n                              pizza: 1\n                              sushi: 1\n                              tacos: 0\n\n",
		"‹Pick up to three: Red · Orange · Yellow · Green · Blue · Purple›",
		"choose colour red blue\n  bot (updates its message) › owner likes red, blue.\n",
		"choose assignee @ada\n  bot (updates its message) › \"Write the docs\" goes to ada.\n",
		"bot opens a form \"Report a problem\"\n    Title (title: short text, required)\n",
		"bot › 📝 owner reports: Broken link\n        > The docs link is a 404.\n        [Approve] [Reject]\n",
		"ada in #general › click Approve\n  bot (updates its message) › 📝 owner reports: Broken link\n                              > The docs link is a 404.\n                              approved by ada\n",
		"submit details:\"no title\"\n  ✗ the client refuses: text input \"Title\" is required",
	)
	// An update is printed once, with the answer that made it, not again
	// as an edit of the poll's message.
	if strings.Contains(out, "edits its answer") {
		t.Errorf("an update printed twice:\n%s", out)
	}
}

func TestAPollsButtonsStayWithinTheServicesLimits(t *testing.T) {
	p := &poll{question: strings.Repeat("q", 200), choices: []string{strings.Repeat("a", 80), "b", "c", "d", "e"}}
	m := p.message(interaction.Snowflake(1<<62), true)
	if err := component.ValidateMessage(m); err != nil {
		t.Errorf("the largest poll breaks the rules: %v", err)
	}
	cs, err := component.ParseAll(m.Components)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, c := range component.Walk(cs) {
		if b, ok := c.(component.Button); ok {
			seen++
			if len(b.CustomID) > 100 {
				t.Errorf("custom_id %q is over 100 characters", b.CustomID)
			}
		}
	}
	if seen != 6 {
		t.Errorf("%d buttons; want 5 choices and Close", seen)
	}
}
