package emulator

import (
	"context"
	"errors"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// A MESSAGE command is used on a message the user sees, as a component
// is: the client shows no other, so it offers no command on it.
func TestAMessageCommandIsUsedOnlyOnAMessageTheUserSees(t *testing.T) {
	ctx := context.Background()
	s, bot, poll := startPoll(t, `{"type":6}`)
	putCommands(t, s, command.InGuild(s.GuildID), []byte(`[{"name":"poll","description":"Starts a poll"},{"name":"Quote","type":3}]`))
	secret := ephemeralMessage(t, s, bot)
	res, err := s.Invoke(ctx, Invocation{Command: "poll"})
	mustOK(t, res, err)
	dm, _ := s.Interaction(res.Interaction.ID)
	res, err = s.Invoke(ctx, Invocation{Guild: s.GuildID, Command: "poll"})
	mustOK(t, res, err)
	gone, _ := s.Interaction(res.Interaction.ID)
	if status, body := tokenWebhook(t, s, "DELETE", gone.Interaction.Token, "/messages/@original", ""); status != 204 {
		t.Fatalf("DELETE: %d %v", status, body)
	}

	for _, tc := range []struct {
		name   string
		user   interaction.Snowflake
		target interaction.Snowflake
		want   error // nil: the bot gets the message, resolved
	}{
		{"a message of the guild", s.Admin, poll, nil},
		{"the user's own ephemeral message", s.Member, secret, nil},
		{"another user's ephemeral message", s.Admin, secret, ErrUnknownTarget},
		{"the bot's direct messages with another user", s.Moderator, dm.Original.ID, ErrUnknownTarget},
		{"a deleted message", s.Member, gone.Original.ID, ErrUnknownTarget},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := bot.received()
			res, err := s.Invoke(ctx, Invocation{User: tc.user, Guild: s.GuildID, Type: interaction.CommandMessage, Command: "Quote", Target: tc.target})
			if tc.want != nil {
				var ie *InvocationError
				if !errors.As(err, &ie) || !errors.Is(err, tc.want) {
					t.Fatalf("err = %v, want an *InvocationError of %v", err, tc.want)
				}
				if bot.received() != before {
					t.Error("the bot received an interaction")
				}
				return
			}
			mustOK(t, res, err)
			ix, raw := bot.last(t)
			if m, ok := ix.Data.Resolved.Message(tc.target); !ok || m.ID != tc.target || ix.Data.TargetID != tc.target {
				t.Errorf("the target is not resolved: %s", raw)
			}
		})
	}
}
