package endpoint_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/rs/zerolog"
	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// fileServers serve an endpoint over HTTP for the emulator to call, on
// each of its two front ends.
var fileServers = []struct {
	name  string
	serve func(t *testing.T, e *endpoint.Endpoint) string // the URL
}{
	{"fasthttp", func(t *testing.T, e *endpoint.Endpoint) string {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := &fasthttp.Server{
			Handler:                      e.ServeFastHTTP,
			MaxRequestBodySize:           e.MaxBodySize(),
			ErrorHandler:                 e.FastHTTPErrorHandler,
			DisablePreParseMultipartForm: true,
		}
		go srv.Serve(ln) //nolint:errcheck // ends when the test shuts it down
		t.Cleanup(func() { srv.Shutdown() })
		return "http://" + ln.Addr().String()
	}},
	{"net/http", func(t *testing.T, e *endpoint.Endpoint) string {
		srv := httptest.NewServer(e)
		t.Cleanup(srv.Close)
		return srv.URL
	}},
}

// filesWindow is the response window of the tests of files, which are
// not about time: an answer of ten MiB, made and read by code built with
// -race on a busy machine, may take longer than the service's three
// seconds, and a test must not fail for it. A test of late answers gives
// its endpoint a deadline of its own.
const filesWindow = time.Minute

// serveFiles registers r's commands on a new emulator and serves r's
// endpoint for it with serve, with a REST client of the emulator when
// withClient is set.
func serveFiles(t *testing.T, r *router.Router, serve func(*testing.T, *endpoint.Endpoint) string, withClient bool, opts ...endpoint.Option) *emulator.Server {
	t.Helper()
	opts = append([]endpoint.Option{endpoint.WithResponseDeadline(filesWindow)}, opts...)
	s, err := emulator.New(emulator.Config{ResponseWindow: filesWindow})
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
	if withClient {
		client, err := rest.NewClient(s.URL, rest.NoAuth{})
		if err != nil {
			t.Fatal(err)
		}
		opts = append([]endpoint.Option{endpoint.WithClient(client)}, opts...)
	}
	e := newEndpoint(t, mux, verifier, opts...)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		e.WaitDeferred(ctx)
	})
	admin, err := rest.NewClient(s.URL, rest.BotToken(s.BotToken))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := admin.OverwriteCommands(ctx, s.ApplicationID, command.InGuild(s.GuildID), mux.Definitions().Commands(command.Global)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetInteractionsURL(ctx, serve(t, e)); err != nil {
		t.Fatal(err)
	}
	return s
}

// attachmentsOf lists a message's attachments as
// name;description;content type;bytes.
func attachmentsOf(m *emulator.Message) string {
	if m == nil {
		return "no message"
	}
	var out []string
	for _, a := range m.Attachments {
		out = append(out, a.Filename+";"+a.Description+";"+a.ContentType+";"+string(a.Content))
	}
	return strings.Join(out, " | ")
}

// reportAnswer is the answer with files of the tests' "report" command.
func reportAnswer() interaction.Response {
	r := interaction.Reply("The report").
		WithFile("report.csv", "text/csv", strings.NewReader("day,n\nmon,3\n")).
		WithFile("chart.png", "image/png", iotest.HalfReader(bytes.NewReader([]byte("\x89PNG\r\n"))))
	r.Message.Files[0].Description = "the numbers"
	return r
}

const reportAttachments = "report.csv;the numbers;text/csv;day,n\nmon,3\n | chart.png;;image/png;\x89PNG\r\n"

// TestAnAnswerWithFilesWithoutAClientIsAMultipartResponse: an endpoint
// without a REST client answers with the answer and its files as
// multipart/form-data, 200, on both front ends.
func TestAnAnswerWithFilesWithoutAClientIsAMultipartResponse(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Command("report", func(context.Context, *router.Request) (interaction.Response, error) {
		return reportAnswer(), nil
	})
	key := interactiontest.NewKey("files")
	e := newEndpoint(t, endpointtest.Build(t, r), key.Verifier())
	for _, a := range endpointtest.FrontEnds() {
		t.Run(a.Name, func(t *testing.T) {
			got := a.Do(e, endpointtest.Signed(key, interactiontest.Command("report").JSON()))
			media, params, err := mime.ParseMediaType(got.Header.Get("Content-Type"))
			if got.Status != 200 || err != nil || media != "multipart/form-data" {
				t.Fatalf("answer %d %q: %s", got.Status, got.Header.Get("Content-Type"), got.Body)
			}
			mr := multipart.NewReader(strings.NewReader(got.Body), params["boundary"])
			var parts []string
			for {
				p, err := mr.NextPart()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				b, _ := io.ReadAll(p)
				parts = append(parts, p.FormName()+" "+p.FileName()+" "+p.Header.Get("Content-Type")+" "+string(b))
			}
			want := []string{
				`payload_json  application/json {"type":4,"data":{"content":"The report","attachments":[{"id":"0","filename":"report.csv","description":"the numbers"},{"id":"1","filename":"chart.png"}]}}`,
				"files[0] report.csv text/csv day,n\nmon,3\n",
				"files[1] chart.png image/png \x89PNG\r\n",
			}
			if strings.Join(parts, "\n--\n") != strings.Join(want, "\n--\n") {
				t.Errorf("parts\n%q\nwant\n%q", parts, want)
			}
		})
	}
}

// TestAnswersWithFilesReachTheService: the service holds the files of an
// answer as the message's attachments, however the endpoint sent them:
// through the callback endpoint with a client (the HTTP request answered
// 202), in the HTTP response without one or when told to.
func TestAnswersWithFilesReachTheService(t *testing.T) {
	modes := []struct {
		name       string
		withClient bool
		opts       []endpoint.Option
		status     int
	}{
		{"without a client, in the response", false, nil, 200},
		{"with a client, through the callback", true, nil, 202},
		{"with a client told to answer in the response", true, []endpoint.Option{endpoint.WithFileAnswers(endpoint.FilesInResponse)}, 200},
		{"told to use the callback, with a client", true, []endpoint.Option{endpoint.WithFileAnswers(endpoint.FilesByCallback)}, 202},
	}
	for _, srv := range fileServers {
		for _, m := range modes {
			t.Run(srv.name+"/"+m.name, func(t *testing.T) {
				r := router.New()
				r.Command("report", func(context.Context, *router.Request) (interaction.Response, error) {
					return reportAnswer(), nil
				}, router.Description("Report"))
				s := serveFiles(t, r, srv.serve, m.withClient, m.opts...)
				res, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: "report"})
				if err != nil {
					t.Fatal(err)
				}
				if !res.OK() || res.Status != m.status {
					t.Fatalf("status %d, violations %q; want %d", res.Status, res.Violations, m.status)
				}
				rec, _ := s.Interaction(res.Interaction.ID)
				if got := attachmentsOf(rec.Original); got != reportAttachments || rec.Original.Data.Content != "The report" {
					t.Errorf("the answer %q with attachments\n %q\nwant\n %q", rec.Original.Data.Content, got, reportAttachments)
				}
			})
		}
	}
}

// TestFilesThatCannotBeSentGoToTheErrorHandler: a file over the
// interaction's limit or one that cannot be read is an error of the
// answer, which the error handler answers, and which is logged once;
// the service sees the error handler's answer, never part of the first.
func TestFilesThatCannotBeSentGoToTheErrorHandler(t *testing.T) {
	broken := errors.New("disk on fire")
	answers := []struct {
		name string
		resp func() interaction.Response
		want string
	}{
		{"a file over the limit", func() interaction.Response {
			return interaction.Reply("x").WithFile("big.bin", "", io.LimitReader(zeros{}, 11<<20))
		}, `answer › file 1 "big.bin": more than the 10 MiB limit`},
		{"a file that cannot be read", func() interaction.Response {
			return interaction.Reply("x").WithFile("a.txt", "", strings.NewReader("fine")).WithFile("gone.txt", "", iotest.ErrReader(broken))
		}, `answer › file 2 "gone.txt": reading it: disk on fire`},
	}
	modes := []struct {
		name       string
		withClient bool
		opts       []endpoint.Option
	}{
		{"in the response", false, nil},
		{"through the callback", true, nil},
	}
	for _, srv := range fileServers {
		for _, m := range modes {
			for _, a := range answers {
				want := a.want
				t.Run(srv.name+"/"+m.name+"/"+a.name, func(t *testing.T) {
					var log endpointtest.LogBuffer
					r := router.New(router.WithLogger(zerolog.New(&log)))
					r.OnError(func(ctx context.Context, req *router.Request, err error) interaction.Response {
						return interaction.Reply("Not sent: " + err.Error()).Ephemeral()
					})
					r.Command("report", func(context.Context, *router.Request) (interaction.Response, error) {
						return a.resp(), nil
					}, router.Description("Report"))
					s := serveFiles(t, r, srv.serve, m.withClient, m.opts...)
					res, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: "report"})
					if err != nil {
						t.Fatal(err)
					}
					if !res.OK() || res.Status != 200 || !strings.Contains(res.Answer.Message.Content, want) ||
						res.Answer.Message.Flags&interaction.FlagEphemeral == 0 {
						t.Fatalf("status %d, answer %q, violations %q; want the error handler's answer naming %s",
							res.Status, res.Answer.Message.Content, res.Violations, want)
					}
					if rec, _ := s.Interaction(res.Interaction.ID); len(rec.Original.Attachments) != 0 {
						t.Errorf("attachments of a refused answer arrived: %q", attachmentsOf(rec.Original))
					}
					if n := strings.Count(log.String(), logged(want)); n != 1 {
						t.Errorf("the error is logged %d times, want once:\n%s", n, log.String())
					}
				})
			}
		}
	}
}

// logged is text as a JSON log writes it inside a string.
func logged(text string) string {
	b, _ := json.Marshal(text)
	return string(b[1 : len(b)-1])
}

// zeros is an endless stream of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestLateAnswersWithFilesCompleteTheDeferral: a handler the endpoint
// deferred completes its answer with its files: a command's message by an
// edit of the deferred message, a component's update by an edit of the
// component's message, a component's message by a follow-up; a late
// answer whose files cannot be sent is completed by the error handler's.
func TestLateAnswersWithFilesCompleteTheDeferral(t *testing.T) {
	const late = 700 * time.Millisecond
	slow := func(resp func() interaction.Response) router.HandlerFunc {
		return func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			time.Sleep(late)
			return resp(), nil
		}
	}
	bot := func(log *endpointtest.LogBuffer) *router.Router {
		r := router.New(router.WithLogger(zerolog.New(log)))
		r.OnError(func(ctx context.Context, req *router.Request, err error) interaction.Response {
			return interaction.Reply("Not sent: " + err.Error())
		})
		r.Command("report", slow(reportAnswer), router.Description("Report"))
		r.Command("dump", slow(func() interaction.Response {
			return interaction.Reply("dump").WithFile("dump.bin", "", io.LimitReader(zeros{}, 11<<20))
		}), router.Description("Too big"))
		r.Command("image", slow(func() interaction.Response {
			return interaction.Reply("image").WithFile("image.raw", "", bytes.NewReader(make([]byte, 11<<20)))
		}), router.Description("Too big, and known to be"))
		r.Command("board", func(context.Context, *router.Request) (interaction.Response, error) {
			return interaction.Reply("Board").WithFile("old.txt", "text/plain", strings.NewReader("old")).
				WithComponents(component.Row(component.PrimaryButton("board:update", "Update"), component.SecondaryButton("board:more", "More"))), nil
		}, router.Description("Board"))
		r.Component("board:update", slow(func() interaction.Response {
			return interaction.Update("Board, updated").WithFile("new.txt", "text/plain", strings.NewReader("new"))
		}))
		r.Component("board:more", slow(func() interaction.Response {
			return interaction.Reply("More").WithFile("more.txt", "text/plain", strings.NewReader("more"))
		}))
		return r
	}
	deferred := func(t *testing.T, res *emulator.Result, err error) *emulator.Result {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if !res.OK() || (res.Answer.Type != interaction.CallbackDeferredChannelMessageWithSource && res.Answer.Type != interaction.CallbackDeferredUpdateMessage) {
			t.Fatalf("first answer %v, violations %q: want a deferral", res.Answer.Type, res.Violations)
		}
		return res
	}
	settled := func(s *emulator.Server, id interaction.Snowflake, done func(emulator.InteractionRecord) bool) emulator.InteractionRecord {
		for end := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			rec, _ := s.Interaction(id)
			if done(rec) || time.Now().After(end) {
				return rec
			}
		}
	}
	completed := func(r emulator.InteractionRecord) bool { return r.Original != nil && !r.Original.Loading() }
	// Each answer is a subtest of its own, on an emulator and a bot of its
	// own, so that their waits overlap. The test itself is not parallel:
	// files over the limit work the CPU, and the tests that wait on a
	// short response window are not to run beside them.
	answers := []struct {
		name string
		run  func(t *testing.T, s *emulator.Server, log *endpointtest.LogBuffer)
	}{
		{"a command's message", func(t *testing.T, s *emulator.Server, _ *endpointtest.LogBuffer) {
			res, err := s.Invoke(t.Context(), emulator.Invocation{Guild: s.GuildID, Command: "report"})
			res = deferred(t, res, err)
			rec := settled(s, res.Interaction.ID, completed)
			if got := attachmentsOf(rec.Original); got != reportAttachments {
				t.Errorf("a command's late answer: %q", got)
			}
		}},
		{"a file over the limit", func(t *testing.T, s *emulator.Server, log *endpointtest.LogBuffer) {
			res, err := s.Invoke(t.Context(), emulator.Invocation{Guild: s.GuildID, Command: "dump"})
			res = deferred(t, res, err)
			rec := settled(s, res.Interaction.ID, completed)
			if want := `message › file 1 "dump.bin": more than the 10 MiB limit`; !strings.Contains(rec.Original.Data.Content, want) ||
				len(rec.Original.Attachments) != 0 || strings.Count(log.String(), logged(want)) != 1 {
				t.Errorf("a late answer over the limit completed as %q %q; log:\n%s", rec.Original.Data.Content, attachmentsOf(rec.Original), log.String())
			}
		}},
		{"a file known to be over the limit", func(t *testing.T, s *emulator.Server, log *endpointtest.LogBuffer) {
			res, err := s.Invoke(t.Context(), emulator.Invocation{Guild: s.GuildID, Command: "image"})
			res = deferred(t, res, err)
			rec := settled(s, res.Interaction.ID, completed)
			// A size known before sending is refused by the check of every
			// answer, as any answer the service would refuse: it goes to
			// the error handler, which has its say, and nothing is sent.
			if want := `answer › file 1: "image.raw" has 11.0 MiB, more than the 10 MiB limit`; !strings.Contains(rec.Original.Data.Content, want) ||
				len(rec.Original.Attachments) != 0 {
				t.Errorf("a late answer known to be over the limit completed as %q %q; log:\n%s", rec.Original.Data.Content, attachmentsOf(rec.Original), log.String())
			}
		}},
		{"a component's update, then its message", func(t *testing.T, s *emulator.Server, _ *endpointtest.LogBuffer) {
			ctx := t.Context()
			board, err := s.Invoke(ctx, emulator.Invocation{Guild: s.GuildID, Command: "board"})
			if err != nil || !board.OK() {
				t.Fatalf("board: %v %+v", err, board)
			}
			boardRec, _ := s.Interaction(board.Interaction.ID)
			message := boardRec.Original.ID
			res, err := s.Click(ctx, emulator.Click{Message: message, Button: "board:update"})
			deferred(t, res, err)
			rec := settled(s, board.Interaction.ID, func(r emulator.InteractionRecord) bool { return r.Original.Data.Content == "Board, updated" })
			if got := attachmentsOf(rec.Original); got != "new.txt;;text/plain;new" {
				t.Errorf("a component's late update: %q %q", rec.Original.Data.Content, got)
			}
			res, err = s.Click(ctx, emulator.Click{Message: message, Button: "board:more"})
			res = deferred(t, res, err)
			rec = settled(s, res.Interaction.ID, func(r emulator.InteractionRecord) bool { return len(r.Followups) > 0 })
			if len(rec.Followups) != 1 || attachmentsOf(&rec.Followups[0]) != "more.txt;;text/plain;more" {
				t.Errorf("a component's late message: %+v", rec.Followups)
			}
		}},
	}
	for _, srv := range fileServers {
		for _, a := range answers {
			t.Run(srv.name+"/"+a.name, func(t *testing.T) {
				t.Parallel()
				var log endpointtest.LogBuffer
				s := serveFiles(t, bot(&log), srv.serve, true, endpoint.WithResponseDeadline(late), endpoint.WithAnswerMargin(late/2))
				a.run(t, s, &log)
			})
		}
	}
}
