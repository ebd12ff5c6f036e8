package playground

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

func TestFieldsKeepQuotedWordsWhole(t *testing.T) {
	tests := []struct {
		line string
		want []string
		err  string
	}{
		{`user "High Five" @bob`, []string{"user", "High Five", "@bob"}, ""},
		{"as   @ada ", []string{"as", "@ada"}, ""},
		{`message Bookmark last`, []string{"message", "Bookmark", "last"}, ""},
		{`launch ""`, []string{"launch", ""}, ""},
		{`user "High Five @bob`, nil, "a quote is not closed"},
		{"   ", nil, "an empty line"},
	}
	for _, tt := range tests {
		got, err := fields(tt.line)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("fields(%q) error %v, want %q", tt.line, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("fields(%q) = %q, %v; want %q", tt.line, got, err, tt.want)
		}
	}
}

// pingBot is a bot with one command.
func pingBot(env Env) (*router.Router, error) {
	r := router.New()
	r.Command("ping", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))
	return r, nil
}

func TestABotThatBreaksTheRulesSaysWhatToFix(t *testing.T) {
	ex := Example{Name: "broken", Bot: func(env Env) (*router.Router, error) {
		r := router.New()
		r.Command("Ping", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			return interaction.Reply("pong"), nil
		}, router.Description("Upper case is not allowed"), router.Options(option.String("x", "")))
		return r, nil
	}}
	var out strings.Builder
	err := Run(context.Background(), ex, nil, strings.NewReader(""), &out, &out)
	if err == nil {
		t.Fatal("a bot with invalid commands ran")
	}
	for _, want := range []string{"fix these where they are declared", "Ping", "lowercase", `option "x"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
}

func TestWrongFlagsAreExplained(t *testing.T) {
	ex := Example{Name: "ping", Bot: pingBot}
	var out strings.Builder
	if err := Run(context.Background(), ex, []string{"extra"}, strings.NewReader(""), &out, &out); err == nil || !strings.Contains(err.Error(), "-script") {
		t.Errorf("an argument: %v", err)
	}
	if err := Run(context.Background(), ex, []string{"-base-url", "http://127.0.0.1:1/v10"}, strings.NewReader(""), &out, &out); err == nil ||
		!strings.Contains(err.Error(), "-application-id, -bot-token, -public-key") {
		t.Errorf("half the credentials of a real service: %v", err)
	}
}

// TestARealServiceIsRegisteredOnAndServed plays a real service with a
// separate emulator: given its credentials, the program registers there,
// serves its endpoint, and the service's interactions reach it.
func TestARealServiceIsRegisteredOnAndServed(t *testing.T) {
	t.Parallel()
	srv, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out Buffer
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, Example{Name: "ping", Bot: pingBot}, []string{
			"-base-url", srv.URL, "-application-id", srv.ApplicationID.String(),
			"-bot-token", srv.BotToken, "-public-key", srv.PublicKey, "-addr", "127.0.0.1:0",
		}, strings.NewReader(""), &out, &out)
	}()
	serving := regexp.MustCompile(`serving its interactions endpoint on (http://\S+)`)
	var url string
	for deadline := time.Now().Add(10 * time.Second); url == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := serving.FindStringSubmatch(out.String()); m != nil {
			url = m[1]
		}
	}
	if url == "" {
		t.Fatalf("never served:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "+ CHAT_INPUT  ping") {
		t.Errorf("no plan printed:\n%s", out.String())
	}
	if err := srv.SetInteractionsURL(ctx, url); err != nil {
		t.Fatal(err)
	}
	res, err := srv.Invoke(ctx, emulator.Invocation{Guild: srv.GuildID, Command: "ping"})
	if err != nil || res.Answer.Message.Content != "pong" {
		t.Fatalf("invoke: %+v, %v", res, err)
	}
	cancel()
	if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
		t.Errorf("stopping: %v", err)
	}
}

func TestARealServiceIsUsedOnlyWhenAskedFor(t *testing.T) {
	all := map[string]string{
		"SWITCHBOARD_BASE_URL": "https://service.example/api/v10", "SWITCHBOARD_APPLICATION_ID": "1",
		"SWITCHBOARD_BOT_TOKEN": "t", "SWITCHBOARD_PUBLIC_KEY": "k",
	}
	syncOnly := map[string]string{
		"SWITCHBOARD_BASE_URL": "https://service.example/api/v10", "SWITCHBOARD_APPLICATION_ID": "1", "SWITCHBOARD_BOT_TOKEN": "t",
	}
	tests := []struct {
		name  string
		args  []string
		env   map[string]string
		real  bool
		notes []string
	}{
		{"nothing given", nil, nil, false, nil},
		{"a credential as a flag", []string{"-base-url", "x"}, nil, true, nil},
		{"all four variables", nil, all, true, []string{"using the service at https://service.example/api/v10, from the SWITCHBOARD_* variables"}},
		{"the variables of a sync step", nil, syncOnly, false, []string{"set, but not SWITCHBOARD_PUBLIC_KEY: using the embedded emulator"}},
		{"a real service's flags alone", []string{"-guild", "5", "-addr", ":9"}, nil, false, []string{"-guild is for a real service", "-addr is for a real service"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := flag.NewFlagSet("x", flag.ContinueOnError)
			r := realFlags(fs)
			if err := fs.Parse(tt.args); err != nil {
				t.Fatal(err)
			}
			real, notes := r.resolve(fs, func(k string) string { return tt.env[k] })
			if real != tt.real || len(notes) != len(tt.notes) {
				t.Fatalf("real %v, notes %q", real, notes)
			}
			for i, want := range tt.notes {
				if !strings.Contains(notes[i], want) {
					t.Errorf("note %q lacks %q", notes[i], want)
				}
			}
		})
	}
}

// A follow-up sent a moment after a plain reply is still shown before the
// script ends.
func TestTheEndOfAScriptWaitsForFollowUps(t *testing.T) {
	t.Parallel()
	ex := Example{Name: "later", Bot: func(env Env) (*router.Router, error) {
		r := router.New()
		r.Command("ping", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			go func() {
				time.Sleep(150 * time.Millisecond)
				env.API.Followup(context.WithoutCancel(ctx), req.Interaction, interaction.MessageData{Content: "later"})
			}()
			return interaction.Reply("pong"), nil
		}, router.Description("Answer now and later"))
		return r, nil
	}, Script: "/ping"}
	out := Output(t, ex, "", "-quiet")
	Shows(t, out, "  bot › pong\n  bot (follow-up) › later\n")
}

func TestQuietPrintsOnlyTheLinesRunAndTheirAnswers(t *testing.T) {
	t.Parallel()
	ex := Example{Name: "ping", Bot: pingBot, Setup: func(ctx context.Context, s *Session) error {
		s.Printf("setup: ready")
		return nil
	}}
	script := "# checking the bot\n/ping\n"
	tests := []struct {
		name  string
		args  []string
		shown []string
		left  []string
	}{
		{"quiet", []string{"-quiet", "-script", "-"}, []string{"/ping\n  bot › pong\n"}, []string{"checking the bot", "setup: ready", "registry"}},
		{"not quiet", []string{"-script", "-"}, []string{"# checking the bot\n", "· setup: ready\n", "/ping\n  bot › pong\n"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := Output(t, ex, script, tt.args...)
			Shows(t, out, tt.shown...)
			for _, unwanted := range tt.left {
				if strings.Contains(out, unwanted) {
					t.Errorf("the output has %q:\n%s", unwanted, out)
				}
			}
		})
	}
}

func TestIntroIsPartOfTheExamplesOwnScript(t *testing.T) {
	t.Parallel()
	ex := Example{Name: "ping", Bot: pingBot,
		Setup: func(ctx context.Context, s *Session) error {
			s.Printf("setup: ready")
			return nil
		},
		Intro: func(ctx context.Context, s *Session) error {
			s.Printf("intro: before the script")
			return nil
		},
		Script: "/ping",
	}
	tests := []struct {
		name  string
		args  []string
		shown []string
		left  []string
	}{
		{"the example's own", nil, []string{"· setup: ready\n· intro: before the script\n", "/ping\n  bot › pong\n"}, nil},
		{"a script file", []string{"-script", ScriptFile(t, "help")}, []string{"· setup: ready\n", "help\n"}, []string{"intro:", "/ping"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := Output(t, ex, "", tt.args...)
			Shows(t, out, tt.shown...)
			for _, unwanted := range tt.left {
				if strings.Contains(out, unwanted) {
					t.Errorf("the output has %q:\n%s", unwanted, out)
				}
			}
		})
	}
}

func TestAScriptWithRefusedLinesFails(t *testing.T) {
	t.Parallel()
	ex := Example{Name: "ping", Bot: pingBot, Script: "/pong\n"}
	tests := []struct {
		name    string
		args    []string
		stdin   string
		refused int
		lines   int
	}{
		{"every line taken", []string{"-script", "-"}, "# a comment\n/ping\nas @ada\n/ping\n", 0, 3},
		{"an unknown command", []string{"-script", "-"}, "/ping\n/pong\n", 1, 2},
		{"a refusal of the client", []string{"-script", "-"}, "/ping extra:1\n/ping\n", 1, 2},
		{"a line that does not parse", []string{"-script", "-"}, "as \"ada\n/ping\n", 1, 2},
		{"lines no verb starts", []string{"-script", "-"}, "frobnicate\nin #nowhere\n/ping\n", 2, 3},
		{"a file", []string{"-script", ScriptFile(t, "/pong", "/ping", "/pong")}, "", 2, 3},
		{"with -quiet", []string{"-quiet", "-script", "-"}, "/pong\n", 1, 1},
		// The example's own script narrates refusals; lines after it on
		// standard input are a person typing, not a script.
		{"the example's own script", nil, "/pong\n", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var out strings.Builder
			err := Run(context.Background(), ex, tt.args, strings.NewReader(tt.stdin), &out, &out)
			if tt.refused == 0 {
				if err != nil {
					t.Fatalf("Run: %v\n%s", err, out.String())
				}
				return
			}
			var se *ScriptError
			if !errors.As(err, &se) || se.Refused != tt.refused || se.Lines != tt.lines {
				t.Fatalf("Run: %v, want a *ScriptError of %d of %d lines refused\n%s", err, tt.refused, tt.lines, out.String())
			}
			if want := fmt.Sprintf("%d of %d lines", tt.refused, tt.lines); !strings.Contains(err.Error(), want) {
				t.Errorf("the error %q does not say %q", err, want)
			}
		})
	}
}
