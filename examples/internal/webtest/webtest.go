// Package webtest serves an example's playground to a browser in a test,
// as its -web flag does.
package webtest

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
)

// Serve runs ex with -web on a free port of 127.0.0.1 until the test
// ends, and returns the page's address once the bot is registered and the
// page served. Whatever the example prints is kept, and shown if it stops
// before serving.
func Serve(t testing.TB, ex playground.Example) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- playground.Run(ctx, ex, []string{"-web-addr", "127.0.0.1:0"}, strings.NewReader(""), w, w)
		w.Close()
	}()
	// The pipe is read to its end, or Run would block on a write.
	var out playground.Buffer
	urls, ready, drained := make(chan string, 1), make(chan struct{}), make(chan struct{})
	go func() {
		defer close(drained)
		lines := bufio.NewScanner(r)
		for first := true; lines.Scan(); first = false {
			out.Write([]byte(lines.Text() + "\n"))
			if first {
				urls <- lines.Text()
			}
			if strings.Contains(lines.Text(), "the playground is at") {
				close(ready)
			}
		}
		io.Copy(io.Discard, r)
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("stopping the playground: %v", err)
		}
		<-drained
	})
	select {
	case <-ready:
	case err := <-done:
		done <- err // for the cleanup
		t.Fatalf("the playground stopped before serving: %v\n%s", err, out.String())
	}
	return <-urls
}
