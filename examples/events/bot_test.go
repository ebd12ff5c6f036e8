package main

import (
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// served is the bot served to the emulator of the example's world, its
// journal kept for the test.
type served struct {
	*switchboardtest.Bot
	bot     *bot
	journal *lockedBuffer
}

// serveBot serves the bot's events endpoint; it has no commands.
func serveBot(t *testing.T) served {
	kit := switchboardtest.New(t, router.New(), switchboardtest.WithEmulator(world()))
	v, err := interaction.NewVerifier(kit.Emulator.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	s := served{Bot: kit, journal: &lockedBuffer{}}
	s.bot, err = newBot(v, s.journal, zerolog.New(zerolog.NewTestWriter(t)))
	if err != nil {
		t.Fatal(err)
	}
	kit.ServeEvents(s.bot.events)
	return s
}

// table returns the directory as the bot writes it.
func (s served) table() string {
	var b strings.Builder
	s.bot.dir.WriteTo(&b) //nolint:errcheck // a strings.Builder does not fail
	return b.String()
}

func TestWhoeverInstallsTheAppIsWelcomedOnce(t *testing.T) {
	s := serveBot(t)
	emu := s.Emulator
	if err := emu.InstallGuild(carol.ID, engines.ID, "bot", "applications.commands"); err != nil {
		t.Fatal(err)
	}
	s.WaitEvents(1)
	journal := s.journal.take()
	for _, want := range []string{
		`installed  to server "Analytical Engines" (1100000000000000102) by carol, with bot applications.commands` + "\n",
		`welcome    Carol: "Thanks for adding me to Analytical Engines! Type / in any channel to see my commands."` + "\n",
	} {
		if !strings.Contains(journal, want) {
			t.Errorf("the journal lacks %q:\n%s", want, journal)
		}
	}

	// Installed to her account too, she is not welcomed again.
	if _, err := emu.AuthorizeUser(carol.ID, "applications.commands"); err != nil {
		t.Fatal(err)
	}
	s.WaitEvents(2)
	journal = s.journal.take()
	if !strings.HasPrefix(journal, "installed  to the account of carol (1100000000000000101), with applications.commands\n") || strings.Contains(journal, "welcome") {
		t.Errorf("the journal of her account's installation:\n%s", journal)
	}
	if table := s.table(); !strings.HasPrefix(table, "1 server, 1 account, 0 entitlements\n  server  Analytical Engines       installed ") {
		t.Errorf("the directory:\n%s", table)
	}
}

func TestWhatUsersBuyIsKept(t *testing.T) {
	s := serveBot(t)
	emu := s.Emulator
	if _, err := emu.AuthorizeUser(emu.Moderator, "applications.commands"); err != nil {
		t.Fatal(err)
	}
	if _, err := emu.CreateEntitlement(interaction.Entitlement{SKUID: premium, UserID: emu.Moderator, Type: 1}); err != nil {
		t.Fatal(err)
	}
	start := time.Now().UTC().Truncate(time.Second)
	if _, err := emu.CreateEntitlement(interaction.Entitlement{SKUID: serverly, UserID: carol.ID, GuildID: engines.ID,
		Type: 8, StartsAt: start, EndsAt: start.AddDate(0, 1, 0)}); err != nil {
		t.Fatal(err)
	}
	s.WaitEvents(3)
	now := time.Now()
	tests := []struct {
		name       string
		owner, sku interaction.Snowflake
		want       bool
	}{
		{"ada holds what she bought", emu.Moderator, premium, true},
		{"but not the server's subscription", emu.Moderator, serverly, false},
		{"carol's server holds its subscription", engines.ID, serverly, true},
		{"bob holds nothing", emu.Member, premium, false},
	}
	for _, tt := range tests {
		if got := s.bot.dir.HasSKU(tt.owner, tt.sku, now); got != tt.want {
			t.Errorf("%s: HasSKU = %v", tt.name, got)
		}
	}
	if !s.bot.dir.HasSKU(engines.ID, serverly, now.AddDate(0, 0, 20)) || s.bot.dir.HasSKU(engines.ID, serverly, now.AddDate(0, 2, 0)) {
		t.Error("the subscription is not in force for its month alone")
	}
}

// A user who removes the app is forgotten: their account's installation,
// and their name on the servers they added it to.
func TestWhoeverRemovesTheAppIsForgotten(t *testing.T) {
	s := serveBot(t)
	emu := s.Emulator
	if err := emu.InstallGuild(carol.ID, engines.ID, "bot", "applications.commands"); err != nil {
		t.Fatal(err)
	}
	if _, err := emu.AuthorizeUser(carol.ID, "applications.commands"); err != nil {
		t.Fatal(err)
	}
	emu.Deauthorize(carol.ID)
	s.WaitEvents(3)
	if journal := s.journal.take(); !strings.Contains(journal, "removed    by carol (1100000000000000101): their account's installation, and their name on 1 server, forgotten\n") {
		t.Errorf("the journal:\n%s", journal)
	}
	table := s.table()
	if !strings.HasPrefix(table, "1 server, 0 accounts, 0 entitlements\n") || !strings.HasSuffix(table, " by someone who left\n") {
		t.Errorf("the directory:\n%s", table)
	}
}
