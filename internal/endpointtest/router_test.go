package endpointtest_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
)

func TestTheBotAnswersEachCommandAsItsNameSays(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Command("echo", endpointtest.Reply("echo"))
	echo := endpointtest.Build(t, r)
	tests := []struct {
		name string
		mux  *router.Mux
		cmd  string
		want string
	}{
		{"ping", endpointtest.Bot(t, nil), "ping", "pong"},
		{"a deadline, when the context has none", endpointtest.Bot(t, nil), "deadline", "no deadline"},
		{"a handler of Reply", echo, "echo", "echo"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := endpointtest.Dispatch(t, tt.mux, interactiontest.Command(tt.cmd))
			if err != nil {
				t.Fatal(err)
			}
			if resp.Message.Content != tt.want {
				t.Errorf("answered %+v, want %q", resp, tt.want)
			}
		})
	}
}
