package main

import (
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
)

func TestSetupShowsTheBotCannotSetOverwritesAndAdaCan(t *testing.T) {
	t.Parallel()
	out := playground.Output(t, example, "")
	playground.Shows(t, out,
		"· the bot's token may not set overwrites: 403 Bots cannot use this endpoint (code 20001)\n",
		"· traded ada's one-time authorization code for her token (scopes: identify applications.commands.permissions.update)\n",
		"· ada set the overwrites of every command: all channels denied, #moderation allowed\n",
		"· ada set the overwrites of /report: #general allowed\n",
		"· ada set the overwrites of /lockdown: the Moderator role allowed\n",
	)
}

func TestTheScriptShowsWhoMayUseWhatAndWhy(t *testing.T) {
	t.Parallel()
	out := playground.Output(t, example, "")
	playground.Shows(t, out,
		"bob in #general › /warn user:@ada\n  ✗ the service refuses: application all-channels overwrite\n",
		"bob in #general › /report text:\"the pinned rules are out of date\"\n  bot › Thanks, bob: the moderators will look at it.  (only you can see this)\n",
		"bob in #moderation › /warn user:@ada\n  ✗ the service refuses: default member permissions: member lacks MODERATE_MEMBERS\n",
		"bob in #moderation › /lockdown\n  ✗ the service refuses: default member permissions: administrators only\n",
		"ada in #moderation › /warn user:@bob reason:spam\n  bot › ada warned bob (spam).\n",
		"ada in #moderation › /lockdown\n  bot › #moderation is locked down by ada.\n",
		"ada in #general › /lockdown\n  ✗ the service refuses: application all-channels overwrite\n",
		"owner in #general › /lockdown\n  bot › #general is locked down by owner.\n",
	)
}
