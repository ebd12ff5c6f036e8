package emulator

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// The limiter keeps no more windows than its bound, however many keys its
// callers choose: ended windows are dropped, and past the bound new keys
// share their bucket's overflow window.
func TestTheLimiterKeepsABoundedNumberOfWindows(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	l := newLimiter(RateLimit{Requests: 2, Window: time.Second}, func() time.Time { return now })
	allow := func(key string) bool { return l.allow(httptest.NewRecorder(), key, "webhook") }

	for i := range 3 * maxWindows {
		allow("webhook:" + strconv.Itoa(i))
	}
	if n := len(l.windows); n > maxWindows+1 {
		t.Fatalf("%d windows kept, bound %d", n, maxWindows)
	}
	// The keys past the bound share one window, which is used up.
	if allow("webhook:another") {
		t.Errorf("a new key past the bound has a window of its own")
	}
	// A key that has its own window keeps it.
	if !allow("webhook:0") || allow("webhook:0") {
		t.Errorf("a kept key lost its count")
	}

	now = now.Add(time.Second)
	if !allow("webhook:fresh") {
		t.Errorf("a new key after the windows ended was refused")
	}
	if n := len(l.windows); n != 1 {
		t.Errorf("%d windows kept after the others ended, want 1", n)
	}
}

// limited serves the API of s in the process: each call answers one
// request, with the bot's token when bot is set.
func limited(s *Server) func(method, path string, bot bool) *httptest.ResponseRecorder {
	h := s.Handler()
	return func(method, path string, bot bool) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, nil)
		if bot {
			req.Header.Set("Authorization", "Bot "+s.BotToken)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
}

// Ids the caller makes up make no windows: a guild or an application that
// does not exist shares one window per route and caller, a token of no
// interaction is refused before any bucket is counted, and unknown routes
// share one. Only what the emulator holds has windows of its own.
func TestIDsOfTheCallersChoosingMakeNoWindows(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	s, err := newServer(Config{RateLimit: RateLimit{Requests: 1 << 20, Window: time.Hour}, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	serveLimited := limited(s)
	app, guild := s.ApplicationID.String(), s.GuildID.String()
	for i := range 500 {
		id := strconv.FormatUint(1<<60+uint64(i)*7919, 10)
		for _, r := range []struct {
			method, path string
			bot          bool
		}{
			{"GET", "/v10/applications/" + app + "/guilds/" + id + "/commands", true},
			{"GET", "/v10/applications/" + id + "/commands/" + id, true},
			{"GET", "/v10/applications/" + id + "/guilds/" + id + "/commands/permissions", true},
			{"GET", "/v10/webhooks/" + app + "/" + id, false},
			{"GET", "/v10/webhooks/" + id + "/" + id + "/messages/@original", false},
			{"POST", "/v10/interactions/" + id + "/" + id + "/callback", false},
			{"GET", "/v10/nothing/" + id, false},
		} {
			serveLimited(r.method, r.path, r.bot)
		}
	}
	// The emulator's own: its application and guild.
	serveLimited("GET", "/v10/applications/"+app+"/guilds/"+guild+"/commands", true)
	serveLimited("GET", "/v10/applications/"+app+"/commands", true)
	if n := len(s.limiter.windows); n > 8 {
		keys := make([]string, 0, 8)
		for k := range s.limiter.windows {
			if len(keys) < 8 {
				keys = append(keys, k)
			}
		}
		t.Fatalf("%d windows after 3,500 requests naming ids of no one, such as %q", n, keys)
	}
}

// A window that has ended is dropped within a window, however few the
// limiter keeps: an idle emulator keeps none of yesterday's.
func TestEndedWindowsAreDropped(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	s, err := newServer(Config{RateLimit: RateLimit{Requests: 10, Window: time.Second}, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	serveLimited := limited(s)
	for range 3 {
		serveLimited("GET", "/v10/applications/"+s.ApplicationID.String()+"/commands", true)
		serveLimited("GET", "/v10/applications/"+s.ApplicationID.String()+"/guilds/"+s.GuildID.String()+"/commands", true)
	}
	if n := len(s.limiter.windows); n != 2 {
		t.Fatalf("%d windows, want 2", n)
	}
	now = now.Add(time.Second)
	serveLimited("GET", "/v10/users/@me", true)
	if n := len(s.limiter.windows); n != 1 {
		t.Errorf("%d windows after the others ended, want 1", n)
	}
}

// A flood of made-up tokens does not crowd out a live interaction: its
// webhook still has a bucket of its own, not a share of an overflow window
// the flood has spent.
func TestMadeUpTokensDoNotCrowdOutALiveInteraction(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	s, err := newServer(Config{RateLimit: RateLimit{Requests: 2, Window: time.Hour}, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	serveLimited := limited(s)
	_, token := s.FakeInteraction(interaction.TypeApplicationCommand, interaction.CommandChatInput)
	base := "/v10/webhooks/" + s.ApplicationID.String() + "/"
	for i := range maxWindows + 100 {
		serveLimited("GET", base+"made-up-"+strconv.Itoa(i), false)
	}
	w := serveLimited("GET", base+token+"/messages/@original", false)
	if w.Code == http.StatusTooManyRequests || w.Header().Get("X-RateLimit-Remaining") != "1" {
		t.Errorf("the live interaction's first request: %d, remaining %q, want its own bucket with 1 left", w.Code, w.Header().Get("X-RateLimit-Remaining"))
	}
}
