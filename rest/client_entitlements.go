package rest

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
)

// Codes the entitlement and SKU endpoints answer with, the service's
// public ones.
const (
	// ErrUnknownUser: Create Test Entitlement names a user who does not
	// exist.
	ErrUnknownUser ErrorCode = 10013
	// ErrUnknownSKU: the SKU is not one of the application's.
	ErrUnknownSKU ErrorCode = 10027
	// ErrUnknownEntitlement: the application has no such entitlement, or
	// none the credentials reach.
	ErrUnknownEntitlement ErrorCode = 10029
)

// The types of entitlements, the Type of an interaction.Entitlement: how
// the user or guild came to have the SKU.
const (
	// EntitlementPurchase: bought by the user.
	EntitlementPurchase = 1
	// EntitlementPremiumSubscription: granted with the service's own
	// premium subscription.
	EntitlementPremiumSubscription = 2
	// EntitlementDeveloperGift: given by the developer.
	EntitlementDeveloperGift = 3
	// EntitlementTestModePurchase: bought by a developer in application
	// test mode; test entitlements are of this type too.
	EntitlementTestModePurchase = 4
	// EntitlementFreePurchase: had while the SKU was free.
	EntitlementFreePurchase = 5
	// EntitlementUserGift: given by another user.
	EntitlementUserGift = 6
	// EntitlementPremiumPurchase: claimed free by a premium subscriber.
	EntitlementPremiumPurchase = 7
	// EntitlementApplicationSubscription: bought as a subscription to the
	// application.
	EntitlementApplicationSubscription = 8
)

// EntitlementOwner says whom CreateTestEntitlement grants the SKU to.
type EntitlementOwner int

// The owners of a test entitlement.
const (
	// EntitlementOwnerGuild: a guild, as a guild subscription grants
	// everyone in it.
	EntitlementOwnerGuild EntitlementOwner = 1
	// EntitlementOwnerUser: a user, as a user subscription does.
	EntitlementOwnerUser EntitlementOwner = 2
)

// SKUType is the kind of an SKU.
type SKUType int

// The types of SKUs.
const (
	// SKUDurable: a one-time purchase the user keeps.
	SKUDurable SKUType = 2
	// SKUConsumable: a one-time purchase the application consumes
	// (ConsumeEntitlement), after which the user may buy it again.
	SKUConsumable SKUType = 3
	// SKUSubscription: a recurring subscription, the SKU to use for its
	// entitlements.
	SKUSubscription SKUType = 5
	// SKUSubscriptionGroup: made by the service for each subscription,
	// and not used otherwise.
	SKUSubscriptionGroup SKUType = 6
)

// SKUFlags are the flags of an SKU, combined as a bit set.
type SKUFlags int

// The flags of SKUs.
const (
	// SKUAvailable: the SKU is published, for sale.
	SKUAvailable SKUFlags = 1 << 2
	// SKUGuildSubscription: a subscription a user buys for a guild,
	// which grants everyone in it.
	SKUGuildSubscription SKUFlags = 1 << 7
	// SKUUserSubscription: a subscription a user buys for themselves,
	// in every guild.
	SKUUserSubscription SKUFlags = 1 << 8
)

// SKU is one of an application's premium offerings, as List SKUs gives
// it. The service's object has more fields; these are those it
// documents.
type SKU struct {
	ID            interaction.Snowflake `json:"id"`
	Type          SKUType               `json:"type"`
	ApplicationID interaction.Snowflake `json:"application_id"`
	// Name is the name customers see.
	Name string `json:"name"`
	// Slug is the URL slug the service made of the name.
	Slug  string   `json:"slug"`
	Flags SKUFlags `json:"flags"`
}

// maxEntitlementPage is the most entitlements, and SKUs to filter by, one
// List Entitlements call takes.
const maxEntitlementPage = 100

// EntitlementQuery is what ListEntitlements asks for. Its zero value asks
// for the first page of the application's entitlements that are not
// deleted, ended ones included, as the service does by default.
type EntitlementQuery struct {
	// UserID, GuildID and SKUIDs keep the entitlements of that user, of
	// that guild, and of those SKUs (at most 100).
	UserID  interaction.Snowflake
	GuildID interaction.Snowflake
	SKUIDs  []interaction.Snowflake
	// Before and After page by entitlement id: the service lists in
	// ascending order, the page after After (from the first without
	// it), or the last page before Before; with both, Before decides.
	Before, After interaction.Snowflake
	// Limit is how many to return, 1 to 100; 0 means the service's
	// default, 100.
	Limit int
	// ExcludeEnded leaves out the entitlements that have ended.
	ExcludeEnded bool
	// IncludeDeleted lists deleted entitlements too, which the service
	// leaves out unless asked.
	IncludeDeleted bool
}

// values returns the query as the service reads it, or an error for one
// it would refuse.
func (q EntitlementQuery) values() (url.Values, error) {
	switch {
	case q.Limit < 0 || q.Limit > maxEntitlementPage:
		return nil, errors.New("rest: ListEntitlements: a limit of " + strconv.Itoa(q.Limit) + " is outside 1-100")
	case len(q.SKUIDs) > maxEntitlementPage:
		return nil, errors.New("rest: ListEntitlements: " + strconv.Itoa(len(q.SKUIDs)) + " SKUs, more than 100")
	}
	v := url.Values{}
	for _, f := range []struct {
		name string
		id   interaction.Snowflake
	}{{"user_id", q.UserID}, {"guild_id", q.GuildID}, {"before", q.Before}, {"after", q.After}} {
		if f.id != 0 {
			v.Set(f.name, f.id.String())
		}
	}
	if len(q.SKUIDs) > 0 {
		ids := make([]string, len(q.SKUIDs))
		for i, id := range q.SKUIDs {
			ids[i] = id.String()
		}
		v.Set("sku_ids", strings.Join(ids, ","))
	}
	if q.Limit > 0 {
		v.Set("limit", strconv.Itoa(q.Limit))
	}
	if q.ExcludeEnded {
		v.Set("exclude_ended", "true")
	}
	if q.IncludeDeleted {
		v.Set("exclude_deleted", "false")
	}
	return v, nil
}

// entitlementsCall returns a call on the entitlements of app; suffix is
// "", "/{entitlement}" or "/{entitlement}/consume", id the entitlement's.
func entitlementsCall(method string, app, id interaction.Snowflake, suffix string) *call {
	path := "/applications/" + app.String() + "/entitlements"
	if id != 0 {
		path += "/" + id.String() + strings.TrimPrefix(suffix, "/{entitlement}")
	}
	return &call{method: method, route: method + " /applications/{app}/entitlements" + suffix, major: app.String(), path: path}
}

// ListEntitlements returns the application's entitlements that q asks
// for, active and ended, oldest first: a page of at most q.Limit (100
// unless less is asked). The service takes a bot token, or a bearer token
// with applications.entitlements. A query the service would refuse (a
// limit outside 1-100, more than 100 SKUs) is an error, and is not sent.
func (c *Client) ListEntitlements(ctx context.Context, app interaction.Snowflake, q EntitlementQuery) ([]interaction.Entitlement, error) {
	v, err := q.values()
	if err != nil {
		return nil, err
	}
	k := entitlementsCall(http.MethodGet, app, 0, "")
	k.query = v
	var out []interaction.Entitlement
	if _, err := c.do(ctx, k, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// GetEntitlement returns the entitlement id of the application, a deleted
// one too (its Deleted set). One the application does not have answers
// 404 with ErrUnknownEntitlement.
func (c *Client) GetEntitlement(ctx context.Context, app, id interaction.Snowflake) (interaction.Entitlement, error) {
	var out interaction.Entitlement
	_, err := c.do(ctx, entitlementsCall(http.MethodGet, app, id, "/{entitlement}"), &out)
	return out, err
}

// ConsumeEntitlement marks the entitlement id consumed, for an item of a
// CONSUMABLE SKU the application has delivered: the user may then buy it
// again. The entitlement of another kind of SKU is refused.
func (c *Client) ConsumeEntitlement(ctx context.Context, app, id interaction.Snowflake) error {
	_, err := c.do(ctx, entitlementsCall(http.MethodPost, app, id, "/{entitlement}/consume"), nil)
	return err
}

// CreateTestEntitlement grants owner, a guild or a user as ownerType says,
// the SKU sku for testing: the service acts as though the owner had
// bought it, for ever, until DeleteTestEntitlement. It returns the
// entitlement, which, being partial, has no StartsAt or EndsAt. Only a bot
// token may create one. An SKU the application does not have answers
// ErrUnknownSKU; an owner that does not exist ErrUnknownUser or
// ErrUnknownGuild.
//
// It is not retried after a failure that may leave the entitlement made,
// since a second request would make a second one.
func (c *Client) CreateTestEntitlement(ctx context.Context, app, sku, owner interaction.Snowflake, ownerType EntitlementOwner) (interaction.Entitlement, error) {
	k, err := jsonCall(http.MethodPost, "POST /applications/{app}/entitlements", app.String(), "/applications/"+app.String()+"/entitlements",
		struct {
			SKUID     interaction.Snowflake `json:"sku_id"`
			OwnerID   interaction.Snowflake `json:"owner_id"`
			OwnerType EntitlementOwner      `json:"owner_type"`
		}{sku, owner, ownerType})
	if err != nil {
		return interaction.Entitlement{}, err
	}
	var out interaction.Entitlement
	_, err = c.once().do(ctx, k, &out)
	return out, err
}

// DeleteTestEntitlement deletes the test entitlement id: the service no
// longer acts as though its owner had the SKU. Other entitlements are not
// deleted this way.
func (c *Client) DeleteTestEntitlement(ctx context.Context, app, id interaction.Snowflake) error {
	_, err := c.do(ctx, entitlementsCall(http.MethodDelete, app, id, "/{entitlement}"), nil)
	return err
}

// ListSKUs returns the application's SKUs: a subscription is listed
// twice, as the SUBSCRIPTION_GROUP the service makes for it and as the
// SUBSCRIPTION, whose id entitlements and premium buttons use.
func (c *Client) ListSKUs(ctx context.Context, app interaction.Snowflake) ([]SKU, error) {
	path := "/applications/" + app.String() + "/skus"
	k := &call{method: http.MethodGet, route: "GET /applications/{app}/skus", major: app.String(), path: path}
	var out []SKU
	if _, err := c.do(ctx, k, &out); err != nil {
		return nil, err
	}
	return out, nil
}
