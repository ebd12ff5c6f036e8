package gatewayclient_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/gatewayclient"
)

// recorder keeps the dispatches a client hands over.
type recorder struct {
	mu    sync.Mutex
	names []string
	more  chan struct{}
}

func (r *recorder) dispatch(name string, _ json.RawMessage) {
	r.mu.Lock()
	r.names = append(r.names, name)
	r.mu.Unlock()
	select {
	case r.more <- struct{}{}:
	default:
	}
}

// waitFor waits until a dispatch named name has come count times.
func (r *recorder) waitFor(t *testing.T, name string, count int) {
	t.Helper()
	deadline := time.After(time.Minute)
	for {
		r.mu.Lock()
		n := 0
		for _, got := range r.names {
			if got == name {
				n++
			}
		}
		r.mu.Unlock()
		if n >= count {
			return
		}
		select {
		case <-r.more:
		case <-deadline:
			t.Fatalf("%s came %d times, want %d: %v", name, n, count, r.names)
		}
	}
}

func TestAClientReceivesItsDispatchesAndResumes(t *testing.T) {
	s, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	resp, err := http.Get(s.URL + "/gateway")
	if err != nil {
		t.Fatal(err)
	}
	var where struct{ URL string }
	json.NewDecoder(resp.Body).Decode(&where)
	resp.Body.Close()

	rec := &recorder{more: make(chan struct{}, 1)}
	c := gatewayclient.New(gatewayclient.Config{URL: where.URL, Token: s.BotToken, Intents: 1 << 9, Dispatch: rec.dispatch})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != context.Canceled {
			t.Errorf("Run: %v", err)
		}
	}()
	<-c.Ready()
	rec.waitFor(t, "GUILD_CREATE", 1)
	general := s.Guilds()[0].Channels[0].ID
	post := func(text string) {
		if _, err := s.PostMessage(s.Member, general, interaction.MessageData{Content: text}); err != nil {
			t.Fatal(err)
		}
	}
	post("one")
	rec.waitFor(t, "MESSAGE_CREATE", 1)

	s.ReconnectGateway()
	rec.waitFor(t, "RESUMED", 1)
	post("two")
	rec.waitFor(t, "MESSAGE_CREATE", 2)
	if ss := s.GatewaySessions(); len(ss) != 1 || !ss[0].Connected {
		t.Errorf("after the resume: %+v", ss)
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if got := strings.Join(rec.names, " "); got != "READY GUILD_CREATE MESSAGE_CREATE RESUMED MESSAGE_CREATE" {
		t.Errorf("dispatches: %s", got)
	}
}

func TestAClientRefusedItsIntentsStops(t *testing.T) {
	s, err := emulator.New(emulator.Config{DisallowedIntents: 1 << 15})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	url := "ws://" + strings.TrimPrefix(strings.TrimSuffix(s.URL, "/v10"), "http://")
	c := gatewayclient.New(gatewayclient.Config{URL: url, Token: s.BotToken, Intents: 1 << 15})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.Run(ctx); err == nil || !strings.Contains(err.Error(), "4014") {
		t.Errorf("Run: %v, want the close 4014", err)
	}
}
