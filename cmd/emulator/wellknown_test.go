package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

func TestWellKnownPrintsTheWellKnownCredentials(t *testing.T) {
	want := emulator.Credentials{
		ApplicationID: emulator.WellKnownApplicationID.String(), BotToken: emulator.WellKnownBotToken,
		ClientID: emulator.WellKnownApplicationID.String(), ClientSecret: emulator.WellKnownClientSecret,
		PublicKey: emulator.WellKnownPublicKey, GuildID: emulator.WellKnownGuildID.String(),
		AuthorizationCode: emulator.WellKnownAuthorizationCode, RedirectURI: "http://127.0.0.1/oauth2/callback",
		AdminID: emulator.WellKnownAdminID.String(), ModeratorID: emulator.WellKnownModeratorID.String(), MemberID: emulator.WellKnownMemberID.String(),
	}
	for _, args := range [][]string{{"-well-known"}, {"-well-known", "-addr", "localhost:0"}} {
		got := serve(t, args...)
		got.BaseURL = ""
		if got != want {
			t.Errorf("%q printed %+v, want %+v", args, got, want)
		}
	}
	t.Setenv("SWITCHBOARD_EMULATOR_WELL_KNOWN", "1")
	if got := serve(t); got.BotToken != emulator.WellKnownBotToken {
		t.Errorf("SWITCHBOARD_EMULATOR_WELL_KNOWN=1 printed the token %q", got.BotToken)
	}
}

// lockedBuffer is a buffer run writes to while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func TestWellKnownBeyondLoopback(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		want string // in the error; "" when it serves
	}{
		{"all addresses", []string{"-well-known", "-addr", "0.0.0.0:0"}, "which other machines reach"},
		{"all addresses, by an empty host", []string{"-well-known", "-addr", ":0"}, "-well-known-exposed"},
		{"with a signing key", []string{"-well-known", "-signing-key", strings.Repeat("00", 32)}, "-signing-key and -well-known"},
		{"acknowledged", []string{"-well-known", "-well-known-exposed", "-addr", "0.0.0.0:0"}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var stderr lockedBuffer
			pr, pw := io.Pipe()
			done := make(chan error, 1)
			go func() {
				done <- run(ctx, tt.args, pw, &stderr)
				pw.Close()
			}()
			line, _ := bufio.NewReader(pr).ReadString('\n')
			go io.Copy(io.Discard, pr) //nolint:errcheck // drain
			if tt.want != "" {
				err := <-done
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("run: %v, want an error saying %q", err, tt.want)
				}
				if line != "" {
					t.Errorf("refused, it printed %q", line)
				}
				return
			}
			var c emulator.Credentials
			if err := json.Unmarshal([]byte(line), &c); err != nil || c.BotToken != emulator.WellKnownBotToken {
				t.Fatalf("first line %q: %v", line, err)
			}
			if !strings.Contains(stderr.String(), "emulator: warning: -well-known on ") {
				t.Errorf("no warning on stderr: %q", stderr.String())
			}
			cancel()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestControlHostsFlag(t *testing.T) {
	t.Setenv("SWITCHBOARD_EMULATOR_CONTROL_HOSTS", "emulator, emulator.test")
	c := serve(t)
	for host, want := range map[string]int{"emulator:8484": 200, "emulator.test": 200, "other:8484": 403} {
		req, _ := http.NewRequest("GET", strings.TrimSuffix(c.BaseURL, "/v10")+"/_emulator/interactions", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %s: %d, want %d", host, resp.StatusCode, want)
		}
	}
	for _, list := range []string{"emulator,", "http://emulator", "emulator:8484"} {
		err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-control-hosts", list}, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "ControlHosts") {
			t.Errorf("-control-hosts %q: %v", list, err)
		}
	}
}
