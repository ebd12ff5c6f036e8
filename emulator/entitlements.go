package emulator

import (
	"time"

	"github.com/switchboard-go/switchboard/event"
	"github.com/switchboard-go/switchboard/interaction"
)

// The types of entitlements (the service's entitlement object): PURCHASE
// (1) to APPLICATION_SUBSCRIPTION (8).
const (
	entitlementTestModePurchase = 4
	lastEntitlementType         = 8
)

// CreateEntitlement grants a user or a guild one of the application's
// SKUs, as a purchase, a gift or the developer's test entitlement does,
// and sends the webhook event ENTITLEMENT_CREATE with the entitlement, the
// event's data being the entitlement object.
//
// e names the SKU and the user or the guild, or both (a guild's
// subscription is bought by a user). Its Type defaults to
// TEST_MODE_PURCHASE (4), the type of the test entitlements a developer
// creates, which have no StartsAt or EndsAt, being valid for ever; give
// them for an entitlement that starts or ends. The emulator sets its ID
// and ApplicationID, and returns it as sent. It keeps no list of
// entitlements: interactions still carry none.
//
// A refusal sends nothing and is an *InvocationError: ErrInvalidInput
// without an SKU, without a user or guild, with a type the service does not
// have, ending before it starts, or deleted; ErrUnknownTarget for a user
// or guild the emulator does not know.
func (s *Server) CreateEntitlement(e interaction.Entitlement) (interaction.Entitlement, error) {
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	if e.Type == 0 {
		e.Type = entitlementTestModePurchase
	}
	switch {
	case e.SKUID == 0:
		return e, refuse(ErrInvalidInput, "an entitlement needs the SKU it grants")
	case e.UserID == 0 && e.GuildID == 0:
		return e, refuse(ErrInvalidInput, "an entitlement needs the user or the guild it is granted to")
	case e.Type < 1 || e.Type > lastEntitlementType:
		return e, refuse(ErrInvalidInput, "entitlement type "+itoa(e.Type)+" is not one of the service's, 1 to 8")
	case !e.StartsAt.IsZero() && !e.EndsAt.IsZero() && e.EndsAt.Before(e.StartsAt):
		return e, refuse(ErrInvalidInput, "the entitlement ends before it starts")
	case !writable(e.StartsAt) || !writable(e.EndsAt):
		return e, refuse(ErrInvalidInput, "the entitlement's times must fall in the years 0 to 9999 in UTC")
	case e.Deleted:
		return e, refuse(ErrInvalidInput, "a new entitlement is not deleted")
	case e.UserID != 0 && st.users[e.UserID] == nil:
		return e, refuse(ErrUnknownTarget, "no user "+e.UserID.String())
	case e.GuildID != 0 && st.guilds[e.GuildID] == nil:
		return e, refuse(ErrUnknownTarget, "no guild "+e.GuildID.String())
	}
	e.ID, e.ApplicationID = st.newID(), st.app.id
	s.emit(event.TypeEntitlementCreate, e)
	return e, nil
}

// writable reports whether the service can write t, unset or a time whose
// year in UTC has four digits.
func writable(t time.Time) bool {
	y := t.UTC().Year()
	return t.IsZero() || 0 <= y && y <= 9999
}
