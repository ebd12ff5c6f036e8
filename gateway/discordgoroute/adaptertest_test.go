package discordgoroute_test

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard-go/switchboard/gateway/discordgoroute/discordgoroutetest"
	"github.com/switchboard-go/switchboard/internal/adaptertest"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// The checks every adapter passes, through discordgo's own connection.
func TestTheAdapterPassesTheChecksOfEveryAdapter(t *testing.T) {
	adaptertest.Run(t, func(resumed func()) switchboardtest.Connect {
		return discordgoroutetest.Connect(func(token string) (*discordgo.Session, error) {
			s, err := discordgo.New("Bot " + token)
			if err != nil {
				return nil, err
			}
			s.AddHandler(func(*discordgo.Session, *discordgo.Resumed) { resumed() })
			return s, nil
		})
	})
}
