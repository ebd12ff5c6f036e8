package emulator

import (
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// wireEntitlement is an entitlement as the service writes it, in the
// entitlement endpoints, the interactions and the webhook events alike:
// the fields of its documentation, and those its examples show beside
// them (promotion_id, gift_code_flags), at the values of an entitlement
// that came of no promotion or gift.
//
// The documentation and the OpenAPI description disagree; the emulator
// follows the documentation. user_id is left out of a guild's entitlement
// that no user bought (the documentation's "user_id?"; the description
// requires it), guild_id out of a user's, and the type is any of 1 to 8
// (the description's EntitlementTypes lists 8 and 10 only). starts_at and
// ends_at, "?ISO8601 timestamp" in both, are null when unset.
type wireEntitlement struct {
	ID            interaction.Snowflake  `json:"id"`
	SKUID         interaction.Snowflake  `json:"sku_id"`
	ApplicationID interaction.Snowflake  `json:"application_id"`
	UserID        interaction.Snowflake  `json:"user_id,omitzero"`
	GuildID       interaction.Snowflake  `json:"guild_id,omitzero"`
	PromotionID   *interaction.Snowflake `json:"promotion_id"`
	Type          int                    `json:"type"`
	Deleted       bool                   `json:"deleted"`
	GiftCodeFlags int                    `json:"gift_code_flags"`
	Consumed      bool                   `json:"consumed"`
	StartsAt      *string                `json:"starts_at"`
	EndsAt        *string                `json:"ends_at"`
}

// toWireEntitlement returns e as the service writes it.
func toWireEntitlement(e *interaction.Entitlement) wireEntitlement {
	return wireEntitlement{
		ID: e.ID, SKUID: e.SKUID, ApplicationID: e.ApplicationID, UserID: e.UserID, GuildID: e.GuildID,
		Type: e.Type, Deleted: e.Deleted, Consumed: e.Consumed, StartsAt: wireTime(e.StartsAt), EndsAt: wireTime(e.EndsAt),
	}
}

// wireTime returns t as the service writes the times of its objects, with
// the zone +00:00 ("2022-09-14T17:00:18.704163+00:00"), or nil for the
// zero time.
func wireTime(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := t.UTC().Format(timestampLayout)
	return &s
}

// testEntitlementJSON is the answer to Create Test Entitlement: "a partial
// entitlement object. It will not contain subscription_id, starts_at, or
// ends_at, as it's valid in perpetuity" (the service's documentation).
type testEntitlementJSON struct {
	ID            interaction.Snowflake  `json:"id"`
	SKUID         interaction.Snowflake  `json:"sku_id"`
	ApplicationID interaction.Snowflake  `json:"application_id"`
	UserID        interaction.Snowflake  `json:"user_id,omitzero"`
	GuildID       interaction.Snowflake  `json:"guild_id,omitzero"`
	PromotionID   *interaction.Snowflake `json:"promotion_id"`
	Type          int                    `json:"type"`
	Deleted       bool                   `json:"deleted"`
	GiftCodeFlags int                    `json:"gift_code_flags"`
	Consumed      bool                   `json:"consumed"`
}

// partialEntitlementJSON returns e as Create Test Entitlement answers it.
func partialEntitlementJSON(e *interaction.Entitlement) testEntitlementJSON {
	return testEntitlementJSON{ID: e.ID, SKUID: e.SKUID, ApplicationID: e.ApplicationID, UserID: e.UserID, GuildID: e.GuildID,
		Type: e.Type, Deleted: e.Deleted, Consumed: e.Consumed}
}
