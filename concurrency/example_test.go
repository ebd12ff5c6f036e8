package concurrency_test

import (
	"context"
	"fmt"
	"time"

	"github.com/switchboard-go/switchboard/concurrency"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

// One /export at a time in a guild: while one member's export runs,
// another's is refused with an ephemeral message; once it has finished,
// the next runs.
func ExampleNew() {
	started, finish := make(chan struct{}, 1), make(chan struct{})
	export := concurrency.New(concurrency.PerGuild, 1)
	r := router.New(router.DispatchOnly())
	r.Handle("export", export(router.HandlerFunc(func(context.Context, *router.Request) (interaction.Response, error) {
		started <- struct{}{}
		<-finish
		return interaction.Reply("Exported 1,024 rows."), nil
	})), router.Description("Export the scores"))
	mux, err := r.Build()
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	ada := interactiontest.Command("export").Interaction()
	bob := interactiontest.Command("export").InGuild(interactiontest.GuildID,
		interaction.Member{User: interaction.User{ID: interactiontest.UserID + 1, Username: "bob"}}).Interaction()

	done := make(chan interaction.Response)
	go func() {
		resp, _ := mux.Dispatch(ctx, ada)
		done <- resp
	}()
	<-started
	resp, _ := mux.Dispatch(ctx, bob)
	fmt.Printf("bob: %s ephemeral: %v\n", resp.Message.Content, resp.Message.Flags&interaction.FlagEphemeral != 0)
	close(finish)
	fmt.Println("ada:", (<-done).Message.Content)
	resp, _ = mux.Dispatch(ctx, bob)
	<-started
	fmt.Println("bob:", resp.Message.Content)
	// Output:
	// bob: This command is already running; try again when it finishes. ephemeral: true
	// ada: Exported 1,024 rows.
	// bob: Exported 1,024 rows.
}

// A report and an export share one slot a guild, on the Redis the
// replicas share, and a run that finds it taken waits up to a minute for
// it: past the service's three seconds, the endpoint defers the answer,
// and the handler runs once the slot is free.
func ExampleWithBucket() {
	var store concurrency.Store = concurrency.NewMemoryStore() // redisstore.NewConcurrencyLimits(rdb, prefix)
	heavy := concurrency.New(concurrency.PerGuild, 1,
		concurrency.WithBucket("export"), concurrency.WithWait(time.Minute), concurrency.WithStore(store))
	r := router.New()
	r.Handle("export", heavy(router.HandlerFunc(func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("Exported 1,024 rows."), nil
	})), router.Description("Export the scores"))
	r.Handle("report", heavy(router.HandlerFunc(func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("12 players, 3 new."), nil
	})), router.Description("Report on the season"))
	if _, err := r.Build(); err != nil {
		panic(err)
	}
	// Output:
}
