package rest_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
)

// skuNamed returns the SKU of skus named name of type t.
func skuNamed(t *testing.T, skus []rest.SKU, name string, typ rest.SKUType) rest.SKU {
	t.Helper()
	for _, k := range skus {
		if k.Name == name && k.Type == typ {
			return k
		}
	}
	t.Fatalf("no SKU %q of type %d in %+v", name, typ, skus)
	return rest.SKU{}
}

// entitlementIDs returns the ids of es.
func entitlementIDs(es []interaction.Entitlement) []interaction.Snowflake {
	out := make([]interaction.Snowflake, len(es))
	for i, e := range es {
		out[i] = e.ID
	}
	return out
}

func TestSKUsAndTestEntitlementsRoundTrip(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	ctx := context.Background()
	app := s.ApplicationID

	skus, err := c.ListSKUs(ctx, app)
	if err != nil || len(skus) != 6 {
		t.Fatalf("ListSKUs = %+v, %v", skus, err)
	}
	premium := skuNamed(t, skus, "Premium", rest.SKUSubscription)
	group := skuNamed(t, skus, "Premium", rest.SKUSubscriptionGroup)
	server := skuNamed(t, skus, "Server Premium", rest.SKUSubscription)
	if premium.ApplicationID != app || premium.Slug != "premium" || premium.Flags != rest.SKUAvailable|rest.SKUUserSubscription ||
		server.Flags&rest.SKUGuildSubscription == 0 || group.ID == premium.ID {
		t.Fatalf("the subscriptions: %+v, %+v, %+v", premium, group, server)
	}

	mine, err := c.CreateTestEntitlement(ctx, app, premium.ID, s.Member, rest.EntitlementOwnerUser)
	if err != nil || mine.ID == 0 || mine.SKUID != premium.ID || mine.UserID != s.Member || mine.GuildID != 0 ||
		mine.Type != rest.EntitlementTestModePurchase || !mine.StartsAt.IsZero() || !mine.EndsAt.IsZero() || mine.ApplicationID != app {
		t.Fatalf("CreateTestEntitlement for a user = %+v, %v", mine, err)
	}
	ours, err := c.CreateTestEntitlement(ctx, app, server.ID, s.GuildID, rest.EntitlementOwnerGuild)
	if err != nil || ours.GuildID != s.GuildID || ours.UserID != 0 {
		t.Fatalf("CreateTestEntitlement for a guild = %+v, %v", ours, err)
	}

	for _, tc := range []struct {
		name string
		q    rest.EntitlementQuery
		want []interaction.Snowflake
	}{
		{"every entitlement, oldest first", rest.EntitlementQuery{}, []interaction.Snowflake{mine.ID, ours.ID}},
		{"a user's", rest.EntitlementQuery{UserID: s.Member}, []interaction.Snowflake{mine.ID}},
		{"a guild's", rest.EntitlementQuery{GuildID: s.GuildID}, []interaction.Snowflake{ours.ID}},
		{"an SKU's", rest.EntitlementQuery{SKUIDs: []interaction.Snowflake{server.ID, 1}}, []interaction.Snowflake{ours.ID}},
		{"the first page of one", rest.EntitlementQuery{Limit: 1}, []interaction.Snowflake{mine.ID}},
		{"the page after it", rest.EntitlementQuery{Limit: 1, After: mine.ID}, []interaction.Snowflake{ours.ID}},
		{"the page before the second", rest.EntitlementQuery{Before: ours.ID}, []interaction.Snowflake{mine.ID}},
		{"without the ended, of which there are none", rest.EntitlementQuery{ExcludeEnded: true}, []interaction.Snowflake{mine.ID, ours.ID}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := c.ListEntitlements(ctx, app, tc.q)
			if err != nil || !slices.Equal(entitlementIDs(got), tc.want) {
				t.Fatalf("ListEntitlements = %v, %v; want %v", entitlementIDs(got), err, tc.want)
			}
		})
	}

	if got, err := c.GetEntitlement(ctx, app, mine.ID); err != nil || got.ID != mine.ID || got.Deleted {
		t.Fatalf("GetEntitlement = %+v, %v", got, err)
	}
	if err := c.DeleteTestEntitlement(ctx, app, mine.ID); err != nil {
		t.Fatal(err)
	}
	if got, err := c.ListEntitlements(ctx, app, rest.EntitlementQuery{}); err != nil || !slices.Equal(entitlementIDs(got), []interaction.Snowflake{ours.ID}) {
		t.Fatalf("after the deletion, ListEntitlements = %v, %v", entitlementIDs(got), err)
	}
	got, err := c.ListEntitlements(ctx, app, rest.EntitlementQuery{IncludeDeleted: true, UserID: s.Member})
	if err != nil || len(got) != 1 || !got[0].Deleted {
		t.Fatalf("the deleted ones too: %+v, %v", got, err)
	}
	if err := c.DeleteTestEntitlement(ctx, app, mine.ID); !errors.Is(err, rest.ErrUnknownEntitlement) {
		t.Fatalf("deleting it again: %v, want ErrUnknownEntitlement", err)
	}
}

// A consumable's entitlement is consumed, once or twice; another is not.
func TestConsumeEntitlement(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	ctx := context.Background()
	app := s.ApplicationID
	skus, err := c.ListSKUs(ctx, app)
	if err != nil {
		t.Fatal(err)
	}
	coins := skuNamed(t, skus, "Coin Pack", rest.SKUConsumable)
	pass := skuNamed(t, skus, "Lifetime Pass", rest.SKUDurable)
	// A user buys both, as the emulator's users do.
	bought, err := s.CreateEntitlement(interaction.Entitlement{SKUID: coins.ID, UserID: s.Member, Type: rest.EntitlementPurchase})
	if err != nil {
		t.Fatal(err)
	}
	kept, err := s.CreateEntitlement(interaction.Entitlement{SKUID: pass.ID, UserID: s.Member, Type: rest.EntitlementPurchase})
	if err != nil {
		t.Fatal(err)
	}

	for range 2 {
		if err := c.ConsumeEntitlement(ctx, app, bought.ID); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := c.GetEntitlement(ctx, app, bought.ID); err != nil || !got.Consumed {
		t.Fatalf("after consuming: %+v, %v", got, err)
	}
	var apiErr *rest.APIError
	if err := c.ConsumeEntitlement(ctx, app, kept.ID); !errors.As(err, &apiErr) || apiErr.Status != 400 {
		t.Fatalf("consuming a durable item: %v, want a 400", err)
	}
}

// The service's refusals are errors matching its codes; a query it
// would refuse is not sent.
func TestEntitlementErrors(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{SKUs: []emulator.SKU{{ID: 3001, Type: 5, Name: "Premium", Flags: 1 << 8}}})
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	ctx := context.Background()
	app := s.ApplicationID
	for _, tc := range []struct {
		name string
		call func() error
		want error
	}{
		{"an entitlement the application does not have", func() error { _, err := c.GetEntitlement(ctx, app, 999); return err }, rest.ErrUnknownEntitlement},
		{"consuming one", func() error { return c.ConsumeEntitlement(ctx, app, 999) }, rest.ErrUnknownEntitlement},
		{"an SKU the application does not have", func() error {
			_, err := c.CreateTestEntitlement(ctx, app, 999, s.Member, rest.EntitlementOwnerUser)
			return err
		}, rest.ErrUnknownSKU},
		{"a user who does not exist", func() error {
			_, err := c.CreateTestEntitlement(ctx, app, 3001, 999, rest.EntitlementOwnerUser)
			return err
		}, rest.ErrUnknownUser},
		{"a guild that does not exist", func() error {
			_, err := c.CreateTestEntitlement(ctx, app, 3001, 999, rest.EntitlementOwnerGuild)
			return err
		}, rest.ErrUnknownGuild},
		{"an owner of neither kind", func() error {
			_, err := c.CreateTestEntitlement(ctx, app, 3001, s.Member, 3)
			return err
		}, rest.ErrInvalidFormBody},
		{"another application's", func() error { _, err := c.ListSKUs(ctx, 1); return err }, rest.ErrUnknownApplication},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.call(); !errors.Is(err, tc.want) {
				t.Fatalf("%v, want %v", err, tc.want)
			}
		})
	}

	sent := len(rec.All())
	for _, q := range []rest.EntitlementQuery{{Limit: 101}, {Limit: -1}, {SKUIDs: make([]interaction.Snowflake, 101)}} {
		if _, err := c.ListEntitlements(ctx, app, q); err == nil {
			t.Errorf("ListEntitlements(%+v) succeeded", q)
		}
	}
	if n := len(rec.All()); n != sent {
		t.Errorf("%d queries the service would refuse were sent", n-sent)
	}
	bearer := c.WithAuth(&rest.ClientCredentials{ClientID: s.ClientID, ClientSecret: s.ClientSecret, Scopes: []string{"applications.entitlements"}})
	if _, err := bearer.CreateTestEntitlement(ctx, app, 3001, s.Member, rest.EntitlementOwnerUser); !errors.Is(err, rest.ErrMissingAccess) {
		t.Errorf("a test entitlement with a bearer token: %v, want ErrMissingAccess", err)
	}
	if got, err := bearer.ListEntitlements(ctx, app, rest.EntitlementQuery{}); err != nil || len(got) != 0 {
		t.Errorf("listing with client credentials: %+v, %v", got, err)
	}
}

// The calls are named by their routes, as the rate limits count them.
func TestEntitlementCallsAreObservedByRoute(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	o := &clientObserved{}
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken), rest.WithObserver(o))
	ctx := context.Background()
	app := s.ApplicationID
	skus, _ := c.ListSKUs(ctx, app)
	e, _ := c.CreateTestEntitlement(ctx, app, skus[1].ID, s.Member, rest.EntitlementOwnerUser)
	c.ListEntitlements(ctx, app, rest.EntitlementQuery{})
	c.GetEntitlement(ctx, app, e.ID)
	c.ConsumeEntitlement(ctx, app, e.ID)
	c.DeleteTestEntitlement(ctx, app, e.ID)
	var routes []string
	o.mu.Lock()
	for _, a := range o.attempts {
		routes = append(routes, a.Route)
	}
	o.mu.Unlock()
	want := []string{
		"GET /applications/{app}/skus",
		"POST /applications/{app}/entitlements",
		"GET /applications/{app}/entitlements",
		"GET /applications/{app}/entitlements/{entitlement}",
		"POST /applications/{app}/entitlements/{entitlement}/consume",
		"DELETE /applications/{app}/entitlements/{entitlement}",
	}
	if !slices.Equal(routes, want) {
		t.Fatalf("routes\n%v\nwant\n%v", routes, want)
	}
}

// A test entitlement is made once: a failure after which the service may
// have made it is not retried.
func TestCreateTestEntitlementIsNotRetried(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	skus, err := c.ListSKUs(ctx, s.ApplicationID)
	if err != nil {
		t.Fatal(err)
	}
	s.InjectFault(emulator.Fault{Route: "entitlements", Kind: emulator.FaultServerError, Count: 2})
	if _, err := c.CreateTestEntitlement(ctx, s.ApplicationID, skus[1].ID, s.Member, rest.EntitlementOwnerUser); err == nil {
		t.Fatal("CreateTestEntitlement succeeded through a 500")
	}
	if n := rec.Count("/entitlements"); n != 1 {
		t.Fatalf("%d attempts, want 1", n)
	}
	// A list is read again.
	if _, err := c.ListEntitlements(ctx, s.ApplicationID, rest.EntitlementQuery{}); err != nil {
		t.Fatalf("ListEntitlements through a 500: %v", err)
	}
}
