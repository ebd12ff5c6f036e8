package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/webhook"
)

// Who and what the signed events of these tests are about.
var (
	demoApp   interaction.Snowflake = 1100000000000000001
	demoGuild                       = webhook.Guild{ID: 1100000000000000002, Name: "Analytical Engines"}
	ada                             = interaction.User{ID: 1100000000000000005, Username: "ada", GlobalName: "Ada"}
	bob                             = interaction.User{ID: 1100000000000000007, Username: "bob"}
	demoSKU   interaction.Snowflake = 1100000000000000011
)

// delivery is one request a test sends, as the service would.
type delivery struct {
	title string
	body  []byte
	key   *interactiontest.Key
}

// signedDeliveries are requests as the service sends them, signed by key,
// the first event at t0: with a retry and a late delivery, which the
// emulator never sends, and a forged one.
func signedDeliveries(key *interactiontest.Key, t0 time.Time) ([]delivery, error) {
	guild, user := interaction.GuildInstall, interaction.UserInstall
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	events := []struct {
		title string
		typ   webhook.Type
		at    time.Time
		data  any
		key   *interactiontest.Key
	}{
		{"ada adds the app to her server", webhook.TypeApplicationAuthorized, at(0), webhook.ApplicationAuthorized{
			IntegrationType: &guild, User: ada, Scopes: []string{"applications.commands", "bot"}, Guild: &demoGuild}, key},
		{"the service sends it again, having had no answer in time", webhook.TypeApplicationAuthorized, at(0), webhook.ApplicationAuthorized{
			IntegrationType: &guild, User: ada, Scopes: []string{"applications.commands", "bot"}, Guild: &demoGuild}, key},
		{"ada adds the app to her account too", webhook.TypeApplicationAuthorized, at(5), webhook.ApplicationAuthorized{
			IntegrationType: &user, User: ada, Scopes: []string{"applications.commands"}}, key},
		{"bob buys the app's premium SKU", webhook.TypeEntitlementCreate, at(10), interaction.Entitlement{
			ID: 1100000000000000021, SKUID: demoSKU, ApplicationID: demoApp, UserID: bob.ID, Type: 1,
			StartsAt: at(10), EndsAt: at(10).AddDate(0, 1, 0)}, key},
		{"bob's entitlement is updated, an event the bot keeps nothing of", webhook.TypeEntitlementUpdate, at(11),
			interaction.Entitlement{ID: 1100000000000000021, SKUID: demoSKU, ApplicationID: demoApp, UserID: bob.ID, Type: 1,
				StartsAt: at(10), EndsAt: at(11)}, key},
		{"ada removes the app", webhook.TypeApplicationDeauthorized, at(20), webhook.ApplicationDeauthorized{User: ada}, key},
		{"the service delivers late an installation from before that", webhook.TypeApplicationAuthorized, at(15), webhook.ApplicationAuthorized{
			IntegrationType: &user, User: ada, Scopes: []string{"applications.commands"}}, key},
		{"someone who is not the service posts an event", webhook.TypeApplicationDeauthorized, at(30),
			webhook.ApplicationDeauthorized{User: bob}, interactiontest.NewKey("forger")},
	}
	ping, err := (&webhook.Body{Version: webhook.Version, ApplicationID: demoApp, Type: webhook.BodyPing}).AppendJSON(nil)
	if err != nil {
		return nil, err
	}
	out := []delivery{{"the service checks the webhook events URL with a PING", ping, key}}
	for _, e := range events {
		data, err := json.Marshal(e.data)
		if err != nil {
			return nil, err
		}
		w := webhook.Body{Version: webhook.Version, ApplicationID: demoApp, Type: webhook.BodyEvent,
			Event: &webhook.Event{Type: e.typ, Timestamp: e.at, Data: data}}
		body, err := w.AppendJSON(nil)
		if err != nil {
			return nil, err
		}
		out = append(out, delivery{e.title, body, e.key})
	}
	return out, nil
}

// output collects what the bot writes to stdout from its goroutines.
type output struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.Write(p)
}

func (o *output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.String()
}

// startBot runs the program with a public key on a free port, and returns
// the URL of its events endpoint, its output, and a function that stops it
// and returns what run returned.
func startBot(t *testing.T, key *interactiontest.Key) (url string, out *output, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	out = &output{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-public-key", key.PublicKeyHex()}, pw, io.Discard)
		pw.Close()
	}()
	r := bufio.NewReader(pr)
	line, err := r.ReadString('\n')
	if err != nil {
		cancel()
		t.Fatalf("reading the address: %v", err)
	}
	copied := make(chan struct{})
	go func() {
		io.Copy(out, r) //nolint:errcheck // ends with the program
		close(copied)
	}()
	var once sync.Once
	var result error
	stop = func() error {
		once.Do(func() {
			cancel()
			result = <-done
			<-copied
		})
		return result
	}
	t.Cleanup(func() { stop() }) //nolint:errcheck // a test that cares calls stop itself
	return strings.TrimSpace(line) + webhook.DefaultPath, out, stop
}

// deliver posts body to url, signed by key unless key is nil, and returns
// the status of the answer and its body.
func deliver(t *testing.T, url string, key *interactiontest.Key, body []byte) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if key != nil {
		sig, ts := key.Sign(body)
		req.Header.Set(endpoint.HeaderSignature, sig)
		req.Header.Set(endpoint.HeaderTimestamp, ts)
	}
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(answer)
}

// waitFor waits until out holds want.
func waitFor(t *testing.T, out *output, want string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(out.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("the output lacks %q after 5s:\n%s", want, out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestTheBotKeepsItsDirectoryFromSignedEvents plays the service: it signs
// events as the service does and posts them to the running program. The
// events come in order here, each once its predecessor's line is out, as
// the service does not promise; the directory's tests cover the rest.
func TestTheBotKeepsItsDirectoryFromSignedEvents(t *testing.T) {
	key := interactiontest.NewKey("events")
	url, out, stop := startBot(t, key)
	deliveries, err := signedDeliveries(key, t0)
	if err != nil {
		t.Fatal(err)
	}
	// What each delivery is answered, and the journal line it leads to.
	want := []struct {
		status int
		line   string
	}{
		{204, ""},
		{204, `installed  to server "Analytical Engines" (1100000000000000002) by ada, with applications.commands bot`},
		{204, ""},
		{204, "installed  to the account of ada (1100000000000000005), with applications.commands"},
		{204, "entitled   user 1100000000000000007 to SKU 1100000000000000011 until 2025-04-01 12:00:10 (entitlement 1100000000000000021)"},
		{204, "received   ENTITLEMENT_UPDATE of 2025-03-01 12:00:11, kept nowhere"},
		{204, "removed    by ada (1100000000000000005): their account's installation, and their name on 1 server, forgotten"},
		{204, "ignored    an installation by ada from 2025-03-01 12:00:15, older than their removal"},
		{401, ""},
	}
	if len(deliveries) != len(want) {
		t.Fatalf("%d deliveries, want %d", len(deliveries), len(want))
	}
	for i, d := range deliveries {
		status, body := deliver(t, url, d.key, d.body)
		if status != want[i].status || (status == 204 && body != "") {
			t.Fatalf("%s: answered %d %q, want %d", d.title, status, body, want[i].status)
		}
		if want[i].line != "" {
			waitFor(t, out, want[i].line)
		}
	}
	if status, _ := deliver(t, url, nil, deliveries[1].body); status != 401 {
		t.Errorf("an unsigned event answered %d, want 401", status)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if n := strings.Count(got, "installed  to server"); n != 1 {
		t.Errorf("the installation sent twice was journaled %d times:\n%s", n, got)
	}
	wantTable := "1 server, 0 accounts, 1 entitlement\n" +
		"  server  Analytical Engines       installed 2025-03-01 12:00:00 by someone who left\n" +
		"  SKU     1100000000000000011      for user 1100000000000000007, ended\n"
	if !strings.HasSuffix(got, "\n"+wantTable) {
		t.Errorf("the program ended its output with\n%s\nwant the directory\n%s", got, wantTable)
	}
}

func TestTheBotAnswersThePingAndWrongRequests(t *testing.T) {
	key := interactiontest.NewKey("events")
	url, _, _ := startBot(t, key)
	ping, err := (&webhook.Body{Version: webhook.Version, ApplicationID: demoApp, Type: webhook.BodyPing}).AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		key        *interactiontest.Key
		body       []byte
		wantStatus int
		wantBody   string
	}{
		{"a signed PING", key, ping, 204, ""},
		{"a PING signed by someone else", interactiontest.NewKey("forger"), ping, 401, `{"message":"invalid request signature"}`},
		{"an unsigned PING", nil, ping, 401, `{"message":"invalid request signature"}`},
		{"an interaction, signed", key, interactiontest.Ping().JSON(), 400, `{"message":"webhook: /event: missing"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if status, body := deliver(t, url, tt.key, tt.body); status != tt.wantStatus || body != tt.wantBody {
				t.Errorf("answered %d %q, want %d %q", status, body, tt.wantStatus, tt.wantBody)
			}
		})
	}
	// Only events are served.
	if status, _ := deliver(t, strings.TrimSuffix(url, webhook.DefaultPath)+"/", key, interactiontest.Ping().JSON()); status != 404 {
		t.Errorf("an interaction on / answered %d, want 404", status)
	}
}

// TestTheBotRunsOnTheEmulator runs the program as go run does without
// flags: on the embedded emulator, end to end.
func TestTheBotRunsOnTheEmulator(t *testing.T) {
	t.Setenv("SWITCHBOARD_PUBLIC_KEY", "")
	var out output
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := run(ctx, nil, &out, io.Discard); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	got := out.String()
	for _, want := range []string{
		"/events, which answered its checks\n",
		"» carol adds the app, with its bot, to her server Analytical Engines\n" +
			"  installed  to server \"Analytical Engines\" (1100000000000000102) by carol, with bot applications.commands\n" +
			"  welcome    Carol: \"Thanks for adding me to Analytical Engines! Type / in any channel to see my commands.\"\n",
		"» bob tries to add it to Emulator Guild, where he may not manage the server\n  (nothing sent)\n",
		"» ada installs the app to her account\n  installed  to the account of ada (",
		"  welcome    Ada: \"Thanks for adding me to your account! My commands now work wherever you are.\"\n",
		"» ada buys the premium SKU\n  entitled   user ",
		" to SKU 1100000000000000111 (entitlement ",
		"» carol subscribes Analytical Engines for a month\n  entitled   server 1100000000000000102 to SKU 1100000000000000112 until ",
		"» ada removes the app from her account\n  removed    by ada (",
		"their account's installation, and their name on 0 servers, forgotten\n",
		"1 server, 0 accounts, 2 entitlements\n  server  Analytical Engines       installed ",
		" by carol\n  SKU     1100000000000000111      for user ",
		", in force\n  SKU     1100000000000000112      for server 1100000000000000102, in force\n",
		"the emulator delivered 5 events:\n" +
			"  APPLICATION_AUTHORIZED   answered 204\n" +
			"  APPLICATION_AUTHORIZED   answered 204\n" +
			"  ENTITLEMENT_CREATE       answered 204\n" +
			"  ENTITLEMENT_CREATE       answered 204\n" +
			"  APPLICATION_DEAUTHORIZED answered 204\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the output lacks %q:\n%s", want, got)
		}
	}
}

func TestAnUnacknowledgedDeliveryFailsTheRun(t *testing.T) {
	deliveries := []emulator.EventDelivery{
		{Type: webhook.TypeApplicationAuthorized, Status: 204},
		{Type: webhook.TypeEntitlementCreate, Status: 503, Violations: []string{"the endpoint answered 503 Service Unavailable, not 204 No Content"}},
	}
	var out strings.Builder
	err := reportDeliveries(&out, deliveries)
	if err == nil || !strings.Contains(err.Error(), "ENTITLEMENT_CREATE: the endpoint answered 503") {
		t.Errorf("reportDeliveries = %v, want the unacknowledged delivery named", err)
	}
	if !strings.Contains(out.String(), "ENTITLEMENT_CREATE       answered 503") {
		t.Errorf("the report lacks the delivery:\n%s", out.String())
	}
}

func TestTheBotNeedsAPublicKeyToServeARealService(t *testing.T) {
	t.Setenv("SWITCHBOARD_PUBLIC_KEY", "")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := run(ctx, []string{"-addr", "127.0.0.1:0"}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "needs -public-key") {
		t.Errorf("an address without a key: %v", err)
	}
	if err := run(ctx, []string{"-addr", "127.0.0.1:0", "-public-key", "abc"}, io.Discard, io.Discard); !errors.Is(err, interaction.ErrInvalidPublicKey) {
		t.Errorf("with a key that is not one: %v", err)
	}
}

func TestTheBotsHelpSaysWhatItIs(t *testing.T) {
	var stderr strings.Builder
	if err := run(context.Background(), []string{"-h"}, io.Discard, &stderr); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: %v, want flag.ErrHelp", err)
	}
	for _, want := range []string{"serves only webhook events, at /events", "runs on the embedded\nemulator", "events -public-key HEX [-addr ADDR]"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("-h lacks %q:\n%s", want, stderr.String())
		}
	}
}
