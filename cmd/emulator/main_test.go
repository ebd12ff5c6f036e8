package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestRunPrintsCredentialsFirstAndServes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0"}, pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr) //nolint:errcheck // drain
	var c Credentials
	if err := json.Unmarshal([]byte(line), &c); err != nil {
		t.Fatalf("first line %q: %v", line, err)
	}
	if !strings.HasSuffix(c.BaseURL, "/v10") || c.ApplicationID == "" || c.BotToken == "" || c.ClientID == "" ||
		c.ClientSecret == "" || len(c.PublicKey) != 64 || c.GuildID == "" || c.AuthorizationCode == "" || c.RedirectURI == "" {
		t.Fatalf("credentials: %+v", c)
	}
	resp, err := http.Get(c.BaseURL + "/nothing")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 || resp.Header.Get("X-RateLimit-Limit") != "50" {
		t.Fatalf("status %d, headers %v", resp.StatusCode, resp.Header)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("run: %v", err)
	}
}

func TestRunRefusesABadAddress(t *testing.T) {
	err := run(context.Background(), []string{"-addr", "256.0.0.1:99999"}, io.Discard, io.Discard)
	if err == nil {
		t.Fatal("run succeeded")
	}
}
