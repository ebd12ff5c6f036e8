package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// demo serves the echo bot on a free local port and plays the service's
// part against it: it signs and sends a PING, a command with options, an
// autocomplete request, a button press, a submitted form and a forged
// request, and prints each exchange.
func demo(ctx context.Context, stdout, stderr io.Writer) error {
	key := interactiontest.NewKey("switchboard echo demo")
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	addrs := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-public-key", key.PublicKeyHex()}, lineWriter(addrs), stderr)
	}()
	var url string
	select {
	case url = <-addrs:
	case err := <-done:
		return err
	}
	fmt.Fprintf(stdout, "echo bot listening on %s, verifying with public key %s\n\n", url, key.PublicKeyHex())

	member := &interaction.Member{Nick: "Eve"}
	steps := []struct {
		title string
		body  []byte
		key   *interactiontest.Key
	}{
		{"the service checks the endpoint with a PING", interactiontest.Ping().JSON(), key},
		{"a user runs /mod user ban user:@eve reason:spam days:7",
			interactiontest.Command("mod user ban").
				User("user", interaction.User{ID: 1100000000000000042, Username: "eve"}, member).
				String("reason", "spam").Int("days", 7).JSON(), key},
		{"a user types into an autocomplete option",
			interactiontest.Autocomplete("search").Focus("query", interaction.OptionString, interaction.StringValue("swi")).JSON(), key},
		{"a user presses a button of the bot's message", interactiontest.Button("poll:7:yes").JSON(), key},
		{"a user submits a form the bot opened",
			interactiontest.ModalSubmit("report").TextInput("title", "Broken link").JSON(), key},
		{"someone who is not the service posts a command", interactiontest.Command("ping").JSON(),
			interactiontest.NewKey("forger")},
	}
	client := &http.Client{Timeout: 5 * time.Second}
	for _, s := range steps {
		sig, ts := s.key.Sign(s.body)
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(s.body))
		if err != nil {
			return err
		}
		req.Header.Set(endpoint.HeaderSignature, sig)
		req.Header.Set(endpoint.HeaderTimestamp, ts)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		answer, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Fprintf(stdout, "» %s\n  sent     %d bytes, signed\n  answered %s %s\n\n", s.title, len(s.body), resp.Status, answer)
	}
	cancel()
	return <-done
}

// lineWriter sends the first line written to it on ch and drops the rest.
type lineWriter chan<- string

func (w lineWriter) Write(p []byte) (int, error) {
	if line, _, ok := strings.Cut(string(p), "\n"); ok {
		select {
		case w <- line:
		default:
		}
	}
	return len(p), nil
}
