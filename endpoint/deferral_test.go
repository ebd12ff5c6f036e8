package endpoint_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// The service's window for the first answer, and the endpoint's margin
// in it, in the tests that serve on the emulator: a third of the real
// window, so that a test that waits for the endpoint to defer waits less,
// and still long enough beside the time an instant answer takes to travel
// on a busy machine. A handler that works slow answers after the endpoint
// has deferred, and one that works long well after the window.
const (
	testWindow = time.Second
	testMargin = 250 * time.Millisecond
	slowWork   = testWindow - testMargin/2
	longWork   = 3 * testWindow
)

// serveOnEmulator registers r's commands on a new emulator, serves r's
// endpoint for it with a REST client, and returns the emulator. The
// emulator waits testWindow for a first answer, and the endpoint defers
// testMargin before it; opts may change the endpoint's.
func serveOnEmulator(t *testing.T, r *router.Router, opts ...endpoint.Option) *emulator.Server {
	t.Helper()
	s, err := emulator.New(emulator.Config{ResponseWindow: testWindow})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	client, err := rest.NewClient(s.URL, rest.NoAuth{})
	if err != nil {
		t.Fatal(err)
	}
	opts = append([]endpoint.Option{endpoint.WithClient(client),
		endpoint.WithResponseDeadline(testWindow), endpoint.WithAnswerMargin(testMargin)}, opts...)
	bot := httptest.NewServer(newEndpoint(t, mux, verifier, opts...))
	t.Cleanup(bot.Close)
	admin, err := rest.NewClient(s.URL, rest.BotToken(s.BotToken))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := admin.OverwriteCommands(ctx, s.ApplicationID, command.InGuild(s.GuildID), mux.Definitions().Commands(command.Global)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetInteractionsURL(ctx, bot.URL); err != nil {
		t.Fatal(err)
	}
	return s
}

// waitForContent waits until the answer to interaction id reads want.
func waitForContent(t *testing.T, s *emulator.Server, id interaction.Snowflake, want string, within time.Duration) emulator.InteractionRecord {
	t.Helper()
	end := time.Now().Add(within)
	for {
		rec, ok := s.Interaction(id)
		if ok && rec.Original != nil && rec.Original.Data.Content == want {
			return rec
		}
		if time.Now().After(end) {
			got := "no answer"
			if ok && rec.Original != nil {
				got = rec.Original.Data.Content
			}
			t.Fatalf("the answer reads %q after %v, want %q", got, within, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestSlowHandlersAreDeferredAndTheirAnswerFollows: a handler that answers
// at once is answered at once; one that is still working shortly before
// the service stops waiting is deferred, the user sees the bot thinking,
// and the handler's answer, whenever it comes, completes the deferral.
func TestSlowHandlersAreDeferredAndTheirAnswerFollows(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		after    time.Duration
		deferred bool
	}{
		{10 * time.Millisecond, false},
		{slowWork, true},
		{longWork, true},
	} {
		t.Run(tc.after.String(), func(t *testing.T) {
			t.Parallel()
			r := router.New()
			r.Command("work", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
				select {
				case <-time.After(tc.after):
				case <-ctx.Done():
					return interaction.Response{}, ctx.Err()
				}
				return interaction.Reply("done after " + tc.after.String()), nil
			}, router.Description("Works a while"))
			s := serveOnEmulator(t, r)
			res, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: "work"})
			if err != nil {
				t.Fatal(err)
			}
			if !res.OK() {
				t.Fatalf("the service saw %v: %v", res.Answer.Type, res.Violations)
			}
			wantType := interaction.CallbackChannelMessageWithSource
			if tc.deferred {
				wantType = interaction.CallbackDeferredChannelMessageWithSource
			}
			if res.Answer.Type != wantType {
				t.Fatalf("first answer %v, want %v", res.Answer.Type, wantType)
			}
			rec := waitForContent(t, s, res.Interaction.ID, "done after "+tc.after.String(), tc.after+10*time.Second)
			if tc.deferred {
				if len(rec.History) < 2 || rec.History[0].Kind != emulator.MessageDeferred || rec.History[1].Kind != emulator.MessageCompleted {
					t.Errorf("history %+v, want deferred then completed", rec.History)
				}
			}
		})
	}
}

// TestANonDeferredHandlerThatGivesUpIsAnsweredInTime: without deferral,
// the handler's context ends before the service stops waiting, and the
// error handler's answer arrives within the window.
func TestANonDeferredHandlerThatGivesUpIsAnsweredInTime(t *testing.T) {
	t.Parallel()
	r := router.New()
	r.OnError(func(ctx context.Context, req *router.Request, err error) interaction.Response {
		return interaction.Reply("gave up: " + err.Error()).Ephemeral()
	})
	r.Command("slow", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		<-ctx.Done()
		return interaction.Response{}, ctx.Err()
	}, router.Description("Never finishes"), router.NoAutoDefer())
	s := serveOnEmulator(t, r)
	res, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: "slow"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() || res.Answer.Type != interaction.CallbackChannelMessageWithSource ||
		!strings.Contains(res.Answer.Message.Content, context.DeadlineExceeded.Error()) {
		t.Fatalf("answer %+v %v, want the error handler's in time", res.Answer, res.Violations)
	}
}

// TestADeferredHandlerThatPanicsTellsTheUser: a panic after the deferral
// is logged and the deferral completed with an apology, not left thinking.
func TestADeferredHandlerThatPanicsTellsTheUser(t *testing.T) {
	t.Parallel()
	r := router.New()
	r.Command("crash", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		time.Sleep(slowWork)
		panic(errors.New("handler bug"))
	}, router.Description("Crashes late"), router.DeferEphemeral())
	s := serveOnEmulator(t, r)
	res, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: "crash"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Answer.Type != interaction.CallbackDeferredChannelMessageWithSource || res.Answer.Message.Flags&interaction.FlagEphemeral == 0 {
		t.Fatalf("first answer %+v, want an ephemeral deferral", res.Answer)
	}
	waitForContent(t, s, res.Interaction.ID, "Sorry, something went wrong while running this command.", 10*time.Second)
}

// TestADeferredHandlerThatEndsItsGoroutineDoesNotHangTheStop: a handler
// that calls runtime.Goexit (as t.FailNow does) after its deferral still
// ends its context and lets WaitDeferred return.
func TestADeferredHandlerThatEndsItsGoroutineDoesNotHangTheStop(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		_, client := endpointtest.NewWebhooksInMemory(t)
		ended := make(chan error, 1)
		r := router.New(router.DispatchOnly())
		r.Command("quit", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			time.Sleep(150 * time.Millisecond)
			go func() { <-ctx.Done(); ended <- ctx.Err() }()
			runtime.Goexit()
			return interaction.Response{}, nil
		})
		key := interactiontest.NewKey("goexit")
		e := newEndpoint(t, endpointtest.Build(t, r), key.Verifier(), endpoint.WithClient(client),
			endpoint.WithResponseDeadline(150*time.Millisecond), endpoint.WithAnswerMargin(100*time.Millisecond))
		got := endpointtest.FrontEnds()[0].Do(e, endpointtest.Signed(key, interactiontest.Command("quit").JSON()))
		if got.Status != 200 || !strings.Contains(got.Body, `"type":5`) {
			t.Fatalf("answer %d %s, want a deferral", got.Status, got.Body)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := e.WaitDeferred(ctx); err != nil {
			t.Fatalf("WaitDeferred: %v", err)
		}
		select {
		case err := <-ended:
			if err == nil {
				t.Error("the handler's context ended without an error")
			}
		case <-time.After(5 * time.Second):
			t.Fatal("the handler's context never ended")
		}
	})
}

// TestASubcommandDefersAsItsGroupDeclares: DeferEphemeral and NoAutoDefer
// declared on a group hold for its subcommands, and a subcommand's own
// declaration wins over its group's.
func TestASubcommandDefersAsItsGroupDeclares(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		_, client := endpointtest.NewWebhooksInMemory(t)
		slow := func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			time.Sleep(200 * time.Millisecond)
			return interaction.Reply("done"), nil
		}
		r := router.New(router.DispatchOnly())
		private := r.Group("private", router.DeferEphemeral())
		private.Command("run", slow)
		private.Command("public", slow, router.NoAutoDefer())
		r.Group("never", router.NoAutoDefer()).Command("run", slow)
		key := interactiontest.NewKey("groups")
		// Deferred 50ms after arrival; a handler not deferred answers late.
		e := newEndpoint(t, endpointtest.Build(t, r), key.Verifier(), endpoint.WithClient(client),
			endpoint.WithResponseDeadline(150*time.Millisecond), endpoint.WithAnswerMargin(100*time.Millisecond))
		for _, tc := range []struct {
			path, want string
		}{
			{"private run", `{"type":5,"data":{"flags":64}}`},
			{"private public", `"content":"done"`},
			{"never run", `"content":"done"`},
		} {
			got := endpointtest.FrontEnds()[0].Do(e, endpointtest.Signed(key, interactiontest.Command(tc.path).JSON()))
			if got.Status != 200 || !strings.Contains(got.Body, tc.want) {
				t.Errorf("%s: answer %d %s, want %s", tc.path, got.Status, got.Body, tc.want)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := e.WaitDeferred(ctx); err != nil {
			t.Fatal(err)
		}
	})
}
