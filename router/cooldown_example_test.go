package router_test

import (
	"context"
	"fmt"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

// A user may roll twice a minute; the third roll is refused, with an
// ephemeral message that says when to roll again ("You can use this
// command again in 60 seconds." as the user reads it).
func ExampleCooldown() {
	r := router.New(router.DispatchOnly())
	r.Use(router.Cooldown(router.PerUser, 2, time.Minute))
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
