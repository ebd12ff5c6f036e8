// Package redistest starts a redis-server of the machine's for a test,
// or a Redis Cluster of three (StartCluster): on free ports of
// 127.0.0.1, with their files in the test's temporary directory and
// nothing saved, stopped when the test ends. A test on a machine without
// redis-server (or redis-cli, which makes a Cluster) is skipped, saying
// which package to install, or fails where every real part is required
// (package realpart).
package redistest

import (
	"bufio"
	"bytes"
	"errors"
	"net"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/internal/realpart"
)

// Server is a redis-server started for one test.
type Server struct {
	// Addr is the server's address, 127.0.0.1 and its port.
	Addr string

	cmd  *exec.Cmd
	log  *logBuffer
	stop sync.Once
	done chan struct{}
}

// Start starts a redis-server for the length of t, or skips t when the
// machine has none (fails it where every real part is required).
func Start(t testing.TB) *Server {
	t.Helper()
	path, err := exec.LookPath("redis-server")
	if err != nil {
		realpart.Missing(t, "redis-server not found: install Debian's redis-server package")
	}
	// A port found free may be taken before the server binds it: a few
	// tries with new ports.
	return startNode(t, path, nil)
}

// startNode starts a redis-server at path for the length of t, with the
// arguments extra returns, if any, anew for each try: they may name
// ports of their own, which may be taken too.
func startNode(t testing.TB, path string, extra func() ([]string, error)) *Server {
	t.Helper()
	var last error
	for range 3 {
		var args []string
		if extra != nil {
			var err error
			if args, err = extra(); err != nil {
				last = err
				continue
			}
		}
		s, err := start(t, path, args...)
		if err == nil {
			t.Cleanup(s.Stop)
			return s
		}
		last = err
	}
	t.Fatalf("redistest: %v", last)
	return nil
}

func start(t testing.TB, path string, extra ...string) (*Server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &Server{Addr: "127.0.0.1:" + strconv.Itoa(port), log: new(logBuffer), done: make(chan struct{})}
	args := []string{
		"--port", strconv.Itoa(port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no",
		"--dir", t.TempDir(), "--daemonize", "no",
	}
	s.cmd = exec.Command(path, append(args, extra...)...)
	s.cmd.Stdout, s.cmd.Stderr = s.log, s.log
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		s.cmd.Wait()
		close(s.done)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if err := ping(s.Addr); err == nil {
			return s, nil
		}
		select {
		case <-s.done:
			return nil, &exitError{log: s.log.String()}
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.Stop()
			return nil, &exitError{log: "no answer to PING within 10s\n" + s.log.String()}
		}
	}
}

// logBuffer keeps what a server writes, which a test may read while the
// server still writes.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

type exitError struct{ log string }

func (e *exitError) Error() string { return "redis-server did not start: " + strings.TrimSpace(e.log) }

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// ping sends PING in the protocol's inline form and reads the answer.
func ping(addr string) error {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return err
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return err
	}
	if line != "+PONG\r\n" {
		return errors.New("redistest: PING answered " + strings.TrimSpace(line))
	}
	return nil
}

// Stop stops the server now, as a server that goes down does; it is
// called when the test ends.
func (s *Server) Stop() {
	s.stop.Do(func() {
		s.cmd.Process.Kill()
		<-s.done
	})
}

// Client returns a client of the server, closed when the test ends, with
// go-redis's default options, as a bot that sets none has them: its
// retries of a failed command and of a failed dial are those a server
// gone down meets in a deployment, so that a test of one measures what
// the code under test bounds, not what the client was told to skip.
func (s *Server) Client(t testing.TB) *redis.Client {
	t.Helper()
	c := redis.NewClient(&redis.Options{Addr: s.Addr})
	t.Cleanup(func() { c.Close() })
	return c
}
