package endpoint_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
)

// seen is what a handler read, as text, for comparing.
type seen map[string]string

// readAll reads every option of a request with the accessor of its type.
func readAll(req *router.Request) seen {
	out := seen{"path": req.Path(), "locale": string(req.Locale()), "invoker": req.Invoker().ID.String()}
	for _, o := range req.Options.All() {
		v := req.Options.Get(o.Name)
		var text string
		switch o.Type {
		case interaction.OptionString:
			text, _ = v.Text()
		case interaction.OptionInteger:
			i, _ := v.Int()
			text = interaction.IntValue(i).Text()
		case interaction.OptionNumber:
			f, _ := v.Float()
			text = interaction.FloatValue(f).Text()
		case interaction.OptionBoolean:
			b, _ := v.Bool()
			text = map[bool]string{true: "true", false: "false"}[b]
		case interaction.OptionUser:
			u, _ := v.User()
			text = u.Username + "/" + u.Member.Nick
		case interaction.OptionChannel:
			c, _ := v.Channel()
			text = c.Name
		case interaction.OptionRole:
			r, _ := v.Role()
			text = r.Name
		case interaction.OptionMentionable:
			m, _ := v.Mentionable()
			text = m.Role.Name + m.User.Username
		case interaction.OptionAttachment:
			a, _ := v.Attachment()
			text = a.Filename
		}
		out[o.Name] = text
	}
	if u, ok := req.TargetUser(); ok {
		out["target user"] = u.Username + "/" + u.Member.Nick
	}
	if m, ok := req.TargetMessage(); ok {
		out["target message"] = m.Content
	}
	return out
}

// TestEveryKindOfInteractionThroughBothAdapters sends real-shaped, signed
// payloads of every command type, every option type with its resolved data,
// subcommand and group paths, and autocomplete focused inside a group,
// through the fasthttp handler and the net/http adapter alike.
func TestEveryKindOfInteractionThroughBothAdapters(t *testing.T) {
	var got seen
	record := func(_ context.Context, req *router.Request) (interaction.Response, error) {
		got = readAll(req)
		return interaction.Reply("ok"), nil
	}
	r := router.New(router.DispatchOnly())
	r.Command("all", record)
	r.Command("mod ban", record)
	r.Command("mod user note", record)
	r.UserCommand("Inspect", record)
	r.MessageCommand("Quote", record)
	r.EntryPoint("launch", record)
	r.Autocomplete("mod user note", "topic", func(_ context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		got = seen{"focused": req.Focused.Name + "=" + req.Focused.Text(), "group": req.SubcommandGroup, "sub": req.Subcommand}
		return []interaction.Choice{interaction.StringChoice("a", "a")}, nil
	})
	mux := endpointtest.Build(t, r)
	key := interactiontest.NewKey("adapters")

	member := &interaction.Member{Nick: "Eve"}
	eve := interaction.User{ID: 501, Username: "eve"}
	tests := []struct {
		name   string
		b      *interactiontest.Builder
		want   seen
		answer string
	}{
		{"every option type with resolved data", interactiontest.Command("all").Locale(interaction.LocaleGerman).
			String("s", "text").Int("i", 7).Float("f", 0.5).Bool("b", true).
			User("u", eve, member).Channel("c", interaction.Channel{ID: 502, Name: "general"}).
			Role("r", interaction.Role{ID: 503, Name: "mods"}).MentionableRole("m", interaction.Role{ID: 504, Name: "all"}).
			Attachment("a", interaction.Attachment{ID: 505, Filename: "log.txt"}),
			seen{"path": "all", "locale": "de", "s": "text", "i": "7", "f": "0.5", "b": "true", "u": "eve/Eve",
				"c": "general", "r": "mods", "m": "all", "a": "log.txt"}, `"content":"ok"`},
		{"a subcommand", interactiontest.Command("mod ban").User("user", eve, member),
			seen{"path": "mod ban", "user": "eve/Eve"}, `"content":"ok"`},
		{"a subcommand in a group", interactiontest.Command("mod user note").String("topic", "x"),
			seen{"path": "mod user note", "topic": "x"}, `"content":"ok"`},
		{"a user command", interactiontest.UserCommand("Inspect", eve, member),
			seen{"path": "Inspect", "target user": "eve/Eve"}, `"content":"ok"`},
		{"a message command", interactiontest.MessageCommand("Quote", interaction.Message{ID: 9, Content: "hello", Author: eve}),
			seen{"path": "Quote", "target message": "hello"}, `"content":"ok"`},
		{"the entry point", interactiontest.EntryPoint("launch"), seen{"path": "launch"}, `"content":"ok"`},
		{"autocomplete focused inside a group", interactiontest.Autocomplete("mod user note").String("other", "y").
			Focus("topic", interaction.OptionString, interaction.StringValue("pa")),
			seen{"focused": "topic=pa", "group": "user", "sub": "note"}, `"type":8`},
		{"a number typed so far", interactiontest.Autocomplete("mod user note").
			Focus("topic", interaction.OptionNumber, interaction.StringValue("1.")),
			seen{"focused": "topic=1.", "group": "user", "sub": "note"}, `"type":8`},
	}
	for _, a := range endpointtest.FrontEnds() {
		e := newEndpoint(t, mux, key.Verifier())
		for _, tt := range tests {
			t.Run(a.Name+"/"+tt.name, func(t *testing.T) {
				got = nil
				ans := a.Do(e, endpointtest.Signed(key, tt.b.JSON()))
				if ans.Status != 200 || !strings.Contains(ans.Body, tt.answer) {
					t.Fatalf("answer %d %s", ans.Status, ans.Body)
				}
				for k, want := range tt.want {
					if got[k] != want {
						t.Errorf("%s = %q, want %q (saw %v)", k, got[k], want, got)
					}
				}
			})
		}
	}
}

// timeoutBody fails every read as a read past its deadline does.
type timeoutBody struct{}

func (timeoutBody) Read([]byte) (int, error) { return 0, timeoutError{} }

type timeoutError struct{}

func (timeoutError) Error() string   { return "read tcp 10.0.0.1:443->10.0.0.2:5555: i/o timeout" }
func (timeoutError) Timeout() bool   { return true }
func (timeoutError) Temporary() bool { return true }

// TestNetHTTPAnswersABodyNotReadInTime: 408 in JSON, as the fasthttp
// adapter's error handler answers, and never the connection's addresses.
func TestNetHTTPAnswersABodyNotReadInTime(t *testing.T) {
	key := interactiontest.NewKey("adapters")
	e := newEndpoint(t, endpointtest.Bot(t, nil), key.Verifier())
	req := httptest.NewRequest(http.MethodPost, "/", timeoutBody{})
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestTimeout || strings.Contains(rec.Body.String(), "10.0.0") ||
		rec.Header().Get("Content-Type") != "application/json" {
		t.Errorf("answer %d %s %q, want 408 JSON without addresses", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
}
