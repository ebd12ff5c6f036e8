package main

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
)

func TestSetupShowsTheBotCannotSetOverwritesAndAdaCan(t *testing.T) {
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

func TestAChannelDenialIsTheReasonBeforeAnyOther(t *testing.T) {
	script := strings.Join([]string{
		// bob lacks what /lockdown asks for too, but the channel speaks first.
		"as @bob",
		"/lockdown",
		// The all-channels denial covers every channel not allowed by name.
		"as @ada",
		"in #announcements",
		"/warn user:@bob",
		"/report text:hello",
		// The owner passes everywhere.
		"as @owner",
		"/warn user:@bob",
	}, "\n")
	out := playground.OutputRefusing(t, example, 3, script, "-script", "-", "-quiet")
	playground.Shows(t, out,
		"bob in #general › /lockdown\n  ✗ the service refuses: application all-channels overwrite\n",
		"ada in #announcements › /warn user:@bob\n  ✗ the service refuses: application all-channels overwrite\n",
		"ada in #announcements › /report text:hello\n  ✗ the service refuses: application all-channels overwrite\n",
		"owner in #announcements › /warn user:@bob\n  bot › owner warned bob (no reason given).\n",
	)
}

// TestTheServiceHoldsWhatWasDeclaredAndSet checks, after Setup, what the
// output can only say: the default member permissions the commands were
// registered with, and the overwrites the guild holds.
func TestTheServiceHoldsWhatWasDeclaredAndSet(t *testing.T) {
	ex := example
	ex.Script = ""
	ex.Setup = func(ctx context.Context, s *playground.Session) error {
		if err := setOverwrites(ctx, s); err != nil {
			return err
		}
		emu, bot := s.Emulator(), s.API()
		cmds, err := bot.ListCommands(ctx, emu.ApplicationID, command.Global, false)
		if err != nil {
			return err
		}
		byName := map[string]command.Command{}
		for _, c := range cmds {
			byName[c.Name] = c
		}
		for name, want := range map[string]*interaction.Permissions{
			"report":   nil,
			"warn":     ptr(interaction.PermissionModerateMembers),
			"lockdown": ptr(interaction.Permissions(0)),
		} {
			got := byName[name].DefaultMemberPermissions
			if (got == nil) != (want == nil) || got != nil && *got != *want {
				t.Errorf("/%s: default member permissions %v, want %v", name, got, want)
			}
		}

		// The bot may read what ada set.
		all, err := bot.ListPermissions(ctx, emu.ApplicationID, emu.GuildID)
		if err != nil {
			return err
		}
		general, _ := emu.FindChannel(emu.GuildID, "#general")
		moderation, _ := emu.FindChannel(emu.GuildID, "#moderation")
		moderators, _ := emu.FindRole(emu.GuildID, "@Moderator")
		want := map[interaction.Snowflake][]command.Permission{
			emu.ApplicationID:     {command.DenyChannel(command.AllChannels(emu.GuildID)), command.AllowChannel(moderation)},
			byName["report"].ID:   {command.AllowChannel(general)},
			byName["lockdown"].ID: {command.AllowRole(moderators)},
		}
		if len(all) != len(want) {
			t.Errorf("the guild holds overwrites for %d commands, want %d: %+v", len(all), len(want), all)
		}
		for _, gp := range all {
			if !slices.Equal(gp.Permissions, want[gp.ID]) {
				t.Errorf("overwrites of %s: %+v, want %+v", gp.ID, gp.Permissions, want[gp.ID])
			}
		}

		// The authorization code was spent.
		_, err = bot.ExchangeCode(ctx, emu.ClientID, emu.ClientSecret, emu.AuthorizationCode, emu.RedirectURI)
		if !errors.Is(err, rest.ErrInvalidGrant) {
			t.Errorf("exchanging the code again: %v, want invalid_grant", err)
		}
		return nil
	}
	playground.Output(t, ex, "", "-quiet")
}

func ptr[T any](v T) *T { return &v }
