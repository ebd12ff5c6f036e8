//go:build unix

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/internal/realpart"
)

// readmeGuide and readmeSection are the guide and its section on this
// command; the README shows the section's first command too.
const (
	readmeGuide   = "docs/emulator.md"
	readmeSection = "## Trying a bot on cmd/emulator"
)

// readmeBlock is a fenced block of the README's section.
type readmeBlock struct{ lang, code string }

// readmeBlocks returns the fenced blocks of the guide's section on this
// command, in order.
func readmeBlocks(t *testing.T) []readmeBlock {
	t.Helper()
	guide, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(readmeGuide)))
	if err != nil {
		t.Fatal(err)
	}
	text := string(guide)
	start := strings.Index(text, "\n"+readmeSection+"\n")
	if start < 0 {
		t.Fatalf("%s has no section %q", readmeGuide, readmeSection)
	}
	text = text[start+len(readmeSection)+2:]
	// The next heading; a comment in a block has one # only.
	if end := regexp.MustCompile(`\n##+ `).FindStringIndex(text); end != nil {
		text = text[:end[0]]
	}
	var blocks []readmeBlock
	for {
		open := strings.Index(text, "```")
		if open < 0 {
			return blocks
		}
		text = text[open+3:]
		lang, rest, _ := strings.Cut(text, "\n")
		code, after, ok := strings.Cut(rest, "```")
		if !ok {
			t.Fatalf("an unclosed block in %q", readmeSection)
		}
		blocks = append(blocks, readmeBlock{lang, code})
		text = after
	}
}

// firstCommand splits a shell block into its first command, the lines up
// to one that does not end in a backslash (comments left out), and the
// rest.
func firstCommand(code string) (first, rest string) {
	lines := strings.Split(code, "\n")
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if l, ok := strings.CutSuffix(trimmed, "\\"); ok {
			first += l + " "
			continue
		}
		return first + trimmed, strings.Join(lines[i+1:], "\n")
	}
	return first, ""
}

// shellRun is a command kept running by bash, in a process group of its
// own, as a reader's terminal runs it.
type shellRun struct {
	t    *testing.T
	cmd  *exec.Cmd
	mu   sync.Mutex
	out  []string      // its lines, standard output and error
	more chan struct{} // closed when a line is added
	done chan struct{}
}

func startShell(t *testing.T, dir, command string, env []string) *shellRun {
	t.Helper()
	s := &shellRun{t: t, cmd: exec.Command("bash", "-c", command), more: make(chan struct{}), done: make(chan struct{})}
	s.cmd.Dir = dir
	s.cmd.Env = env
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	s.cmd.Stdout, s.cmd.Stderr = pw, pw
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	lines := make(chan struct{})
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			s.mu.Lock()
			s.out = append(s.out, sc.Text())
			close(s.more)
			s.more = make(chan struct{})
			s.mu.Unlock()
		}
	}()
	go func() {
		<-lines
		s.cmd.Wait()
		close(s.done)
	}()
	t.Cleanup(func() {
		syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
		<-s.done
	})
	return s
}

func (s *shellRun) output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Join(s.out, "\n")
}

// waitFor waits until a line matches pattern; the bound is against a
// test that hangs (go run builds the bot first), not a measure.
func (s *shellRun) waitFor(pattern string) {
	s.t.Helper()
	re := regexp.MustCompile(pattern)
	timeout := time.NewTimer(3 * time.Minute)
	defer timeout.Stop()
	for seen := 0; ; {
		s.mu.Lock()
		for ; seen < len(s.out); seen++ {
			if re.MatchString(s.out[seen]) {
				s.mu.Unlock()
				return
			}
		}
		more := s.more
		s.mu.Unlock()
		select {
		case <-more:
		case <-s.done:
			s.t.Fatalf("%s\nended before a line matching %q:\n%s", s.cmd.Args[2], pattern, s.output())
		case <-timeout.C:
			s.t.Fatalf("%s\nwrote no line matching %q:\n%s", s.cmd.Args[2], pattern, s.output())
		}
	}
}

// interrupt sends SIGINT to the group, as Ctrl-C at a terminal does, and
// waits for the command to end.
func (s *shellRun) interrupt() {
	s.t.Helper()
	syscall.Kill(-s.cmd.Process.Pid, syscall.SIGINT)
	select {
	case <-s.done:
	case <-time.After(time.Minute):
		s.t.Fatalf("%s\ndid not end once interrupted:\n%s", s.cmd.Args[2], s.output())
	}
}

// The README's commands work as written: each run of the emulator, the
// steps it says it prints, and what a user then gets. They run from a
// directory of their own, where emulator.json is written, the emulator
// built once and the examples run by go run in the module's root, on a
// free port instead of 8484, one run beside the other.
func TestTheReadmeCommandsWork(t *testing.T) {
	t.Parallel() // it waits on other processes
	if testing.Short() {
		t.Skip("builds and runs the emulator and examples")
	}
	for _, tool := range []struct{ name, pkg string }{{"bash", "bash"}, {"curl", "curl"}, {"jq", "jq"}} {
		if _, err := exec.LookPath(tool.name); err != nil {
			realpart.Missing(t, tool.name+" not found: install Debian's "+tool.pkg+" package")
		}
	}
	blocks := readmeBlocks(t)
	var sh []readmeBlock
	var steps string
	for _, b := range blocks {
		switch b.lang {
		case "sh":
			sh = append(sh, b)
		case "text":
			steps = b.code
		}
	}
	if len(sh) != 3 || steps == "" {
		t.Fatalf("%q has %d sh blocks and steps %q; want the minimal bot's run, a user, echo's run and its users, and the steps", readmeSection, len(sh), steps)
	}

	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	bin := program(t, "emulator")
	// Each run has a port of its own, as they run side by side.
	replacer := func(t *testing.T) *strings.Replacer {
		t.Helper()
		port, err := freePort()
		if err != nil {
			t.Fatal(err)
		}
		return strings.NewReplacer(
			"go run ./cmd/emulator", bin,
			"go run ./", "go run -C "+root+" ./",
			"127.0.0.1:8484", "127.0.0.1:"+port,
		)
	}

	for _, tc := range []struct {
		name    string
		run     string // the block of the emulator's run
		users   string // the block of what is done then
		serving string // the last line of the steps before users act
		answers []string
		logged  []string
	}{
		{"the minimal bot", sh[0].code, sh[1].code, "emulator: interactions URL set", []string{`"content": "Hello, Ada!"`}, nil},
		{"the echo bot", sh[2].code, "", "emulator: webhook events URL set", []string{`["say"]`, `\"path\":\"say\",\"options\":{\"text\":\"hello\",\"times\":3}`, `"name": "text: hel"`},
			[]string{"event=APPLICATION_AUTHORIZED"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			replace := replacer(t)
			command, rest := firstCommand(tc.run)
			if !strings.HasPrefix(command, "go run ./cmd/emulator ") || !strings.Contains(command, "127.0.0.1:8484") {
				t.Fatalf("the block begins %q, not a run of the emulator on 127.0.0.1:8484", command)
			}
			users := rest + tc.users
			if strings.TrimSpace(users) == "" {
				t.Fatal("nothing is done with the emulator")
			}
			work := t.TempDir()
			emu := startShell(t, work, replace.Replace(command), os.Environ())
			emu.waitFor("^" + tc.serving)
			script := exec.Command("bash", "-c", "set -eo pipefail\n"+replace.Replace(users))
			script.Dir = work
			out, err := script.CombinedOutput()
			if err != nil {
				t.Fatalf("%s\n%v:\n%s\nthe emulator's output:\n%s", users, err, out, emu.output())
			}
			for _, want := range tc.answers {
				if !strings.Contains(string(out), want) {
					t.Errorf("the users got no %s:\n%s", want, out)
				}
			}
			for _, want := range tc.logged {
				emu.waitFor(regexp.QuoteMeta(want))
			}
			if tc.name == "the minimal bot" {
				// The steps the README shows are those printed, numbers
				// aside, in their order.
				checkSteps(t, steps, replace, emu.output())
			}
			emu.interrupt()
			for _, want := range []string{"emulator: stopping the bot, pid ", "emulator: bot stopped, pid "} {
				if !strings.Contains(emu.output(), want) {
					t.Errorf("interrupted, the emulator did not say %q:\n%s", want, emu.output())
				}
			}
		})
	}
}

// checkSteps checks that each line of the README's steps is printed, in
// order, its numbers any numbers.
func checkSteps(t *testing.T, steps string, replace *strings.Replacer, output string) {
	t.Helper()
	digits := regexp.MustCompile(`\d+`)
	printed := strings.Split(output, "\n")
	next := 0
	for _, step := range strings.Split(strings.TrimSpace(steps), "\n") {
		step = replace.Replace(step)
		re := regexp.MustCompile("^" + digits.ReplaceAllString(regexp.QuoteMeta(step), `\d+`) + "$")
		for next < len(printed) && !re.MatchString(printed[next]) {
			next++
		}
		if next == len(printed) {
			t.Errorf("the README shows a step never printed, or out of order: %s\nprinted:\n%s", step, output)
			return
		}
		next++
	}
}

// Without the README's quoting, sh would expand $PORT in the reader's
// shell, where it is empty.
func TestTheReadmeQuotesPORT(t *testing.T) {
	for _, b := range readmeBlocks(t) {
		if b.lang == "sh" && strings.Contains(b.code, "$PORT") && !regexp.MustCompile(`-run '[^']*\$PORT[^']*'`).MatchString(b.code) {
			t.Errorf("a block uses $PORT out of single quotes:\n%s", b.code)
		}
	}
}

// The README shows the guide's first command, the one of local
// development, as the guide has it.
func TestTheReadmeShowsTheGuidesCommand(t *testing.T) {
	blocks := readmeBlocks(t)
	if len(blocks) == 0 || blocks[0].lang != "sh" {
		t.Fatalf("%s's section %q does not start with a shell block", readmeGuide, readmeSection)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "```sh\n"+blocks[0].code+"```") {
		t.Errorf("README.md does not show the command of %s's %q as a block of its own:\n%s", readmeGuide, readmeSection, blocks[0].code)
	}
}
