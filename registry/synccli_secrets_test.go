package registry_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/rest"
)

// TestRunSyncPrintsNoSecret: whatever goes wrong, and -h, the bot token and
// the client secret given in the environment never reach the output or the
// error; a deploy's logs keep them.
func TestRunSyncPrintsNoSecret(t *testing.T) {
	t.Parallel()
	const token, secret = "Bot.TOPSECRET123", "CLIENTSECRET456"
	s := apitest.StartEmulator(t, emulator.Config{})
	for _, tc := range []struct {
		name    string
		baseURL string
		args    []string
		// clientOnly leaves the bot token out, so that the client
		// credentials are the ones sent.
		clientOnly bool
	}{
		{"help", s.URL, []string{"-h"}, false},
		{"a mistyped flag", s.URL, []string{"-dryrun"}, false},
		{"a flag without its value", s.URL, []string{"-guild"}, false},
		{"a bad guild", s.URL, []string{"-guild", "nope"}, false},
		{"an extra argument", s.URL, []string{"now"}, false},
		{"a refused token", s.URL, []string{"-dry-run"}, false},
		{"a refused token, applied", s.URL, nil, false},
		{"a refused token, as JSON", s.URL, []string{"-json"}, false},
		{"no service there", "http://127.0.0.1:1/v10", []string{"-dry-run"}, false},
		{"a base URL that is no URL", "::", nil, false},
		{"a refused client secret", s.URL, []string{"-dry-run"}, true},
		{"a refused client secret, applied", s.URL, nil, true},
		{"a refused client secret, as JSON", s.URL, []string{"-json"}, true},
		{"help, with client credentials", s.URL, []string{"-h"}, true},
		{"a mistyped flag, with client credentials", s.URL, []string{"-dryrun"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vars := map[string]string{
				"SWITCHBOARD_BASE_URL":       tc.baseURL,
				"SWITCHBOARD_APPLICATION_ID": s.ApplicationID.String(),
				"SWITCHBOARD_BOT_TOKEN":      token,
				"SWITCHBOARD_CLIENT_ID":      s.ClientID,
				"SWITCHBOARD_CLIENT_SECRET":  secret,
			}
			if tc.clientOnly {
				delete(vars, "SWITCHBOARD_BOT_TOKEN")
			}
			var out, errOut strings.Builder
			// Every retry is still made, without the real clock's seconds
			// of waiting: "no service there" retries each read, and a
			// request that got no answer holds its bucket's probe for
			// a second before the next may go.
			err := registry.RunSync(context.Background(), tc.args, registry.Declared{command.Global: {ping("ping")}},
				func(k string) string { return vars[k] }, &out, &errOut,
				rest.WithBackoff(time.Millisecond, time.Millisecond), rest.WithRateLimitStore(noLimits{}, nil))
			all := out.String() + errOut.String()
			if err != nil {
				all += err.Error()
			}
			for _, s := range []string{token, "TOPSECRET", secret} {
				if strings.Contains(all, s) {
					t.Errorf("%q shows in what RunSync printed or returned:\n%s", s, all)
				}
			}
		})
	}
}

// TestRunSyncHelpShowsNoDefaultsFromTheEnvironment: -h names the variables
// the flags fall back to, and no value of them.
func TestRunSyncHelpShowsNoDefaultsFromTheEnvironment(t *testing.T) {
	t.Parallel()
	var out, errOut strings.Builder
	env := func(k string) string { return "VALUE-OF-" + k }
	if err := registry.RunSync(context.Background(), []string{"-h"}, registry.Declared{}, env, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	usage := errOut.String()
	if strings.Contains(usage, "VALUE-OF-") || strings.Contains(usage, "(default") {
		t.Errorf("the usage shows a default:\n%s", usage)
	}
	for _, v := range []string{"$SWITCHBOARD_BOT_TOKEN", "$SWITCHBOARD_CLIENT_SECRET", "$SWITCHBOARD_BASE_URL"} {
		if !strings.Contains(usage, v) {
			t.Errorf("the usage does not name %s:\n%s", v, usage)
		}
	}
}

// TestARefusedTokenIsOneLine: credentials the service refuses end the sync
// at the first read with one error that says so and what to check, in
// every mode, with nothing else printed that repeats it.
func TestARefusedTokenIsOneLine(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	desired := registry.Declared{command.Global: {ping("ping")}, command.InGuild(s.GuildID): {ping("pong")}}
	for _, args := range [][]string{nil, {"-dry-run"}, {"-check"}, {"-json"}} {
		vars := map[string]string{
			"SWITCHBOARD_BASE_URL":       s.URL,
			"SWITCHBOARD_APPLICATION_ID": s.ApplicationID.String(),
			"SWITCHBOARD_BOT_TOKEN":      "Bot.wrong",
		}
		var out, errOut strings.Builder
		rec := &apitest.Recorder{}
		err := registry.RunSync(context.Background(), args, desired, func(k string) string { return vars[k] }, &out, &errOut,
			rest.WithHTTPClient(&http.Client{Transport: rec}))
		if !errors.Is(err, rest.ErrUnauthorized) || strings.Count(err.Error(), "\n") != 0 ||
			!strings.Contains(err.Error(), "refused the credentials") || !strings.Contains(err.Error(), s.ApplicationID.String()) {
			t.Errorf("%v: error %q, want one line that the credentials were refused", args, err)
		}
		if out.Len() != 0 || errOut.Len() != 0 {
			t.Errorf("%v: printed\n%s%s\nbeside the error", args, out.String(), errOut.String())
		}
		if n := len(rec.All()); n != 1 {
			t.Errorf("%v: %d requests, want the one that was refused", args, n)
		}
	}
}

// TestAScopeThatFailsIsToldOnce: the plan shows the failure under its
// scope; the error RunSync returns sums up without repeating it, and
// still unwraps to the service's answer.
func TestAScopeThatFailsIsToldOnce(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	const stranger = 999 // a guild the application is not in
	stdout, _, _, err := runSync(t, s, registry.Declared{command.Global: {ping("ping")}, command.InGuild(stranger): {ping("pong")}})
	if err == nil {
		t.Fatal("no error")
	}
	var apiErr *rest.APIError
	if !errors.As(err, &apiErr) || apiErr.Status < 400 {
		t.Errorf("the error %v does not unwrap to the service's answer", err)
	}
	if want := "sync: 1 of 2 scopes could not be planned; the plan above says why"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if strings.Count(stdout, apiErr.Error()) != 1 {
		t.Errorf("the output does not show the failure once:\n%s", stdout)
	}
}

// TestARefusedClientSecretIsOneLine: client credentials the token endpoint
// refuses end the sync at once too, with one token request.
func TestARefusedClientSecretIsOneLine(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	vars := map[string]string{
		"SWITCHBOARD_BASE_URL":      s.URL,
		"SWITCHBOARD_CLIENT_ID":     s.ClientID,
		"SWITCHBOARD_CLIENT_SECRET": "wrong",
	}
	var out, errOut strings.Builder
	rec := &apitest.Recorder{}
	err := registry.RunSync(context.Background(), nil,
		registry.Declared{command.Global: {ping("ping")}, command.InGuild(s.GuildID): {ping("pong")}},
		func(k string) string { return vars[k] }, &out, &errOut, rest.WithHTTPClient(&http.Client{Transport: rec}))
	var credErr *registry.CredentialsError
	if !errors.As(err, &credErr) {
		t.Errorf("error %v, want a CredentialsError", err)
	}
	if out.Len() != 0 || errOut.Len() != 0 {
		t.Errorf("printed\n%s%s\nbeside the error", out.String(), errOut.String())
	}
	if n := rec.Count("/oauth2/token"); n != 1 {
		t.Errorf("%d token requests, want 1", n)
	}
}

// noLimits is a rate limit store that never makes a request wait.
type noLimits struct{}

func (noLimits) Take(context.Context, rest.RateLimitRequest) (time.Duration, error) { return 0, nil }

func (noLimits) Record(context.Context, rest.RateLimitRequest, rest.RateLimitAnswer) error {
	return nil
}

func (noLimits) Limited(context.Context, rest.RateLimitRequest, bool, time.Duration) error {
	return nil
}
