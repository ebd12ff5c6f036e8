package main

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// use is a command used by someone somewhere, and what comes of it: the
// bot's answer, or the service's refusal for the reason given.
type use struct {
	name    string
	user    interaction.Snowflake
	channel string
	line    string
	answer  string
	refusal string
}

// check uses each command as its case says.
func check(t *testing.T, bot *switchboardtest.Bot, uses []use) {
	t.Helper()
	for _, u := range uses {
		t.Run(u.name, func(t *testing.T) {
			channel, err := bot.Emulator.FindChannel(bot.Guild, u.channel)
			if err != nil {
				t.Fatal(err)
			}
			x, err := bot.TryCommand(u.line, switchboardtest.As(u.user), switchboardtest.InChannel(channel))
			if u.refusal != "" {
				if !errors.Is(err, emulator.ErrPermissionDenied) || !strings.Contains(err.Error(), u.refusal) {
					t.Errorf("%s: %v, want a refusal for %q", u.line, err, u.refusal)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v\n%s", u.line, err, x)
			}
			if got := x.Content(); got != u.answer {
				t.Errorf("%s answered %q, want %q\n%s", u.line, got, u.answer, x)
			}
		})
	}
}

// Without overwrites, each command asks the permissions it declares.
func TestEachCommandAsksWhatItDeclares(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	check(t, bot, []use{
		{"anyone may report", bot.Member, "#general", "/report text:hello", "Thanks, bob: the moderators will look at it.", ""},
		{"a member without Moderate Members may not warn", bot.Member, "#general", "/warn user:@ada", "", "member lacks MODERATE_MEMBERS"},
		{"a moderator may warn", bot.Moderator, "#general", "/warn user:@bob reason:spam", "ada warned bob (spam).", ""},
		{"a moderator may not lock a channel down", bot.Moderator, "#general", "/lockdown", "", "administrators only"},
		{"an administrator may", bot.Admin, "#moderation", "/lockdown", "#moderation is locked down by owner.", ""},
	})
}

// The guild's overwrites come before the defaults: a channel's first,
// where a denial ends it, then a user's or a role's; administrators
// always may.
func TestTheGuildsOverwritesComeFirst(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	if err := setOverwrites(t.Context(), bot.Emulator, bot.Client, t.Logf); err != nil {
		t.Fatal(err)
	}
	check(t, bot, []use{
		{"every channel but #moderation is closed", bot.Member, "#general", "/warn user:@ada", "", "application all-channels overwrite"},
		{"a command's channel overwrite comes before the application's", bot.Member, "#general",
			`/report text:"the pinned rules are out of date"`, "Thanks, bob: the moderators will look at it.", ""},
		{"in an open channel the defaults speak", bot.Member, "#moderation", "/warn user:@ada", "", "member lacks MODERATE_MEMBERS"},
		{"/lockdown is for administrators by default", bot.Member, "#moderation", "/lockdown", "", "administrators only"},
		{"ada has Moderate Members from her role", bot.Moderator, "#moderation", "/warn user:@bob reason:spam", "ada warned bob (spam).", ""},
		{"a role overwrite allows ada to lock down", bot.Moderator, "#moderation", "/lockdown", "#moderation is locked down by ada.", ""},
		{"a channel denial comes before a role's allowance", bot.Moderator, "#general", "/lockdown", "", "application all-channels overwrite"},
		{"the channel speaks before what bob lacks", bot.Member, "#general", "/lockdown", "", "application all-channels overwrite"},
		{"the all-channels denial covers a channel not named", bot.Moderator, "#announcements", "/warn user:@bob", "", "application all-channels overwrite"},
		{"even for /report", bot.Moderator, "#announcements", "/report text:hello", "", "application all-channels overwrite"},
		{"administrators always may", bot.Admin, "#general", "/lockdown", "#general is locked down by owner.", ""},
		{"anywhere", bot.Admin, "#announcements", "/warn user:@bob", "owner warned bob (no reason given).", ""},
	})
}

// The service holds the default member permissions the commands were
// declared with, and the overwrites ada set, which the bot may read.
func TestTheServiceHoldsWhatWasDeclaredAndSet(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	emu, ctx := bot.Emulator, t.Context()
	if err := setOverwrites(ctx, emu, bot.Client, t.Logf); err != nil {
		t.Fatal(err)
	}
	cmds, err := bot.Client.ListCommands(ctx, emu.ApplicationID, command.Global, false)
	if err != nil {
		t.Fatal(err)
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

	all, err := bot.Client.ListPermissions(ctx, emu.ApplicationID, bot.Guild)
	if err != nil {
		t.Fatal(err)
	}
	general, _ := emu.FindChannel(bot.Guild, "#general")
	moderation, _ := emu.FindChannel(bot.Guild, "#moderation")
	moderators, _ := emu.FindRole(bot.Guild, "@Moderator")
	want := map[interaction.Snowflake][]command.Permission{
		emu.ApplicationID:     {command.DenyChannel(command.AllChannels(bot.Guild)), command.AllowChannel(moderation)},
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
	_, err = bot.Client.ExchangeCode(ctx, emu.ClientID, emu.ClientSecret, emu.AuthorizationCode, emu.RedirectURI)
	if !errors.Is(err, rest.ErrInvalidGrant) {
		t.Errorf("exchanging the code again: %v, want invalid_grant", err)
	}
}

func ptr[T any](v T) *T { return &v }
