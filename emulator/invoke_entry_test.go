package emulator

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
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

	var mu sync.Mutex
	var got [][]byte
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	bot := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if verifier.Verify([]byte(r.Header.Get("X-Signature-Ed25519")), []byte(r.Header.Get("X-Signature-Timestamp")), body) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if !bytes.Contains(body, []byte(`"data"`)) {
			w.Write([]byte(`{"type":1}`))
			return
		}
		mu.Lock()
		got = append(got, body)
		mu.Unlock()
		w.Write([]byte(`{"type":12}`))
	}))
	t.Cleanup(bot.Close)
	if err := s.SetInteractionsURL(ctx, bot.URL); err != nil {
		t.Fatal(err)
	}
	res, err = s.Invoke(ctx, launch)
	if err != nil || !res.Launched || len(got) != 0 || len(s.Interactions()) != 0 {
		t.Fatalf("SERVICE_LAUNCH_ACTIVITY: %+v, %v; the bot got %q", res, err, got)
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
	req, _ := http.NewRequest("PATCH", s.URL+"/applications/"+s.ApplicationID.String()+"/commands/"+id.String(), strings.NewReader(`{"handler":1}`))
	req.Header.Set("Authorization", "Bot "+s.BotToken)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("PATCH handler 1: %d", resp.StatusCode)
	}
	// The user's client still has the old handler: the first use reloads it.
	if _, err := s.Invoke(ctx, launch); !errors.Is(err, ErrStale) {
		t.Fatalf("after the edit: %v, want ErrStale", err)
	}
	res, err = s.Invoke(ctx, launch)
	mustOK(t, res, err)
	if res.Launched || res.Answer.Type != interaction.CallbackLaunchActivity || len(got) != 1 {
		t.Fatalf("APP_HANDLER: %+v; the bot got %d interactions", res, len(got))
	}
	ix := res.Interaction
	if ix.Type != interaction.TypeApplicationCommand || ix.Data.Type != interaction.CommandPrimaryEntryPoint || ix.Data.Name != "Launch" || ix.Data.ID != id {
		t.Fatalf("sent %s", res.Body)
	}
	if rec, ok := s.Interaction(ix.ID); !ok || rec.Launched || rec.Answer == nil || rec.Answer.Type != interaction.CallbackLaunchActivity || len(rec.Followups) != 0 {
		t.Fatalf("record %+v", rec)
	}
}
