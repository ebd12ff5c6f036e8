package main

import (
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func after(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }

func installedTo(g *webhook.Guild, u interaction.User) webhook.ApplicationAuthorized {
	where := interaction.GuildInstall
	return webhook.ApplicationAuthorized{IntegrationType: &where, User: u, Scopes: []string{"applications.commands", "bot"}, Guild: g}
}

func installedBy(u interaction.User) webhook.ApplicationAuthorized {
	where := interaction.UserInstall
	return webhook.ApplicationAuthorized{IntegrationType: &where, User: u, Scopes: []string{"applications.commands"}}
}

func TestTheDirectoryFollowsTheEvents(t *testing.T) {
	other := webhook.Guild{ID: 1100000000000000003, Name: "Babbage & Co"}
	tests := []struct {
		name string
		// events are applied in order.
		events func(d *Directory)
		// journal is the journal's lines, each by its first words.
		journal []string
		table   string
	}{
		{
			name: "an installation to a server welcomes who installed it",
			events: func(d *Directory) {
				d.Authorized(after(0), installedTo(&demoGuild, ada))
			},
			journal: []string{`installed  to server "Analytical Engines" (1100000000000000002) by ada, with applications.commands bot`,
				`welcome    Ada: "Thanks for adding me to Analytical Engines! Type / in any channel to see my commands."`},
			table: "1 server, 0 accounts, 0 entitlements\n  server  Analytical Engines       installed 2025-03-01 12:00:00 by ada\n",
		},
		{
			name: "a user is welcomed once, whatever they install",
			events: func(d *Directory) {
				d.Authorized(after(0), installedTo(&demoGuild, ada))
				d.Authorized(after(1), installedBy(ada))
				d.Authorized(after(2), installedTo(&other, ada))
			},
			journal: []string{`installed  to server "Analytical Engines"`, `welcome    Ada`,
				`installed  to the account of ada (1100000000000000005), with applications.commands`,
				`installed  to server "Babbage & Co"`},
			table: "2 servers, 1 account, 0 entitlements\n" +
				"  server  Analytical Engines       installed 2025-03-01 12:00:00 by ada\n" +
				"  server  Babbage & Co             installed 2025-03-01 12:00:02 by ada\n" +
				"  account ada                      installed 2025-03-01 12:00:01\n",
		},
		{
			name: "a delivery sent again changes nothing",
			events: func(d *Directory) {
				d.Authorized(after(0), installedBy(bob))
				d.Authorized(after(0), installedBy(bob))
				d.Deauthorized(after(5), webhook.ApplicationDeauthorized{User: bob})
				d.Deauthorized(after(5), webhook.ApplicationDeauthorized{User: bob})
			},
			journal: []string{`installed  to the account of bob`, `welcome    bob`, `removed    by bob`},
			table:   "0 servers, 0 accounts, 0 entitlements\n",
		},
		{
			name: "a removal forgets the user's account and their name on servers, not the servers",
			events: func(d *Directory) {
				d.Authorized(after(0), installedTo(&demoGuild, ada))
				d.Authorized(after(1), installedBy(ada))
				d.Deauthorized(after(2), webhook.ApplicationDeauthorized{User: ada})
			},
			journal: []string{`installed  to server`, `welcome    Ada`, `installed  to the account of ada`,
				`removed    by ada (1100000000000000005): their account's installation, and their name on 1 server, forgotten`},
			table: "1 server, 0 accounts, 0 entitlements\n  server  Analytical Engines       installed 2025-03-01 12:00:00 by someone who left\n",
		},
		{
			name: "an installation delivered after a later removal is ignored",
			events: func(d *Directory) {
				d.Deauthorized(after(10), webhook.ApplicationDeauthorized{User: ada})
				d.Authorized(after(5), installedBy(ada))
			},
			journal: []string{`removed    by ada`, `ignored    an installation by ada from 2025-03-01 12:00:05, older than their removal`},
			table:   "0 servers, 0 accounts, 0 entitlements\n",
		},
		{
			name: "a removal delivered after a later installation is ignored",
			events: func(d *Directory) {
				d.Authorized(after(10), installedBy(ada))
				d.Deauthorized(after(5), webhook.ApplicationDeauthorized{User: ada})
			},
			journal: []string{`installed  to the account of ada`, `welcome    Ada`,
				`ignored    a removal by ada from 2025-03-01 12:00:05, older than their installation`},
			table: "0 servers, 1 account, 0 entitlements\n  account ada                      installed 2025-03-01 12:00:10\n",
		},
		{
			name: "a user who comes back is welcomed again",
			events: func(d *Directory) {
				d.Authorized(after(0), installedBy(bob))
				d.Deauthorized(after(1), webhook.ApplicationDeauthorized{User: bob})
				d.Authorized(after(2), installedBy(bob))
			},
			journal: []string{`installed  to the account of bob`, `welcome    bob`, `removed    by bob`, `installed  to the account of bob`, `welcome    bob`},
			table:   "0 servers, 1 account, 0 entitlements\n  account bob                      installed 2025-03-01 12:00:02\n",
		},
		{
			name: "an authorization that installs nothing is noted",
			events: func(d *Directory) {
				d.Authorized(after(0), webhook.ApplicationAuthorized{User: bob, Scopes: []string{"identify"}})
			},
			journal: []string{`authorized by bob, with identify`},
			table:   "0 servers, 0 accounts, 0 entitlements\n",
		},
		{
			name: "an entitlement is recorded once",
			events: func(d *Directory) {
				ent := interaction.Entitlement{ID: 31, SKUID: demoSKU, ApplicationID: demoApp, UserID: bob.ID, Type: 1}
				d.Entitled(ent)
				d.Entitled(ent)
				d.Entitled(interaction.Entitlement{ID: 32, SKUID: demoSKU, ApplicationID: demoApp, GuildID: demoGuild.ID, Type: 1, EndsAt: after(60)})
			},
			journal: []string{`entitled   user 1100000000000000007 to SKU 1100000000000000011 (entitlement 31)`,
				`entitled   server 1100000000000000002 to SKU 1100000000000000011 until 2025-03-01 12:01:00 (entitlement 32)`},
			table: "0 servers, 0 accounts, 2 entitlements\n" +
				"  SKU     1100000000000000011      for user 1100000000000000007, in force\n" +
				"  SKU     1100000000000000011      for server 1100000000000000002, ended\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var journal strings.Builder
			d := NewDirectory(&journal)
			tt.events(d)
			lines := strings.Split(strings.TrimSuffix(journal.String(), "\n"), "\n")
			if journal.Len() == 0 {
				lines = nil
			}
			if len(lines) != len(tt.journal) {
				t.Fatalf("journal of %d lines, want %d:\n%s", len(lines), len(tt.journal), journal.String())
			}
			for i, want := range tt.journal {
				if !strings.HasPrefix(lines[i], want) {
					t.Errorf("journal line %d: %q, want it to begin %q", i+1, lines[i], want)
				}
			}
			var table strings.Builder
			if _, err := d.WriteTo(&table); err != nil {
				t.Fatal(err)
			}
			if table.String() != tt.table {
				t.Errorf("directory\n%s\nwant\n%s", table.String(), tt.table)
			}
		})
	}
}

func TestHasSKUKeepsToTheEntitlementsTerms(t *testing.T) {
	d := NewDirectory(&strings.Builder{})
	d.Entitled(interaction.Entitlement{ID: 1, SKUID: 50, ApplicationID: demoApp, UserID: bob.ID, StartsAt: after(10), EndsAt: after(20)})
	d.Entitled(interaction.Entitlement{ID: 2, SKUID: 60, ApplicationID: demoApp, GuildID: demoGuild.ID})
	d.Entitled(interaction.Entitlement{ID: 3, SKUID: 70, ApplicationID: demoApp, UserID: bob.ID, Deleted: true})
	tests := []struct {
		name       string
		owner, sku interaction.Snowflake
		at         time.Time
		want       bool
	}{
		{"before it starts", bob.ID, 50, after(9), false},
		{"as it starts", bob.ID, 50, after(10), true},
		{"before it ends", bob.ID, 50, after(19), true},
		{"as it ends", bob.ID, 50, after(20), false},
		{"someone else", ada.ID, 50, after(15), false},
		{"a server's, with no end", demoGuild.ID, 60, after(1 << 20), true},
		{"a deleted one", bob.ID, 70, after(0), false},
		{"an SKU nobody holds", bob.ID, 80, after(0), false},
	}
	for _, tt := range tests {
		if got := d.HasSKU(tt.owner, tt.sku, tt.at); got != tt.want {
			t.Errorf("%s: HasSKU = %v, want %v", tt.name, got, tt.want)
		}
	}
}
