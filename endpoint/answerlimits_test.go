package endpoint_test

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/rules"
)

// handled records the errors the error handler saw, by interaction.
type handled struct {
	mu   sync.Mutex
	errs map[interaction.Snowflake]error
}

// onError is an error handler that records err and tells the user.
func (h *handled) onError(_ context.Context, req *router.Request, err error) interaction.Response {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.errs == nil {
		h.errs = map[interaction.Snowflake]error{}
	}
	h.errs[req.Interaction.ID] = err
	return interaction.Reply("Something in this answer cannot be shown.").Ephemeral()
}

func (h *handled) err(id interaction.Snowflake) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.errs[id]
}

func manyFields(n int) []interaction.EmbedField {
	fs := make([]interaction.EmbedField, n)
	for i := range fs {
		fs[i] = interaction.EmbedField{Name: "Day " + strconv.Itoa(i+1), Value: "quiet"}
	}
	return fs
}

func manyEmbeds(n int) []interaction.Embed {
	es := make([]interaction.Embed, n)
	for i := range es {
		es[i] = interaction.Embed{Title: "Week " + strconv.Itoa(i+1)}
	}
	return es
}

func manyRows(n int) []interaction.Component {
	rs := make([]interaction.Component, n)
	for i := range rs {
		rs[i] = component.Row(component.PrimaryButton("b"+strconv.Itoa(i), "B"))
	}
	return rs
}

// refusedAnswers are answers of command handlers the service would
// refuse, each with the line of the error that names what it breaks.
var refusedAnswers = []struct {
	name    string
	answer  interaction.Response
	line    string
	pointer string
}{
	{"an embed of 26 fields", interaction.ReplyMessage(interaction.MessageData{Embeds: []interaction.Embed{{Title: "Month", Fields: manyFields(26)}}}),
		"answer › embed 1 › field 26: at most 25 fields, has 26", "/data/embeds/0/fields"},
	{"11 embeds", interaction.ReplyMessage(interaction.MessageData{Embeds: manyEmbeds(11)}),
		"answer › embed 11: at most 10 embeds, has 11", "/data/embeds"},
	{"2001 characters", interaction.Reply(strings.Repeat("a", 2001)),
		"answer › content: at most 2000 characters, has 2001", "/data/content"},
	{"an embed's description of 4097 characters", interaction.ReplyMessage(interaction.MessageData{Embeds: []interaction.Embed{{Description: strings.Repeat("d", 4097)}}}),
		"answer › embed 1 › description: at most 4096 characters, has 4097", "/data/embeds/0/description"},
	{"a message flag an answer may not set", interaction.Reply("x").WithFlags(interaction.FlagLoading),
		"answer › flags: sets LOADING; a message may set only SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE and IS_COMPONENTS_V2", "/data/flags"},
	{"a deferral with a flag no answer sets", interaction.Defer().WithFlags(interaction.FlagUrgent),
		"answer › flags: sets URGENT; a deferral may set only SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE and IS_COMPONENTS_V2", "/data/flags"},
	{"content beside IS_COMPONENTS_V2", interaction.Reply("x").WithFlags(interaction.FlagIsComponentsV2).WithComponents(component.Text("t")),
		"answer › content: a message with IS_COMPONENTS_V2 cannot have content; a text display holds its text", "/data/content"},
	{"an empty message", interaction.Reply(""),
		"answer: shows nothing: a message needs content, an embed, a component, a file or a poll", "/data"},
	{"six rows of buttons", interaction.Reply("x").WithComponents(manyRows(6)...),
		"answer › component 6: at most 5 action rows, has 6", "/data/components"},
	{"a button without a custom_id", interaction.Reply("x").WithComponents(component.Row(component.PrimaryButton("", "Approve"))),
		`answer › row 1 › button "Approve": custom_id is required on a PRIMARY button`, "/data/components/0/components/0/custom_id"},
	{"a modal with a title of 46 characters", interaction.ShowModal(component.Modal("form", strings.Repeat("t", 46), component.Labeled("Name", component.ShortInput("name")))),
		"answer › modal › title: 1 to 45 characters, has 46", "/data/title"},
}

// TestAnswersTheServiceWouldRefuseReachTheErrorHandler: on the emulator,
// a handler whose answer the service would refuse has its error handler
// answer instead, with an error naming the field at fault, and the user
// sees the error handler's answer rather than a failed interaction.
func TestAnswersTheServiceWouldRefuseReachTheErrorHandler(t *testing.T) {
	var h handled
	r := router.New()
	r.OnError(h.onError)
	for i, tt := range refusedAnswers {
		r.Command("refused"+strconv.Itoa(i), func(context.Context, *router.Request) (interaction.Response, error) {
			return tt.answer, nil
		}, router.Description("Answers with "+tt.name))
	}
	s := serveOnEmulator(t, r)
	for i, tt := range refusedAnswers {
		t.Run(tt.name, func(t *testing.T) {
			res, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: "refused" + strconv.Itoa(i)})
			if err != nil {
				t.Fatal(err)
			}
			if !res.OK() || res.Answer.Message.Content != "Something in this answer cannot be shown." {
				t.Fatalf("the user sees %+v (violations %v), want the error handler's answer", res.Answer, res.Violations)
			}
			rec, _ := s.Interaction(res.Interaction.ID)
			if rec.Original == nil || rec.Original.Data.Content != "Something in this answer cannot be shown." || rec.Original.Data.Flags&interaction.FlagEphemeral == 0 {
				t.Fatalf("the message the user sees: %+v", rec.Original)
			}
			seen := h.err(res.Interaction.ID)
			var vs rules.Violations
			if !errors.As(seen, &vs) || !strings.Contains(seen.Error(), tt.line) || vs[0].Pointer != tt.pointer {
				t.Fatalf("the error handler saw %v (violations %+v), want one naming %q at %s", seen, vs, tt.line, tt.pointer)
			}
		})
	}
}

// TestARefusedUpdateOfAComponentReachesTheErrorHandler: the answer to a
// click is checked too, and the error handler's message is what the user
// sees, the message of the component left as it was.
func TestARefusedUpdateOfAComponentReachesTheErrorHandler(t *testing.T) {
	var h handled
	r := router.New()
	r.OnError(h.onError)
	r.Command("panel", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("Panel").WithComponents(component.Row(component.PrimaryButton("press", "Press"))), nil
	}, router.Description("Shows a panel"))
	r.Component("press", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Update(strings.Repeat("a", 2001)), nil
	})
	s := serveOnEmulator(t, r)
	ctx := context.Background()
	if res, err := s.Invoke(ctx, emulator.Invocation{Guild: s.GuildID, Command: "panel"}); err != nil || !res.OK() {
		t.Fatalf("the panel: %v %+v", err, res)
	}
	res, err := s.Click(ctx, emulator.Click{Button: "press"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() || res.Answer.Type != interaction.CallbackChannelMessageWithSource ||
		res.Answer.Message.Content != "Something in this answer cannot be shown." {
		t.Fatalf("the user sees %+v (violations %v), want the error handler's answer", res.Answer, res.Violations)
	}
	if seen := h.err(res.Interaction.ID); seen == nil || !strings.Contains(seen.Error(), "answer › content: at most 2000 characters, has 2001") {
		t.Fatalf("the error handler saw %v", seen)
	}
	if m := res.Interaction.Message; m == nil || m.Content != "Panel" {
		t.Fatalf("the panel was %+v", m)
	}
}

// TestARefusedLateAnswerCompletesTheDeferralWithTheErrorHandlers: a
// handler the endpoint deferred whose answer the service would refuse has
// the error handler's answer complete the deferral.
func TestARefusedLateAnswerCompletesTheDeferralWithTheErrorHandlers(t *testing.T) {
	t.Parallel()
	var h handled
	r := router.New()
	r.OnError(h.onError)
	r.Command("slow", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		select {
		case <-time.After(slowWork):
		case <-ctx.Done():
			return interaction.Response{}, ctx.Err()
		}
		return interaction.ReplyMessage(interaction.MessageData{Embeds: []interaction.Embed{{Fields: manyFields(26)}}}), nil
	}, router.Description("Works a while"))
	s := serveOnEmulator(t, r)
	res, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: "slow"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() || res.Answer.Type != interaction.CallbackDeferredChannelMessageWithSource {
		t.Fatalf("first answer %+v (violations %v), want a deferral", res.Answer, res.Violations)
	}
	waitForContent(t, s, res.Interaction.ID, "Something in this answer cannot be shown.", 10*time.Second)
	if seen := h.err(res.Interaction.ID); seen == nil || !strings.Contains(seen.Error(), "answer › embed 1 › field 26: at most 25 fields, has 26") {
		t.Fatalf("the error handler saw %v", seen)
	}
}

// TestTooManySuggestionsAreCutToWhatTheServiceTakes: an autocomplete
// handler has no error handler; the router sends the suggestions the
// service takes, and the user sees them.
func TestTooManySuggestionsAreCutToWhatTheServiceTakes(t *testing.T) {
	var log endpointtest.LogBuffer
	r := router.New(router.WithLogger(zerolog.New(&log)))
	r.Command("search", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("found"), nil
	}, router.Description("Searches"), router.Options(option.String("query", "What to look for").Required().Autocomplete()))
	r.Autocomplete("search", "query", func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
		out := make([]interaction.Choice, 26)
		for i := range out {
			out[i] = interaction.StringChoice("Result "+strconv.Itoa(i), "r"+strconv.Itoa(i))
		}
		return out, nil
	})
	s := serveOnEmulator(t, r)
	res, err := s.Autocomplete(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: "search",
		Options: []emulator.Arg{{Name: "query", Value: "re"}}, Focused: "query"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() || len(res.Answer.Choices) != 25 {
		t.Fatalf("the user sees %d suggestions (violations %v), want 25", len(res.Answer.Choices), res.Violations)
	}
	if got := log.String(); !strings.Contains(got, `"field":"/data/choices/25"`) || strings.Count(got, "autocomplete choice left out") != 1 {
		t.Errorf("the log does not name the one suggestion left out:\n%s", got)
	}
}

// TestFilesTheServiceWouldRefuseReachTheErrorHandler: the files of an
// answer are checked before anything is sent: their number, and the size
// of each against the interaction's limit where it is known.
func TestFilesTheServiceWouldRefuseReachTheErrorHandler(t *testing.T) {
	small := func(ix *interaction.Interaction) { ix.AttachmentSizeLimit = 1 << 10 }
	for _, tt := range []struct {
		name   string
		answer interaction.Response
		line   string
	}{
		{"11 files", interaction.ReplyMessage(interaction.MessageData{Files: make([]interaction.File, 11)}),
			"answer › file 11: at most 10 files, has 11"},
		{"a file over the interaction's limit", interaction.Reply("Here.").WithFile("big.bin", "", bytes.NewReader(make([]byte, 1<<10+1))),
			`answer › file 1: "big.bin" has 1.0 KiB (1025 bytes), more than the 1 KiB limit`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var h handled
			r := router.New(router.DispatchOnly())
			r.OnError(h.onError)
			r.Command("report", func(context.Context, *router.Request) (interaction.Response, error) { return tt.answer, nil })
			ix := interactiontest.Command("report").Modify(small).Interaction()
			resp, err := endpointtest.Build(t, r).Dispatch(context.Background(), ix)
			if err == nil || !strings.Contains(err.Error(), tt.line) || resp.Message.Content != "Something in this answer cannot be shown." {
				t.Fatalf("answer %+v, %v; want the error handler's, with an error naming %q", resp, err, tt.line)
			}
			if h.err(ix.ID) != err {
				t.Errorf("the error handler saw %v, Dispatch returned %v", h.err(ix.ID), err)
			}
		})
	}
}

// TestAnErrorHandlerAnswerTheServiceWouldRefuseIsReplacedByTheApology:
// the error handler's answer is checked as the handler's is.
func TestAnErrorHandlerAnswerTheServiceWouldRefuseIsReplacedByTheApology(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.OnError(func(_ context.Context, _ *router.Request, err error) interaction.Response {
		return interaction.Reply("It failed: " + strings.Repeat("!", 2000)).Ephemeral()
	})
	r.Command("cmd", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply(""), nil
	})
	resp, err := endpointtest.Dispatch(t, endpointtest.Build(t, r), interactiontest.Command("cmd"))
	if err == nil || resp.Message.Content != "Sorry, something went wrong while running this command." ||
		resp.Message.Flags&interaction.FlagEphemeral == 0 {
		t.Fatalf("answer %+v, %v; want the ephemeral apology", resp, err)
	}
}
