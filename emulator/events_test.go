package emulator_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

// What the application is told, event by event: each reaches its webhook
// events endpoint signed, decodes with package webhook, and says what
// happened; the emulator records every delivery as acknowledged.
func TestWebhookEventsTellTheApplicationWhatHappened(t *testing.T) {
	s := startCommands(t, userInstallConfig())
	ep := startEventsEndpoint(t, s, nil)
	if reason := s.SetEventsURL(t, ep.URL); reason != "" {
		t.Fatalf("the endpoint was refused: %s", reason)
	}
	resp, app := call(t, s, "GET", "/oauth2/applications/@me", "Bot "+s.BotToken, "")
	if resp.StatusCode != 200 || app["event_webhooks_url"] != ep.URL || app["event_webhooks_status"] != float64(2) ||
		!strings.Contains(fmt.Sprint(app["event_webhooks_types"]), "APPLICATION_DEAUTHORIZED") {
		t.Fatalf("the application object: %d %v", resp.StatusCode, app)
	}
	elsewherePath := "/applications/" + s.ApplicationID.String() + "/guilds/" + elsewhere + "/commands"
	if status, raw := do(t, s, "PUT", elsewherePath, "[]"); status != http.StatusForbidden {
		t.Fatalf("commands where the application is not installed yet: %d %s", status, raw)
	}
	carolID, elsewhereID := interaction.Snowflake(1001), interaction.Snowflake(2001)
	var entitlement interaction.Entitlement

	steps := []struct {
		name  string
		do    func()
		check func(t *testing.T, ev *webhook.Event)
	}{
		{"a user who installs the application to their account is authorized with USER_INSTALL",
			func() { s.AuthorizeUser(t, s.Member, "applications.commands") },
			func(t *testing.T, ev *webhook.Event) {
				a, err := ev.ApplicationAuthorized()
				if it, ok := a.Installation(); err != nil || !ok || it != interaction.UserInstall || a.User.ID != s.Member ||
					!slices.Equal(a.Scopes, []string{"applications.commands"}) || a.Guild != nil {
					t.Fatalf("%+v, %v", a, err)
				}
			}},
		{"a user who only signs in is authorized without an installation",
			func() { s.AuthorizeUser(t, s.Moderator, "identify", "identify") },
			func(t *testing.T, ev *webhook.Event) {
				a, err := ev.ApplicationAuthorized()
				if _, ok := a.Installation(); err != nil || ok || a.User.ID != s.Moderator || !slices.Equal(a.Scopes, []string{"identify"}) {
					t.Fatalf("%+v, %v", a, err)
				}
			}},
		{"a guild's owner who adds the bot installs the application there with GUILD_INSTALL",
			func() {
				if kind := s.InstallGuild(t, carolID, elsewhereID, "bot"); kind != "" {
					t.Fatalf("refused: %s", kind)
				}
			},
			func(t *testing.T, ev *webhook.Event) {
				a, err := ev.ApplicationAuthorized()
				if it, ok := a.Installation(); err != nil || !ok || it != interaction.GuildInstall || a.User.ID != carolID ||
					!slices.Equal(a.Scopes, []string{"bot", "applications.commands"}) || a.Guild == nil ||
					a.Guild.ID != elsewhereID || a.Guild.Name != "Elsewhere" || a.Guild.OwnerID != carolID {
					t.Fatalf("%+v, guild %+v, %v", a, a.Guild, err)
				}
			}},
		{"a user who takes the authorization back deauthorizes the application",
			func() { s.Deauthorize(t, s.Member) },
			func(t *testing.T, ev *webhook.Event) {
				d, err := ev.ApplicationDeauthorized()
				if err != nil || d.User.ID != s.Member || d.User.Username != "bob" {
					t.Fatalf("%+v, %v", d, err)
				}
			}},
		{"an entitlement granted to a user is created",
			func() {
				var kind string
				if entitlement, kind = s.CreateEntitlement(t, map[string]any{"sku_id": "3001", "user_id": carol}); kind != "" {
					t.Fatalf("refused: %s", kind)
				}
			},
			func(t *testing.T, ev *webhook.Event) {
				e, err := ev.EntitlementCreate()
				if err != nil || e != entitlement || e.ID == 0 || e.SKUID != 3001 || e.UserID != carolID || e.GuildID != 0 ||
					e.ApplicationID != s.ApplicationID || e.Type != 4 || e.Deleted || !e.StartsAt.IsZero() {
					t.Fatalf("%+v, %v; CreateEntitlement answered %+v", e, err, entitlement)
				}
			}},
	}
	var bodies [][]byte
	for _, step := range steps {
		t.Run(step.name, func(t *testing.T) {
			step.do()
			got := ep.next(t)
			wh := got.webhook
			if wh.Version != 1 || wh.ApplicationID != s.ApplicationID || wh.Type != webhook.BodyEvent || wh.Event.Timestamp.IsZero() {
				t.Fatalf("webhook %+v", wh)
			}
			step.check(t, wh.Event)
			// Users are written with every field of the service's user
			// object, as everywhere else (D58).
			var raw struct {
				Event struct {
					Data struct {
						User any `json:"user"`
					} `json:"data"`
				} `json:"event"`
			}
			if err := json.Unmarshal(got.body, &raw); err != nil {
				t.Fatal(err)
			}
			if wh.Event.Type != webhook.TypeEntitlementCreate {
				checkUser(t, string(wh.Event.Type), raw.Event.Data.User)
			}
			bodies = append(bodies, got.body)
		})
	}

	if status, raw := do(t, s, "PUT", elsewherePath, "[]"); status != http.StatusOK {
		t.Fatalf("commands where the application was installed: %d %s", status, raw)
	}
	ds := s.WaitEvents(t, len(steps))
	if len(ds) != len(steps) {
		t.Fatalf("%d deliveries recorded, want %d", len(ds), len(steps))
	}
	for i, d := range ds {
		if !d.OK || d.Status != http.StatusNoContent || d.Answer != "" || len(d.Violations) != 0 || string(d.Body) != string(bodies[i]) {
			t.Errorf("delivery %d: %+v, sent %s", i, d, bodies[i])
		}
	}
	// The control API shows the same, with when each was sent, to
	// where, and how long the endpoint took.
	var shown []struct {
		Type    webhook.Type `json:"type"`
		URL     string       `json:"url"`
		Sent    time.Time    `json:"sent"`
		Elapsed float64      `json:"elapsed"`
	}
	s.control(t, "GET", "/_emulator/events", nil, http.StatusOK, &shown)
	if len(shown) != len(steps) || shown[0].Type != webhook.TypeApplicationAuthorized || shown[0].URL != ep.URL ||
		shown[0].Sent.IsZero() || shown[0].Elapsed <= 0 {
		t.Fatalf("GET /_emulator/events: %+v", shown)
	}
	if status, raw := control(t, s.controlURL, "GET", "/_emulator/events?wait=some", ""); status != http.StatusBadRequest {
		t.Fatalf("a wait that is not a count: %d %s", status, raw)
	}
}

// An endpoint that does not acknowledge an event as the service asks
// (204, no body, within the window) gets it all the same; the delivery is
// recorded with what went wrong. The PING that checks the URL still has
// to be answered well.
func TestDeliveriesTheEndpointAnswersBadlyAreRecordedAsFaulty(t *testing.T) {
	for _, tc := range []struct {
		name   string
		answer http.HandlerFunc
		status int
		want   []string // in the violations, in order
	}{
		{"an endpoint that answers 200 OK", func(w http.ResponseWriter, r *http.Request) {}, 200,
			[]string{"answered 200 OK, not 204 No Content"}},
		{"an endpoint that answers with a body", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"ok":true}`))
		}, 200, []string{"not 204 No Content", "a body of 11 bytes"}},
		{"an endpoint that answers with a large body", func(w http.ResponseWriter, r *http.Request) {
			w.Write(make([]byte, 1<<20))
		}, 200, []string{"not 204 No Content", "a body of more than 4096 bytes"}},
		{"an endpoint that fails", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusInternalServerError) }, 500,
			[]string{"answered 500 Internal Server Error"}},
		{"an endpoint too slow to answer in the window", func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }, 0,
			[]string{"did not answer within 200ms"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Only the slow endpoint waits the window out, so only its
			// window is short: the others must answer within theirs.
			cfg := emulator.Config{}
			if tc.status == 0 {
				cfg.ResponseWindow = 200 * time.Millisecond
			}
			s := start(t, cfg)
			ep := startEventsEndpoint(t, s, tc.answer)
			if reason := s.SetEventsURL(t, ep.URL); reason != "" {
				t.Fatalf("the endpoint was refused: %s", reason)
			}
			s.AuthorizeUser(t, s.Member, "identify")
			if got := ep.next(t); got.webhook.Event.Type != webhook.TypeApplicationAuthorized {
				t.Fatalf("the endpoint got %s", got.webhook.Event.Type)
			}
			d := s.WaitEvents(t, 1)[0]
			if d.OK || d.Status != tc.status || len(d.Violations) != len(tc.want) {
				t.Fatalf("%+v, want status %d and violations %q", d, tc.status, tc.want)
			}
			for i, want := range tc.want {
				if !strings.Contains(d.Violations[i], want) {
					t.Errorf("violation %q, want %q", d.Violations[i], want)
				}
			}
		})
	}
}

// A user is deauthorized when their last authorization goes: Deauthorize
// takes all of them at once; revoking grants one by one deauthorizes the
// user with the last. Each step is followed by a user signing in, whose
// event comes next when no other came before it: the emulator delivers
// events in the order they happen.
func TestAUserIsDeauthorizedWhenTheirLastAuthorizationGoes(t *testing.T) {
	s := start(t, emulator.Config{InstallationContexts: bothContexts})
	ep := startEventsEndpoint(t, s, nil)
	if reason := s.SetEventsURL(t, ep.URL); reason != "" {
		t.Fatalf("the endpoint was refused: %s", reason)
	}
	_, first := userToken(t, s, s.Member, "identify")
	_, second := userToken(t, s, s.Member, "identify", "guilds")
	s.AuthorizeUser(t, s.Admin, "applications.commands")
	for range 3 {
		if got := ep.next(t).webhook.Event.Type; got != webhook.TypeApplicationAuthorized {
			t.Fatalf("an authorization sent %s", got)
		}
	}
	marker := func() { s.AuthorizeUser(t, s.Moderator, "identify") }

	for _, tc := range []struct {
		name         string
		do           func()
		deauthorized interaction.Snowflake // 0 for no event
	}{
		{"revoking one of two grants leaves the user authorized", func() { s.RevokeGrant(t, first) }, 0},
		{"revoking a grant already revoked changes nothing", func() { s.RevokeGrant(t, first) }, 0},
		{"revoking the last grant deauthorizes the user", func() { s.RevokeGrant(t, second) }, s.Member},
		{"deauthorizing a user who has nothing left sends nothing", func() { s.Deauthorize(t, s.Member) }, 0},
		{"a user installation is an authorization, which Deauthorize takes back", func() { s.Deauthorize(t, s.Admin) }, s.Admin},
		{"a code not yet exchanged is one too", func() { s.Deauthorize(t, s.Moderator) }, s.Moderator},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.do()
			if tc.deauthorized != 0 {
				got := ep.next(t).webhook.Event
				d, err := got.ApplicationDeauthorized()
				if err != nil || d.User.ID != tc.deauthorized {
					t.Fatalf("%s %+v, %v; want %s deauthorized", got.Type, d, err, tc.deauthorized)
				}
			}
			marker()
			got := ep.next(t).webhook.Event
			if a, err := got.ApplicationAuthorized(); err != nil || a.User.ID != s.Moderator {
				t.Fatalf("the next event is %s %s, not the marker's", got.Type, got.Data)
			}
		})
	}
}

// Events go only to an events URL, and only from when it is set: none is
// kept for later. What causes an event does not wait for its delivery.
func TestEventsAreSentOnlyWhileThereIsAURLAndWithoutWaiting(t *testing.T) {
	s := start(t, emulator.Config{})
	release := make(chan struct{})
	ep := startEventsEndpoint(t, s, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
			w.WriteHeader(http.StatusNoContent)
		case <-r.Context().Done():
		}
	})
	s.AuthorizeUser(t, s.Member, "identify")
	if ds := s.WaitEvents(t, 0); len(ds) != 0 {
		t.Fatalf("without an events URL: %+v", ds)
	}

	if reason := s.SetEventsURL(t, ep.URL); reason != "" {
		t.Fatalf("the endpoint was refused: %s", reason)
	}
	s.Deauthorize(t, s.Member)
	// The endpoint holds the delivery until released: the
	// deauthorization has returned all the same, and nothing is
	// recorded while it is under way.
	if got := ep.next(t).webhook.Event.Type; got != webhook.TypeApplicationDeauthorized {
		t.Fatalf("the endpoint got %s", got)
	}
	if ds := s.WaitEvents(t, 0); len(ds) != 0 {
		t.Fatalf("a delivery under way is recorded as finished: %+v", ds)
	}
	close(release)
	if ds := s.WaitEvents(t, 1); len(ds) != 1 || !ds[0].OK || ds[0].Type != webhook.TypeApplicationDeauthorized {
		t.Fatalf("%+v", ds)
	}

	if reason := s.SetEventsURL(t, ""); reason != "" {
		t.Fatal(reason)
	}
	s.AuthorizeUser(t, s.Member, "identify")
	if reason := s.SetEventsURL(t, ep.URL); reason != "" {
		t.Fatal(reason)
	}
	s.Deauthorize(t, s.Member)
	if got := ep.next(t).webhook.Event.Type; got != webhook.TypeApplicationDeauthorized {
		t.Fatalf("an authorization made while there was no URL was sent later: %s", got)
	}
	if ds := s.WaitEvents(t, 2); len(ds) != 2 {
		t.Fatalf("%d deliveries, want 2", len(ds))
	}
}

// Close waits for the delivery under way, and sends no other: the events
// waiting their turn are recorded unsent, and none is sent after.
func TestCloseWaitsForTheEventsUnderWay(t *testing.T) {
	s, err := emulator.New(emulator.Config{ResponseWindow: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ep := startEventsEndpoint(t, &target{PublicKey: s.PublicKey}, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	if err := s.SetEventsURL(context.Background(), ep.URL); err != nil {
		t.Fatal(err)
	}
	mustAuthorize(t, s, s.Member, "identify")
	mustAuthorize(t, s, s.Moderator, "identify")
	ep.next(t)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	ds := s.Events()
	if len(ds) != 2 || len(ds[0].Violations) != 1 || !strings.Contains(ds[0].Violations[0], "did not answer within") {
		t.Fatalf("after Close: %+v, want the first event delivered and left unanswered", ds)
	}
	if d := ds[1]; d.Status != 0 || len(d.Violations) != 1 || !strings.Contains(d.Violations[0], "not sent: the emulator was closed first") {
		t.Fatalf("the event waiting its turn: %+v, want it recorded unsent", d)
	}
	select {
	case got := <-ep.got:
		t.Fatalf("the endpoint received a second event after Close: %s", got.webhook.Event.Type)
	default:
	}
	mustAuthorize(t, s, s.Admin, "identify")
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if ds, err := s.WaitEvents(ctx, 3); len(ds) != 2 || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("an event after Close: %+v, %v", ds, err)
	}
}

// An event the emulator cannot write, the name of a user given to the Go
// API not being UTF-8, is recorded in its turn, unsent, saying why; the
// events after it go out as usual.
func TestAnEventTheEmulatorCannotWriteIsRecordedUnsent(t *testing.T) {
	s, err := emulator.New(emulator.Config{Seed: &emulator.Seed{Users: []interaction.User{{ID: 1001, Username: "car\xffol"}}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ep := startEventsEndpoint(t, &target{PublicKey: s.PublicKey}, nil)
	if err := s.SetEventsURL(context.Background(), ep.URL); err != nil {
		t.Fatal(err)
	}
	mustAuthorize(t, s, 1001, "identify")
	mustAuthorize(t, s, s.Member, "identify")
	if a, err := ep.next(t).webhook.Event.ApplicationAuthorized(); err != nil || a.User.ID != s.Member {
		t.Fatalf("the first event the endpoint got: %+v, %v", a, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), relayWait)
	defer cancel()
	ds, err := s.WaitEvents(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	if d := ds[0]; d.OK() || d.Body != nil || d.Status != 0 || len(d.Violations) != 1 || !strings.Contains(d.Violations[0], "could not write") {
		t.Fatalf("the unwritable event: %+v", d)
	}
	if !ds[1].OK() {
		t.Fatalf("the event after it: %+v", ds[1])
	}
	if _, err := s.CreateEntitlement(interaction.Entitlement{SKUID: 3001, UserID: s.Member,
		EndsAt: time.Date(9999, 12, 31, 23, 59, 59, 0, time.FixedZone("", -60*60))}); !errors.Is(err, emulator.ErrInvalidInput) {
		t.Fatalf("an entitlement ending in the year 10000 in UTC: %v", err)
	}
}

// mustAuthorize is s.AuthorizeUser for scopes the test knows are granted.
func mustAuthorize(t *testing.T, s *emulator.Server, user interaction.Snowflake, scopes ...string) string {
	t.Helper()
	code, err := s.AuthorizeUser(user, scopes...)
	if err != nil {
		t.Fatal(err)
	}
	return code
}
