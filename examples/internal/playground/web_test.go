package playground

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

func TestWebServesThePlaygroundUntilInterrupted(t *testing.T) {
	t.Parallel()
	ex := Example{Name: "ping", Bot: pingBot, Script: "/ping\n"}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, ex, []string{"-web"}, strings.NewReader("/ping\n"), w, w)
		w.Close()
	}()
	lines := bufio.NewScanner(r)
	if !lines.Scan() || !regexp.MustCompile(`^http://127\.0\.0\.1:\d+/$`).MatchString(lines.Text()) {
		t.Fatalf("the first line is %q, want the playground's address", lines.Text())
	}
	url := lines.Text()
	var rest Buffer
	ready, copied := make(chan struct{}, 1), make(chan struct{})
	go func() {
		defer close(copied)
		for lines.Scan() {
			rest.Write([]byte(lines.Text() + "\n"))
			if strings.Contains(lines.Text(), "the playground is at") {
				ready <- struct{}{}
			}
		}
	}()
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("Run returned before serving: %v", err)
	}

	req, _ := http.NewRequest("POST", url+"api/invoke", strings.NewReader(`{"line":"/ping"}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"content":"pong"`) {
		t.Errorf("/ping from the page: %d %s", resp.StatusCode, body)
	}

	cancel()
	if err := <-done; err != nil {
		t.Errorf("stopping: %v", err)
	}
	<-copied
	Shows(t, rest.String(), "registry: the plan", "the playground is at "+url)
	if strings.Contains(rest.String(), "pong") {
		t.Errorf("the example's script, or standard input, was run:\n%s", rest.String())
	}
	if _, err := http.Get(url); err == nil {
		t.Error("the playground still answers once interrupted")
	}
}

func TestWebFlagsAreExplained(t *testing.T) {
	ex := Example{Name: "ping", Bot: pingBot}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"with a script", []string{"-web", "-script", "lines"}, "give one of them"},
		{"an address implies -web", []string{"-web-addr", "127.0.0.1:0", "-script", "lines"}, "give one of them"},
		{"on a real service", []string{"-web", "-base-url", "http://127.0.0.1:1/v10", "-application-id", "1", "-bot-token", "x", "-public-key", "y"}, "-web plays on the embedded emulator"},
		{"an address that cannot be served", []string{"-web-addr", "256.0.0.1:0"}, "-web-addr"},
	}
	for _, tt := range tests {
		var out strings.Builder
		err := Run(context.Background(), ex, tt.args, strings.NewReader(""), &out, &out)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
}
