package emulator_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// A gateway drop closes the connection without a close frame before the
// dispatch; the session stays resumable, and a client that resumes gets
// the dispatch it missed, and can still answer in time.
func TestAGatewayDropLeavesTheSessionResumable(t *testing.T) {
	s, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	registerPing(t, s)
	bot, ready, guilds := connectGateway(t, s, 0)
	if err := s.ArmDeliveryFault(emulator.DeliveryFault{Kind: emulator.DeliveryGatewayDrop, Count: 1}); err != nil {
		t.Fatal(err)
	}
	done := make(chan *emulator.Result, 1)
	go func() {
		res, err := s.Invoke(context.Background(), emulator.Invocation{User: s.Member, Guild: s.GuildID, Command: "ping"})
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	_, data, err := bot.ws.Read(bot.ctx)
	if err == nil || websocket.CloseStatus(err) != -1 {
		t.Fatalf("the connection was not dropped: %v %s", err, data)
	}

	// READY is dispatch 1, and a GUILD_CREATE follows it for each guild.
	seq := 1 + len(guilds)
	ws, _, err := websocket.Dial(bot.ctx, ready["resume_gateway_url"].(string)+"/?v=10&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	again := &gatewayBot{t: t, ws: ws, ctx: bot.ctx}
	again.expect(10, "")
	again.send(6, map[string]any{"token": s.BotToken, "session_id": ready["session_id"], "seq": seq})
	ev := again.expect(0, "INTERACTION_CREATE")
	again.expect(0, "RESUMED")
	var ix interaction.Interaction
	if err := json.Unmarshal(ev.D, &ix); err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(s.URL+"/interactions/"+ix.ID.String()+"/"+ix.Token+"/callback", "application/json",
		strings.NewReader(`{"type":4,"data":{"content":"pong"}}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	res := <-done
	if res == nil || !res.OK() || !slices.Equal(res.Faults, []emulator.DeliveryFaultKind{emulator.DeliveryGatewayDrop}) {
		t.Fatalf("the result: %+v", res)
	}
	if rec, _ := s.Interaction(ix.ID); !slices.Equal(rec.Faults, res.Faults) {
		t.Fatalf("the record's faults: %v", rec.Faults)
	}
	if armed := s.DeliveryFaults(); armed[0].Fired != 1 {
		t.Fatalf("armed %+v", armed)
	}
}

// With After, a drop comes after that many dispatches and not before.
func TestAGatewayDropAfterDispatches(t *testing.T) {
	s, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	bot, _, _ := connectGateway(t, s, 1<<1) // GUILD_MEMBERS
	if err := s.ArmDeliveryFault(emulator.DeliveryFault{Kind: emulator.DeliveryGatewayDrop, Count: 1, After: 2}); err != nil {
		t.Fatal(err)
	}
	kick := func() {
		req, _ := http.NewRequest("DELETE", s.URL+"/guilds/"+s.GuildID.String()+"/members/"+s.Member.String(), nil)
		req.Header.Set("Authorization", "Bot "+s.BotToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	kick()
	if err := s.Join(s.GuildID, s.Member); err != nil {
		t.Fatal(err)
	}
	kick()
	bot.expect(0, "GUILD_MEMBER_REMOVE")
	bot.expect(0, "GUILD_MEMBER_ADD")
	ctx, cancel := context.WithTimeout(bot.ctx, 10*time.Second)
	defer cancel()
	if _, _, err := bot.ws.Read(ctx); err == nil || errors.Is(err, context.DeadlineExceeded) || websocket.CloseStatus(err) != -1 {
		t.Fatalf("the third dispatch did not drop the connection: %v", err)
	}
	if sessions := s.GatewaySessions(); len(sessions) != 1 || sessions[0].Connected {
		t.Fatalf("sessions %+v", sessions)
	}
}
