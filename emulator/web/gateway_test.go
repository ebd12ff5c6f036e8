package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/emulator/web"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/internal/gatewayclient"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// connectBot serves r as a bot on the gateway: no interactions URL; its
// interactions come on a gateway connection and go to an endpoint made
// by endpoint.NewGateway. It returns once the bot is connected.
func connectBot(t *testing.T, emu *emulator.Server, r *router.Router) {
	t.Helper()
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	api, err := rest.NewClient(emu.URL, rest.BotToken(emu.BotToken))
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.NewGateway(mux, endpoint.WithClient(api))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	for _, scope := range []command.Scope{command.Global, command.InGuild(emu.GuildID)} {
		if _, err := api.OverwriteCommands(ctx, emu.ApplicationID, scope, mux.Definitions().Commands(scope)); err != nil {
			t.Fatal(err)
		}
	}
	url := "ws://" + strings.TrimPrefix(strings.TrimSuffix(emu.URL, "/v10"), "http://")
	c := gatewayclient.New(gatewayclient.Config{URL: url, Token: emu.BotToken, Dispatch: func(name string, d json.RawMessage) {
		if name == "INTERACTION_CREATE" {
			e.Go(ctx, d)
		}
	}})
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.Run(ctx) //nolint:errcheck // ends with the test
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		e.WaitDeferred(context.Background())
	})
	select {
	case <-c.Ready():
	case <-time.After(time.Minute):
		t.Fatal("the bot did not connect to the gateway")
	}
}

// The playground drives a bot on the gateway as one on HTTP: the
// command goes out as INTERACTION_CREATE, and the answer the bot sent
// through the callback endpoint is the one the page shows.
func TestThePlaygroundDrivesABotOnTheGateway(t *testing.T) {
	emu, err := emulator.New(emulator.Config{Activities: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { emu.Close() })
	p := &playground{emu: emu, release: make(chan struct{}), asked: make(chan string, 16), suggest: make(chan struct{})}
	connectBot(t, emu, p.bot(t))
	t.Cleanup(p.letSuggest)
	h := web.NewHandler(emu, web.Config{})
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		h.Close()
		srv.Close()
	})
	p.url = srv.URL

	status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": emu.Member, "guild": emu.GuildID, "line": "/greet name:Ada"})
	if status != http.StatusOK {
		t.Fatalf("/greet: %d %s", status, raw)
	}
	var res struct {
		Gateway bool `json:"gateway"`
		OK      bool `json:"ok"`
		Status  int  `json:"status"`
		Answer  struct {
			Data struct {
				Content string `json:"content"`
			} `json:"data"`
		} `json:"answer"`
	}
	decode(t, raw, &res)
	if !res.Gateway || !res.OK || res.Status != 0 || res.Answer.Data.Content != "Hello, Ada!" {
		t.Errorf("the result: %s", raw)
	}
}
