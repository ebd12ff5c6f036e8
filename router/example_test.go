package router_test

import (
	"context"
	"fmt"
	"log"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

func ExampleRouter() {
	r := router.New()
	r.Command("ping", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))

	mod := r.Group("mod", router.Description("Moderation tools"), router.Permissions(interaction.PermissionBanMembers))
	mod.Command("ban", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		user, err := req.Options.Get("user").User()
		if err != nil {
			return interaction.Response{}, err
		}
		return interaction.Reply("banned " + user.Username).Ephemeral(), nil
	},
		router.Description("Ban a member"),
		router.Options(
			option.User("user", "Who to ban").Required(),
			option.String("reason", "Why").MaxLength(200),
		))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}

	ix := interactiontest.Command("mod ban").User("user", interaction.User{ID: 42, Username: "eve"}, nil).Interaction()
	resp, _ := mux.Dispatch(context.Background(), ix)
	fmt.Println(resp.Message.Content)
	// Output: banned eve
}

func ExampleRouter_Build() {
	r := router.New(router.DispatchOnly())
	r.Command("mod", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("mod"), nil
	})
	r.Command("mod ban", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("ban"), nil
	})
	r.Command("admin config user set", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("set"), nil
	})
	_, err := r.Build()
	fmt.Println(err)
	// Output:
	// admin config user: a subcommand group cannot contain another group (nesting is one level deep)
	// mod: a command with subcommands cannot be invoked by itself: remove its handler or its subcommands
}

func ExampleGroup_Use() {
	onlyInGuilds := func(next router.Handler) router.Handler {
		return router.HandlerFunc(func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			if !req.Interaction.InGuild() {
				return interaction.Reply("Use this in a server.").Ephemeral(), nil
			}
			return next.ServeInteraction(ctx, req)
		})
	}
	r := router.New(router.DispatchOnly())
	mod := r.Group("mod")
	mod.Use(onlyInGuilds)
	mod.Command("ban", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("banned"), nil
	})
	mux, _ := r.Build()

	dm := interactiontest.Command("mod ban").InDM(interaction.User{ID: 1, Username: "ada"}).Interaction()
	resp, _ := mux.Dispatch(context.Background(), dm)
	fmt.Println(resp.Message.Content)
	// Output: Use this in a server.
}

func ExampleRouter_Autocomplete() {
	fruits := []string{"apple", "apricot", "banana", "pineapple"}
	r := router.New()
	r.Command("fruit", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("ok"), nil
	},
		router.Description("Pick a fruit"),
		router.Options(option.String("name", "The fruit").Required().Autocomplete()))
	r.Autocomplete("fruit", "name", func(_ context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		var out []interaction.Choice
		for _, f := range autocomplete.Match(req.Focused.Text(), fruits) {
			out = append(out, interaction.StringChoice(f, f))
		}
		return out, nil
	})
	mux, _ := r.Build()

	ix := interactiontest.Autocomplete("fruit").Focus("name", interaction.OptionString, interaction.StringValue("ap")).Interaction()
	resp, _ := mux.Dispatch(context.Background(), ix)
	for _, c := range resp.Choices {
		fmt.Println(c.Name)
	}
	// Output:
	// apple
	// apricot
	// pineapple
}

func ExampleBind() {
	type BanOptions struct {
		User   option.ResolvedUser `option:"user" description:"Who to ban"`
		Reason *string             `option:"reason" description:"Why"`
	}
	r := router.New()
	r.Group("mod", router.Description("Moderation tools"))
	router.Bind(r, "mod ban", func(_ context.Context, _ *router.Request, o BanOptions) (interaction.Response, error) {
		reason := "no reason"
		if o.Reason != nil {
			reason = *o.Reason
		}
		return interaction.Reply("banned " + o.User.Username + ": " + reason), nil
	}, router.Description("Ban a member"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}

	ix := interactiontest.Command("mod ban").User("user", interaction.User{ID: 42, Username: "eve"}, nil).Interaction()
	resp, _ := mux.Dispatch(context.Background(), ix)
	fmt.Println(resp.Message.Content)
	// Output: banned eve: no reason
}

func ExampleMux_Definitions() {
	r := router.New()
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"), router.Contexts(interaction.ContextGuild, interaction.ContextBotDM))
	r.UserCommand("Show avatar", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("…"), nil
	}, router.Guilds(1100000000000000002))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	defs := mux.Definitions()
	for _, scope := range defs.Scopes() {
		body, _ := defs.JSON(scope)
		fmt.Printf("%s: %s\n", scope, body)
	}
	// Output:
	// global: [{"name":"ping","description":"Check that the bot answers","contexts":[0,1]}]
	// guild 1100000000000000002: [{"type":2,"name":"Show avatar"}]
}
