package discordgoroutetest_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/gateway/discordgoroute/discordgoroutetest"
	"github.com/switchboard-go/switchboard/rest"
)

func TestTheConnectExampleTestPasses(t *testing.T) { testHello(t) }

// Connect says which step failed, and connects nothing then.
func TestConnectSaysWhatFailed(t *testing.T) {
	mux, err := newRouter().Build()
	if err != nil {
		t.Fatal(err)
	}
	api, err := rest.NewClient("http://127.0.0.1:1/v10", rest.NoAuth{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.NewGateway(mux, endpoint.WithClient(api))
	if err != nil {
		t.Fatal(err)
	}
	// An address nothing listens on: the listener is closed at once.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "ws://" + ln.Addr().String()
	ln.Close()
	failed := errors.New("no session today")
	for _, tt := range []struct {
		name       string
		newSession func(string) (*discordgo.Session, error)
		url        string
		says       string
	}{
		{"newSession fails", func(string) (*discordgo.Session, error) { return nil, failed }, closed, "making the session: no session today"},
		{"newSession returns nothing", func(string) (*discordgo.Session, error) { return nil, nil }, closed, "no session and no error"},
		{"the gateway's URL is not a WebSocket's", nil, "http://127.0.0.1:1", "want ws:// or wss://"},
		{"nothing listens", nil, closed, "opening the session on http://" + ln.Addr().String() + "/api/v9"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			stop, err := discordgoroutetest.Connect(tt.newSession)(context.Background(), tt.url, "token", e)
			if err == nil || stop != nil {
				t.Fatalf("Connect: %v, stop %v; want an error and nothing to stop", err, stop != nil)
			}
			if !strings.HasPrefix(err.Error(), "discordgoroutetest: ") || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("Connect: %q; want it to say %q", err, tt.says)
			}
		})
	}
}
