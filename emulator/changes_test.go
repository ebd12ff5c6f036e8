package emulator

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// isClosed reports whether ch is closed, without waiting.
func isClosed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

func TestChangedIsClosedByEachChangeAndOnlyByChanges(t *testing.T) {
	s, err := New(Config{InstallationContexts: []interaction.IntegrationType{interaction.GuildInstall, interaction.UserInstall}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	bot := startHandBot(t, s, always(`{"type":5}`))
	ctx := context.Background()
	var token string
	var followup string
	webhook := func() string { return "/webhooks/" + s.ApplicationID.String() + "/" + token }

	tests := []struct {
		name    string
		change  func(t *testing.T)
		changed bool
	}{
		{"an invocation the bot defers is a change", func(t *testing.T) {
			res, err := s.Invoke(ctx, Invocation{Guild: s.GuildID, Command: "poll"})
			mustOK(t, res, err)
			token = res.Interaction.Token
		}, true},
		{"an edit completing the answer is a change", func(t *testing.T) {
			asBot(t, s, http.MethodPatch, webhook()+"/messages/@original", `{"content":"done"}`, http.StatusOK)
		}, true},
		{"a follow-up is a change", func(t *testing.T) {
			raw := asBot(t, s, http.MethodPost, webhook(), `{"content":"more"}`, http.StatusOK)
			var m struct{ ID string }
			if err := json.Unmarshal([]byte(raw), &m); err != nil {
				t.Fatal(err)
			}
			followup = m.ID
		}, true},
		{"a deletion is a change", func(t *testing.T) {
			asBot(t, s, http.MethodDelete, webhook()+"/messages/"+followup, "", http.StatusNoContent)
		}, true},
		{"reading a message is no change", func(t *testing.T) {
			asBot(t, s, http.MethodGet, webhook()+"/messages/@original", "", http.StatusOK)
		}, false},
		{"a command written is a change", func(t *testing.T) {
			asBot(t, s, http.MethodPost, command.Global.CommandsPath(s.ApplicationID), `{"name":"vote","description":"Votes"}`, http.StatusCreated)
		}, true},
		{"reading the commands is no change", func(t *testing.T) {
			asBot(t, s, http.MethodGet, command.Global.CommandsPath(s.ApplicationID), "", http.StatusOK)
		}, false},
		{"a write the service refuses is no change", func(t *testing.T) {
			asBot(t, s, http.MethodPost, command.Global.CommandsPath(s.ApplicationID), `{"name":"Vote","description":"Votes"}`, http.StatusBadRequest)
		}, false},
		{"an invocation the client refuses is no change", func(t *testing.T) {
			if _, err := s.Invoke(ctx, Invocation{Guild: s.GuildID, Command: "nothing"}); err == nil {
				t.Fatal("an unknown command was sent")
			}
		}, false},
		{"a user installing the application is a change", func(t *testing.T) {
			mustAuthorize(t, s, s.Member, "applications.commands")
		}, true},
		{"a user taking it back is a change", func(t *testing.T) {
			s.Deauthorize(s.Member)
		}, true},
	}
	for _, tt := range tests {
		changed := s.Changed()
		tt.change(t)
		if got := isClosed(changed); got != tt.changed {
			t.Errorf("%s: the channel closed is %v, want %v", tt.name, got, tt.changed)
		}
	}
	if bot.received() != 1 {
		t.Errorf("the bot received %d interactions, want 1", bot.received())
	}
}

// A reader that takes the channel before it reads sees every step of a
// deferred answer the bot completes while it waits, without asking again
// in between.
func TestAReaderWaitingOnChangedSeesWhatTheBotSendsLater(t *testing.T) {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	startHandBot(t, s, always(`{"type":5}`))
	res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "poll"})
	mustOK(t, res, err)
	webhook := "/webhooks/" + s.ApplicationID.String() + "/" + res.Interaction.Token
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		// As the bot does once its work is done.
		for _, r := range []struct{ method, path, body string }{
			{http.MethodPatch, webhook + "/messages/@original", `{"content":"done"}`},
			{http.MethodPost, webhook, `{"content":"and more"}`},
		} {
			req, _ := http.NewRequest(r.method, s.URL+r.path, strings.NewReader(r.body))
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Errorf("%s %s: %d", r.method, r.path, resp.StatusCode)
			}
		}
	}()

	deadline := time.After(10 * time.Second)
	var kinds []MessageEventKind
	for {
		changed := s.Changed()
		rec, _ := s.Interaction(res.Interaction.ID)
		kinds = kinds[:0]
		for _, e := range rec.History {
			kinds = append(kinds, e.Kind)
		}
		if len(kinds) == 3 {
			break
		}
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("after 10s the history is %v", kinds)
		}
	}
	<-sent
	want := []MessageEventKind{MessageDeferred, MessageCompleted, MessageFollowedUp}
	for i := range want {
		if kinds[i] != want[i] {
			t.Fatalf("the history is %v, want %v", kinds, want)
		}
	}
}

// mustAuthorize is s.AuthorizeUser for scopes the test knows are granted.
func mustAuthorize(t *testing.T, s *Server, user interaction.Snowflake, scopes ...string) string {
	t.Helper()
	code, err := s.AuthorizeUser(user, scopes...)
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// The journal names the messages changed since a change, each once in the
// order of its last change, and says when it no longer remembers them all.
func TestTheJournalSaysWhenItHasForgotten(t *testing.T) {
	var j journal
	for i := range journalSize + 10 {
		j.add(interaction.Snowflake(i%5 + 1))
	}
	if ids, ok := j.since(j.last - 7); !ok || len(ids) != 5 || ids[4] != interaction.Snowflake((journalSize+9)%5+1) {
		t.Errorf("the last 7 changes: %v %v", ids, ok)
	}
	if ids, ok := j.since(j.last); !ok || len(ids) != 0 {
		t.Errorf("no change: %v %v", ids, ok)
	}
	if _, ok := j.since(9); ok {
		t.Error("changes no longer remembered are said to be all")
	}
	if _, ok := j.since(10); !ok {
		t.Error("the oldest change remembered is said to be forgotten")
	}
}
