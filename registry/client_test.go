package registry_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/registry"
)

// sent is one request as the transport saw it go out.
type sent struct {
	method, path, userAgent, auth string
	status                        int // 0 when no answer came
	at                            time.Time
}

// recorder is a RoundTripper that keeps every request it passes to the
// emulator, so tests can count what the service saw.
type recorder struct {
	mu   sync.Mutex
	reqs []sent
	// onAnswer, when set, is called after each answer.
	onAnswer func(sent)
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	s := sent{method: req.Method, path: req.URL.Path, userAgent: req.Header.Get("User-Agent"), auth: req.Header.Get("Authorization"), at: time.Now()}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err == nil {
		s.status = resp.StatusCode
	}
	r.mu.Lock()
	r.reqs = append(r.reqs, s)
	f := r.onAnswer
	r.mu.Unlock()
	if f != nil {
		f(s)
	}
	return resp, err
}

// all returns the requests so far.
func (r *recorder) all() []sent {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]sent(nil), r.reqs...)
}

// count returns how many requests went to a path ending in suffix.
func (r *recorder) count(suffix string) int {
	n := 0
	for _, s := range r.all() {
		if strings.HasSuffix(s.path, suffix) {
			n++
		}
	}
	return n
}

func (r *recorder) statuses() []int {
	var out []int
	for _, s := range r.all() {
		out = append(out, s.status)
	}
	return out
}

func startEmulator(t *testing.T, cfg emulator.Config) *emulator.Server {
	t.Helper()
	s, err := emulator.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// newClient returns a Client of s with auth, fast retries, and a recorder.
func newClient(t *testing.T, s *emulator.Server, auth registry.Auth, opts ...registry.ClientOption) (*registry.Client, *recorder) {
	t.Helper()
	rec := &recorder{}
	opts = append([]registry.ClientOption{
		registry.WithHTTPClient(&http.Client{Transport: rec}),
		registry.WithBackoff(time.Millisecond, 10*time.Millisecond),
	}, opts...)
	c, err := registry.NewClient(s.URL, auth, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c, rec
}

func ping(name string) registry.Command {
	return registry.Command{Name: name, Description: "Checks that the bot answers"}
}

func TestNewClientBaseURL(t *testing.T) {
	for _, u := range []string{"http://127.0.0.1:1/v10", "https://service.example/api/v10/"} {
		if _, err := registry.NewClient(u, registry.BotToken("t")); err != nil {
			t.Errorf("NewClient(%q): %v", u, err)
		}
	}
	for _, u := range []string{"http://127.0.0.1:1/v9", "http://127.0.0.1:1", "127.0.0.1/v10", "ftp://x/v10", "http://x/v10?a=b"} {
		if _, err := registry.NewClient(u, registry.BotToken("t")); err == nil {
			t.Errorf("NewClient(%q) succeeded", u)
		}
	}
	if _, err := registry.NewClient("http://x/v10", nil); err == nil {
		t.Error("NewClient without Auth succeeded")
	}
}

func TestClientUserAgentAndBotToken(t *testing.T) {
	s := startEmulator(t, emulator.Config{})
	c, rec := newClient(t, s, registry.BotToken(s.BotToken), registry.WithUserAgent("examplebot/1.2"))
	u, err := c.CurrentUser(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !u.Bot || u.Username != "emulator-bot" {
		t.Errorf("CurrentUser = %+v, want the bot user", u)
	}
	got := rec.all()[0]
	const prefix = "switchboard (https://github.com/switchboard-go/switchboard, "
	if !strings.HasPrefix(got.userAgent, prefix) || !strings.HasSuffix(got.userAgent, ") examplebot/1.2") {
		t.Errorf("User-Agent = %q", got.userAgent)
	}
	if got.auth != "Bot "+s.BotToken {
		t.Errorf("Authorization = %q", got.auth)
	}
}

func TestClientCommandRoundTrip(t *testing.T) {
	s := startEmulator(t, emulator.Config{})
	c, _ := newClient(t, s, registry.BotToken(s.BotToken))
	ctx := context.Background()
	for _, scope := range []registry.Scope{registry.Global, registry.InGuild(s.GuildID)} {
		t.Run(scope.String(), func(t *testing.T) {
			cmd := ping("ping")
			cmd.DescriptionLocalizations = registry.Localizations{interaction.LocaleFrench: "Vérifie que le bot répond"}
			made, created, err := c.CreateCommand(ctx, s.ApplicationID, scope, cmd)
			if err != nil || !created || made.ID == 0 || made.Name != "ping" || made.GuildID != scope.Guild {
				t.Fatalf("CreateCommand = %+v, %v, %v", made, created, err)
			}
			again, created, err := c.CreateCommand(ctx, s.ApplicationID, scope, cmd)
			if err != nil || created || again.ID != made.ID {
				t.Fatalf("second CreateCommand = %+v, created %v, %v; want the same command, not created", again, created, err)
			}
			got, err := c.GetCommand(ctx, s.ApplicationID, scope, made.ID)
			if err != nil || got.ID != made.ID || got.DescriptionLocalizations[interaction.LocaleFrench] == "" {
				t.Fatalf("GetCommand = %+v, %v", got, err)
			}

			edited, err := c.EditCommand(ctx, s.ApplicationID, scope, made.ID, registry.Command{Description: "Pong!"}, "description", "description_localizations")
			if err != nil || edited.Description != "Pong!" || edited.Name != "ping" || len(edited.DescriptionLocalizations) != 0 {
				t.Fatalf("EditCommand = %+v, %v", edited, err)
			}
			if _, err := c.EditCommand(ctx, s.ApplicationID, scope, made.ID, cmd, "type"); err == nil {
				t.Error("EditCommand of the type succeeded")
			}

			list, err := c.ListCommands(ctx, s.ApplicationID, scope, true)
			if err != nil || len(list) != 1 || list[0].Description != "Pong!" {
				t.Fatalf("ListCommands = %+v, %v", list, err)
			}

			set, err := c.OverwriteCommands(ctx, s.ApplicationID, scope, []registry.Command{ping("ping"), ping("status"), {Name: "Report", Type: interaction.CommandMessage}})
			if err != nil || len(set) != 3 || set[0].ID != made.ID {
				t.Fatalf("OverwriteCommands = %+v, %v; want 3 commands, ping keeping its id", set, err)
			}
			if err := c.DeleteCommand(ctx, s.ApplicationID, scope, set[1].ID); err != nil {
				t.Fatal(err)
			}
			list, err = c.ListCommands(ctx, s.ApplicationID, scope, false)
			if err != nil || len(list) != 2 {
				t.Fatalf("after delete, ListCommands = %+v, %v", list, err)
			}
			if set, err := c.OverwriteCommands(ctx, s.ApplicationID, scope, nil); err != nil || len(set) != 0 {
				t.Fatalf("OverwriteCommands(nil) = %+v, %v", set, err)
			}
		})
	}
}

func TestClientCredentials(t *testing.T) {
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }

	s := startEmulator(t, emulator.Config{Now: clock})
	auth := &registry.ClientCredentials{ClientID: s.ClientID, ClientSecret: s.ClientSecret, Scopes: []string{"applications.commands.update", "identify"}}
	c, rec := newClient(t, s, auth, registry.WithClock(clock))
	ctx := context.Background()

	for range 3 {
		if _, _, err := c.CreateCommand(ctx, s.ApplicationID, registry.Global, ping("ping")); err != nil {
			t.Fatal(err)
		}
	}
	if n := rec.count("/oauth2/token"); n != 1 {
		t.Fatalf("%d token requests for 3 calls, want 1", n)
	}
	first := rec.all()[1].auth
	if !strings.HasPrefix(first, "Bearer ") {
		t.Fatalf("Authorization = %q, want a bearer token", first)
	}

	// A week on, the first token has expired on the service's clock; the
	// client must have replaced it before.
	advance(7*24*time.Hour - time.Minute)
	u, err := c.CurrentUser(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if u.ID != s.Admin {
		t.Errorf("CurrentUser = %v, want the application's owner %v", u.ID, s.Admin)
	}
	if n := rec.count("/oauth2/token"); n != 2 {
		t.Fatalf("%d token requests after the token neared its expiry, want 2", n)
	}
	reqs := rec.all()
	if last := reqs[len(reqs)-1].auth; last == first {
		t.Error("the expired token was sent again")
	}
}

func TestClientCredentialsRefused(t *testing.T) {
	s := startEmulator(t, emulator.Config{})
	c, rec := newClient(t, s, &registry.ClientCredentials{ClientID: s.ClientID, ClientSecret: "wrong"})
	_, err := c.ListCommands(context.Background(), s.ApplicationID, registry.Global, false)
	var oe *registry.OAuthError
	if !errors.As(err, &oe) || !errors.Is(err, registry.ErrInvalidClient) {
		t.Fatalf("err = %v, want invalid_client", err)
	}
	if n := len(rec.all()); n != 1 {
		t.Errorf("%d requests, want 1: a refused client is not retried", n)
	}
}
