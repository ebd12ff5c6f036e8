package main

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

func TestTheGatewayFlags(t *testing.T) {
	c := serve(t, "-disallowed-intents", "message_content, GUILD_PRESENCES", "-gateway-heartbeat", "2s")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws://"+strings.TrimPrefix(strings.TrimSuffix(c.BaseURL, "/v10"), "http://")+"/?v=10&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	_, hello, err := ws.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var h struct {
		D struct {
			Interval int `json:"heartbeat_interval"`
		} `json:"d"`
	}
	if json.Unmarshal(hello, &h) != nil || h.D.Interval != 2000 {
		t.Errorf("HELLO: %s", hello)
	}
	identify, _ := json.Marshal(map[string]any{"op": 2, "d": map[string]any{"token": c.BotToken, "intents": 1 << 15,
		"properties": map[string]string{"os": "linux", "browser": "test", "device": "test"}}})
	if err := ws.Write(ctx, websocket.MessageText, identify); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ws.Read(ctx); websocket.CloseStatus(err) != 4014 {
		t.Errorf("asking for MESSAGE_CONTENT turned off: %v, want close 4014", err)
	}

	for _, args := range [][]string{{"-disallowed-intents", "GUILDS"}, {"-gateway-heartbeat", "-1s"}} {
		err := run(context.Background(), append([]string{"-addr", "127.0.0.1:0"}, args...), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), args[0]) {
			t.Errorf("%v: %v, want an error naming the flag", args, err)
		}
	}
}
