package arikawaroutetest

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/diamondburned/arikawa/v3/discord"
	"github.com/switchboard-go/switchboard/emulator"
)

// An API client of NewAPIClient reaches the emulator as the bot.
func TestNewAPIClientReachesTheEmulator(t *testing.T) {
	s, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	me, err := NewAPIClient("Bot "+s.BotToken, strings.TrimSuffix(s.URL, "/v10")).Me()
	if err != nil {
		t.Fatal(err)
	}
	if me.ID != discord.UserID(s.ApplicationID) || !me.Bot {
		t.Errorf("the client is %+v, want the bot %v", me, s.ApplicationID)
	}
}

// roundTrip is a transport that answers with the URL it was asked for.
type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// The redirect moves the requests for the service, and only those.
func TestTheRedirectMovesOnlyTheServicesRequests(t *testing.T) {
	from, _ := url.Parse("https://discord.com")
	to, _ := url.Parse("http://127.0.0.1:8484")
	r := redirect{from: from, to: to, next: roundTrip(func(req *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: http.StatusOK, Body: io.NopCloser(strings.NewReader(req.Host + " " + req.URL.String()))}, nil
	})}
	for _, tc := range []struct{ in, want string }{
		{"https://discord.com/api/v9/users/@me", "127.0.0.1:8484 http://127.0.0.1:8484/api/v9/users/@me"},
		{"https://discord.com/api/v9/interactions/1/t/callback?with_response=false", "127.0.0.1:8484 http://127.0.0.1:8484/api/v9/interactions/1/t/callback?with_response=false"},
		{"https://cdn.discordapp.com/avatars/1/a.png", "cdn.discordapp.com https://cdn.discordapp.com/avatars/1/a.png"},
		{"http://discord.com/api/v9/users/@me", "discord.com http://discord.com/api/v9/users/@me"},
	} {
		req, err := http.NewRequest(http.MethodGet, tc.in, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := r.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(res.Body)
		if string(got) != tc.want {
			t.Errorf("%s went to %s, want %s", tc.in, got, tc.want)
		}
		if req.URL.String() != tc.in {
			t.Errorf("the request asked for was changed to %s", req.URL)
		}
	}
}
