package rest_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
)

// subscription returns the id of the application's subscription for
// users, as a bot finds it among its SKUs.
func subscription(ctx context.Context, client *rest.Client, app interaction.Snowflake) interaction.Snowflake {
	skus, err := client.ListSKUs(ctx, app)
	if err != nil {
		log.Fatal(err)
	}
	for _, k := range skus {
		if k.Type == rest.SKUSubscription && k.Flags&rest.SKUUserSubscription != 0 {
			return k.ID
		}
	}
	log.Fatal("no subscription for users")
	return 0
}

func ExampleClient_ListSKUs() {
	ctx := context.Background()
	service := startService()
	defer service.Close()
	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}

	skus, err := client.ListSKUs(ctx, service.ApplicationID)
	if err != nil {
		log.Fatal(err)
	}
	for _, k := range skus {
		// A subscription is listed twice: its group, and itself.
		if k.Type == rest.SKUSubscriptionGroup {
			continue
		}
		fmt.Printf("%s (%s), type %d, for sale: %v\n", k.Name, k.Slug, k.Type, k.Flags&rest.SKUAvailable != 0)
	}
	// Output:
	// Premium (premium), type 5, for sale: true
	// Server Premium (server-premium), type 5, for sale: false
	// Lifetime Pass (lifetime-pass), type 2, for sale: true
	// Coin Pack (coin-pack), type 3, for sale: true
}

func ExampleClient_CreateTestEntitlement() {
	ctx := context.Background()
	service := startService()
	defer service.Close()
	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}
	app := service.ApplicationID

	// The developer tests the premium features as a subscriber would.
	e, err := client.CreateTestEntitlement(ctx, app, subscription(ctx, client, app), service.Member, rest.EntitlementOwnerUser)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("test entitlement:", e.Type == rest.EntitlementTestModePurchase, "for ever:", e.EndsAt.IsZero())
	// Output:
	// test entitlement: true for ever: true
}

func ExampleClient_DeleteTestEntitlement() {
	ctx := context.Background()
	service := startService()
	defer service.Close()
	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}
	app := service.ApplicationID
	e, err := client.CreateTestEntitlement(ctx, app, subscription(ctx, client, app), service.Member, rest.EntitlementOwnerUser)
	if err != nil {
		log.Fatal(err)
	}

	if err := client.DeleteTestEntitlement(ctx, app, e.ID); err != nil {
		log.Fatal(err)
	}
	// The service keeps it, deleted.
	got, err := client.GetEntitlement(ctx, app, e.ID)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("deleted:", got.Deleted)
	// Output:
	// deleted: true
}

func ExampleClient_GetEntitlement() {
	ctx := context.Background()
	service := startService()
	defer service.Close()
	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}

	_, err = client.GetEntitlement(ctx, service.ApplicationID, 1234)
	fmt.Println("unknown:", errors.Is(err, rest.ErrUnknownEntitlement))
	// Output:
	// unknown: true
}

func ExampleClient_ListEntitlements() {
	ctx := context.Background()
	service := startService()
	defer service.Close()
	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}
	app := service.ApplicationID
	sku := subscription(ctx, client, app)
	for _, user := range []interaction.Snowflake{service.Admin, service.Moderator, service.Member} {
		if _, err := client.CreateTestEntitlement(ctx, app, sku, user, rest.EntitlementOwnerUser); err != nil {
			log.Fatal(err)
		}
	}

	// Page through every subscriber, two at a time, oldest first.
	q := rest.EntitlementQuery{SKUIDs: []interaction.Snowflake{sku}, Limit: 2}
	for page := 1; ; page++ {
		es, err := client.ListEntitlements(ctx, app, q)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println("page", page, "has", len(es))
		if len(es) < q.Limit {
			break
		}
		q.After = es[len(es)-1].ID
	}
	// Output:
	// page 1 has 2
	// page 2 has 1
}

func ExampleClient_ConsumeEntitlement() {
	ctx := context.Background()
	service := startService()
	defer service.Close()
	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}
	app := service.ApplicationID
	skus, err := client.ListSKUs(ctx, app)
	if err != nil {
		log.Fatal(err)
	}
	var coins interaction.Snowflake
	for _, k := range skus {
		if k.Type == rest.SKUConsumable {
			coins = k.ID
		}
	}
	// A user buys coins, which the bot hears of by webhook event, or
	// sees in their next interaction.
	bought, err := service.CreateEntitlement(interaction.Entitlement{SKUID: coins, UserID: service.Member, Type: rest.EntitlementPurchase})
	if err != nil {
		log.Fatal(err)
	}

	// The bot credits the coins, then consumes the entitlement, so that
	// the user may buy more.
	if err := client.ConsumeEntitlement(ctx, app, bought.ID); err != nil {
		log.Fatal(err)
	}
	got, err := client.GetEntitlement(ctx, app, bought.ID)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("consumed:", got.Consumed)
	// Output:
	// consumed: true
}
