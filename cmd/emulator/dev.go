package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
)

// devConfig is what -run and the flags that go with it ask for.
type devConfig struct {
	run, sync string
	// watch is the directory whose sources restart the bot; "" watches
	// nothing.
	watch            string
	interactionsPath string
	// eventsPath is where the bot serves webhook events; "" sets no
	// events URL.
	eventsPath string
	// installation is -installation-contexts, which the sync step
	// compares the commands with.
	installation string
}

// timing bounds the steps of -run; tests shorten it.
type timing struct {
	// poll is the pause between looks at the sources, and the first
	// between looks at the bot's port.
	poll time.Duration
	// ready is how long a bot may take to answer before the wait is
	// reported; the emulator keeps waiting after it.
	ready time.Duration
	// grace is how long a bot has to stop after SIGINT before it is
	// killed.
	grace time.Duration
	// firstRetry is the wait before a bot (or sync step) that failed is
	// started again; it doubles with each failure in a row, up to
	// maxRetry.
	firstRetry, maxRetry time.Duration
	// syncBound bounds the sync step.
	syncBound time.Duration
}

// defaultTiming is the timing of -run: a restart within a second of a
// save, a minute for a bot to build and start before the wait is
// reported, a grace period as long as package serve's, and retries no
// more often than every 30 seconds once a bot keeps failing.
func defaultTiming() timing {
	return timing{
		poll:       500 * time.Millisecond,
		ready:      time.Minute,
		grace:      10 * time.Second,
		firstRetry: time.Second,
		maxRetry:   30 * time.Second,
		syncBound:  5 * time.Minute,
	}
}

// defaultEventsPath is where -run looks for the bot's webhook events:
// webhook.DefaultPath, which package serve serves them at.
const defaultEventsPath = "/events"

// maxCheckPause is the longest pause between checks of a bot that
// listens but fails the service's checks: each check is a signed PING and
// a forged request, which the bot logs.
const maxCheckPause = 5 * time.Second

// dev runs a bot against the emulator for local development: its sync
// step, then the bot, with the application's credentials in their
// environment; it points the application at the bot once the bot passes
// the service's checks, and starts it again when its sources change or it
// exits.
type dev struct {
	devConfig
	timing
	s   *emulator.Server
	out io.Writer // where the steps, and the bot's output, are written
	env []string
	// w looks at the sources; nil without -watch.
	w *watcher
	// port is the bot's, chosen once so that its URLs stay the same
	// across restarts.
	port                       string
	interactionsURL, eventsURL string
}

// newDev prepares to run cfg against s: it looks at the sources a first
// time and chooses the bot's port.
func newDev(cfg devConfig, t timing, s *emulator.Server, out io.Writer) (*dev, error) {
	port, err := freePort()
	if err != nil {
		return nil, fmt.Errorf("-run: choosing the bot's port: %w", err)
	}
	if _, ok := out.(*os.File); !ok {
		out = &lockedWriter{w: out}
	}
	d := &dev{devConfig: cfg, timing: t, s: s, out: out, port: port}
	if cfg.watch != "" {
		if d.w, err = newWatcher(cfg.watch); err != nil {
			return nil, fmt.Errorf("-watch: %w", err)
		}
	}
	base := "http://" + net.JoinHostPort("127.0.0.1", port)
	d.interactionsURL = base + cfg.interactionsPath
	if cfg.eventsPath != "" {
		d.eventsURL = base + cfg.eventsPath
	}
	// Later entries win over the emulator's own environment's, which
	// the emulator's settings are taken out of (withoutSettings).
	d.env = append(withoutSettings(os.Environ()),
		"SWITCHBOARD_BASE_URL="+s.URL,
		"SWITCHBOARD_APPLICATION_ID="+s.ApplicationID.String(),
		"SWITCHBOARD_PUBLIC_KEY="+s.PublicKey,
		"SWITCHBOARD_BOT_TOKEN="+s.BotToken,
		"SWITCHBOARD_CLIENT_ID="+s.ClientID,
		"SWITCHBOARD_CLIENT_SECRET="+s.ClientSecret,
		"SWITCHBOARD_GUILD_ID="+s.GuildID.String(),
		"PORT="+port,
	)
	if cfg.installation != "" {
		d.env = append(d.env, "SWITCHBOARD_INSTALLATION_CONTEXTS="+cfg.installation)
	}
	return d, nil
}

// freePort returns a port of 127.0.0.1 that was free a moment ago.
func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	_, port, err := net.SplitHostPort(ln.Addr().String())
	return port, err
}

// lockedWriter writes to w one Write at a time: the steps and the bot's
// output are written from several goroutines. A file needs none, each
// write being a system call of its own.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// say writes one line of what the emulator is doing, in one write so that
// it is not torn by the bot's output.
func (d *dev) say(format string, args ...any) {
	io.WriteString(d.out, "emulator: "+fmt.Sprintf(format, args...)+"\n")
}

// loop runs the bot until ctx ends, then stops it. It returns an error
// only when no command can be started at all.
func (d *dev) loop(ctx context.Context) error {
	w := d.w
	if w != nil {
		d.say("watching %d files under %s: the bot starts again when one changes", w.files(), d.watch)
		d.sayTruncated(w)
	}
	failures := 0
	for {
		if failures > 0 {
			going, changed := d.pause(ctx, w, d.retryAfter(failures))
			if !going {
				return nil
			}
			if changed {
				// New code: its failures are counted afresh.
				failures = 0
			}
		}
		if d.sync != "" {
			err := d.runSync(ctx)
			if ctx.Err() != nil {
				return nil
			}
			var start *startError
			if errors.As(err, &start) {
				return err
			}
			if err != nil {
				failures++
				d.say("%v; trying again in %v, or when a file changes", err, d.retryAfter(failures))
				continue
			}
		}
		end, err := d.runBot(ctx, w)
		switch {
		case err != nil:
			return err
		case end.stopped:
			return nil
		case end.changed:
			failures = 0
		default:
			if end.served {
				failures = 0
			}
			failures++
			d.say("starting the bot again in %v, or when a file changes", d.retryAfter(failures))
		}
	}
}

// retryAfter is the wait before the next start after failures failures in
// a row.
func (d *dev) retryAfter(failures int) time.Duration {
	wait := d.firstRetry
	for i := 1; i < failures && wait < d.maxRetry; i++ {
		wait *= 2
	}
	return min(wait, d.maxRetry)
}

// pause waits for wait, or until a source changes, and reports whether
// ctx is still going and whether a source changed.
func (d *dev) pause(ctx context.Context, w *watcher, wait time.Duration) (going, changed bool) {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	tick := d.ticker(w)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return false, false
		case <-timer.C:
			return true, false
		case <-tick.C:
			if what := w.poll(); what != "" {
				d.say("%s: starting the bot now", what)
				return true, true
			}
		}
	}
}

// ticker ticks at the poll interval when there are sources to look at,
// and never otherwise.
func (d *dev) ticker(w *watcher) *time.Ticker {
	t := time.NewTicker(d.poll)
	if w == nil {
		t.Stop()
	}
	return t
}

// sayTruncated says when the sources are more than the watcher looks at.
func (d *dev) sayTruncated(w *watcher) {
	if w.truncated {
		d.say("-watch %s holds more than %d files and directories: only those looked at first are watched; point -watch at the bot's module", d.watch, w.limit)
	}
}

// startError is a command that could not be started at all: no shell, say.
type startError struct{ err error }

func (e *startError) Error() string { return e.err.Error() }
func (e *startError) Unwrap() error { return e.err }

// process is a command of -run or -sync, run by the shell in a process
// group of its own.
type process struct {
	cmd  *exec.Cmd
	pid  int
	done chan struct{} // closed once the shell has exited
	err  error         // how it exited, once done is closed
}

// start runs line, the command of the flag named flag, with the shell,
// with the credentials in its environment and its output written to
// d.out.
func (d *dev) start(flag, line string) (*process, error) {
	cmd := exec.Command(shell, "-c", line)
	cmd.Env = d.env
	// Standard output too goes to the emulator's standard error: its
	// standard output is the lines scripts read.
	cmd.Stdout, cmd.Stderr = d.out, d.out
	// Output held open by a process that outlived the group's stop is
	// given up after a while.
	cmd.WaitDelay = time.Second
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		return nil, &startError{fmt.Errorf("-%s: %w", flag, err)}
	}
	p := &process{cmd: cmd, pid: cmd.Process.Pid, done: make(chan struct{})}
	go func() {
		p.err = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// status says how p exited.
func (p *process) status() string {
	if p.err == nil {
		return "exit status 0"
	}
	var exit *exec.ExitError
	if errors.As(p.err, &exit) {
		return exit.ProcessState.String()
	}
	return p.err.Error()
}

// stop stops p and every process it started: SIGINT to its group, which
// a bot made with package serve answers by finishing the requests under
// way, then SIGKILL to what still runs after the grace period. It
// reports whether anything had to be killed.
func (d *dev) stop(p *process) (killed bool) {
	if err := p.signal(syscall.SIGINT); err != nil {
		d.say("stopping pid %d: %v", p.pid, err)
	}
	grace := time.NewTimer(d.grace)
	defer grace.Stop()
	// The group is looked at often: it is a system call, and a restart
	// waits for it.
	look := time.NewTicker(min(d.poll, 50*time.Millisecond))
	defer look.Stop()
	done := p.done
	for {
		select {
		case <-done:
			done = nil
		case <-look.C:
		case <-grace.C:
			p.signal(syscall.SIGKILL)
			<-p.done
			return true
		}
		if done == nil && !p.running() {
			return false
		}
	}
}

// runSync runs the sync step to its end, within its bound.
func (d *dev) runSync(ctx context.Context) error {
	d.say("sync: %s", d.sync)
	p, err := d.start("sync", d.sync)
	if err != nil {
		return err
	}
	bound := time.NewTimer(d.syncBound)
	defer bound.Stop()
	select {
	case <-p.done:
		// Whatever it left running is stopped too.
		d.stop(p)
		if p.err != nil {
			return fmt.Errorf("sync failed: %s", p.status())
		}
		d.say("synced")
		return nil
	case <-ctx.Done():
		d.stop(p)
		return ctx.Err()
	case <-bound.C:
		d.stop(p)
		return fmt.Errorf("sync did not finish within %v, and was stopped", d.syncBound)
	}
}

// ended is why runBot returned.
type ended struct {
	// stopped: ctx ended. changed: a source changed. Otherwise the bot
	// exited by itself, after it served when served is true.
	stopped, changed, served bool
}

// runBot starts the bot and watches it until ctx ends, a source changes
// or the bot exits; in the first two cases it stops the bot.
func (d *dev) runBot(ctx context.Context, w *watcher) (ended, error) {
	p, err := d.start("run", d.run)
	if err != nil {
		return ended{}, err
	}
	d.say("bot started, pid %d, PORT=%s: %s", p.pid, d.port, d.run)
	checking, stopChecking := context.WithCancel(ctx)
	var checked sync.WaitGroup
	ready := make(chan struct{})
	checked.Go(func() { d.await(checking, ready) })
	// The checks end before anything else is said, so that their lines
	// come before the bot's end.
	endChecks := func() {
		stopChecking()
		checked.Wait()
	}
	tick := d.ticker(w)
	defer tick.Stop()
	var served bool
	for {
		select {
		case <-ctx.Done():
			endChecks()
			d.say("stopping the bot, pid %d", p.pid)
			d.sayStopped(p, d.stop(p))
			return ended{stopped: true}, nil
		case <-p.done:
			endChecks()
			d.stop(p) // what it left running
			d.say("bot exited, pid %d: %s", p.pid, p.status())
			return ended{served: served}, nil
		case <-ready:
			served, ready = true, nil
		case <-tick.C:
			what := w.poll()
			if what == "" {
				continue
			}
			endChecks()
			d.say("restarting the bot: %s", what)
			d.sayStopped(p, d.stop(p))
			d.sayTruncated(w)
			return ended{changed: true}, nil
		}
	}
}

// sayStopped says how a bot the emulator stopped ended: how it exited
// when it is news, which the SIGINT it was sent is not.
func (d *dev) sayStopped(p *process, killed bool) {
	var exit *exec.ExitError
	switch {
	case killed:
		d.say("bot still running %v after SIGINT, pid %d: killed", d.grace, p.pid)
	case p.err == nil || errors.As(p.err, &exit) && interrupted(exit.ProcessState):
		d.say("bot stopped, pid %d", p.pid)
	default:
		d.say("bot stopped, pid %d: %s", p.pid, p.status())
	}
}

// await waits for the bot to listen on its port and pass the service's
// checks, then sets the interactions URL, and the events URL if the bot
// serves one, and closes ready; or for the bot to connect to the gateway,
// which then receives its interactions, as the service sends them to an
// application with no interactions URL. It says each step, and says once
// when the bot is late; it keeps trying until ctx ends.
func (d *dev) await(ctx context.Context, ready chan<- struct{}) {
	addr := net.JoinHostPort("127.0.0.1", d.port)
	late := time.NewTimer(d.ready)
	defer late.Stop()
	pause := time.NewTimer(0)
	defer pause.Stop()
	wait, listening, refused := d.poll, false, ""
	for {
		select {
		case <-ctx.Done():
			return
		case <-late.C:
			d.say("the bot has not answered at %s within %v, nor connected to the gateway: does it listen on $PORT (%s)? Still waiting, and restarting it when a file changes", d.interactionsURL, d.ready, d.port)
			continue
		case <-pause.C:
		}
		if !listening && d.onGateway() {
			d.say("bot connected to the gateway; it receives the interactions there")
			d.setEventsURL(ctx)
			close(ready)
			return
		}
		if !listening {
			dialer := net.Dialer{Timeout: time.Second}
			if c, err := dialer.DialContext(ctx, "tcp", addr); err == nil {
				c.Close()
				listening = true
				d.say("bot listening on %s", addr)
			}
		}
		if listening {
			err := d.s.SetInteractionsURL(ctx, d.interactionsURL)
			if ctx.Err() != nil {
				return
			}
			if err == nil {
				d.say("interactions URL set: %s", d.interactionsURL)
				d.setEventsURL(ctx)
				close(ready)
				return
			}
			// Said once per reason: the checks go on.
			if msg := err.Error(); msg != refused {
				refused = msg
				d.say("interactions URL not set: %v; checking again", err)
			}
			wait = min(2*wait, maxCheckPause)
		}
		pause.Reset(wait)
	}
}

// onGateway reports whether a session of the gateway is connected: the
// bot's, as the one before it left its session unconnected. A bot on the
// gateway takes its interactions there only with no interactions URL,
// which one that served HTTP before it left set: it is taken away.
func (d *dev) onGateway() bool {
	for _, s := range d.s.GatewaySessions() {
		if s.Connected {
			return d.s.SetInteractionsURL(context.Background(), "") == nil
		}
	}
	return false
}

// setEventsURL points the webhook events at the bot when it serves them,
// and away from it otherwise, so that none go to a path that does not
// take them.
func (d *dev) setEventsURL(ctx context.Context) {
	if d.eventsURL == "" {
		return
	}
	err := d.s.SetEventsURL(ctx, d.eventsURL)
	if ctx.Err() != nil {
		return
	}
	if err == nil {
		d.say("webhook events URL set: %s", d.eventsURL)
		return
	}
	d.s.SetEventsURL(ctx, "") //nolint:errcheck // the empty URL is not checked
	d.say("no webhook events URL, as the bot serves none at %s: %s", d.eventsPath, strings.TrimPrefix(err.Error(), emulator.ErrEventsEndpointCheck.Error()+": "))
}
