package rest_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
)

// clientObserved is a rest.Observer that keeps what it is told.
type clientObserved struct {
	mu       sync.Mutex
	attempts []rest.Attempt
	waits    []rest.Wait
	retries  []rest.Retry
}

func (o *clientObserved) ObserveAttempt(a rest.Attempt) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.attempts = append(o.attempts, a)
}

func (o *clientObserved) ObserveRateLimitWait(w rest.Wait) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.waits = append(o.waits, w)
}

func (o *clientObserved) ObserveRetry(r rest.Retry) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.retries = append(o.retries, r)
}

// TestTheObserverIsToldOfEachAttemptWaitAndRetry: every attempt is
// observed with its status, a 429 with the scope of its limit, the time
// held back for the limit before each attempt, and each retry with why.
func TestTheObserverIsToldOfEachAttemptWaitAndRetry(t *testing.T) {
	const route = "GET /applications/{app}/commands"
	tests := []struct {
		name         string
		fault        *emulator.Fault // none when nil
		timeout      time.Duration
		wantStatuses []int
		wantScope    rest.RateLimitScope // of the first attempt
		wantRetries  []rest.RetryReason
		wantWaited   time.Duration // before the last attempt, at least
	}{
		{"an answer", nil, 0, []int{200}, 0, nil, 0},
		{"a 429 of the route's bucket", &emulator.Fault{Route: "commands", Kind: emulator.FaultRateLimit, RetryAfter: 200 * time.Millisecond},
			0, []int{429, 200}, rest.RateLimitBucket, nil, 150 * time.Millisecond},
		{"a global 429", &emulator.Fault{Route: "commands", Kind: emulator.FaultRateLimit, RetryAfter: 200 * time.Millisecond, Global: true},
			0, []int{429, 200}, rest.RateLimitGlobal, nil, 150 * time.Millisecond},
		{"server errors", &emulator.Fault{Route: "commands", Kind: emulator.FaultServerError, Count: 2, Status: http.StatusBadGateway},
			0, []int{502, 502, 200}, 0, []rest.RetryReason{rest.RetryServerError, rest.RetryServerError}, 0},
		{"a dropped connection", &emulator.Fault{Route: "commands", Kind: emulator.FaultDrop},
			0, []int{0, 200}, 0, []rest.RetryReason{rest.RetryConnection}, 0},
		{"an attempt out of time", &emulator.Fault{Route: "commands", Kind: emulator.FaultSlow, Delay: time.Second},
			100 * time.Millisecond, []int{0, 200}, 0, []rest.RetryReason{rest.RetryTimeout}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := apitest.StartEmulator(t, emulator.Config{})
			o := new(clientObserved)
			opts := []rest.ClientOption{rest.WithObserver(o)}
			if tt.timeout > 0 {
				opts = append(opts, rest.WithTimeout(tt.timeout))
			}
			c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken), opts...)
			if tt.fault != nil {
				s.InjectFault(*tt.fault)
			}
			if _, err := c.ListCommands(context.Background(), s.ApplicationID, command.Global, false); err != nil {
				t.Fatal(err)
			}
			o.mu.Lock()
			defer o.mu.Unlock()
			if len(o.attempts) != len(tt.wantStatuses) || len(o.waits) != len(tt.wantStatuses) {
				t.Fatalf("observed attempts %+v after waits %+v, want %d of each", o.attempts, o.waits, len(tt.wantStatuses))
			}
			for i, a := range o.attempts {
				wantScope := rest.RateLimitScope(0)
				if i == 0 {
					wantScope = tt.wantScope
				}
				if a.Route != route || a.Status != tt.wantStatuses[i] || a.RateLimit != wantScope || a.Duration <= 0 {
					t.Errorf("attempt %d observed as %+v, want %s answered %d, scope %q", i, a, route, tt.wantStatuses[i], wantScope)
				}
				if o.waits[i].Route != route {
					t.Errorf("wait %d observed on %q", i, o.waits[i].Route)
				}
			}
			if last := o.waits[len(o.waits)-1]; last.Duration < tt.wantWaited {
				t.Errorf("held back %v before the last attempt, want at least %v", last.Duration, tt.wantWaited)
			}
			if len(o.retries) != len(tt.wantRetries) {
				t.Fatalf("retries observed: %+v, want %v", o.retries, tt.wantRetries)
			}
			for i, r := range o.retries {
				if r.Route != route || r.Reason != tt.wantRetries[i] {
					t.Errorf("retry %d observed as %+v, want %q", i, r, tt.wantRetries[i])
				}
			}
		})
	}
}

// TestTheObserverNeverSeesATokenOrAnID: the requests on an interaction's
// token are named by their route, with "{token}" and "{id}" in place of
// them, as are those on the application's and the guild's ids.
func TestTheObserverNeverSeesATokenOrAnID(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	o := new(clientObserved)
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken), rest.WithObserver(o))
	ctx := context.Background()
	made, _, err := c.CreateCommand(ctx, s.ApplicationID, command.InGuild(s.GuildID), command.Command{Name: "ping", Description: "Checks"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetCommand(ctx, s.ApplicationID, command.InGuild(s.GuildID), made.ID); err != nil {
		t.Fatal(err)
	}
	ix := &interaction.Interaction{ID: 1100000000000000042, ApplicationID: s.ApplicationID, Type: interaction.TypeApplicationCommand,
		Token: "aW50ZXJhY3Rpb24.secret-token"}
	// The service knows no such interaction: the answers are 404s, and
	// still observed by route.
	_ = c.Respond(ctx, ix, interaction.Reply("hi"))
	_, _ = c.EditOriginal(ctx, ix, interaction.MessageData{Content: "edited"})
	o.mu.Lock()
	defer o.mu.Unlock()
	want := []string{
		"POST /applications/{app}/guilds/{guild}/commands",
		"GET /applications/{app}/guilds/{guild}/commands/{cmd}",
		"POST /interactions/{id}/{token}/callback",
		"PATCH /webhooks/{app}/{token}/messages/{message}",
	}
	var got []string
	for _, a := range o.attempts {
		got = append(got, a.Route)
		for _, secret := range []string{s.ApplicationID.String(), s.GuildID.String(), made.ID.String(), ix.ID.String(), "secret-token"} {
			if strings.Contains(a.Route, secret) {
				t.Errorf("route %q holds %q", a.Route, secret)
			}
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("routes observed:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestScopesAndRetryReasonsHaveNames(t *testing.T) {
	t.Parallel()
	for _, s := range []interface{ String() string }{
		rest.RateLimitBucket, rest.RateLimitGlobal, rest.RateLimitShared,
		rest.RetryServerError, rest.RetryTimeout, rest.RetryConnection,
	} {
		if n := s.String(); n == "" || strings.ToLower(n) != n || strings.Contains(n, " ") {
			t.Errorf("%#v is named %q, want a lower-case word", s, n)
		}
	}
	if rest.RateLimitScope(0).String() != "" || rest.RetryReason(9).String() != "" {
		t.Error("values out of range have names")
	}
}
