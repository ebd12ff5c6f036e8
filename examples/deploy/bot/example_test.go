package bot_test

import (
	"context"
	"fmt"
	"log"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/examples/deploy/bot"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// The release that ships greets loudly when asked; what a sync registers
// is the definitions Build made.
func ExampleRouter() {
	mux, err := bot.Router(bot.Release, nil).Build()
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range mux.Definitions().Commands(command.Global) {
		fmt.Println("/" + d.Name)
	}
	ix := interactiontest.Command("greet").String("name", "Ada").Bool("loud", true).Interaction()
	resp, err := mux.Dispatch(context.Background(), ix)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.Message.Content)
	// Output:
	// /greet
	// /ping
	// HELLO, ADA!
}
