package cooldown_test

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

// A user may roll twice a minute; the third roll is refused, with an
// ephemeral message that says when to roll again ("You can use this
// command again in 60 seconds." as the user reads it).
func ExampleNew() {
	r := router.New(router.DispatchOnly())
	r.Use(cooldown.New(cooldown.PerUser, 2, time.Minute))
	r.Command("roll", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("4"), nil
	})
	mux, err := r.Build()
	if err != nil {
		panic(err)
	}
	for range 3 {
		resp, _ := mux.Dispatch(context.Background(), interactiontest.Command("roll").Interaction())
		ephemeral := resp.Message.Flags&interaction.FlagEphemeral != 0
		fmt.Printf("%.34s… ephemeral: %v\n", resp.Message.Content, ephemeral)
	}
	// Output:
	// 4… ephemeral: false
	// 4… ephemeral: false
	// You can use this command again <t:… ephemeral: true
}

// A router's cooldown and a route's count apart, though they share a
// store: each counts by its own key, which begins with its uses and
// period. The user's first search passes both; the second is refused by
// the route's, and has spent one of the router's five.
func ExampleNew_stacked() {
	store := cooldown.NewMemoryStore(0)
	r := router.New(router.DispatchOnly())
	r.Use(cooldown.New(cooldown.PerUser, 5, time.Minute, cooldown.WithStore(store)))
	search := cooldown.New(cooldown.PerUser, 1, 10*time.Second, cooldown.WithStore(store))
	r.Command("search", search(router.HandlerFunc(func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("3 results"), nil
	})).ServeInteraction)
	mux, err := r.Build()
	if err != nil {
		panic(err)
	}
	for range 2 {
		resp, _ := mux.Dispatch(context.Background(), interactiontest.Command("search").Interaction())
		fmt.Printf("%.34s…\n", resp.Message.Content)
	}
	// The router's key; the route's begins "1/10s:".
	req := router.NewRequest(interactiontest.Command("search").Interaction())
	fmt.Println(store.Len(), "keys, as", "5/1m0s:"+cooldown.Key(req, cooldown.PerUser))
	// Output:
	// 3 results…
	// You can use this command again <t:…
	// 2 keys, as 5/1m0s:command:search:user:1100000000000000005
}

// /play, /skip and /queue spend one budget of each user's: two uses of
// any of them a minute. The third use here, a /queue, is refused though
// the user never queued, and the refusal says why.
func ExampleWithBucket() {
	music := cooldown.New(cooldown.PerUser, 2, time.Minute, cooldown.WithBucket("music"))
	r := router.New(router.DispatchOnly())
	r.Handle("play", music(router.HandlerFunc(play)), router.Description("Play a song"))
	r.Handle("skip", music(router.HandlerFunc(skip)), router.Description("Skip the song"))
	r.Handle("queue", music(router.HandlerFunc(queue)), router.Description("Show the queue"))
	mux, err := r.Build()
	if err != nil {
		panic(err)
	}
	for _, name := range []string{"play", "skip", "queue"} {
		resp, _ := mux.Dispatch(context.Background(), interactiontest.Command(name).Interaction())
		text := relative.ReplaceAllString(resp.Message.Content, "<t:…:R>")
		fmt.Printf("/%s: %s\n", name, text)
	}
	// Output:
	// /play: Playing.
	// /skip: Skipped.
	// /queue: You can use this command again <t:…:R>: it shares the music cooldown.
}

var relative = regexp.MustCompile(`<t:\d+:R>`)

func play(context.Context, *router.Request) (interaction.Response, error) {
	return interaction.Reply("Playing."), nil
}

func skip(context.Context, *router.Request) (interaction.Response, error) {
	return interaction.Reply("Skipped."), nil
}

func queue(context.Context, *router.Request) (interaction.Response, error) {
	return interaction.Reply("1. Clair de lune"), nil
}
