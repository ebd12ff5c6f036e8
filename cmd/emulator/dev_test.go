//go:build unix

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
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/gorun"
	"github.com/switchboard-go/switchboard/internal/testmain"
	"github.com/switchboard-go/switchboard/webhook"
)

// built holds the programs the tests run, built once for all of them.
var built struct {
	once sync.Once
	dir  string
	err  error
	out  []byte
}

// program returns the path of a program the tests run: "emulator", this
// command, or "bot", testdata/bot. The first call builds both at once,
// with go run's build (internal/gorun), which the go command links once
// until their code changes, for the tests that need one mostly need the
// other too.
func program(t *testing.T, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the emulator and a bot")
	}
	built.once.Do(build)
	if built.err != nil {
		t.Fatalf("building . and ./testdata/bot: %v\n%s", built.err, built.out)
	}
	return filepath.Join(built.dir, name)
}

// build builds the programs the tests run, once, for program.
func build() {
	if built.dir, built.err = os.MkdirTemp("", "emulator-test"); built.err != nil {
		return
	}
	programs := []struct{ pkg, name string }{{".", "emulator"}, {"./testdata/bot", "bot"}}
	outs, errs := make([][]byte, len(programs)), make([]error, len(programs))
	var wg sync.WaitGroup
	for i, p := range programs {
		wg.Go(func() {
			outs[i], errs[i] = gorun.Command(context.Background(), p.pkg, filepath.Join(built.dir, p.name)).CombinedOutput()
		})
	}
	wg.Wait()
	built.out, built.err = bytes.Join(outs, nil), errors.Join(errs...)
}

// TestMain runs the tests and removes what they built. When every test
// runs, the programs are built from the start, beside the tests that need
// none. The parallel tests wait on processes, and hold no window of the
// real clock shorter than minutes: they run four a CPU at once, so that
// the README's runs need not wait for a turn behind the others.
func TestMain(m *testing.M) {
	flag.Parse()
	if flag.Lookup("test.run").Value.String() == "" && !testing.Short() {
		go built.once.Do(build)
	}
	code := testmain.Waiting(m)
	built.once.Do(func() {}) // a build under way ends first
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	testmain.Exit(code)
}

// fastTiming is -run's timing for tests: nothing waits long, but the
// grace period, which a bot that stops well never uses up.
func fastTiming() timing {
	return timing{poll: 5 * time.Millisecond, ready: time.Minute, grace: time.Minute,
		firstRetry: time.Millisecond, maxRetry: 4 * time.Millisecond, syncBound: time.Minute}
}

// devRun is the emulator run with -run, as a test sees it.
type devRun struct {
	t     *testing.T
	creds emulator.Credentials

	mu      sync.Mutex
	lines   []string      // of its standard error, so far
	next    int           // the first line waitFor has not looked at
	more    chan struct{} // closed when a line is added or the output ends
	ended   bool          // whether its standard error ended
	stopped sync.Once

	cancel context.CancelFunc
	done   chan error
}

// startDev runs the emulator with args until the test ends, and returns
// once it printed its credentials.
func startDev(t *testing.T, tm timing, args ...string) *devRun {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	d := &devRun{t: t, more: make(chan struct{}), cancel: cancel, done: make(chan error, 1)}
	outR, outW := io.Pipe()
	errR, errW := io.Pipe()
	go func() {
		d.done <- runWith(ctx, flag.NewFlagSet("emulator", flag.ContinueOnError), append([]string{"-addr", "127.0.0.1:0"}, args...), outW, errW, tm)
		outW.Close()
		errW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(errR)
		for sc.Scan() {
			d.mu.Lock()
			d.lines = append(d.lines, sc.Text())
			close(d.more)
			d.more = make(chan struct{})
			d.mu.Unlock()
		}
		d.mu.Lock()
		d.ended = true
		close(d.more)
		d.mu.Unlock()
	}()
	t.Cleanup(d.stop)
	out := bufio.NewReader(outR)
	line, err := out.ReadString('\n')
	if err != nil {
		t.Fatalf("no credentials: %v\n%s", err, d.stderr())
	}
	go io.Copy(io.Discard, out) //nolint:errcheck // drain
	if err := json.Unmarshal([]byte(line), &d.creds); err != nil {
		t.Fatalf("first line %q: %v", line, err)
	}
	return d
}

// stderr is what the emulator wrote to its standard error so far.
func (d *devRun) stderr() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return strings.Join(d.lines, "\n")
}

// waitFor returns the submatches of the first line of the emulator's
// standard error, after those the last call matched, that matches
// pattern. The bound is against a test that hangs, not a measure: the
// steps take well under it.
func (d *devRun) waitFor(pattern string) []string {
	d.t.Helper()
	return d.waitFrom(&d.next, pattern)
}

// waitForBot is waitFor for a line of the bot's output, looked for among
// all the lines: it passes through on a goroutine of its own, so it may
// come before or after what the emulator says of the bot, such as that it
// started it. It leaves where waitFor looks next as it was.
func (d *devRun) waitForBot(pattern string) []string {
	d.t.Helper()
	from := 0
	return d.waitFrom(&from, pattern)
}

// waitFrom returns the submatches of the first line from *next on that
// matches pattern, and moves *next past it.
func (d *devRun) waitFrom(next *int, pattern string) []string {
	d.t.Helper()
	re := regexp.MustCompile(pattern)
	timeout := time.NewTimer(2 * time.Minute)
	defer timeout.Stop()
	for {
		d.mu.Lock()
		for ; *next < len(d.lines); *next++ {
			if m := re.FindStringSubmatch(d.lines[*next]); m != nil {
				*next++
				d.mu.Unlock()
				return m
			}
		}
		ended, more := d.ended, d.more
		d.mu.Unlock()
		if ended {
			d.t.Fatalf("the emulator ended before it wrote a line matching %q:\n%s", pattern, d.stderr())
		}
		select {
		case <-more:
		case <-timeout.C:
			d.t.Fatalf("no line matching %q:\n%s", pattern, d.stderr())
		}
	}
}

// stop interrupts the emulator, and fails the test if it does not return
// nil; its standard error stays readable.
func (d *devRun) stop() {
	d.t.Helper()
	d.stopped.Do(func() {
		d.cancel()
		select {
		case err := <-d.done:
			if err != nil {
				d.t.Errorf("run: %v\n%s", err, d.stderr())
			}
		case <-time.After(2 * time.Minute):
			d.t.Fatalf("the emulator did not return once interrupted:\n%s", d.stderr())
		}
	})
}

// control posts body to the control API at path and decodes the answer
// into v.
func (d *devRun) control(path, body string, v any) {
	d.t.Helper()
	url := strings.TrimSuffix(d.creds.BaseURL, "/v10") + path
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		d.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		d.t.Fatalf("%s: %d %s", path, resp.StatusCode, b)
	}
	if v != nil {
		if err := json.Unmarshal(b, v); err != nil {
			d.t.Fatalf("%s: %v: %s", path, err, b)
		}
	}
}

// ping has a user use /ping, and returns what the bot answered.
func (d *devRun) ping() string {
	d.t.Helper()
	var got struct {
		Answer struct {
			Data struct{ Content string }
		}
	}
	d.control("/_emulator/invoke", `{"guild": "`+d.creds.GuildID+`", "line": "/ping"}`, &got)
	return got.Answer.Data.Content
}

// touch gives a file a new modification time, one no clock can have
// given it a moment ago.
func touch(t *testing.T, name string) {
	t.Helper()
	future := time.Now().Add(time.Hour)
	if err := os.Chtimes(name, future, future); err != nil {
		t.Fatal(err)
	}
}

// sources is a directory holding the Go source of a program, to watch.
func sources(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"main.go", "main_test.go", "go.mod"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("module bot\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// gone reports whether no process is left of the group the process of
// the id led: the shell -run started, and what it started.
func gone(t *testing.T, pid string) bool {
	n, err := strconv.Atoi(pid)
	if err != nil {
		t.Fatal(err)
	}
	return errors.Is(syscall.Kill(-n, 0), syscall.ESRCH)
}

// The whole loop of local development: the sync step registers the bot's
// command, the bot gets the credentials and a port, the application is
// pointed at it, a user's command reaches it, and a change to a source
// restarts it; interrupted, the emulator stops the bot first.
func TestRunServesTheBotAndRestartsItWhenASourceChanges(t *testing.T) {
	t.Parallel() // it waits on other processes
	bot := program(t, "bot")
	dir := sources(t)
	d := startDev(t, fastTiming(), "-sync", bot+" sync", "-run", bot+" -addr 127.0.0.1:$PORT", "-watch", dir)

	d.waitFor(`^emulator: serving the API at ` + regexp.QuoteMeta(d.creds.BaseURL) + ` and the control API at http://127\.0\.0\.1:\d+/_emulator/$`)
	d.waitFor(`^emulator: watching 2 files under ` + regexp.QuoteMeta(dir))
	d.waitFor(`^emulator: sync: ` + regexp.QuoteMeta(bot+" sync") + `$`)
	d.waitFor(`^1 of 1 changes made$`) // the sync step's own output passes through
	d.waitFor(`^emulator: synced$`)
	port := d.waitFor(`^emulator: bot started, pid \d+, PORT=(\d+): `)[1]
	// The bot's output passes through, and shows what it was given.
	given := "bot: BASE_URL=" + d.creds.BaseURL + " APPLICATION_ID=" + d.creds.ApplicationID +
		" PUBLIC_KEY=" + d.creds.PublicKey + " BOT_TOKEN=" + d.creds.BotToken + " CLIENT_ID=" + d.creds.ClientID +
		" CLIENT_SECRET=" + d.creds.ClientSecret + " GUILD_ID=" + d.creds.GuildID + " PORT=" + port
	d.waitForBot(`^` + regexp.QuoteMeta(given) + `$`)
	d.waitFor(`^emulator: bot listening on 127\.0\.0\.1:` + port + `$`)
	d.waitFor(`^emulator: interactions URL set: http://127\.0\.0\.1:` + port + `/$`)
	d.waitFor(`^emulator: webhook events URL set: http://127\.0\.0\.1:` + port + `/events$`)

	first := d.ping()
	if !strings.HasPrefix(first, "pong from ") {
		t.Fatalf("/ping was answered %q\n%s", first, d.stderr())
	}
	// The events URL reaches the bot too.
	d.control("/_emulator/install", `{"user": "`+d.creds.AdminID+`", "guild": "`+d.creds.GuildID+`", "scopes": ["bot"]}`, nil)
	var delivered []struct {
		Type string
		OK   bool
	}
	resp, err := http.Get(strings.TrimSuffix(d.creds.BaseURL, "/v10") + "/_emulator/events?wait=1")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&delivered)
	resp.Body.Close()
	if len(delivered) != 1 || delivered[0].Type != "APPLICATION_AUTHORIZED" || !delivered[0].OK {
		t.Errorf("the events delivered: %+v", delivered)
	}

	// A test changed: nothing to restart for. Then the program changed.
	touch(t, filepath.Join(dir, "main_test.go"))
	touch(t, filepath.Join(dir, "main.go"))
	d.waitFor(`^emulator: restarting the bot: main\.go changed$`)
	d.waitFor(`^emulator: bot stopped, pid \d+$`)
	d.waitFor(`^emulator: synced$`)
	pid := d.waitFor(`^emulator: bot started, pid (\d+), PORT=` + port + `: `)[1]
	d.waitFor(`^emulator: interactions URL set: http://127\.0\.0\.1:` + port + `/$`)
	if second := d.ping(); second == first || !strings.HasPrefix(second, "pong from ") {
		t.Errorf("after the restart /ping was answered %q, before it %q", second, first)
	}

	d.stop()
	if !gone(t, pid) {
		t.Errorf("the bot, pid %s, still runs after the emulator returned", pid)
	}
	if !strings.Contains(d.stderr(), "emulator: stopping the bot, pid "+pid+"\n") {
		t.Errorf("the emulator did not say it stopped the bot:\n%s", d.stderr())
	}
}

// A bot that keeps exiting is started again less and less often, up to a
// bound, and at once when a source changes.
func TestRunStartsABotThatExitsAgainLessOften(t *testing.T) {
	dir := sources(t)
	d := startDev(t, fastTiming(), "-run", "echo failing; exit 3", "-watch", dir)
	for _, wait := range []string{"1ms", "2ms", "4ms", "4ms"} {
		d.waitFor(`^failing$`)
		d.waitFor(`^emulator: bot exited, pid \d+: exit status 3$`)
		d.waitFor(`^emulator: starting the bot again in ` + wait + `, or when a file changes$`)
	}
	// A change counts the failures afresh: the wait is the first again.
	// The change is seen while the bot runs or while the emulator waits
	// to start it again, as it happens.
	touch(t, filepath.Join(dir, "go.mod"))
	d.waitFor(`^emulator: (restarting the bot: go\.mod changed|go\.mod changed: starting the bot now)$`)
	d.waitFor(`^emulator: starting the bot again in 1ms, or when a file changes$`)
}

// A sync step that fails is tried again, as a bot that exits is; the bot
// is not started with commands that were not registered.
func TestRunTriesAFailedSyncAgainWithoutStartingTheBot(t *testing.T) {
	d := startDev(t, fastTiming(), "-sync", "exit 4", "-run", "echo started", "-watch", "")
	for _, wait := range []string{"1ms", "2ms"} {
		d.waitFor(`^emulator: sync: exit 4$`)
		if m := d.waitFor(`^(emulator: sync failed: exit status 4; trying again in ` + wait + `, or when a file changes|started)$`); m[1] == "started" {
			t.Fatalf("the bot started after the sync failed:\n%s", d.stderr())
		}
	}
}

// A bot that never answers is reported once the wait for it is over, and
// still waited for; one that answers but fails the service's checks says
// why, once.
func TestRunSaysWhyTheBotIsNotServed(t *testing.T) {
	bot := program(t, "bot")
	t.Run("a bot that listens nowhere is reported after the wait", func(t *testing.T) {
		tm := fastTiming()
		tm.ready = time.Millisecond
		d := startDev(t, tm, "-run", "exec sleep 600", "-watch", "")
		d.waitFor(`^emulator: the bot has not answered at http://127\.0\.0\.1:\d+/ within 1ms, nor connected to the gateway: does it listen on \$PORT \(\d+\)\? Still waiting, and restarting it when a file changes$`)
		d.stop()
		d.waitFor(`^emulator: bot stopped, pid \d+$`)
	})
	t.Run("a bot verifying another key is refused", func(t *testing.T) {
		other := interactiontest.NewKey("another application")
		d := startDev(t, fastTiming(), "-run", bot+" -addr 127.0.0.1:$PORT -key "+other.PublicKeyHex(), "-watch", "")
		d.waitFor(`^emulator: bot listening on `)
		d.waitFor(`^emulator: interactions URL not set: emulator: interactions endpoint check failed: the signed PING was answered 401 .*; checking again$`)
	})
}

// A bot on the gateway serves no HTTP: it is ready once it is connected,
// and its interactions go there.
func TestRunServesABotOnTheGateway(t *testing.T) {
	t.Parallel() // it waits on other processes
	bot := program(t, "bot")
	d := startDev(t, fastTiming(), "-sync", bot+" sync", "-run", bot+" -gateway", "-watch", "")
	d.waitFor(`^emulator: synced$`)
	d.waitFor(`^emulator: bot started, pid \d+, PORT=\d+: `)
	d.waitFor(`^emulator: bot connected to the gateway; it receives the interactions there$`)
	if got := d.ping(); !strings.HasPrefix(got, "pong from ") {
		t.Fatalf("/ping was answered %q\n%s", got, d.stderr())
	}
	d.stop()
	d.waitFor(`^emulator: bot stopped, pid \d+$`)
}

// A bot that does not stop on SIGINT is killed after the grace period,
// with whatever it started.
func TestRunKillsABotThatOutlastsTheGracePeriod(t *testing.T) {
	t.Parallel() // it waits on other processes
	tm := fastTiming()
	tm.grace = time.Millisecond
	// The shell ignores SIGINT, and so does the sleep it starts.
	d := startDev(t, tm, "-run", `trap "" INT; echo ignoring; sleep 600; echo never`, "-watch", "")
	pid := d.waitFor(`^emulator: bot started, pid (\d+), `)[1]
	d.waitForBot(`^ignoring$`)
	d.stop()
	d.waitFor(`^emulator: bot still running 1ms after SIGINT, pid ` + pid + `: killed$`)
	// The sleep the shell started is reaped by the system once killed, a
	// moment later.
	for deadline := time.Now().Add(time.Minute); !gone(t, pid); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the bot's group, pid %s, still runs a minute after it was killed", pid)
		}
	}
}

// The flags of -run are refused without it, and the URL flags with it,
// before anything is printed.
func TestRunFlagsAreChecked(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"-sync without -run is refused", []string{"-sync", "true"}, "-sync goes with -run"},
		{"-watch without -run is refused", []string{"-watch", "."}, "-watch goes with -run"},
		{"-run with -interactions-url is refused", []string{"-run", "true", "-interactions-url", "http://127.0.0.1:1/"}, "-interactions-url and -run"},
		{"-run with -events-url is refused", []string{"-run", "true", "-events-url", "http://127.0.0.1:1/"}, "-events-url and -run"},
		{"a relative interactions path is refused", []string{"-run", "true", "-interactions-path", "bot"}, "does not begin with /"},
		{"a relative events path is refused", []string{"-run", "true", "-events-path", "events"}, "does not begin with /"},
		{"one path for both is refused", []string{"-run", "true", "-events-path", "/"}, "both"},
		{"a missing directory to watch is refused", []string{"-run", "true", "-watch", filepath.Join(t.TempDir(), "missing")}, "-watch"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			err := run(context.Background(), append([]string{"-addr", "127.0.0.1:0"}, tc.args...), &out, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("%v, want an error saying %s", err, tc.want)
			}
			if out.Len() != 0 {
				t.Errorf("printed %q for a refused command line", out.String())
			}
		})
	}
}

// The default events path is the one package serve serves a
// webhook.Endpoint at.
func TestTheEventsPathIsWebhookDefault(t *testing.T) {
	if defaultEventsPath != webhook.DefaultPath {
		t.Errorf("-events-path defaults to %q, package webhook's endpoint is served at %q", defaultEventsPath, webhook.DefaultPath)
	}
}
