package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/emulator/web"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// playground is an emulator with a small bot, and its playground served
// on a loopback port.
type playground struct {
	emu *emulator.Server
	url string
	// release lets /build complete its deferred answer.
	release chan struct{}
	// asked is sent the option /trip is asked to suggest for, as it is
	// asked; its suggestions wait until suggest is closed (letSuggest).
	asked       chan string
	suggest     chan struct{}
	suggestOnce sync.Once
	// asking counts the suggestions /trip is asked for at once, and
	// mostAsking is the most it ever was.
	asking, mostAsking atomic.Int32
}

// letSuggest lets /trip's suggestions, held until now, through.
func (p *playground) letSuggest() {
	p.suggestOnce.Do(func() { close(p.suggest) })
}

// waitAsked waits until /trip is asked to suggest for option.
func (p *playground) waitAsked(t *testing.T, option string) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case got := <-p.asked:
			if got == option {
				return
			}
		case <-timeout:
			t.Fatalf("/trip was not asked to suggest for %s", option)
		}
	}
}

// cities are what /weather suggests.
var cities = []string{"Paris", "Parma", "Lisbon"}

// startPlayground starts the emulator, the bot and the playground.
func startPlayground(t *testing.T) *playground {
	t.Helper()
	return startPlaygroundBehind(t, func(h http.Handler) http.Handler { return h })
}

// startPlaygroundBehind starts the playground as startPlayground does,
// its requests passing through wrap first.
func startPlaygroundBehind(t *testing.T, wrap func(http.Handler) http.Handler) *playground {
	t.Helper()
	emu, err := emulator.New(emulator.Config{Activities: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { emu.Close() })
	p := &playground{emu: emu, release: make(chan struct{}), asked: make(chan string, 16), suggest: make(chan struct{})}
	serveBot(t, emu, p.bot(t))
	t.Cleanup(p.letSuggest)
	h := web.NewHandler(emu, web.Config{})
	srv := httptest.NewServer(wrap(h))
	t.Cleanup(func() {
		h.Close()
		srv.Close()
	})
	p.url = srv.URL
	return p
}

// bot declares the commands the tests use.
func (p *playground) bot(t *testing.T) *router.Router {
	r := router.New()
	r.Command("greet", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		name, _ := req.Options.String("name")
		return interaction.Reply("Hello, " + name + "!").WithAllowedMentions(interaction.NoMentions()).WithComponents(
			component.Row(component.SecondaryButton("wave", "Wave back"), component.LinkButton("https://example.invalid/", "Docs")),
		), nil
	}, router.Description("Greet someone"),
		router.Localize(interaction.LocaleFrench, "saluer", "Saluer quelqu'un"),
		router.Options(
			option.String("name", "Who to greet").Required().MaxLength(20).Localize(interaction.LocaleFrench, "nom", "Qui saluer"),
			option.String("style", "How").Choices(
				interaction.StringChoice("Plain", "plain"),
				interaction.Choice{Name: "Pirate", Value: interaction.StringValue("pirate"),
					NameLocalizations: map[interaction.Locale]string{interaction.LocaleFrench: "Pirate des mers"}},
			),
			option.Integer("times", "How many times").Min(1).Max(3),
		))
	r.Component("wave", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply(req.Invoker().Username + " waves back!").Ephemeral(), nil
	})
	r.Command("weather", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		city, _ := req.Options.String("city")
		return interaction.Reply("It is sunny in " + city + "."), nil
	}, router.Description("The weather in a city"), router.Options(option.String("city", "Which city").Required().Autocomplete()))
	r.Autocomplete("weather", "city", func(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		var out []interaction.Choice
		for _, c := range autocomplete.Match(req.Focused.Text(), cities) {
			out = append(out, interaction.StringChoice(c, strings.ToLower(c)))
		}
		return out, nil
	})
	r.Group("mod", router.Description("Moderation"), router.Permissions(interaction.PermissionBanMembers))
	r.Group("mod").Group("user", router.Description("Act on a member"))
	r.Command("mod user ban", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		u, _ := req.Options.User("user")
		return interaction.Reply("Banned " + u.Username + ".").Ephemeral(), nil
	}, router.Description("Ban a member"), router.Options(option.User("user", "Who").Required()))
	r.Command("build", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		go func() {
			ctx := context.WithoutCancel(ctx)
			<-p.release
			if _, err := req.EditOriginal(ctx, interaction.MessageData{Content: "Build passed."}); err != nil {
				t.Errorf("completing the answer: %v", err)
				return
			}
			if _, err := req.Followup(ctx, interaction.MessageData{Content: "Tests: 12 passed."}); err != nil {
				t.Errorf("following up: %v", err)
			}
		}()
		return interaction.Defer(), nil
	}, router.Description("Build, taking its time"))
	r.Command("export", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		resp := interaction.Reply("This week's scores").WithFile("scores.csv", "text/csv", strings.NewReader("ada,3\nbob,1\n"))
		resp.Message.Embeds = []interaction.Embed{{Title: "Scores", Description: "Ada leads"}}
		return resp, nil
	}, router.Description("Export the scores"))
	r.Command("feedback", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.ShowModal(component.Modal("feedback", "Feedback",
			component.Labeled("What do you think?", component.ParagraphInput("text").WithLength(1, 100)),
		)), nil
	}, router.Description("Tell us, in a form"), router.NoAutoDefer())
	r.Command("signup", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.ShowModal(component.Modal("signup", "Sign up",
			component.Labeled("Class", component.Radio("class",
				component.Choice("Warrior", "w").WithDescription("Strong and slow"), component.Choice("Bard", "b")).Optional()),
			component.Labeled("Days", component.Checkboxes("days",
				component.Choice("Monday", "mon"), component.Choice("Tuesday", "tue"), component.Choice("Friday", "fri")).WithMaxValues(2)).
				WithDescription("One or two"),
			component.Labeled("Send me news", component.CheckboxInput("news")),
			component.Labeled("Partner", component.SelectUsers("partner")),
			component.Labeled("Picture", component.Upload("picture").WithFileTypes("image").Optional()),
		)), nil
	}, router.Description("Sign up, in a form of every input"), router.NoAutoDefer())
	r.Modal("signup", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		class, chosen := req.Fields.Choice("class")
		if !chosen {
			class = "none"
		}
		days, _ := req.Fields.Values("days")
		news, _ := req.Fields.Checked("news")
		partners, err := req.Fields.Get("partner").Users()
		if err != nil {
			return interaction.Response{}, err
		}
		pictures, err := req.Fields.Get("picture").Attachments()
		if err != nil {
			return interaction.Response{}, err
		}
		var files []string
		for _, a := range pictures {
			files = append(files, a.Filename+" "+a.ContentType)
		}
		return interaction.Reply(fmt.Sprintf("Signed up: class %s, days %s, news %v, partner %s, pictures %s.",
			class, strings.Join(days, "+"), news, partners[0].Username, strings.Join(files, ", "))), nil
	})
	r.Command("notes", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply(notes(req.Invoker().ID, req.Interaction.ChannelID)).WithAllowedMentions(interaction.NoMentions()), nil
	}, router.Description("Markdown, as the client shows it"))
	r.Command("picture", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("Only for you").Ephemeral().
			WithFile("dot.png", "image/png", bytes.NewReader(pngDot(t))).
			WithFile("dot.svg", "image/svg+xml", strings.NewReader(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)), nil
	}, router.Description("A picture, and one that is not"))
	r.Command("vote", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		poll := interaction.NewPoll("Where shall we eat?", "Pizza").
			WithEmojiAnswer(interaction.PollEmoji{Name: "🍣"}, "Sushi").
			WithEmojiAnswer(interaction.PollEmoji{ID: 41771983429993937, Name: "salad"}, "Salad").Lasting(2)
		return interaction.Reply("Lunch vote").WithPoll(poll), nil
	}, router.Description("A poll"))
	r.Command("reveal", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("How it ends").WithSpoilerFile("ending.png", "image/png", bytes.NewReader(pngDot(t))), nil
	}, router.Description("A picture behind a spoiler"))
	r.Command("trip", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		from, _ := req.Options.String("from")
		to, _ := req.Options.String("to")
		return interaction.Reply("From " + from + " to " + to + "."), nil
	}, router.Description("Two places, each suggested when the test lets it"), router.Options(
		option.String("from", "Where from").Required().Autocomplete(),
		option.String("to", "Where to").Required().Autocomplete(),
	))
	heldCities := func(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		n := p.asking.Add(1)
		defer p.asking.Add(-1)
		for most := p.mostAsking.Load(); n > most && !p.mostAsking.CompareAndSwap(most, n); most = p.mostAsking.Load() {
		}
		select {
		case p.asked <- req.Focused.Name:
		default:
		}
		select {
		case <-p.suggest:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		var out []interaction.Choice
		for _, c := range autocomplete.Match(req.Focused.Text(), cities) {
			out = append(out, interaction.StringChoice(c, strings.ToLower(c)))
		}
		return out, nil
	}
	r.Autocomplete("trip", "from", heldCities)
	r.Autocomplete("trip", "to", heldCities)
	r.UserCommand("High five", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		u, _ := req.TargetUser()
		return interaction.Reply(req.Invoker().Username + " high-fives " + u.Username + "."), nil
	}, router.Localize(interaction.LocaleFrench, "Tope là", ""))
	r.MessageCommand("Quote", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		m, _ := req.TargetMessage()
		return interaction.Reply("> " + m.Content), nil
	})
	r.EntryPoint("Launch", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("The game starts."), nil
	}, router.Description("Start the game"))
	r.Modal("feedback", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		text, _ := req.Fields.Text("text")
		return interaction.Reply("Thanks: " + text).Ephemeral(), nil
	})
	return r
}

// pngDot is a picture of one pixel.
func pngDot(t *testing.T) []byte {
	var b bytes.Buffer
	img := image.NewGray(image.Rect(0, 0, 1, 1))
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// notes is a message with every kind of markdown the page shows.
func notes(user, channel interaction.Snowflake) string {
	return "**Bold** and *leaning* and __under__ and ~~gone~~, `x := 1`, ||secret||\n" +
		"For <@" + user.String() + "> in <#" + channel.String() + "> on <t:0:D>, see [the docs](https://example.invalid/docs).\n" +
		"> quoted\n" +
		"- one\n- two\n" +
		"```go\nfmt.Println(\"<b>not bold</b>\")\n```"
}

// serveBot builds r, serves its endpoint for emu, registers its commands
// and points emu at it.
func serveBot(t testing.TB, emu *emulator.Server, r *router.Router) {
	t.Helper()
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	api, err := rest.NewClient(emu.URL, rest.BotToken(emu.BotToken))
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(emu.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.New(mux, verifier, endpoint.WithClient(api))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(e)
	t.Cleanup(func() {
		srv.Close()
		e.WaitDeferred(context.Background())
	})
	ctx := context.Background()
	for _, scope := range []command.Scope{command.Global, command.InGuild(emu.GuildID)} {
		if _, err := api.OverwriteCommands(ctx, emu.ApplicationID, scope, mux.Definitions().Commands(scope)); err != nil {
			t.Fatal(err)
		}
	}
	if err := emu.SetInteractionsURL(ctx, srv.URL); err != nil {
		t.Fatal(err)
	}
}

// do makes a request of the playground as its page does, and returns the
// status and the body of the answer.
func (p *playground) do(t *testing.T, method, path string, body any) (int, []byte) {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, p.url+path, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", p.url)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, raw
}

// decode decodes the body of an answer into v, or fails the test.
func decode(t testing.TB, raw []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
}
