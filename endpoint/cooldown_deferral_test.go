package endpoint_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
)

// slowRefusals is a store that answers late, and refuses every use.
type slowRefusals struct{ after time.Duration }

func (s slowRefusals) Use(ctx context.Context, _ string, _ int, _ time.Duration) (time.Duration, error) {
	select {
	case <-time.After(s.after):
		return time.Minute, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// TestARefusalAfterAPublicDeferralStaysEphemeral: when the store answers
// after the endpoint has deferred a public command, the user still sees
// the refusal alone: the deferral is deleted and the refusal sent as an
// ephemeral follow-up, never as a public message.
func TestARefusalAfterAPublicDeferralStaysEphemeral(t *testing.T) {
	t.Parallel()
	r := router.New()
	r.Use(cooldown.New(cooldown.PerUser, 1, time.Minute, cooldown.WithStore(slowRefusals{after: 150 * time.Millisecond})))
	r.Command("ping", endpointtest.Reply("pong"), router.Description("Answers pong"))
	// The endpoint defers 50ms after the request arrives, before the
	// store answers.
	s := serveOnEmulator(t, r, endpoint.WithResponseDeadline(100*time.Millisecond), endpoint.WithAnswerMargin(50*time.Millisecond))
	res, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: "ping"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Answer.Type != interaction.CallbackDeferredChannelMessageWithSource || res.Answer.Message.Flags&interaction.FlagEphemeral != 0 {
		t.Fatalf("first answer %+v, want a public deferral", res.Answer)
	}
	var rec emulator.InteractionRecord
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		rec, _ = s.Interaction(res.Interaction.ID)
		if len(rec.Followups) > 0 || time.Now().After(end) {
			break
		}
	}
	if len(rec.Followups) != 1 || !strings.HasPrefix(rec.Followups[0].Data.Content, "You can use this command again") ||
		rec.Followups[0].Data.Flags&interaction.FlagEphemeral == 0 {
		t.Fatalf("follow-ups %+v, want the refusal, ephemeral", rec.Followups)
	}
	if rec.Original == nil || !rec.Original.Deleted {
		t.Errorf("the public deferral %+v was not deleted", rec.Original)
	}
	for _, ev := range rec.History {
		if strings.Contains(ev.Message.Data.Content, "You can use") && ev.Message.Data.Flags&interaction.FlagEphemeral == 0 {
			t.Errorf("the refusal was public at one point: %+v", ev)
		}
	}
}
