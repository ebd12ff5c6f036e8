package rest_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/rest"
)

// startService starts an emulator of the service on a loopback port; the
// caller closes it. A bot uses the service's base URL instead.
func startService() *emulator.Server {
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	return service
}

func ExampleNewClient() {
	ctx := context.Background()
	service := startService()
	defer service.Close()

	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken),
		rest.WithUserAgent("example-bot/1.0"))
	if err != nil {
		log.Fatal(err)
	}
	me, err := client.CurrentUser(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("acting as", me.Username, "bot:", me.Bot)

	ping := command.Command{Name: "ping", Description: "Check that the bot answers"}
	cmd, created, err := client.CreateCommand(ctx, service.ApplicationID, command.Global, ping)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("created", cmd.Name, created)

	// A create is an upsert: the same name and type overwrite the command.
	ping.Description = "Is the bot there?"
	again, created, err := client.CreateCommand(ctx, service.ApplicationID, command.Global, ping)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("created", again.Name, created, "same id:", again.ID == cmd.ID)

	cmds, err := client.ListCommands(ctx, service.ApplicationID, command.Global, true)
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range cmds {
		fmt.Printf("%s %s: %s\n", c.CommandType(), c.Name, c.Description)
	}

	// The service's errors are values: codes compare with errors.Is.
	err = client.DeleteCommand(ctx, service.ApplicationID, command.Global, 1)
	fmt.Println(errors.Is(err, rest.ErrUnknownCommand))
	// Output:
	// acting as emulator-bot bot: true
	// created ping true
	// created ping false same id: true
	// CHAT_INPUT ping: Is the bot there?
	// true
}

// The service checks a body as Validate does, and answers 50035 with a
// tree of errors; the Client maps them back to the commands sent.
func ExampleAPIError() {
	ctx := context.Background()
	service := startService()
	defer service.Close()
	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}

	_, err = client.OverwriteCommands(ctx, service.ApplicationID, command.Global, []command.Command{
		{Name: "ping", Description: "Check that the bot answers"},
		{Name: "Echo", Description: "Say something back"},
	})
	var apiErr *rest.APIError
	if errors.As(err, &apiErr) {
		fmt.Println(apiErr.Status, apiErr.Code == rest.ErrInvalidFormBody, apiErr.Retryable())
		for _, v := range apiErr.Violations {
			fmt.Println(v)
			fmt.Println("   ", v.Pointer, v.Code)
		}
	}
	// Output:
	// 400 true false
	// Echo: Command name is invalid
	//     /1/name APPLICATION_COMMAND_INVALID_NAME
}

// An application without a bot authenticates as itself with the client
// credentials grant; the Client fetches the token when it first needs it
// and renews it before it expires.
func ExampleClientCredentials() {
	ctx := context.Background()
	service := startService()
	defer service.Close()

	auth := &rest.ClientCredentials{
		ClientID:     service.ClientID,
		ClientSecret: service.ClientSecret,
		Scopes:       []string{"applications.commands.update"},
	}
	client, err := rest.NewClient(service.URL, auth)
	if err != nil {
		log.Fatal(err)
	}
	cmds, err := client.OverwriteCommands(ctx, service.ApplicationID, command.Global, []command.Command{
		{Name: "ping", Description: "Check that the bot answers"},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(cmds), cmds[0].Name)
	// Output:
	// 1 ping
}

// Setting a command's permissions takes the token of a user who may manage
// the guild and its roles, granted through OAuth2; the bot's token is
// refused. WithAuth gives a Client that acts as that user.
func ExampleClient_SetPermissions() {
	ctx := context.Background()
	service := startService()
	defer service.Close()
	bot, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}
	guild := service.GuildID
	cmd, _, err := bot.CreateCommand(ctx, service.ApplicationID, command.InGuild(guild),
		command.Command{Name: "purge", Description: "Delete recent messages"})
	if err != nil {
		log.Fatal(err)
	}

	perms := []command.Permission{
		command.DenyRole(command.Everyone(guild)),
		command.AllowUser(service.Moderator),
	}
	_, err = bot.SetPermissions(ctx, service.ApplicationID, guild, cmd.ID, perms)
	fmt.Println("bot:", errors.Is(err, rest.ErrBotsCannotUse))

	// The code a moderator's browser brought back from the authorization
	// page.
	tok, err := bot.ExchangeCode(ctx, service.ClientID, service.ClientSecret, service.AuthorizationCode, service.RedirectURI)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("granted:", tok.Scopes())
	moderator := bot.WithAuth(rest.BearerToken(tok.AccessToken))
	set, err := moderator.SetPermissions(ctx, service.ApplicationID, guild, cmd.ID, perms)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("moderator:", len(set.Permissions), "overwrites, for all commands:", set.AppliesToAllCommands())

	// The bot may read them.
	got, err := bot.GetPermissions(ctx, service.ApplicationID, guild, cmd.ID)
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range got.Permissions {
		fmt.Println(p.Type, p.Permission)
	}
	// Output:
	// bot: true
	// granted: [identify applications.commands.permissions.update]
	// moderator: 2 overwrites, for all commands: false
	// ROLE false
	// USER true
}

// The Client retries 5xx answers and dropped connections, waiting longer
// each time, and waits out rate limits; a request that still fails is an
// *APIError that says whether a later attempt may succeed.
func ExampleWithRetries() {
	ctx := context.Background()
	service := startService()
	defer service.Close()
	service.InjectFault(emulator.Fault{Route: "commands", Kind: emulator.FaultServerError, Status: 503, Count: 2})

	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken),
		rest.WithRetries(3), rest.WithBackoff(10*time.Millisecond, 100*time.Millisecond))
	if err != nil {
		log.Fatal(err)
	}
	cmds, err := client.ListCommands(ctx, service.ApplicationID, command.Global, false)
	fmt.Println(len(cmds), err)

	service.InjectFault(emulator.Fault{Route: "commands", Kind: emulator.FaultServerError, Status: 503, Count: 5})
	_, err = client.ListCommands(ctx, service.ApplicationID, command.Global, false)
	var apiErr *rest.APIError
	if errors.As(err, &apiErr) {
		fmt.Println(apiErr.Status, apiErr.Retryable())
	}
	// Output:
	// 0 <nil>
	// 503 true
}

// Each attempt of a request has its own time; a service that takes the
// request and never answers fails the call once the retries are spent,
// rather than holding it.
func ExampleWithTimeout() {
	silent := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	}))
	defer silent.Close()

	client, err := rest.NewClient(silent.URL+"/api/v10", rest.BotToken("token"),
		rest.WithTimeout(20*time.Millisecond), rest.WithRetries(1), rest.WithBackoff(time.Millisecond, time.Millisecond))
	if err != nil {
		log.Fatal(err)
	}
	_, err = client.ListCommands(context.Background(), 1, command.Global, false)
	fmt.Println(err)
	fmt.Println(errors.Is(err, context.DeadlineExceeded))
	// Output:
	// rest: GET /applications/{app}/commands: no answer within 20ms
	// true
}

func ExampleAPIv10() {
	// A bot in production talks to the service; its tests give the
	// emulator's URL instead (emulator.Server's URL).
	client, err := rest.NewClient(rest.APIv10, rest.BotToken(os.Getenv("SWITCHBOARD_BOT_TOKEN")))
	if err != nil {
		log.Fatal(err)
	}
	_ = client
}
