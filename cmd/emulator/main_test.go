package main

import (
	"bufio"
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

// serve runs the emulator with args until the test ends, and returns the
// credentials it printed.
func serve(t *testing.T, args ...string) emulator.Credentials {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"-addr", "127.0.0.1:0"}, args...), pw, io.Discard)
		pw.Close()
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
	})
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr) //nolint:errcheck // drain
	var c emulator.Credentials
	if err := json.Unmarshal([]byte(line), &c); err != nil {
		t.Fatalf("first line %q: %v", line, err)
	}
	return c
}

func TestRunPrintsCredentialsFirstAndServes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0"}, pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr) //nolint:errcheck // drain
	var c emulator.Credentials
	if err := json.Unmarshal([]byte(line), &c); err != nil {
		t.Fatalf("first line %q: %v", line, err)
	}
	if !strings.HasSuffix(c.BaseURL, "/v10") || c.ApplicationID == "" || c.BotToken == "" || c.ClientID == "" ||
		c.ClientSecret == "" || len(c.PublicKey) != 64 || c.GuildID == "" || c.AuthorizationCode == "" || c.RedirectURI == "" ||
		c.AdminID == "" || c.ModeratorID == "" || c.MemberID == "" {
		t.Fatalf("credentials: %+v", c)
	}
	// Frameworks read the application's id from the token.
	if first, _, _ := strings.Cut(c.BotToken, "."); first != base64.RawURLEncoding.EncodeToString([]byte(c.ApplicationID)) {
		t.Fatalf("the token begins %q, not the base64 of application %s", first, c.ApplicationID)
	}
	resp, err := http.Get(c.BaseURL + "/nothing")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 || resp.Header.Get("X-RateLimit-Limit") != "50" {
		t.Fatalf("status %d, headers %v", resp.StatusCode, resp.Header)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("run: %v", err)
	}
}

func TestRunRefusesABadAddress(t *testing.T) {
	err := run(context.Background(), []string{"-addr", "256.0.0.1:99999"}, io.Discard, io.Discard)
	if err == nil {
		t.Fatal("run succeeded")
	}
}

func TestSeedFlag(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good.json", `{
		"users": [{"id": "1001", "username": "carol"}],
		"guilds": [{"id": "2001", "name": "Second", "owner_id": "1001",
			"roles": [{"id": "2002", "name": "Helper", "permissions": "8192"}],
			"channels": [{"id": "2003", "name": "general", "type": 0}],
			"members": [{"user_id": "1001", "roles": ["2002"]}]}]
	}`)
	c := serve(t, "-seed", good)
	req, _ := http.NewRequest("PUT", c.BaseURL+"/applications/"+c.ApplicationID+"/guilds/2001/commands", strings.NewReader(`[{"name":"ping","description":"Ping"}]`))
	req.Header.Set("Authorization", "Bot "+c.BotToken)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("commands in the seeded guild: %d", resp.StatusCode)
	}

	for _, tc := range []struct{ name, body, want string }{
		{"typo.json", `{"guilds": [{"id": "2001", "ownr_id": "1001"}]}`, "unknown field"},
		{"broken.json", `{"users": [`, "-seed"},
		{"owner.json", `{"guilds": [{"id": "2001", "owner_id": "1001"}]}`, "owner"},
	} {
		err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-seed", write(tc.name, tc.body)}, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error about %q", tc.name, err, tc.want)
		}
	}
	if err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-seed", filepath.Join(dir, "missing.json")}, io.Discard, io.Discard); err == nil {
		t.Error("a missing seed file was accepted")
	}
}

func TestSKUsFlag(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	list := func(c emulator.Credentials) string {
		req, _ := http.NewRequest("GET", c.BaseURL+"/applications/"+c.ApplicationID+"/skus", nil)
		req.Header.Set("Authorization", "Bot "+c.BotToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var skus []struct {
			ID   string `json:"id"`
			Type int    `json:"type"`
			Slug string `json:"slug"`
		}
		if err := json.NewDecoder(resp.Body).Decode(&skus); err != nil || resp.StatusCode != 200 {
			t.Fatalf("listing the SKUs: %d, %v", resp.StatusCode, err)
		}
		var out []string
		for _, k := range skus {
			id := k.ID
			if k.Type == 6 {
				id = "group"
			}
			out = append(out, fmt.Sprintf("%s:%d:%s", id, k.Type, k.Slug))
		}
		return strings.Join(out, " ")
	}
	c := serve(t, "-skus", write("skus.json", `[{"id": "3001", "type": 5, "name": "Premium Plus", "flags": 260}, {"id": "3002", "type": 3, "name": "Coins", "flags": 4}]`))
	if got, want := list(c), "group:6:premium-plus 3001:5:premium-plus 3002:3:coins"; got != want {
		t.Errorf("the SKUs of the file: %s, want %s", got, want)
	}
	if got := list(serve(t, "-skus", write("none.json", `[]`))); got != "" {
		t.Errorf("an empty file gives %s, want no SKUs", got)
	}
	if got := list(serve(t)); strings.Count(got, " ") != 5 {
		t.Errorf("the default SKUs: %s, want two subscriptions with their groups, a durable and a consumable", got)
	}
	for _, tc := range []struct{ name, body, want string }{
		{"typo.json", `[{"tpye": 2, "name": "Pass"}]`, "unknown field"},
		{"broken.json", `[{`, "-skus"},
		{"group.json", `[{"type": 6, "name": "Group"}]`, "SUBSCRIPTION_GROUP"},
		{"both.json", `[{"type": 5, "name": "A", "flags": 132}, {"type": 5, "name": "B", "flags": 260}]`, "both be published"},
	} {
		err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-skus", write(tc.name, tc.body)}, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error about %q", tc.name, err, tc.want)
		}
	}
}

func TestInstallationContextsFlag(t *testing.T) {
	create := func(c emulator.Credentials) int {
		req, _ := http.NewRequest("POST", c.BaseURL+"/applications/"+c.ApplicationID+"/commands",
			strings.NewReader(`{"name":"ping","description":"Ping","integration_types":[0,1]}`))
		req.Header.Set("Authorization", "Bot "+c.BotToken)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, tc := range []struct {
		name string
		args []string
		want int
	}{
		{"without the flag USER_INSTALL is refused", nil, 400},
		{"names enable USER_INSTALL", []string{"-installation-contexts", "GUILD_INSTALL,USER_INSTALL"}, 201},
		{"values enable USER_INSTALL", []string{"-installation-contexts", "0, 1"}, 201},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := create(serve(t, tc.args...)); got != tc.want {
				t.Errorf("creating a USER_INSTALL command: %d, want %d", got, tc.want)
			}
		})
	}
	for _, tc := range []struct{ list, want string }{
		{"GUILD_INSTALL,EVERYWHERE", "EVERYWHERE"},
		{"USER_INSTALL", "GUILD_INSTALL"},
		{"2", "\"2\""},
	} {
		err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-installation-contexts", tc.list}, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("-installation-contexts %s: %v, want an error about %s", tc.list, err, tc.want)
		}
	}
}

// The interactions URL is checked before the credentials are printed, so
// the bot, already up, must verify signatures with a key it was given
// beforehand: -signing-key.
func TestInteractionsURLFlagIsChecked(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(hex.EncodeToString(pub))
	if err != nil {
		t.Fatal(err)
	}
	mux, err := router.New().Build()
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.New(mux, verifier)
	if err != nil {
		t.Fatal(err)
	}
	bot := httptest.NewServer(e)
	defer bot.Close()
	c := serve(t, "-signing-key", hex.EncodeToString(priv.Seed()), "-interactions-url", bot.URL)
	if c.PublicKey != hex.EncodeToString(pub) {
		t.Fatalf("public key %s, want %x", c.PublicKey, pub)
	}
	if err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-interactions-url", bot.URL}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("signed with another key: %v", err)
	}
	if err := run(context.Background(), []string{"-signing-key", "abc"}, io.Discard, io.Discard); err == nil {
		t.Fatal("a short signing key was accepted")
	}

	careless := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"type":1}`))
	}))
	defer careless.Close()
	var out strings.Builder
	err = run(context.Background(), []string{"-addr", "127.0.0.1:0", "-interactions-url", careless.URL}, &out, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "-interactions-url") || !strings.Contains(err.Error(), "401") {
		t.Fatalf("a bot that checks no signature: %v", err)
	}
	if out.Len() != 0 {
		t.Fatalf("credentials printed for a refused URL: %q", out.String())
	}
	if err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-interactions-url", "ftp://x"}, io.Discard, io.Discard); err == nil {
		t.Fatal("an ftp URL was accepted")
	}
}

// The webhook events URL is checked before the credentials are printed,
// as the interactions URL is: a signed PING must be answered 204 with no
// body, and a badly signed one 401.
func TestEventsURLFlagIsChecked(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(hex.EncodeToString(pub))
	if err != nil {
		t.Fatal(err)
	}
	endpoint := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if verifier.Verify([]byte(r.Header.Get("X-Signature-Ed25519")), []byte(r.Header.Get("X-Signature-Timestamp")), body) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer endpoint.Close()
	serve(t, "-signing-key", hex.EncodeToString(priv.Seed()), "-events-url", endpoint.URL)

	careless := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	}))
	defer careless.Close()
	interactionsStyle := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"type":1}`))
	}))
	defer interactionsStyle.Close()
	for _, tc := range []struct {
		name string
		args []string
		want string // in the error
	}{
		{"an endpoint that checks no signature is refused", []string{"-events-url", careless.URL}, "401"},
		{"an endpoint that answers the PING as an interaction is refused", []string{"-events-url", interactionsStyle.URL}, "204"},
		{"an endpoint verifying another key is refused", []string{"-events-url", endpoint.URL}, "204"},
		{"an ftp URL is refused", []string{"-events-url", "ftp://x"}, "http"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			err := run(context.Background(), append([]string{"-addr", "127.0.0.1:0"}, tc.args...), &out, io.Discard)
			if err == nil || !strings.Contains(err.Error(), "-events-url") || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("%v, want an -events-url error saying %s", err, tc.want)
			}
			if out.Len() != 0 {
				t.Fatalf("credentials printed for a refused URL: %q", out.String())
			}
		})
	}
}

// With -web the playground's address comes first, then the credentials;
// the page drives the bot served elsewhere through the emulator.
func TestWebServesThePlaygroundOfABotServedElsewhere(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(hex.EncodeToString(pub))
	if err != nil {
		t.Fatal(err)
	}
	r := router.New()
	r.Command("ping", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Ping"))
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.New(mux, verifier)
	if err != nil {
		t.Fatal(err)
	}
	bot := httptest.NewServer(e)
	defer bot.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-web", "-signing-key", hex.EncodeToString(priv.Seed()), "-interactions-url", bot.URL}, pw, io.Discard)
		pw.Close()
	}()
	lines := bufio.NewReader(pr)
	page, err := lines.ReadString('\n')
	if err != nil || !strings.HasPrefix(page, "http://127.0.0.1:") || !strings.HasSuffix(page, "/\n") {
		t.Fatalf("the first line is %q, %v; want the playground's address", page, err)
	}
	page = strings.TrimSpace(page)
	line, err := lines.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, lines) //nolint:errcheck // drain
	var c emulator.Credentials
	if err := json.Unmarshal([]byte(line), &c); err != nil {
		t.Fatalf("second line %q: %v", line, err)
	}
	body, err := mux.Definitions().JSON(command.Global)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("PUT", c.BaseURL+"/applications/"+c.ApplicationID+"/commands", strings.NewReader(string(body)))
	req.Header.Set("Authorization", "Bot "+c.BotToken)
	req.Header.Set("Content-Type", "application/json")
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("registering: %v %v", resp, err)
	}

	resp, err := http.Post(page+"api/invoke", "application/json", strings.NewReader(`{"guild":"`+c.GuildID+`","line":"/ping"}`))
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(answer), `"content":"pong"`) {
		t.Errorf("/ping from the page: %d %s", resp.StatusCode, answer)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("run: %v", err)
	}
	if _, err := http.Get(page); err == nil {
		t.Error("the playground still answers once interrupted")
	}
}
