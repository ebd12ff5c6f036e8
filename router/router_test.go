package router_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
)

func TestDispatchFindsEachPathExactly(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Command("ping", endpointtest.Reply("ping"))
	r.Command("mod ban", endpointtest.Reply("mod ban"))
	r.Command("mod kick", endpointtest.Reply("mod kick"))
	r.Command("mod user ban", endpointtest.Reply("mod user ban"))
	r.Group("mod").Group("user").Command("mute", endpointtest.Reply("mod user mute"))
	r.UserCommand("Show avatar", endpointtest.Reply("user: Show avatar"))
	r.MessageCommand("Quote", endpointtest.Reply("message: Quote"))
	r.EntryPoint("launch", endpointtest.Reply("entry point"))
	m := endpointtest.Build(t, r)

	target := interaction.User{ID: 77, Username: "target"}
	tests := []struct {
		name string
		b    *interactiontest.Builder
		want string
	}{
		{"a plain command", interactiontest.Command("ping"), "ping"},
		{"a subcommand", interactiontest.Command("mod ban"), "mod ban"},
		{"a sibling subcommand", interactiontest.Command("mod kick"), "mod kick"},
		{"a subcommand in a group", interactiontest.Command("mod user ban"), "mod user ban"},
		{"a subcommand registered through groups", interactiontest.Command("mod user mute"), "mod user mute"},
		{"a user command", interactiontest.UserCommand("Show avatar", target, nil), "user: Show avatar"},
		{"a message command", interactiontest.MessageCommand("Quote", interaction.Message{ID: 5, Content: "hi"}), "message: Quote"},
		{"the entry point whatever its name", interactiontest.EntryPoint("Launch"), "entry point"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := endpointtest.Dispatch(t, m, tt.b)
			if err != nil {
				t.Fatalf("err = %v", err)
			}
			if resp.Message.Content != tt.want {
				t.Fatalf("ran %q, want %q", resp.Message.Content, tt.want)
			}
		})
	}
}

func TestDispatchNeverMatchesAPrefixOrAnExtension(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Command("ping", endpointtest.Reply("ping"))
	r.Command("mod ban", endpointtest.Reply("mod ban"))
	r.Command("mod user ban", endpointtest.Reply("mod user ban"))
	r.UserCommand("Show avatar", endpointtest.Reply("user"))
	m := endpointtest.Build(t, r)

	tests := []struct {
		name string
		b    *interactiontest.Builder
	}{
		{"a command with subcommands invoked alone", interactiontest.Command("mod")},
		{"an unknown subcommand", interactiontest.Command("mod warn")},
		{"a group invoked as a subcommand", interactiontest.Command("mod user")},
		{"a subcommand of a plain command", interactiontest.Command("ping extra")},
		{"an unknown group", interactiontest.Command("mod role ban")},
		{"a subcommand invoked as if in a group", interactiontest.Command("mod ban ban")},
		{"an unknown command", interactiontest.Command("pong")},
		{"a chat command named like a user command", interactiontest.Command("Show")},
		{"a message command named like a user command", interactiontest.MessageCommand("Show avatar", interaction.Message{ID: 1})},
		{"a user command of another name", interactiontest.UserCommand("Show", interaction.User{ID: 1}, nil)},
		{"an entry point nobody registered", interactiontest.EntryPoint("Launch")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := endpointtest.Dispatch(t, m, tt.b)
			if !errors.Is(err, router.ErrNotFound) {
				t.Fatalf("err = %v, want ErrNotFound", err)
			}
			if resp.Type != interaction.CallbackChannelMessageWithSource || resp.Message.Flags&interaction.FlagEphemeral == 0 {
				t.Fatalf("default not-found answer = %+v, want an ephemeral message", resp)
			}
		})
	}
}

func TestNotFoundHandlerAnswersUnknownCommands(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.NotFound(func(_ context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("no " + req.Path()), nil
	})
	m := endpointtest.Build(t, r)
	resp, err := endpointtest.Dispatch(t, m, interactiontest.Command("mod user ban"))
	if !errors.Is(err, router.ErrNotFound) || resp.Message.Content != "no mod user ban" {
		t.Fatalf("got %q, %v", resp.Message.Content, err)
	}
}

func TestBuildReportsEveryProblemAtOnce(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Command("ping", endpointtest.Reply("a"))
	r.Command("ping", endpointtest.Reply("b"))                   // twice
	r.Command("mod", endpointtest.Reply("mod"))                  // and mod has subcommands
	r.Command("mod ban", endpointtest.Reply("ban"))              //
	r.Command("admin user role add", endpointtest.Reply("deep")) // a group in a group
	r.Command("cfg set", endpointtest.Reply("set"))              //
	r.Command("cfg set x", endpointtest.Reply("x"))              // set is a subcommand and a group
	r.Command("", endpointtest.Reply("empty"))                   // no name
	r.Command("two  spaces", endpointtest.Reply("spaces"))       // not single spaces
	r.Command("nil", nil)                                        // nil handler
	r.Autocomplete("search", "query", func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
		return nil, nil
	}) // for a command with no handler
	r.UserCommand("Show", endpointtest.Reply("u1"))
	r.UserCommand("Show", endpointtest.Reply("u2")) // twice
	r.EntryPoint("launch", endpointtest.Reply("e1"))
	r.EntryPoint("other", endpointtest.Reply("e2")) // at most one
	r.Group("empty")                                // a group with nothing in it

	_, err := r.Build()
	if err == nil {
		t.Fatal("Build succeeded")
	}
	for _, want := range []string{
		"ping: registered twice",
		"mod: a command with subcommands cannot be invoked by itself",
		"admin user role: a subcommand group cannot contain another group",
		"cfg set: is both a subcommand and a subcommand group",
		"path must be one to three names",
		"nil: handler is nil",
		"search: autocomplete registered for a command that has no handler",
		"Show: user command registered twice",
		"other: an application has at most one entry point command",
		"empty: group has no subcommands",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Build error lacks %q:\n%v", want, err)
		}
	}
	var re *router.RouteError
	if !errors.As(err, &re) {
		t.Errorf("errors.As(*RouteError) failed for %v", err)
	}
}

func TestBuildAcceptsSubcommandsAndGroupsSideBySide(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Command("mod ban", endpointtest.Reply("mod ban"))
	r.Command("mod user ban", endpointtest.Reply("mod user ban"))
	if _, err := r.Build(); err != nil {
		t.Fatal(err)
	}
}

func TestMiddlewareRunsRouterFirstThenGroupsInOrder(t *testing.T) {
	var trace []string
	mw := func(name string) router.Middleware {
		return func(next router.Handler) router.Handler {
			return router.HandlerFunc(func(ctx context.Context, req *router.Request) (interaction.Response, error) {
				trace = append(trace, name)
				return next.ServeInteraction(ctx, req)
			})
		}
	}
	r := router.New(router.DispatchOnly())
	mod := r.Group("mod")
	mod.Use(mw("mod"))
	user := mod.Group("user")
	user.Use(mw("user1"), mw("user2"))
	user.Command("ban", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		trace = append(trace, "handler")
		return interaction.Reply("ok"), nil
	})
	r.Command("ping", endpointtest.Reply("ping"))
	r.Use(mw("router")) // registered last, still outermost
	m := endpointtest.Build(t, r)

	if _, err := endpointtest.Dispatch(t, m, interactiontest.Command("mod user ban")); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(trace, ","), "router,mod,user1,user2,handler"; got != want {
		t.Fatalf("order = %s, want %s", got, want)
	}
	trace = nil
	if _, err := endpointtest.Dispatch(t, m, interactiontest.Command("ping")); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(trace, ","); got != "router" {
		t.Fatalf("group middleware ran outside its group: %s", got)
	}
}

func TestHandlerErrorsGoThroughTheErrorHandler(t *testing.T) {
	boom := errors.New("boom")
	failing := func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Response{}, boom
	}

	t.Run("the default answers with an ephemeral message", func(t *testing.T) {
		r := router.New(router.DispatchOnly())
		r.Command("fail", failing)
		resp, err := endpointtest.Dispatch(t, endpointtest.Build(t, r), interactiontest.Command("fail"))
		if !errors.Is(err, boom) {
			t.Fatalf("err = %v", err)
		}
		if resp.Type != interaction.CallbackChannelMessageWithSource || resp.Message.Flags != interaction.FlagEphemeral {
			t.Fatalf("resp = %+v", resp)
		}
		if strings.Contains(resp.Message.Content, "boom") {
			t.Fatal("the default answer shows the error to the user")
		}
	})
	t.Run("a custom handler decides the answer", func(t *testing.T) {
		r := router.New(router.DispatchOnly())
		r.Command("fail", failing)
		r.OnError(func(_ context.Context, req *router.Request, err error) interaction.Response {
			return interaction.Reply(req.Path() + ": " + err.Error())
		})
		resp, _ := endpointtest.Dispatch(t, endpointtest.Build(t, r), interactiontest.Command("fail"))
		if resp.Message.Content != "fail: boom" {
			t.Fatalf("content = %q", resp.Message.Content)
		}
	})
}

func TestRequestCarriesPathOptionsAndTargets(t *testing.T) {
	target := interaction.User{ID: 99, Username: "target"}
	var got *router.Request
	capture := func(_ context.Context, req *router.Request) (interaction.Response, error) {
		got = req
		return interaction.Reply("ok"), nil
	}
	r := router.New(router.DispatchOnly())
	r.Command("mod user ban", capture)
	r.UserCommand("Inspect", capture)
	r.MessageCommand("Quote", capture)
	m := endpointtest.Build(t, r)

	endpointtest.Dispatch(t, m, interactiontest.Command("mod user ban").String("reason", "spam").Locale(interaction.LocaleFrench))
	if got.Command != "mod" || got.SubcommandGroup != "user" || got.Subcommand != "ban" || got.Path() != "mod user ban" {
		t.Fatalf("path = %q %q %q", got.Command, got.SubcommandGroup, got.Subcommand)
	}
	if reason, ok := got.Options.String("reason"); !ok || reason != "spam" {
		t.Fatalf("reason = %q, %v", reason, ok)
	}
	if got.Locale() != interaction.LocaleFrench || got.Invoker().ID != interactiontest.UserID {
		t.Fatalf("locale %q invoker %v", got.Locale(), got.Invoker().ID)
	}

	endpointtest.Dispatch(t, m, interactiontest.UserCommand("Inspect", target, &interaction.Member{Nick: "tgt"}))
	u, ok := got.TargetUser()
	if !ok || u.ID != 99 || !u.HasMember || u.Member.Nick != "tgt" || u.Member.User.ID != 99 {
		t.Fatalf("target user = %+v, %v", u, ok)
	}

	endpointtest.Dispatch(t, m, interactiontest.MessageCommand("Quote", interaction.Message{ID: 7, Content: "hello", Author: target}))
	msg, ok := got.TargetMessage()
	if !ok || msg.Content != "hello" || msg.Author.ID != 99 {
		t.Fatalf("target message = %+v, %v", msg, ok)
	}
}

func TestAutocompleteRoutesByPathAndFocusedOption(t *testing.T) {
	suggest := func(tag string) autocomplete.HandlerFunc {
		return func(_ context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
			return []interaction.Choice{interaction.StringChoice(tag, req.Focused.Text())}, nil
		}
	}
	r := router.New(router.DispatchOnly())
	r.Command("music play", endpointtest.Reply("play"))
	r.Autocomplete("music play", "song", suggest("song"))
	r.Autocomplete("music play", "artist", suggest("artist"))
	r.Command("admin cfg set", endpointtest.Reply("set"))
	r.Autocomplete("admin cfg set", "key", suggest("key"))
	r.AutocompleteDefault(suggest("default"))
	m := endpointtest.Build(t, r)

	tests := []struct {
		name, path, option, partial, want string
	}{
		{"by option name", "music play", "song", "bohe", "song"},
		{"a sibling option", "music play", "artist", "que", "artist"},
		{"inside a group", "admin cfg set", "key", "ti", "key"},
		{"an option without a handler", "music play", "volume", "1", "default"},
		{"a command without a handler", "other", "x", "", "default"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := interactiontest.Autocomplete(tt.path).String("other", "filled").
				Focus(tt.option, interaction.OptionString, interaction.StringValue(tt.partial))
			resp, err := endpointtest.Dispatch(t, m, b)
			if err != nil {
				t.Fatal(err)
			}
			if resp.Type != interaction.CallbackAutocompleteResult || len(resp.Choices) != 1 {
				t.Fatalf("resp = %+v", resp)
			}
			if c := resp.Choices[0]; c.Name != tt.want || c.Value.Text() != tt.partial {
				t.Fatalf("choice = %q %q, want %q %q", c.Name, c.Value.Text(), tt.want, tt.partial)
			}
		})
	}
}

func TestAutocompleteAnswersStayWithinTheServiceLimits(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Command("search", endpointtest.Reply("search"))
	r.Autocomplete("search", "query", func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
		var out []interaction.Choice
		out = append(out, interaction.StringChoice("", "empty name"))
		out = append(out, interaction.StringChoice("long value", strings.Repeat("v", 101)))
		out = append(out, interaction.IntChoice("wrong type", 3))
		for i := 0; i < 40; i++ {
			out = append(out, interaction.StringChoice("ok", "v"))
		}
		return out, nil
	})
	m := endpointtest.Build(t, r)
	resp, err := endpointtest.Dispatch(t, m, interactiontest.Autocomplete("search").
		Focus("query", interaction.OptionString, interaction.StringValue("")))
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Choices) != autocomplete.MaxChoices {
		t.Fatalf("%d choices, want %d", len(resp.Choices), autocomplete.MaxChoices)
	}
	for _, c := range resp.Choices {
		if c.Name != "ok" {
			t.Fatalf("an invalid choice was sent: %+v", c)
		}
	}
}

func TestAutocompleteSeesAPartialNumberAsSent(t *testing.T) {
	var focused autocomplete.Focused
	r := router.New(router.DispatchOnly())
	r.Command("roll", endpointtest.Reply("roll"))
	r.Autocomplete("roll", "sides", func(_ context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		focused = req.Focused
		return nil, nil
	})
	m := endpointtest.Build(t, r)
	_, err := endpointtest.Dispatch(t, m, interactiontest.Autocomplete("roll").
		Focus("sides", interaction.OptionNumber, interaction.StringValue("12.")))
	if err != nil {
		t.Fatal(err)
	}
	if focused.Type != interaction.OptionNumber || focused.Value.Kind() != interaction.KindString || focused.Text() != "12." {
		t.Fatalf("focused = %+v", focused)
	}
}

func TestAutocompleteErrorsAnswerWithNoChoices(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Command("search", endpointtest.Reply("search"))
	r.Autocomplete("search", "q", func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
		return nil, errors.New("backend down")
	})
	resp, err := endpointtest.Dispatch(t, endpointtest.Build(t, r), interactiontest.Autocomplete("search").
		Focus("q", interaction.OptionString, interaction.StringValue("x")))
	if err == nil || resp.Type != interaction.CallbackAutocompleteResult || len(resp.Choices) != 0 {
		t.Fatalf("resp = %+v, err = %v", resp, err)
	}
}

func TestDispatchAnswersPingAndRefusesOtherTypes(t *testing.T) {
	m := endpointtest.Build(t, router.New(router.DispatchOnly()))
	resp, err := endpointtest.Dispatch(t, m, interactiontest.Ping())
	if err != nil || resp.Type != interaction.CallbackPong {
		t.Fatalf("ping: %+v, %v", resp, err)
	}
	_, err = m.Dispatch(context.Background(), &interaction.Interaction{ID: 1, Type: 42})
	if !errors.Is(err, router.ErrUnsupported) {
		t.Fatalf("type 42: err = %v", err)
	}
}

func TestHandlersCanBeCalledWithoutAServer(t *testing.T) {
	ban := func(_ context.Context, req *router.Request) (interaction.Response, error) {
		u, err := req.Options.Get("user").User()
		if err != nil {
			return interaction.Response{}, err
		}
		return interaction.Reply("banned " + u.Username), nil
	}
	ix := interactiontest.Command("mod ban").User("user", interaction.User{ID: 3, Username: "eve"}, nil).Interaction()
	resp, err := ban(context.Background(), router.NewRequest(ix))
	if err != nil || resp.Message.Content != "banned eve" {
		t.Fatalf("%q, %v", resp.Message.Content, err)
	}
}

func TestDispatchContextHasNoDeadlineOfItsOwn(t *testing.T) {
	// Dispatch passes the caller's context through: tests control time.
	r := router.New(router.DispatchOnly())
	r.Command("ping", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		if _, ok := ctx.Deadline(); ok {
			t.Error("Dispatch added a deadline")
		}
		return interaction.Reply("pong"), nil
	})
	if _, err := endpointtest.Build(t, r).Dispatch(context.Background(), interactiontest.Command("ping").Interaction()); err != nil {
		t.Fatal(err)
	}
}

// TestMiddlewareWrapsEveryInteractionType: the router's middleware sees
// commands, their autocomplete, the autocomplete no completer takes,
// components and modals; a group's sees the autocomplete of its commands
// too, as the handlers of the endpoint run them.
func TestMiddlewareWrapsEveryInteractionType(t *testing.T) {
	var seen []string
	mw := func(name string) router.Middleware {
		return func(next router.Handler) router.Handler {
			return router.HandlerFunc(func(ctx context.Context, req *router.Request) (interaction.Response, error) {
				seen = append(seen, name+" "+req.Interaction.Type.String())
				return next.ServeInteraction(ctx, req)
			})
		}
	}
	r := router.New(router.DispatchOnly())
	r.Use(mw("router"))
	weather := r.Group("weather")
	weather.Use(mw("group"))
	weather.Command("now", endpointtest.Reply("sunny"))
	weather.Autocomplete("now", "city", func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
		return []interaction.Choice{interaction.StringChoice("Paris", "paris")}, nil
	})
	r.Command("ping", endpointtest.Reply("pong"))
	r.AutocompleteDefault(func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) { return nil, nil })
	r.Component("go", endpointtest.Reply("went"))
	r.Modal("form", endpointtest.Reply("thanks"))
	m := endpointtest.Build(t, r)

	for _, tt := range []struct {
		b    *interactiontest.Builder
		want string
	}{
		{interactiontest.Command("weather now"), "router APPLICATION_COMMAND,group APPLICATION_COMMAND"},
		{interactiontest.Autocomplete("weather now").Focus("city", interaction.OptionString, interaction.StringValue("pa")),
			"router APPLICATION_COMMAND_AUTOCOMPLETE,group APPLICATION_COMMAND_AUTOCOMPLETE"},
		{interactiontest.Autocomplete("ping").Focus("other", interaction.OptionString, interaction.StringValue("x")),
			"router APPLICATION_COMMAND_AUTOCOMPLETE"},
		{interactiontest.Button("go"), "router MESSAGE_COMPONENT"},
		{interactiontest.ModalSubmit("form"), "router MODAL_SUBMIT"},
	} {
		seen = nil
		resp, err := endpointtest.Dispatch(t, m, tt.b)
		if err != nil {
			t.Fatalf("%s: %v", tt.want, err)
		}
		if got := strings.Join(seen, ","); got != tt.want {
			t.Errorf("middleware saw %q, want %q (answer %+v)", got, tt.want, resp)
		}
	}
	seen = nil
	resp, _ := endpointtest.Dispatch(t, m, interactiontest.Autocomplete("weather now").Focus("city", interaction.OptionString, interaction.StringValue("pa")))
	if len(resp.Choices) != 1 || resp.Choices[0].Name != "Paris" {
		t.Errorf("the suggestions through middleware: %+v", resp.Choices)
	}
}
