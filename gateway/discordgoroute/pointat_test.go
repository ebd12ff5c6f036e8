package discordgoroute_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard-go/switchboard/gateway/discordgoroute"
)

// api serves the one request discordgo's Gateway makes, naming the
// gateway, and sends the path and query of every request it is sent on
// the returned channel.
func api(t *testing.T, gateway string) (string, <-chan string) {
	t.Helper()
	seen := make(chan string, 16)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen <- r.URL.RequestURI()
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"url":"` + gateway + `"}`)) //nolint:errcheck // the test reads what came
	}))
	t.Cleanup(srv.Close)
	return srv.URL, seen
}

func TestPointAtSendsTheSessionsRequestsToAnotherAPI(t *testing.T) {
	first, firstSeen := api(t, "ws://first")
	second, secondSeen := api(t, "ws://second")
	s := newSession(t)
	given := s.Client
	if err := discordgoroute.PointAt(s, first+"/api/v9/"); err != nil {
		t.Fatal(err)
	}
	if s.Client == given || given.Transport != nil {
		t.Errorf("PointAt changed the session's own client rather than a copy")
	}
	if got, err := s.Gateway(); err != nil || got != "ws://first/" {
		t.Errorf("Gateway() = %q, %v; want the first API's", got, err)
	}
	if got := <-firstSeen; got != "/api/v9/gateway" {
		t.Errorf("the first API was asked %q", got)
	}
	// Escaped paths and queries are kept.
	if _, err := s.RequestWithBucketID("GET", discordgo.EndpointMessageReactions("1", "2", "👋")+"?limit=3", nil, "reactions"); err != nil {
		t.Errorf("a reaction's request: %v", err)
	}
	if got := <-firstSeen; got != "/api/v9/channels/1/messages/2/reactions/%F0%9F%91%8B?limit=3" {
		t.Errorf("the first API was asked %q", got)
	}

	// Pointed again, the session goes to the new API alone, the base's
	// path replacing discordgo's.
	if err := discordgoroute.PointAt(s, second+"/v10"); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Gateway(); err != nil || got != "ws://second/" {
		t.Errorf("pointed again, Gateway() = %q, %v; want the second API's", got, err)
	}
	if got := <-secondSeen; got != "/v10/gateway" {
		t.Errorf("the second API was asked %q", got)
	}
	select {
	case got := <-firstSeen:
		t.Errorf("pointed again, the session still asked the first API %q", got)
	default:
	}

	// What is not under the API is refused, not sent to the service.
	_, err := s.Client.Get(discordgo.EndpointCDN + "avatars/1/2.png")
	if err == nil || !strings.Contains(err.Error(), "refused rather than sent to the service") {
		t.Errorf("a request to the CDN: %v; want it refused", err)
	}
}

func TestPointAtRefusesWhatIsNoAPI(t *testing.T) {
	for _, base := range []string{"", "127.0.0.1:8484/v10", "ws://127.0.0.1:8484", "http:///v10", "http://127.0.0.1:8484/v10?x=1", "http://[::1"} {
		if err := discordgoroute.PointAt(newSession(t), base); err == nil || !strings.HasPrefix(err.Error(), "discordgoroute: PointAt") {
			t.Errorf("PointAt(%q) = %v; want an error that says where", base, err)
		}
	}
	if err := discordgoroute.PointAt(nil, "http://127.0.0.1:8484/v10"); err == nil {
		t.Error("PointAt of no session: no error")
	}
}
