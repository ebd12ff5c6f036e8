package interaction_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

func TestPrimaryGuildShownIsTheTagTheUserShows(t *testing.T) {
	tests := []struct {
		name string
		p    *interaction.PrimaryGuild
		want string
		ok   bool
	}{
		{"no primary guild", nil, "", false},
		{"an identity the service cleared", &interaction.PrimaryGuild{}, "", false},
		{"a tag the user took off", &interaction.PrimaryGuild{IdentityGuildID: 1, IdentityEnabled: ptr(false), Tag: "DISC"}, "", false},
		{"a tag shown", &interaction.PrimaryGuild{IdentityGuildID: 1, IdentityEnabled: ptr(true), Tag: "DISC"}, "DISC", true},
		{"shown but empty", &interaction.PrimaryGuild{IdentityGuildID: 1, IdentityEnabled: ptr(true)}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.p.Shown()
			if got != tt.want || ok != tt.ok {
				t.Errorf("Shown() = %q, %v; want %q, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}
