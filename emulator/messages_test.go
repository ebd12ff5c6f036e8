package emulator_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

// Messages gives every message kept and where the changes stand;
// MessageChanges then names the messages changed since, each once, and
// Message gives each as it stands, or nothing once it is forgotten.
func TestMessageChangesSayWhichMessagesChanged(t *testing.T) {
	s := start(t, emulator.Config{Limits: emulator.Limits{Interactions: 2}}).Server(t, "Messages and MessageChanges are Go only")
	r := router.New()
	r.Command("say", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("said"), nil
	}, router.Description("Says"))
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	defer startBot(s, mux)()
	say := func() (interaction.Snowflake, string) {
		t.Helper()
		res, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: "say"})
		if err != nil || !res.OK() {
			t.Fatalf("/say: %v %+v", err, res)
		}
		rec, _ := s.Interaction(res.Interaction.ID)
		return rec.Original.ID, res.Interaction.Token
	}

	first, token := say()
	msgs, since := s.Messages()
	if len(msgs) != 1 || msgs[0].ID != first || !msgs[0].Original || msgs[0].Data.Content != "said" {
		t.Fatalf("Messages: %+v", msgs)
	}
	if ids, last, ok := s.MessageChanges(since); !ok || len(ids) != 0 || last != since {
		t.Fatalf("no change since Messages: %v %d %v", ids, last, ok)
	}

	second, _ := say()
	req, err := http.NewRequest("PATCH", s.URL+"/webhooks/"+s.ApplicationID.String()+"/"+token+"/messages/@original", strings.NewReader(`{"content":"edited"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("editing: %v %v", resp, err)
	}
	resp.Body.Close()
	ids, last, ok := s.MessageChanges(since)
	if !ok || !slices.Equal(ids, []interaction.Snowflake{second, first}) {
		t.Fatalf("after a new message and an edit: %v %v, want %v then %v", ids, ok, second, first)
	}
	if m, found := s.Message(first); !found || m.Data.Content != "edited" || m.Interaction.Token != token {
		t.Errorf("the edited message: %+v %v", m, found)
	}

	// A third interaction forgets the first, and with it its message.
	third, _ := say()
	ids, _, ok = s.MessageChanges(last)
	if !ok || !slices.Contains(ids, first) || !slices.Contains(ids, third) {
		t.Fatalf("after the first was forgotten: %v %v", ids, ok)
	}
	if _, found := s.Message(first); found {
		t.Error("a message of a forgotten interaction is found")
	}
	if msgs, _ := s.Messages(); len(msgs) != 2 || msgs[0].ID != second || msgs[1].ID != third {
		t.Errorf("Messages after forgetting: %+v", msgs)
	}
}
