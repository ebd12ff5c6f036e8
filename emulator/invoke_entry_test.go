package emulator

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// The entry point command of an Activity reaches the bot only when its
// handler says the application handles it.
func TestInvokingTheEntryPointCommand(t *testing.T) {
	s, err := New(Config{Activities: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ctx := context.Background()
	launch := Invocation{Guild: s.GuildID, Type: interaction.CommandPrimaryEntryPoint, Command: "Launch"}

	// Without any interactions URL: the service needs none to launch it.
	res, err := s.Invoke(ctx, launch)
	if err != nil || !res.Launched || !res.OK() || res.Interaction != nil {
		t.Fatalf("SERVICE_LAUNCH_ACTIVITY without a URL: %+v, %v", res, err)
	}

	bot := serveHandBot(t, s, always(`{"type":12}`))
	res, err = s.Invoke(ctx, launch)
	if err != nil || !res.Launched || bot.received() != 0 || len(s.Interactions()) != 0 {
		t.Fatalf("SERVICE_LAUNCH_ACTIVITY: %+v, %v; the bot got %d interactions", res, err, bot.received())
	}
	// The service handled both itself.
	launches := s.Launches()
	for _, rec := range launches {
		if !rec.Launched || rec.Answer == nil || rec.Answer.Type != interaction.CallbackLaunchActivity || len(rec.Followups) != 1 {
			t.Fatalf("record of a launch: %+v", rec)
		}
	}
	if len(launches) != 2 {
		t.Fatalf("%d launches, want 2", len(launches))
	}
	if _, err := s.Invoke(ctx, Invocation{Guild: s.GuildID, Type: interaction.CommandPrimaryEntryPoint, Command: "Launch",
		Options: []Arg{{"x", "y"}}}); err == nil {
		t.Fatal("an entry point command took options")
	}

	id := commandID(s, "Launch")
	asBot(t, s, "PATCH", "/applications/"+s.ApplicationID.String()+"/commands/"+id.String(), `{"handler":1}`, http.StatusOK)
	// The user's client still has the old handler: the first use reloads it.
	if _, err := s.Invoke(ctx, launch); !errors.Is(err, ErrStale) {
		t.Fatalf("after the edit: %v, want ErrStale", err)
	}
	res, err = s.Invoke(ctx, launch)
	mustOK(t, res, err)
	if res.Launched || res.Answer.Type != interaction.CallbackLaunchActivity || bot.received() != 1 {
		t.Fatalf("APP_HANDLER: %+v; the bot got %d interactions", res, bot.received())
	}
	ix := res.Interaction
	if ix.Type != interaction.TypeApplicationCommand || ix.Data.Type != interaction.CommandPrimaryEntryPoint || ix.Data.Name != "Launch" || ix.Data.ID != id {
		t.Fatalf("sent %s", res.Body)
	}
	if rec, ok := s.Interaction(ix.ID); !ok || rec.Launched || rec.Answer == nil || rec.Answer.Type != interaction.CallbackLaunchActivity || len(rec.Followups) != 0 {
		t.Fatalf("record %+v", rec)
	}
}
