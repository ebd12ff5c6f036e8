package emulator_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/gorun"
	"github.com/switchboard-go/switchboard/internal/testmain"
)

// The HTTP tests run against an emulator in this process, or against the
// standalone cmd/emulator when SWITCHBOARD_EMULATOR says so: "process"
// builds it, and any other non-empty value is the path of a binary to run.
// Either way a test sees the same thing, a target: the credentials and the
// HTTP API.
const modeEnv = "SWITCHBOARD_EMULATOR"

// target is an emulator under test.
type target struct {
	URL                              string // ends in /v10
	ApplicationID, GuildID           interaction.Snowflake
	BotToken, ClientID, ClientSecret string
	PublicKey                        string
	AuthorizationCode, RedirectURI   string
	Admin, Moderator, Member         interaction.Snowflake
	server                           *emulator.Server // nil for a process
	controlURL                       string           // the root the control API lives under
}

func onProcess() bool { return os.Getenv(modeEnv) != "" }

func start(t *testing.T, cfg emulator.Config) *target {
	t.Helper()
	if onProcess() {
		return startProcess(t, cfg)
	}
	s, err := emulator.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return &target{
		URL: s.URL, ApplicationID: s.ApplicationID, GuildID: s.GuildID,
		BotToken: s.BotToken, ClientID: s.ClientID, ClientSecret: s.ClientSecret, PublicKey: s.PublicKey,
		AuthorizationCode: s.AuthorizationCode, RedirectURI: s.RedirectURI,
		Admin: s.Admin, Moderator: s.Moderator, Member: s.Member,
		server: s, controlURL: strings.TrimSuffix(s.URL, "/v10"),
	}
}

// Server returns the in-process server, for what only Go can do; on the
// process target the test is skipped, saying why.
func (tg *target) Server(t *testing.T, why string) *emulator.Server {
	t.Helper()
	if tg.server == nil {
		t.Skip("not on the standalone process: " + why)
	}
	return tg.server
}

// control makes a request to the control API, failing the test unless it
// answers want, and decodes a JSON answer into out when out is not nil.
func (tg *target) control(t *testing.T, method, path string, in any, want int, out any) {
	t.Helper()
	var body []byte
	if in != nil {
		body, _ = json.Marshal(in)
	}
	status, raw := control(t, tg.controlURL, method, path, string(body))
	if status != want {
		t.Fatalf("%s %s: %d %s", method, path, status, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %s: %v", method, path, raw, err)
		}
	}
}

// The methods below do what the Server's do, through the control API on
// the process.

func (tg *target) InjectFault(t *testing.T, f emulator.Fault) {
	t.Helper()
	if tg.server != nil {
		if err := tg.server.InjectFault(f); err != nil {
			t.Fatal(err)
		}
		return
	}
	tg.control(t, "POST", "/_emulator/faults", map[string]any{
		"route": f.Route, "count": f.Count, "kind": f.Kind.String(), "status": f.Status,
		"retry_after": f.RetryAfter.Seconds(), "global": f.Global, "delay": f.Delay.Seconds(),
	}, http.StatusNoContent, nil)
}

func (tg *target) ClearFaults(t *testing.T) {
	t.Helper()
	if tg.server != nil {
		tg.server.ClearFaults()
		return
	}
	tg.control(t, "DELETE", "/_emulator/faults", nil, http.StatusNoContent, nil)
}

func (tg *target) AuthorizeUser(t *testing.T, user interaction.Snowflake, scopes ...string) string {
	t.Helper()
	if tg.server != nil {
		code, err := tg.server.AuthorizeUser(user, scopes...)
		if err != nil {
			t.Fatal(err)
		}
		return code
	}
	var out struct{ Code string }
	tg.control(t, "POST", "/_emulator/authorize", map[string]any{"user": user, "scopes": scopes}, http.StatusOK, &out)
	return out.Code
}

func (tg *target) RevokeGrant(t *testing.T, refreshToken string) bool {
	t.Helper()
	if tg.server != nil {
		return tg.server.RevokeGrant(refreshToken)
	}
	var out struct{ Revoked bool }
	tg.control(t, "POST", "/_emulator/revoke", map[string]any{"refresh_token": refreshToken}, http.StatusOK, &out)
	return out.Revoked
}

func (tg *target) Deauthorize(t *testing.T, user interaction.Snowflake) {
	t.Helper()
	if tg.server != nil {
		tg.server.Deauthorize(user)
		return
	}
	tg.control(t, "POST", "/_emulator/deauthorize", map[string]any{"user": user}, http.StatusNoContent, nil)
}

// startProcess runs cmd/emulator with the flags that say what cfg says.
func startProcess(t *testing.T, cfg emulator.Config) *target {
	t.Helper()
	if cfg.Now != nil {
		t.Skip("not on the standalone process: it runs on the wall clock, and the test needs its own")
	}
	if cfg.ResponseWindow != 0 {
		t.Skip("not on the standalone process: its response window is the service's")
	}
	args := []string{"-addr", "127.0.0.1:0"}
	if cfg.Discoverable {
		args = append(args, "-discoverable")
	}
	if cfg.Activities {
		args = append(args, "-activities")
	}
	if len(cfg.InstallationContexts) > 0 {
		names := make([]string, len(cfg.InstallationContexts))
		for i, c := range cfg.InstallationContexts {
			names[i] = c.String()
		}
		args = append(args, "-installation-contexts", strings.Join(names, ","))
	}
	if cfg.WellKnown {
		args = append(args, "-well-known")
	}
	if len(cfg.ControlHosts) > 0 {
		args = append(args, "-control-hosts", strings.Join(cfg.ControlHosts, ","))
	}
	if cfg.InteractionsURL != "" {
		args = append(args, "-interactions-url", cfg.InteractionsURL)
	}
	if cfg.EventsURL != "" {
		args = append(args, "-events-url", cfg.EventsURL)
	}
	if rl := cfg.RateLimit; rl.Requests > 0 {
		args = append(args, "-rate-limit", strconv.Itoa(rl.Requests))
		if rl.Window > 0 {
			args = append(args, "-rate-window", rl.Window.String())
		}
	}
	if l := cfg.Limits; l != (emulator.Limits{}) {
		for _, f := range []struct {
			name string
			n    int64
		}{{"max-interactions", int64(l.Interactions)}, {"max-changes", int64(l.Changes)},
			{"max-interaction-files", l.InteractionFiles}, {"max-files", l.Files}, {"max-events", int64(l.Events)},
			{"max-waiting-events", int64(l.WaitingEvents)}, {"max-faults", int64(l.Faults)},
			{"max-channel-messages", int64(l.ChannelMessages)}, {"max-channel-files", l.ChannelFiles},
			{"max-upload", l.Upload}} {
			if f.n > 0 {
				args = append(args, "-"+f.name, strconv.FormatInt(f.n, 10))
			}
		}
	}
	if cfg.Seed != nil {
		b, err := json.Marshal(cfg.Seed)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "seed.json")
		if err := os.WriteFile(file, b, 0o600); err != nil {
			t.Fatal(err)
		}
		args = append(args, "-seed", file)
	}
	if cfg.SKUs != nil {
		b, err := json.Marshal(cfg.SKUs)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "skus.json")
		if err := os.WriteFile(file, b, 0o600); err != nil {
			t.Fatal(err)
		}
		args = append(args, "-skus", file)
	}
	return runProcess(t, emulatorBinary(t), args...)
}

// runProcess starts the binary and reads its credentials. The process is
// interrupted when the test ends.
func runProcess(t *testing.T, bin string, args ...string) *target {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt) //nolint:errcheck // it may be gone already
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill() //nolint:errcheck // as above
			<-exited
		}
	})
	lines := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(stdout).ReadString('\n')
		lines <- line
		cmd.Wait() //nolint:errcheck // the exit is the cleanup's doing
		close(exited)
	}()
	var line string
	select {
	case line = <-lines:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s printed nothing in 30s", bin)
	}
	var c struct {
		BaseURL           string                `json:"base_url"`
		ApplicationID     interaction.Snowflake `json:"application_id"`
		BotToken          string                `json:"bot_token"`
		ClientID          string                `json:"client_id"`
		ClientSecret      string                `json:"client_secret"`
		PublicKey         string                `json:"public_key"`
		GuildID           interaction.Snowflake `json:"guild_id"`
		AuthorizationCode string                `json:"authorization_code"`
		RedirectURI       string                `json:"redirect_uri"`
		AdminID           interaction.Snowflake `json:"admin_id"`
		ModeratorID       interaction.Snowflake `json:"moderator_id"`
		MemberID          interaction.Snowflake `json:"member_id"`
	}
	if err := json.Unmarshal([]byte(line), &c); err != nil {
		<-exited
		t.Fatalf("%s %s: first line %q: %v; stderr: %s", bin, strings.Join(args, " "), line, err, stderr.String())
	}
	return &target{
		URL: c.BaseURL, ApplicationID: c.ApplicationID, GuildID: c.GuildID,
		BotToken: c.BotToken, ClientID: c.ClientID, ClientSecret: c.ClientSecret, PublicKey: c.PublicKey,
		AuthorizationCode: c.AuthorizationCode, RedirectURI: c.RedirectURI,
		Admin: c.AdminID, Moderator: c.ModeratorID, Member: c.MemberID,
		controlURL: strings.TrimSuffix(c.BaseURL, "/v10"),
	}
}

// The binary is built once per test binary, into a directory TestMain
// removes.
var (
	buildOnce sync.Once
	buildDir  string
	builtBin  string
	buildErr  error
)

// emulatorBinary returns the cmd/emulator to run: the one SWITCHBOARD_EMULATOR
// names, or one built from this module.
func emulatorBinary(t *testing.T) string {
	t.Helper()
	bin, err := buildEmulator()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// buildEmulator is emulatorBinary, for startParity: the binary, or why it
// could not be built.
func buildEmulator() (string, error) {
	if mode := os.Getenv(modeEnv); mode != "process" && mode != "" {
		return mode, nil
	}
	buildOnce.Do(func() {
		if buildDir, buildErr = os.MkdirTemp("", "emulator-test-"); buildErr != nil {
			return
		}
		builtBin = filepath.Join(buildDir, "emulator")
		// go test puts its go command first in PATH. go run's build
		// (internal/gorun) is linked once until the code changes, where
		// go build would link it again on every run of the tests.
		out, err := gorun.Command(context.Background(), "github.com/switchboard-go/switchboard/cmd/emulator", builtBin).CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("building cmd/emulator: %v\n%s", err, out)
		}
	})
	return builtBin, buildErr
}

func TestMain(m *testing.M) {
	flag.Parse()
	if runsParity() {
		// The run against the process mostly waits on clocks and
		// sockets, as the run in process does: started now, it runs
		// beside the tests rather than after them.
		parity = startParity()
	}
	code := m.Run()
	if parity != nil {
		// A run the parity test never waited for (it failed to start,
		// or -failfast stopped before it) is not left behind.
		parity.stop()
	}
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	testmain.Exit(code)
}
