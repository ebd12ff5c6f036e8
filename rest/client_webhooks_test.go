package rest_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// followedUp is what the goroutine of a deferred answer did.
type followedUp struct {
	ix        *interaction.Interaction
	original  *interaction.Message
	followups []*interaction.Message
	err       error
}

// deferringBot serves a "report" command that defers, and completes its
// answer from a goroutine once the slow work is done: it edits the
// original, then sends two follow-ups, the second ephemeral.
type deferringBot struct {
	// work gives the result of the slow work. The test gives it after
	// the deferral has reached the service, as a real report would: an
	// edit that overtook the deferral would find no message to edit.
	work chan string
	done chan followedUp
}

func startDeferringBot(t *testing.T, s *emulator.Server, c *rest.Client) *deferringBot {
	t.Helper()
	b := &deferringBot{work: make(chan string), done: make(chan followedUp, 1)}
	r := router.New()
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		ix := req.Interaction
		go func() {
			// The request's context ends with the HTTP answer; the
			// follow-ups come after it.
			ctx := context.WithoutCancel(ctx)
			res := followedUp{ix: ix}
			defer func() { b.done <- res }()
			report := <-b.work
			if res.original, res.err = c.EditOriginal(ctx, ix, interaction.MessageData{Content: report}); res.err != nil {
				return
			}
			for _, m := range []interaction.MessageData{
				{Content: "The details follow."},
				{Content: "Only you can see this.", Flags: interaction.FlagEphemeral},
			} {
				f, err := c.Followup(ctx, ix, m)
				if err != nil {
					res.err = err
					return
				}
				res.followups = append(res.followups, f)
			}
		}()
		return interaction.Defer(), nil
	}, router.Description("Report on the week"))
	serveBot(t, s, r)
	return b
}

// serveBot serves the router to the emulator, and registers its one
// command, report, in the emulator's guild.
func serveBot(t *testing.T, s *emulator.Server, r *router.Router) {
	t.Helper()
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.New(mux, verifier)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	registerAndListen(t, s, []command.Command{{Name: "report", Description: "Report on the week"}}, srv.URL)
}

// registerAndListen puts cmds in the emulator's guild and sends its
// interactions to url.
func registerAndListen(t *testing.T, s *emulator.Server, cmds []command.Command, url string) {
	t.Helper()
	admin, err := rest.NewClient(s.URL, rest.BotToken(s.BotToken))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.OverwriteCommands(context.Background(), s.ApplicationID, command.InGuild(s.GuildID), cmds); err != nil {
		t.Fatal(err)
	}
	if err := s.SetInteractionsURL(context.Background(), url); err != nil {
		t.Fatal(err)
	}
}

// invoke uses a command of the emulator's guild and checks that the bot's
// answer was accepted.
func invoke(t *testing.T, s *emulator.Server, command string) *emulator.Result {
	t.Helper()
	res, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: command})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() {
		t.Fatalf("invoking %s: status %d, violations %q", command, res.Status, res.Violations)
	}
	return res
}

func record(t *testing.T, s *emulator.Server, id interaction.Snowflake) emulator.InteractionRecord {
	t.Helper()
	rec, ok := s.Interaction(id)
	if !ok {
		t.Fatalf("the emulator has no interaction %v", id)
	}
	return rec
}

// checkNoCredentials fails the test if a request on an interaction's token
// carried an Authorization header, or if any header carried the token.
func checkNoCredentials(t *testing.T, rec *apitest.Recorder, token string) {
	t.Helper()
	n := 0
	for _, r := range rec.All() {
		onToken := strings.Contains(r.Path, token)
		if onToken {
			n++
		}
		if onToken && r.Auth != "" {
			t.Errorf("%s %s carried an Authorization header", r.Method, strings.ReplaceAll(r.Path, token, "{token}"))
		}
		if strings.Contains(r.Auth, token) {
			t.Errorf("%s %s carried the token in its Authorization header", r.Method, strings.ReplaceAll(r.Path, token, "{token}"))
		}
	}
	if n == 0 {
		t.Error("no request was made on the token")
	}
}

// TestWebhooksCompleteADeferredAnswer: a handler defers, and a goroutine
// completes the answer and follows it up; the follow-ups can then be read,
// edited and deleted.
func TestWebhooksCompleteADeferredAnswer(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	// The Client has the bot's credentials, which must stay home.
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	bot := startDeferringBot(t, s, c)
	ctx := context.Background()

	res := invoke(t, s, "report")
	if res.Answer.Type != interaction.CallbackDeferredChannelMessageWithSource {
		t.Fatalf("answer %v, want a deferral", res.Answer.Type)
	}
	id := res.Interaction.ID
	if o := record(t, s, id).Original; o == nil || !o.Loading() {
		t.Fatalf("before the work is done, the original is %+v, want the loading message", o)
	}
	bot.work <- "3 incidents this week."
	done := <-bot.done
	if done.err != nil {
		t.Fatal(done.err)
	}
	ix := done.ix

	got := record(t, s, id)
	if o := got.Original; o == nil || o.Loading() || o.Data.Content != "3 incidents this week." || o.ID != done.original.ID {
		t.Fatalf("original %+v, want the report as message %v", o, done.original.ID)
	}
	if done.original.Content != "3 incidents this week." {
		t.Errorf("EditOriginal returned %q", done.original.Content)
	}
	if len(got.Followups) != 2 {
		t.Fatalf("%d follow-ups, want 2", len(got.Followups))
	}
	for i, want := range []struct {
		content   string
		ephemeral bool
	}{{"The details follow.", false}, {"Only you can see this.", true}} {
		f, returned := got.Followups[i], done.followups[i]
		if f.Data.Content != want.content || f.Data.Flags&interaction.FlagEphemeral != 0 != want.ephemeral {
			t.Errorf("follow-up %d: %q with flags %v, want %q ephemeral %v", i, f.Data.Content, f.Data.Flags, want.content, want.ephemeral)
		}
		if returned.ID != f.ID || returned.Content != want.content || returned.Flags != f.Data.Flags {
			t.Errorf("Followup %d returned %+v, the service holds %+v", i, returned, f)
		}
	}
	first, second := done.followups[0].ID, done.followups[1].ID

	// The steps run in order, each on what the ones before left.
	steps := []struct {
		name  string
		do    func() (*interaction.Message, error)
		want  string // the content of the returned message, if any
		check func(emulator.InteractionRecord) bool
	}{
		{
			name: "reading the original returns the completed answer",
			do:   func() (*interaction.Message, error) { return c.Original(ctx, ix) },
			want: "3 incidents this week.",
		},
		{
			name: "reading a follow-up returns it",
			do:   func() (*interaction.Message, error) { return c.GetFollowup(ctx, ix, second) },
			want: "Only you can see this.",
		},
		{
			name: "editing a follow-up changes that follow-up alone",
			do: func() (*interaction.Message, error) {
				return c.EditFollowup(ctx, ix, first, interaction.MessageData{Content: "The details changed."})
			},
			want: "The details changed.",
			check: func(r emulator.InteractionRecord) bool {
				return r.Followups[0].Data.Content == "The details changed." && !r.Followups[0].Edited.IsZero() &&
					r.Followups[1].Data.Content == "Only you can see this." && r.Followups[1].Edited.IsZero()
			},
		},
		{
			name: "editing an ephemeral follow-up keeps it ephemeral",
			do: func() (*interaction.Message, error) {
				return c.EditFollowup(ctx, ix, second, interaction.MessageData{Content: "Still only you."})
			},
			want: "Still only you.",
			check: func(r emulator.InteractionRecord) bool {
				return r.Followups[1].Data.Flags&interaction.FlagEphemeral != 0
			},
		},
		{
			name: "deleting a follow-up leaves the other",
			do:   func() (*interaction.Message, error) { return nil, c.DeleteFollowup(ctx, ix, first) },
			check: func(r emulator.InteractionRecord) bool {
				return r.Followups[0].Deleted && !r.Followups[1].Deleted && !r.Original.Deleted
			},
		},
		{
			name: "deleting the original leaves the follow-ups",
			do:   func() (*interaction.Message, error) { return nil, c.DeleteOriginal(ctx, ix) },
			check: func(r emulator.InteractionRecord) bool {
				return r.Original.Deleted && !r.Followups[1].Deleted
			},
		},
	}
	for _, step := range steps {
		t.Run(step.name, func(t *testing.T) {
			m, err := step.do()
			if err != nil {
				t.Fatal(err)
			}
			if step.want != "" && (m == nil || m.Content != step.want) {
				t.Errorf("returned %+v, want content %q", m, step.want)
			}
			if step.check != nil && !step.check(record(t, s, id)) {
				t.Errorf("the service holds %+v", record(t, s, id))
			}
		})
	}
	checkNoCredentials(t, rec, ix.Token)
}

// respondingBot answers interactions through the callback endpoint, not
// in the HTTP response, with answer; its HTTP response is empty.
func startRespondingBot(t *testing.T, s *emulator.Server, answer func(ctx context.Context, ix *interaction.Interaction)) {
	t.Helper()
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if verifier.Verify([]byte(r.Header.Get(endpoint.HeaderSignature)), []byte(r.Header.Get("X-Signature-Timestamp")), body) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var ix interaction.Interaction
		if err := interaction.Decode(body, &ix); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		if ix.Type == interaction.TypePing {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"type":1}`))
			return
		}
		answer(r.Context(), &ix)
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(srv.Close)
	registerAndListen(t, s, []command.Command{{Name: "report", Description: "Report on the week"}}, srv.URL)
}

// TestWebhooksRespondWithoutCredentials: a Client without credentials
// answers through the callback endpoint, and sees the errors of answering
// too early and twice.
func TestWebhooksRespondWithoutCredentials(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, rec := apitest.NewClient(t, s, rest.NoAuth{})
	var (
		mu   sync.Mutex
		errs = map[string]error{}
	)
	startRespondingBot(t, s, func(ctx context.Context, ix *interaction.Interaction) {
		_, early := c.Original(ctx, ix)
		first := c.Respond(ctx, ix, interaction.Reply("Answered through the API."))
		again := c.Respond(ctx, ix, interaction.Reply("Answered twice."))
		mu.Lock()
		errs["early"], errs["first"], errs["again"] = early, first, again
		mu.Unlock()
	})
	res := invoke(t, s, "report")
	ix := res.Interaction
	if a := record(t, s, ix.ID).Answer; a == nil || a.Message.Content != "Answered through the API." {
		t.Fatalf("the service holds the answer %+v", a)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, tc := range []struct {
		name string
		err  error
		want error
	}{
		{"the first answer through the API is accepted", errs["first"], nil},
		{"before its answer an interaction has no webhook", errs["early"], rest.ErrUnknownWebhook},
		{"a second answer is refused as already acknowledged", errs["again"], rest.ErrAlreadyAcknowledged},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !errors.Is(tc.err, tc.want) || (tc.want == nil) != (tc.err == nil) {
				t.Fatalf("error %v, want %v", tc.err, tc.want)
			}
			if tc.err != nil && strings.Contains(tc.err.Error(), ix.Token) {
				t.Errorf("the error shows the token: %v", tc.err)
			}
		})
	}
	t.Run("a Client without credentials refuses other requests unsent", func(t *testing.T) {
		before := len(rec.All())
		_, err := c.ListCommands(context.Background(), s.ApplicationID, command.Global, false)
		if !errors.Is(err, rest.ErrNoCredentials) {
			t.Errorf("ListCommands: %v, want ErrNoCredentials", err)
		}
		if n := len(rec.All()); n != before {
			t.Errorf("%d requests sent", n-before)
		}
	})
	checkNoCredentials(t, rec, ix.Token)
}

// TestWebhookErrorsHideTheToken: the service's refusals match their codes
// with errors.Is, and no error shows the token.
func TestWebhookErrorsHideTheToken(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	bot := startDeferringBot(t, s, c)
	ctx := context.Background()
	invoke(t, s, "report")
	bot.work <- "3 incidents this week."
	done := <-bot.done
	if done.err != nil {
		t.Fatal(done.err)
	}
	ix := done.ix
	unknown := *ix
	unknown.Token = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5OnVua25vd24tdG9rZW4"
	otherApp := *ix
	otherApp.ApplicationID++

	for _, tc := range []struct {
		name  string
		do    func() error
		want  error
		token string
		route string
	}{
		{
			name:  "an unknown token is refused as an invalid webhook token",
			do:    func() error { _, err := c.Original(ctx, &unknown); return err },
			want:  rest.ErrInvalidWebhookToken,
			token: unknown.Token,
			route: "/webhooks/" + ix.ApplicationID.String() + "/{token}/messages/@original",
		},
		{
			name: "a follow-up on an unknown token is refused the same way",
			do: func() error {
				_, err := c.Followup(ctx, &unknown, interaction.MessageData{Content: "late"})
				return err
			},
			want:  rest.ErrInvalidWebhookToken,
			token: unknown.Token,
			route: "/webhooks/" + ix.ApplicationID.String() + "/{token}",
		},
		{
			name:  "a token under another application names no webhook",
			do:    func() error { _, err := c.Original(ctx, &otherApp); return err },
			want:  rest.ErrUnknownWebhook,
			token: ix.Token,
			route: "/webhooks/" + otherApp.ApplicationID.String() + "/{token}/messages/@original",
		},
		{
			name:  "a message that is not the interaction's is unknown",
			do:    func() error { _, err := c.GetFollowup(ctx, ix, ix.ID); return err },
			want:  rest.ErrUnknownMessage,
			token: ix.Token,
			route: "/webhooks/" + ix.ApplicationID.String() + "/{token}/messages/" + ix.ID.String(),
		},
		{
			// An empty follow-up is refused before it is sent; an edit
			// that empties the message only the service can refuse.
			name: "an edit that leaves the message empty is refused",
			do: func() error {
				_, err := c.EditOriginal(ctx, ix, interaction.MessageData{ClearContent: true})
				return err
			},
			want:  rest.ErrEmptyMessage,
			token: ix.Token,
			route: "/webhooks/" + ix.ApplicationID.String() + "/{token}/messages/@original",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.do()
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
			if strings.Contains(err.Error(), tc.token) {
				t.Errorf("the error shows the token: %v", err)
			}
			var apiErr *rest.APIError
			if !errors.As(err, &apiErr) || apiErr.Path != tc.route {
				t.Errorf("the error names %q, want %q", apiErr.Path, tc.route)
			}
		})
	}
}

// TestWebhookTransportErrorsHideTheToken: errors that do not come from the
// service, which name the URL, do not show the token either.
func TestWebhookTransportErrorsHideTheToken(t *testing.T) {
	t.Parallel()
	const token = "aW50ZXJhY3Rpb246OTg3NjU0MzIxOnNlY3JldC10b2tlbg"
	ix := &interaction.Interaction{ID: 41771983423143937, ApplicationID: 41771983423143936, Token: token, Type: interaction.TypeApplicationCommand}
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	notJSON := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "<html>"+r.URL.Path+"</html>")
	}))
	t.Cleanup(notJSON.Close)
	echo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, `{"code":10015,"message":"no webhook at `+r.URL.Path+`"}`)
	}))
	t.Cleanup(echo.Close)

	original := func(c *rest.Client) error { _, err := c.Original(context.Background(), ix); return err }
	for _, tc := range []struct {
		name, base string
		do         func(*rest.Client) error
		want       error
		// network is set for a failure to reach the service, which
		// stays a *url.Error.
		network bool
	}{
		{
			name:    "a refused connection does not show the token",
			base:    closed.URL,
			do:      original,
			network: true,
		},
		{
			name:    "a refused answer does not show the token",
			base:    closed.URL,
			do:      func(c *rest.Client) error { return c.Respond(context.Background(), ix, interaction.Defer()) },
			network: true,
		},
		{
			name: "an answer that is not JSON does not show the token",
			base: notJSON.URL,
			do:   original,
		},
		{
			name: "a refusal that quotes the path does not show the token",
			base: echo.URL,
			do:   original,
			want: rest.ErrUnknownWebhook,
		},
		{
			name: "a refused follow-up that quotes the path does not show the token",
			base: echo.URL,
			do: func(c *rest.Client) error {
				_, err := c.Followup(context.Background(), ix, interaction.MessageData{Content: "late"})
				return err
			},
			want: rest.ErrUnknownWebhook,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := rest.NewClient(tc.base+"/v10", rest.NoAuth{}, rest.WithRetries(0))
			if err != nil {
				t.Fatal(err)
			}
			err = tc.do(c)
			if err == nil {
				t.Fatal("no error")
			}
			if strings.Contains(err.Error(), token) {
				t.Errorf("the error shows the token: %v", err)
			}
			if !strings.Contains(err.Error(), "{token}") {
				t.Errorf("the error does not name the route: %v", err)
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("error %v, want %v", err, tc.want)
			}
			var urlErr *url.Error
			if tc.network && !errors.As(err, &urlErr) {
				t.Errorf("error %v, want a *url.Error", err)
			}
		})
	}
}

// TestWebhookRateLimits: the limits of a webhook are counted per token,
// and the bot's global limit does not hold up answers.
func TestWebhookRateLimits(t *testing.T) {
	const window = 400 * time.Millisecond
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "application/json")
		if strings.HasPrefix(r.URL.Path, "/v10/applications/") {
			// The bot is at its global limit for longer than the test.
			h.Set("X-RateLimit-Global", "true")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = io.WriteString(w, `{"message":"You are being rate limited.","retry_after":30,"global":true}`)
			return
		}
		// One request a window on each webhook.
		h.Set("X-RateLimit-Bucket", "webhook")
		h.Set("X-RateLimit-Limit", "1")
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Reset-After", "0.4")
		_, _ = io.WriteString(w, `{"id":"1","content":"ok"}`)
	}))
	t.Cleanup(srv.Close)
	c, err := rest.NewClient(srv.URL+"/v10", rest.BotToken("bot-token"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	elapsed := func(token string) time.Duration {
		t.Helper()
		start := time.Now()
		if _, err := c.Original(ctx, &interaction.Interaction{ID: 2, ApplicationID: 1, Token: token}); err != nil {
			t.Fatal(err)
		}
		return time.Since(start)
	}

	t.Run("a webhook whose window is used up waits", func(t *testing.T) {
		elapsed("token-a")
		if d := elapsed("token-a"); d < window/2 {
			t.Errorf("the second request on a token went after %v, want a wait for the window", d)
		}
	})
	t.Run("another token's webhook does not wait for it", func(t *testing.T) {
		elapsed("token-a")
		if d := elapsed("token-b"); d > window/2 {
			t.Errorf("a request on another token waited %v", d)
		}
	})
	t.Run("answers do not wait for the bot's global limit", func(t *testing.T) {
		// The 429 is in before the wait that follows it outlasts this
		// context.
		short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer cancel()
		if _, err := c.ListCommands(short, 1, command.Global, false); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("ListCommands: %v, want it to wait out the global limit", err)
		}
		if d := elapsed("token-c"); d > window/2 {
			t.Errorf("a request on a token waited %v for the global limit", d)
		}
	})
}

// TestWebhookRetries: what may have reached the service is sent once;
// what may be sent again is retried.
func TestWebhookRetries(t *testing.T) {
	t.Parallel()
	var (
		mu   sync.Mutex
		sent = map[string]int{}
	)
	// Each request fails the first time it is made.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		sent[r.Method]++
		n := sent[r.Method]
		mu.Unlock()
		if n == 1 {
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/callback") {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"id":"1","content":"ok"}`)
	}))
	t.Cleanup(srv.Close)
	c, err := rest.NewClient(srv.URL+"/v10", rest.NoAuth{}, rest.WithBackoff(time.Millisecond, time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ix := &interaction.Interaction{ID: 2, ApplicationID: 1, Token: "token", Type: interaction.TypeApplicationCommand}
	for _, tc := range []struct {
		name   string
		method string
		do     func() error
		sends  int
		fails  bool
	}{
		{
			name:   "a follow-up is not sent again after a failure",
			method: http.MethodPost,
			do: func() error {
				_, err := c.Followup(ctx, ix, interaction.MessageData{Content: "once"})
				return err
			},
			sends: 1,
			fails: true,
		},
		{
			name:   "a read is retried",
			method: http.MethodGet,
			do:     func() error { _, err := c.Original(ctx, ix); return err },
			sends:  2,
		},
		{
			name:   "an edit is retried",
			method: http.MethodPatch,
			do: func() error {
				_, err := c.EditOriginal(ctx, ix, interaction.MessageData{Content: "again"})
				return err
			},
			sends: 2,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.do()
			if (err != nil) != tc.fails {
				t.Errorf("error %v, want failure %v", err, tc.fails)
			}
			var apiErr *rest.APIError
			if tc.fails && (!errors.As(err, &apiErr) || !apiErr.Retryable()) {
				t.Errorf("error %v, want a retryable *APIError", err)
			}
			mu.Lock()
			defer mu.Unlock()
			if sent[tc.method] != tc.sends {
				t.Errorf("sent %d times, want %d", sent[tc.method], tc.sends)
			}
		})
	}
}

// TestWebhooksNeedTheInteraction: a call without what its path needs is
// refused before anything is sent.
func TestWebhooksNeedTheInteraction(t *testing.T) {
	t.Parallel()
	rec := &apitest.Recorder{}
	c, err := rest.NewClient("http://127.0.0.1:1/v10", rest.NoAuth{}, rest.WithHTTPClient(&http.Client{Transport: rec}))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		do   func() error
	}{
		{"an answer needs an interaction", func() error { return c.Respond(ctx, nil, interaction.Defer()) }},
		{"an answer needs the interaction's id", func() error {
			return c.Respond(ctx, &interaction.Interaction{Token: "t"}, interaction.Defer())
		}},
		{"an answer needs the interaction's token", func() error {
			return c.Respond(ctx, &interaction.Interaction{ID: 2}, interaction.Defer())
		}},
		{"a command is not answered with an update", func() error {
			err := c.Respond(ctx, &interaction.Interaction{ID: 2, Token: "t", Type: interaction.TypeApplicationCommand}, interaction.Update("x"))
			if !errors.Is(err, interaction.ErrCallbackNotAllowed) {
				t.Errorf("error %v; want one matching ErrCallbackNotAllowed", err)
			}
			return err
		}},
		{"a modal submission is not answered with a modal", func() error {
			return c.Respond(ctx, &interaction.Interaction{ID: 2, Token: "t", Type: interaction.TypeModalSubmit},
				interaction.ShowModal(interaction.Modal{CustomID: "m", Title: "M"}))
		}},
		{"a follow-up needs the application's id", func() error {
			_, err := c.Followup(ctx, &interaction.Interaction{ID: 2, Token: "t"}, interaction.MessageData{Content: "x"})
			return err
		}},
		{"a follow-up needs its own id", func() error {
			return c.DeleteFollowup(ctx, &interaction.Interaction{ID: 2, ApplicationID: 1, Token: "t"}, 0)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.do(); err == nil {
				t.Error("no error")
			}
		})
	}
	if n := len(rec.All()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

// TestAnEditThatOvertakesTheDeferralIsSentAgain: a goroutine that edits
// the answer at once may reach the service before the deferral does, and
// be refused (10015); the deferral here waits for that refusal. The edit
// is sent again, and it and the follow-up land.
func TestAnEditThatOvertakesTheDeferralIsSentAgain(t *testing.T) {
	s := apitest.StartEmulator(t, emulator.Config{})
	c, sent := apitest.NewClient(t, s, rest.NoAuth{})
	// overtaken is closed once the service has refused the edit, which
	// came before the deferral.
	overtaken := make(chan struct{})
	var once sync.Once
	sent.OnAnswer = func(a apitest.Sent) {
		if a.Method == http.MethodPatch && strings.HasSuffix(a.Path, "/messages/@original") && a.Status == http.StatusNotFound {
			once.Do(func() { close(overtaken) })
		}
	}
	done := make(chan error, 1)
	r := router.New()
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		ix := req.Interaction
		go func() {
			ctx := context.WithoutCancel(ctx)
			_, err := c.EditOriginal(ctx, ix, interaction.MessageData{Content: "Done at once."})
			if err == nil {
				_, err = c.Followup(ctx, ix, interaction.MessageData{Content: "And a follow-up."})
			}
			done <- err
		}()
		// The deferral waits for the edit to be refused: the emulator
		// holds a request on the webhook of an interaction without an
		// answer for a moment, then refuses it as the service does.
		select {
		case <-overtaken:
		case <-time.After(10 * time.Second):
			t.Error("the service did not refuse the edit that came before the deferral")
		}
		return interaction.Defer(), nil
	}, router.Description("Report on the week"))
	serveBot(t, s, r)
	res := invoke(t, s, "report")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	rec := record(t, s, res.Interaction.ID)
	if rec.Original == nil || rec.Original.Data.Content != "Done at once." || len(rec.Followups) != 1 {
		t.Fatalf("original %+v, %d follow-ups", rec.Original, len(rec.Followups))
	}
}
