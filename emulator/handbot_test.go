package emulator

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// handBot is a bot written by hand with the standard library, as a bot in
// any language may be: it verifies each interaction's signature, decodes
// it with package interaction, keeps it, and answers with the JSON its
// answer function gives, which may break the service's rules.
type handBot struct {
	mu     sync.Mutex
	got    []*interaction.Interaction
	raw    [][]byte
	answer func(ix *interaction.Interaction) string
}

// startHandBot serves a handBot for s, with the command "poll" registered
// in the guild and globally, and sets it as the interactions URL.
func startHandBot(t *testing.T, s *Server, answer func(ix *interaction.Interaction) string) *handBot {
	t.Helper()
	putCommands(t, s, command.InGuild(s.GuildID), []byte(`[{"name":"poll","description":"Starts a poll"}]`))
	// Created, not overwritten: an application with an Activity keeps its
	// entry point command.
	asBot(t, s, http.MethodPost, command.Global.CommandsPath(s.ApplicationID), `{"name":"poll","description":"Starts a poll"}`, http.StatusCreated)
	return serveHandBot(t, s, answer)
}

// serveHandBot serves a handBot for s, and sets it as the interactions
// URL.
func serveHandBot(t *testing.T, s *Server, answer func(ix *interaction.Interaction) string) *handBot {
	t.Helper()
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	b := &handBot{answer: answer}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if verifier.Verify([]byte(r.Header.Get("X-Signature-Ed25519")), []byte(r.Header.Get("X-Signature-Timestamp")), body) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		ix := new(interaction.Interaction)
		if err := interaction.Decode(body, ix); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if ix.Type == interaction.TypePing {
			w.Write([]byte(`{"type":1}`))
			return
		}
		b.mu.Lock()
		b.got, b.raw = append(b.got, ix), append(b.raw, bytes.Clone(body))
		f := b.answer
		b.mu.Unlock()
		w.Write([]byte(f(ix)))
	}))
	t.Cleanup(srv.Close)
	if err := s.SetInteractionsURL(context.Background(), srv.URL); err != nil {
		t.Fatal(err)
	}
	return b
}

// answering sets what the bot answers from now on.
func (b *handBot) answering(f func(ix *interaction.Interaction) string) {
	b.mu.Lock()
	b.answer = f
	b.mu.Unlock()
}

// last returns the last interaction the bot received, decoded and as sent.
func (b *handBot) last(t *testing.T) (*interaction.Interaction, []byte) {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.got) == 0 {
		t.Fatal("the bot received nothing")
	}
	return b.got[len(b.got)-1], b.raw[len(b.raw)-1]
}

// received returns how many interactions the bot received.
func (b *handBot) received() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.got)
}

// always answers every interaction with answer.
func always(answer string) func(*interaction.Interaction) string {
	return func(*interaction.Interaction) string { return answer }
}
