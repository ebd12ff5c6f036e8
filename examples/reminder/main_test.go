package main

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
)

func TestTheScriptPostsAReminderAfterItsInteraction(t *testing.T) {
	t.Setenv("SWITCHBOARD_REDIS_URL", "") // in memory, whatever the environment says
	out := playground.Output(t, example, "")
	playground.Shows(t, out,
		"owner in #general › /remind in:2s text:\"The tea is ready.\"\n  bot › I will remind you here in 2s: The tea is ready.\n        [Cancel]  (only you can see this)\n",
		"  bot › I will remind you by direct message in 1h: Call the plumber.",
		// The times left are the clock's, and so are not read here.
		"  bot › Your reminders (2):\n",
		", here: The tea is ready.\n",
		", by DM: Call the plumber.",
		"  bot (posts in #general) › ⏰ <@",
		">, you asked me to remind you: The tea is ready.\n",
		"  bot (updates its message) › Cancelled.",
		"  bot › Your reminders (1):\n",
	)
	if strings.Contains(out, "remind you: Never mind.") {
		t.Errorf("the cancelled reminder was posted:\n%s", out)
	}
}
