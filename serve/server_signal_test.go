//go:build unix

package serve_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/serve"
)

func TestServerStopsGracefullyOnSIGTERM(t *testing.T) {
	e := slowBot(t, interactiontest.NewKey("server"), io.Discard, nil, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- (&serve.Server{Endpoint: e, HealthPath: "/healthz"}).Serve(context.Background(), ln) }()

	// Serve takes the signals before it accepts, so once the health check
	// answers, SIGTERM reaches Serve rather than ending the test binary.
	client := &http.Client{Timeout: time.Second}
	for deadline := time.Now().Add(5 * time.Second); ; {
		resp, err := client.Get("http://" + ln.Addr().String() + "/healthz")
		if err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server never answered its health check: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve returned %v after SIGTERM, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after SIGTERM")
	}
}

// TestServerWithIgnoreSignalsLeavesThemToTheProgram: the program's own
// handler gets SIGTERM, and Serve goes on until its context ends.
func TestServerWithIgnoreSignalsLeavesThemToTheProgram(t *testing.T) {
	own := make(chan os.Signal, 1)
	signal.Notify(own, syscall.SIGTERM)
	defer signal.Stop(own)
	e := slowBot(t, interactiontest.NewKey("server"), io.Discard, nil, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- (&serve.Server{Endpoint: e, IgnoreSignals: true}).Serve(ctx, ln)
	}()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-own:
	case <-time.After(5 * time.Second):
		t.Fatal("the program's handler never got SIGTERM")
	}
	select {
	case err := <-done:
		t.Fatalf("Serve returned %v on a signal it was told to ignore", err)
	case <-time.After(200 * time.Millisecond):
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve returned %v when its context ended, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return when its context ended")
	}
}
