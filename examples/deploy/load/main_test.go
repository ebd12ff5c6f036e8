package main

import (
	"context"
	"net"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
)

// greetServer serves a /greet that answers as examples/deploy's does, on
// loopback, verifying with the test key of seed, until the test ends. Each
// user may greet once, so that a driver whose requests did not each come
// from a user of their own fails.
func greetServer(t *testing.T, seed string) string {
	t.Helper()
	r := router.New()
	r.Use(cooldown.New(cooldown.PerUser, 1, time.Hour))
	r.Command("greet", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		name, _ := req.Options.String("name")
		return interaction.Reply(strings.ToUpper("Hello, " + name + "!")), nil
	}, router.Description("Greet someone"))
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	e, err := endpoint.New(mux, interactiontest.NewKey(seed).Verifier())
	if err != nil {
		t.Fatal(err)
	}
	srv := &serve.Server{Endpoint: e, IgnoreSignals: true}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-served; err != nil {
			t.Errorf("serving: %v", err)
		}
	})
	return "http://" + ln.Addr().String() + "/"
}

func TestTheDriverCountsWhatTheServerAnswers(t *testing.T) {
	for _, tc := range []struct {
		name       string
		serverSeed string
		wantOut    string
		wantErr    string // "" for none
	}{
		{"a server with the driver's key answers every request", "switchboard load", "200 requests in ", ""},
		{"a server with another key refuses every request", "another key", "0 answered (0/s), 200 failed", "200 of 200 requests not answered as serve answers /greet; first: answered 401"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := greetServer(t, tc.serverSeed)
			var out, errOut strings.Builder
			err := run(context.Background(), []string{"-url", url, "-requests", "200", "-conns", "4", "-duration", "1m"}, &out, &errOut)
			if got := errString(err); !strings.HasPrefix(got, tc.wantErr) || (tc.wantErr == "") != (err == nil) {
				t.Errorf("run: %v, want an error starting %q", err, tc.wantErr)
			}
			if !strings.Contains(out.String(), tc.wantOut) {
				t.Errorf("the report lacks %q:\n%s", tc.wantOut, out.String())
			}
		})
	}
}

func TestTheDriverReportsTheServersCPUAndMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("-pid reads /proc")
	}
	url := greetServer(t, "switchboard load")
	var out, errOut strings.Builder
	// The server runs in this process: its pid is the test's.
	args := []string{"-url", url, "-requests", "100", "-conns", "2", "-pid", strconv.Itoa(os.Getpid())}
	if err := run(context.Background(), args, &out, &errOut); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	for _, want := range []string{" answered per CPU-second\n", " MiB at most during, "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestTheFlagsAreChecked(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-url", "https://127.0.0.1:1/"}, "want http://host:port/path"},
		{[]string{"-duration", "11m"}, "at most 10m0s"},
		{[]string{"-conns", "0"}, "at least one connection"},
		{[]string{"-pid", "-1", "-requests", "-5"}, "no negative count"},
	} {
		var out, errOut strings.Builder
		err := run(context.Background(), tc.args, &out, &errOut)
		if !strings.Contains(errString(err), tc.want) {
			t.Errorf("%q: %v, want an error saying %q", tc.args, err, tc.want)
		}
	}
	var out strings.Builder
	if err := run(context.Background(), []string{"-public-key"}, &out, &out); err != nil || out.String() != interactiontest.NewKey("switchboard load").PublicKeyHex()+"\n" {
		t.Errorf("-public-key: %v, printed %q", err, out.String())
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
