package emulator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// A bot's test starts the emulator in place of the service, serves the bot
// on a loopback port, deploys it as it would be deployed (its commands
// synced, its interactions URL set), and then uses its commands as a user
// would.
func Example_bot() {
	ctx := context.Background()
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()

	// The bot: its commands, and its endpoint, which verifies requests with
	// the key the service signs them with.
	r := router.New()
	r.Command("greet", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		name, _ := req.Options.String("name")
		return interaction.Reply("Hello, " + name + "!"), nil
	},
		router.Description("Greet someone"),
		router.Options(option.String("name", "Who to greet").Required().MaxLength(32)))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(service.PublicKey)
	if err != nil {
		log.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	e, err := endpoint.New(mux, verifier)
	if err != nil {
		log.Fatal(err)
	}
	bot := &http.Server{Handler: e}
	go bot.Serve(ln)
	defer bot.Close()

	// The deploy: register the commands, then point the service at the
	// bot, which it checks with a signed PING and a forged request.
	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}
	if _, err := registry.Sync(ctx, client, service.ApplicationID, mux.Definitions(), registry.SyncOptions{}); err != nil {
		log.Fatal(err)
	}
	if err := service.SetInteractionsURL(ctx, "http://"+ln.Addr().String()+"/interactions"); err != nil {
		log.Fatal(err)
	}

	// A member of the guild uses /greet.
	res, err := service.Invoke(ctx, emulator.Invocation{
		Guild:   service.GuildID,
		Command: "greet",
		Options: []emulator.Arg{{Name: "name", Value: "Ada"}},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Status, res.OK(), res.Answer.Message.Content)

	// The client would not send a required option left out, nor a name
	// longer than the option allows.
	_, err = service.Invoke(ctx, emulator.Invocation{Guild: service.GuildID, Command: "greet"})
	fmt.Println(errors.Is(err, emulator.ErrInvalidInput))
	_, err = service.Invoke(ctx, emulator.Invocation{
		Guild:   service.GuildID,
		Command: "greet",
		Options: []emulator.Arg{{Name: "name", Value: strings.Repeat("a", 33)}},
	})
	fmt.Println(errors.Is(err, emulator.ErrInvalidInput))

	// What was sent, and what became of it.
	for _, rec := range service.Interactions() {
		fmt.Println(rec.Interaction.Type, rec.Interaction.Data.Path(), "→", rec.Original.Data.Content)
	}
	// Output:
	// 200 true Hello, Ada!
	// true
	// true
	// APPLICATION_COMMAND greet → Hello, Ada!
}

// startBot serves mux on a loopback port as a bot would, and makes it the
// service's interactions URL. The returned function stops it.
func startBot(service *emulator.Server, mux *router.Mux) (stop func()) {
	ctx := context.Background()
	verifier, err := interaction.NewVerifier(service.PublicKey)
	if err != nil {
		log.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	e, err := endpoint.New(mux, verifier)
	if err != nil {
		log.Fatal(err)
	}
	bot := &http.Server{Handler: e}
	go bot.Serve(ln)
	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}
	if _, err := registry.Sync(ctx, client, service.ApplicationID, mux.Definitions(), registry.SyncOptions{}); err != nil {
		log.Fatal(err)
	}
	if err := service.SetInteractionsURL(ctx, "http://"+ln.Addr().String()); err != nil {
		log.Fatal(err)
	}
	return func() { bot.Close() }
}

func ExampleNew() {
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()

	// What a bot is configured with: the API's base URL, the application,
	// its credentials and its public key.
	fmt.Println("loopback:", strings.HasPrefix(service.URL, "http://127.0.0.1:"), "API version:", path.Base(service.URL))
	fmt.Println("public key:", len(service.PublicKey), "hex digits")
	fmt.Println("users:", service.Admin != 0, service.Moderator != 0, service.Member != 0)

	req, err := http.NewRequest("GET", service.URL+"/users/@me", nil)
	if err != nil {
		log.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot "+service.BotToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	var me interaction.User
	if err := json.NewDecoder(resp.Body).Decode(&me); err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.StatusCode, me.Username, me.Bot)
	// Output:
	// loopback: true API version: v10
	// public key: 64 hex digits
	// users: true true true
	// 200 emulator-bot true
}

// Invoke evaluates the command's permissions as the service does before it
// sends anything: here, a command left to administrators.
func ExampleServer_Invoke() {
	ctx := context.Background()
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()

	r := router.New()
	r.Command("shutdown", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("Shutting down.").Ephemeral(), nil
	}, router.Description("Stop the bot"), router.AdminsOnly())
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	defer startBot(service, mux)()

	for _, user := range []struct {
		name string
		id   interaction.Snowflake
	}{{"member", service.Member}, {"owner", service.Admin}} {
		res, err := service.Invoke(ctx, emulator.Invocation{User: user.id, Guild: service.GuildID, Command: "shutdown"})
		switch {
		case errors.Is(err, emulator.ErrPermissionDenied):
			fmt.Println(user.name, "may not use it")
		case err != nil:
			log.Fatal(err)
		default:
			fmt.Println(user.name, res.Answer.Message.Content, res.Answer.Message.Flags == interaction.FlagEphemeral)
		}
	}
	// Output:
	// member may not use it
	// owner Shutting down. true
}

// Submit fills in a modal as a user does: options of radio and checkbox
// groups by value or label, checkboxes ticked or not, users by id; an
// input left out keeps what it started with. What the client would not
// send is refused.
func ExampleServer_Submit() {
	ctx := context.Background()
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()

	r := router.New()
	r.Command("signup", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.ShowModal(component.Modal("signup", "Sign up",
			component.Labeled("Class", component.Radio("class",
				component.Choice("Warrior", "w"), component.Choice("Bard", "b"))),
			component.Labeled("Days", component.Checkboxes("days",
				component.Choice("Monday", "mon"), component.Choice("Tuesday", "tue")).WithMaxValues(2)),
			component.Labeled("Send me news", component.CheckboxInput("news").Checked()),
			component.Labeled("Partner", component.SelectUsers("partner")),
		)), nil
	}, router.Description("Sign up for the games"), router.NoAutoDefer())
	r.Modal("signup", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		class, _ := req.Fields.Choice("class")
		days, _ := req.Fields.Values("days")
		news, _ := req.Fields.Checked("news")
		partners, err := req.Fields.Get("partner").Users()
		if err != nil {
			return interaction.Response{}, err
		}
		return interaction.Reply(fmt.Sprintf("%s on %s with %s, news %v",
			class, strings.Join(days, "+"), partners[0].Username, news)), nil
	})
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	defer startBot(service, mux)()

	if _, err := service.Invoke(ctx, emulator.Invocation{Guild: service.GuildID, Command: "signup"}); err != nil {
		log.Fatal(err)
	}
	// A radio group takes one option.
	_, err = service.Submit(ctx, emulator.Submit{Values: map[string][]string{
		"Class": {"Warrior", "Bard"}, "Days": {"mon"}, "partner": {service.Moderator.String()},
	}})
	fmt.Println(err)
	res, err := service.Submit(ctx, emulator.Submit{
		Values: map[string][]string{
			"Class": {"Bard"}, "Days": {"tue", "Monday"}, "partner": {service.Moderator.String()},
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Answer.Message.Content)
	// Output:
	// emulator: invalid input: radio group "Class" takes one choice, not 2
	// b on tue+mon with ada, news true
}

// ParseCommand reads what a user types into the client, names and
// mentions included, into an Invocation ready for Invoke.
func ExampleServer_ParseCommand() {
	ctx := context.Background()
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()

	r := router.New()
	r.Command("warn", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		user, _ := req.Options.User("user")
		reason, _ := req.Options.String("reason")
		return interaction.Reply("Warned " + user.Username + ": " + reason), nil
	}, router.Description("Warn a member"), router.Options(
		option.User("user", "Who").Required(),
		option.String("reason", "Why").Required(),
	))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	defer startBot(service, mux)()

	where := emulator.Invocation{User: service.Admin, Guild: service.GuildID}
	for _, line := range []string{`/warn user:@bob reason:"spam, twice"`, `/warn user:@bob`, `/wrn user:@bob`} {
		inv, err := service.ParseCommand(where, line)
		if err != nil {
			fmt.Println(err)
			continue
		}
		res, err := service.Invoke(ctx, inv)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(res.Answer.Message.Content)
	}
	// Output:
	// Warned bob: spam, twice
	// emulator: invalid input: required option "reason" is missing
	// emulator: unknown command: no command /wrn in guild "Emulator Guild"; there are /warn
}

func ExampleServer_Autocomplete() {
	ctx := context.Background()
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()

	fruits := []string{"apple", "apricot", "banana", "pineapple"}
	r := router.New()
	r.Command("fruit", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		name, _ := req.Options.String("name")
		return interaction.Reply("You picked " + name + "."), nil
	}, router.Description("Pick a fruit"), router.Options(option.String("name", "The fruit").Required().Autocomplete()))
	r.Autocomplete("fruit", "name", func(_ context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		var out []interaction.Choice
		for _, f := range autocomplete.Match(req.Focused.Text(), fruits) {
			out = append(out, interaction.StringChoice(f, f))
		}
		return out, nil
	})
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	defer startBot(service, mux)()

	res, err := service.Autocomplete(ctx, emulator.Invocation{
		Guild:   service.GuildID,
		Command: "fruit",
		Options: []emulator.Arg{{Name: "name", Value: "ap"}},
		Focused: "name",
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range res.Answer.Choices {
		fmt.Println(c.Name)
	}
	// Output:
	// apple
	// apricot
	// pineapple
}

// A bot that needs more than the 3 seconds the service waits defers, and
// completes its answer later through the webhook endpoints, with the
// interaction's token. Interactions shows the conversation as the user
// sees it.
func ExampleServer_Interactions() {
	ctx := context.Background()
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()

	workDone := make(chan struct{}) // stands for work that outlasts the answer
	edited := make(chan int)
	r := router.New()
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		token := req.Interaction.Token
		// The handler's context ends when it returns; the edit runs on.
		ctx = context.WithoutCancel(ctx)
		go func() {
			<-workDone
			body := []byte(`{"content":"Report ready: 3 warnings."}`)
			url := service.URL + "/webhooks/" + service.ApplicationID.String() + "/" + token + "/messages/@original"
			req, err := http.NewRequestWithContext(ctx, "PATCH", url, bytes.NewReader(body))
			if err != nil {
				log.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				log.Fatal(err)
			}
			resp.Body.Close()
			edited <- resp.StatusCode
		}()
		return interaction.Defer(), nil
	}, router.Description("Build the weekly report"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	defer startBot(service, mux)()

	res, err := service.Invoke(ctx, emulator.Invocation{Guild: service.GuildID, Command: "report"})
	if err != nil {
		log.Fatal(err)
	}
	rec, _ := service.Interaction(res.Interaction.ID)
	fmt.Println(rec.Answer.Type, "loading:", rec.Original.Loading())

	close(workDone)
	fmt.Println("edit:", <-edited)
	rec, _ = service.Interaction(res.Interaction.ID)
	fmt.Println("loading:", rec.Original.Loading(), "content:", rec.Original.Data.Content)
	fmt.Println(len(service.Interactions()), "interaction")
	// Output:
	// DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE loading: true
	// edit: 200
	// loading: false content: Report ready: 3 warnings.
	// 1 interaction
}

// SetInteractionsURL refuses an endpoint that does not check signatures,
// as the service does when a developer saves the URL.
func ExampleServer_SetInteractionsURL() {
	ctx := context.Background()
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	careless := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"type":1}`) // answers everything, signed or not
	})}
	go careless.Serve(ln)
	defer careless.Close()

	err = service.SetInteractionsURL(ctx, "http://"+ln.Addr().String())
	fmt.Println(errors.Is(err, emulator.ErrEndpointCheck))
	fmt.Println(err)
	// Output:
	// true
	// emulator: interactions endpoint check failed: the badly signed request was answered 200, not 401: the endpoint must verify signatures
}

// InjectFault makes the service fail on demand, to test how a client
// copes: here a rate-limited answer as any client receives it, then two
// that a rest.Client waits out.
func ExampleServer_InjectFault() {
	ctx := context.Background()
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()

	if err := service.InjectFault(emulator.Fault{Route: "users_me", Kind: emulator.FaultRateLimit, RetryAfter: 50 * time.Millisecond}); err != nil {
		log.Fatal(err)
	}

	req, err := http.NewRequest("GET", service.URL+"/users/@me", nil)
	if err != nil {
		log.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot "+service.BotToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	resp.Body.Close()
	fmt.Println(resp.StatusCode, resp.Header.Get("Retry-After"), resp.Header.Get("X-RateLimit-Reset-After"), resp.Header.Get("X-RateLimit-Scope"))

	if err := service.InjectFault(emulator.Fault{Route: "users_me", Kind: emulator.FaultRateLimit, RetryAfter: 50 * time.Millisecond, Count: 2}); err != nil {
		log.Fatal(err)
	}
	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}
	me, err := client.CurrentUser(ctx)
	fmt.Println(me.Username, err)
	// Output:
	// 429 1 0.050 user
	// emulator-bot <nil>
}

// The emulator keeps the newest interactions, as many as its Limits say;
// the oldest are forgotten, and their tokens stop working.
func ExampleLimits() {
	ctx := context.Background()
	service, err := emulator.New(emulator.Config{Limits: emulator.Limits{Interactions: 2}})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()
	r := router.New()
	r.Command("roll", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("4"), nil
	}, router.Description("Roll a die"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	defer startBot(service, mux)()

	var first interaction.Snowflake
	for i := range 3 {
		res, err := service.Invoke(ctx, emulator.Invocation{Guild: service.GuildID, Command: "roll"})
		if err != nil {
			log.Fatal(err)
		}
		if i == 0 {
			first = res.Interaction.ID
		}
	}
	_, kept := service.Interaction(first)
	fmt.Println(len(service.Interactions()), "interactions kept; the first kept:", kept)
	// Output:
	// 2 interactions kept; the first kept: false
}

// A user interface that shows the channel reads every message once, then
// only those that changed, whatever the number the emulator keeps.
func ExampleServer_MessageChanges() {
	ctx := context.Background()
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()
	r := router.New()
	r.Command("roll", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("4"), nil
	}, router.Description("Roll a die"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	defer startBot(service, mux)()

	roll := emulator.Invocation{Guild: service.GuildID, Command: "roll"}
	if _, err := service.Invoke(ctx, roll); err != nil {
		log.Fatal(err)
	}
	shown, since := service.Messages()
	fmt.Println(len(shown), "message shown")

	if _, err := service.Invoke(ctx, roll); err != nil {
		log.Fatal(err)
	}
	ids, _, ok := service.MessageChanges(since)
	for _, id := range ids {
		m, _ := service.Message(id)
		fmt.Println("changed:", m.Data.Content, "answering", m.Interaction.Data.Name, ok)
	}
	// Output:
	// 1 message shown
	// changed: 4 answering roll true
}
