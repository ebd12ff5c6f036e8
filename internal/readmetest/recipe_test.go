//go:build unix

package readmetest

import (
	"bufio"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/internal/gorun"
	"github.com/switchboard-go/switchboard/internal/realpart"
)

// A step is one command of the recipe, and what the test knows of it: the
// recipe is a contract the test holds it to, so that it changes with the
// test or not at all.
type step struct {
	// has are texts the command must contain.
	has []string
	// ready, for a command that keeps running, is a line its output
	// prints once it serves; "" for a command that runs to its end.
	ready string
}

// recipeSteps are the recipe's commands in order: the service, Redis and
// a replica, each kept running, then the interactions URL, the sync and a
// user's command.
var recipeSteps = []step{
	{has: []string{"go run ./cmd/emulator", "-addr 127.0.0.1:8484", "tee emulator.json"}, ready: `"public_key"`},
	{has: []string{"redis-server", "--port 6379"}, ready: "Ready to accept connections"},
	{has: []string{"go run ./examples/deploy serve", "-addr 127.0.0.1:8080", "-redis redis://127.0.0.1:6379", "SWITCHBOARD_PUBLIC_KEY="}, ready: "serving the interactions endpoint on"},
	{has: []string{"/_emulator/interactions-url", "http://127.0.0.1:8080"}},
	{has: []string{"go run ./examples/deploy sync", "SWITCHBOARD_BASE_URL=", "SWITCHBOARD_APPLICATION_ID=", "SWITCHBOARD_BOT_TOKEN="}},
	{has: []string{"/_emulator/invoke", "/greet name:Ada"}},
}

// recipeCommands returns the commands of the README's recipe block, a
// command per line but for comments, a line ending in a backslash going
// on on the next.
func recipeCommands(t *testing.T) []string {
	t.Helper()
	var recipes []block
	for _, b := range readBlocks(t) {
		if b.role == "recipe" {
			recipes = append(recipes, b)
		}
	}
	if len(recipes) != 1 {
		t.Fatalf("the documents have %d blocks with the role recipe, want 1", len(recipes))
	}
	var cmds []string
	var cont string
	for _, line := range strings.Split(recipes[0].code, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if l, ok := strings.CutSuffix(line, "\\"); ok {
			cont += l + " "
			continue
		}
		cmds = append(cmds, cont+line)
		cont = ""
	}
	return cmds
}

// freePort returns a port of 127.0.0.1 that was free a moment ago.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

// server is a command of the recipe that keeps running, in a process group
// of its own so that it stops with the processes it started.
type server struct {
	cmd   *exec.Cmd
	lines chan string
	mu    sync.Mutex
	out   strings.Builder // everything it printed, for errors
	done  chan struct{}
}

// startServer runs command with bash in dir until the test ends, and
// returns once it printed a line containing ready.
func startServer(t *testing.T, dir, command, ready string) *server {
	t.Helper()
	s := &server{cmd: exec.Command("bash", "-c", command), lines: make(chan string, 64), done: make(chan struct{})}
	s.cmd.Dir = dir
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
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			s.mu.Lock()
			s.out.WriteString(sc.Text() + "\n")
			s.mu.Unlock()
			select {
			case s.lines <- sc.Text():
			default: // nobody waits for it any more
			}
		}
		close(s.lines)
	}()
	go func() {
		s.cmd.Wait()
		pr.Close()
		close(s.done)
	}()
	t.Cleanup(func() {
		syscall.Kill(-s.cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-s.done:
		case <-time.After(15 * time.Second):
			syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
			<-s.done
		}
	})
	deadline := time.After(60 * time.Second)
	for {
		select {
		case line, ok := <-s.lines:
			if !ok {
				<-s.done
				t.Fatalf("%s\nended before it printed %q:\n%s", command, ready, s.output())
			}
			if strings.Contains(line, ready) {
				return s
			}
		case <-deadline:
			t.Fatalf("%s\nprinted no %q within a minute:\n%s", command, ready, s.output())
		}
	}
}

func (s *server) output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.String()
}

// run runs command with bash in dir, to its end, and returns its output.
func run(t *testing.T, dir, command string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", command)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s\n%v:\n%s", command, err, out)
	}
	return string(out)
}

// TestTheLocalRecipeServesTheBotWithRedis runs the README's recipe of
// the production shape on one machine, command by command, as a reader
// runs them: on free ports instead of the recipe's, and with the programs
// built once, as go run builds them, instead of by go run at each command.
func TestTheLocalRecipeServesTheBotWithRedis(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the emulator, redis-server and examples/deploy")
	}
	t.Parallel()
	cmds := recipeCommands(t)
	if len(cmds) != len(recipeSteps) {
		t.Fatalf("the recipe has %d commands, want %d: %q", len(cmds), len(recipeSteps), cmds)
	}
	for i, c := range cmds {
		for _, want := range recipeSteps[i].has {
			if !strings.Contains(c, want) {
				t.Errorf("the recipe's command %d does not have %q: %s", i+1, want, c)
			}
		}
	}
	if t.Failed() {
		return
	}
	for _, program := range []struct{ name, pkg string }{
		{"bash", "bash"}, {"curl", "curl"}, {"jq", "jq"}, {"redis-server", "redis-server"},
	} {
		if _, err := exec.LookPath(program.name); err != nil {
			realpart.Missing(t, program.name+" not found: install Debian's "+program.pkg+" package")
		}
	}

	bin := t.TempDir()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []struct{ out, pkg string }{{"emulator", "./cmd/emulator"}, {"deploy", "./examples/deploy"}} {
		build := gorun.Command(context.Background(), p.pkg, filepath.Join(bin, p.out))
		build.Dir = root
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("building %s: %v\n%s", p.pkg, err, out)
		}
	}
	emulatorPort, servePort, redisPort := freePort(t), freePort(t), freePort(t)
	replace := strings.NewReplacer(
		"go run ./cmd/emulator", filepath.Join(bin, "emulator"),
		"go run ./examples/deploy", filepath.Join(bin, "deploy"),
		"127.0.0.1:8484", "127.0.0.1:"+emulatorPort,
		"127.0.0.1:8080", "127.0.0.1:"+servePort,
		"127.0.0.1:6379", "127.0.0.1:"+redisPort,
		"--port 6379", "--port "+redisPort,
	)
	work := t.TempDir() // where emulator.json is written, as the module's root would be
	// What the replacer moves, taken out of a command, leaves no port: a
	// check of the moved command instead would trip on a free port that
	// happens to contain one, as 38080 does.
	moved := strings.NewReplacer("127.0.0.1:8484", "", "127.0.0.1:8080", "", "127.0.0.1:6379", "", "--port 6379", "")
	for i, c := range cmds {
		left := moved.Replace(c)
		c = replace.Replace(c)
		for _, port := range []string{"8484", "8080", "6379"} {
			if strings.Contains(left, port) {
				t.Fatalf("the recipe's command %d names port %s in a way the test does not move: %s", i+1, port, cmds[i])
			}
		}
		if recipeSteps[i].ready != "" {
			startServer(t, work, c, recipeSteps[i].ready)
			continue
		}
		out := run(t, work, c)
		if i == len(cmds)-1 && !strings.Contains(out, "Hello, Ada!") {
			t.Fatalf("the user's /greet was answered %s", out)
		}
	}

	// What the README says of the run: the replica kept the interaction
	// it served and the member's cooldown in Redis, and a second sync
	// finds nothing to change.
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:" + redisPort})
	defer rdb.Close()
	keys, err := rdb.Keys(context.Background(), "switchboard-deploy:*").Result()
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"replay:", "cooldown:"} {
		found := false
		for _, k := range keys {
			found = found || strings.HasPrefix(k, "switchboard-deploy:"+kind)
		}
		if !found {
			t.Errorf("Redis holds no %s key of the replica's: %q", kind, keys)
		}
	}
	for _, args := range []string{"", " -check"} {
		out := run(t, work, replace.Replace(cmds[4])+args)
		if !strings.Contains(out, "nothing to send") {
			t.Errorf("sync%s after the first found changes:\n%s", args, out)
		}
	}
}
