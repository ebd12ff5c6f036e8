package emulator

import (
	"slices"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

// The types of entitlements (the service's entitlement object): PURCHASE
// (1) to APPLICATION_SUBSCRIPTION (8).
const (
	entitlementPurchase                = 1
	entitlementTestModePurchase        = 4
	entitlementApplicationSubscription = 8
	lastEntitlementType                = 8
)

// maxEntitlements bounds the entitlements the emulator keeps, deleted ones
// included, as the service keeps those: past it, new ones are refused.
const maxEntitlements = 10000

// CreateEntitlement grants a user or a guild one of the application's
// SKUs, as a purchase, a gift or the developer's test entitlement does,
// and sends the webhook event ENTITLEMENT_CREATE with the entitlement, the
// event's data being the entitlement object. The emulator keeps it: the
// entitlement endpoints list it, and the interactions of its user, or of
// everyone in its guild, carry it while it is in force.
//
// e names the SKU and the user or the guild, or both (a guild's
// subscription is bought by a user). Its Type defaults to
// TEST_MODE_PURCHASE (4), the type of the test entitlements a developer
// creates, which have no StartsAt or EndsAt, being valid for ever; give
// them for an entitlement that starts or ends. The emulator sets its ID
// and ApplicationID, and returns it as sent.
//
// A PURCHASE (1) is of a published DURABLE or CONSUMABLE SKU, and an
// APPLICATION_SUBSCRIPTION (8) of a published SUBSCRIPTION, for a guild
// when the SKU is a GUILD_SUBSCRIPTION and for a user alone when it is a
// USER_SUBSCRIPTION. Neither is sold to whom already holds the SKU, an
// unconsumed consumable included; test-mode purchases may be repeated.
//
// A refusal sends nothing and is an *InvocationError: ErrInvalidInput
// without an SKU, without a user or guild, with a type the service does not
// have, ending before it starts, deleted, consumed while not of a
// CONSUMABLE SKU, breaking the rules of purchases above, or when the
// emulator keeps as many entitlements as it can; ErrUnknownTarget for an
// SKU the application does not have (a SUBSCRIPTION_GROUP among them,
// which is not sold), or a user or guild the emulator does not know.
func (s *Server) CreateEntitlement(e interaction.Entitlement) (interaction.Entitlement, error) {
	return s.createEntitlement(0, e)
}

// createEntitlement is CreateEntitlement for the application with id, 0
// for the first.
func (s *Server) createEntitlement(id interaction.Snowflake, e interaction.Entitlement) (interaction.Entitlement, error) {
	unlock, err := s.lockFor(id)
	if err != nil {
		return e, err
	}
	defer unlock()
	st := s.st
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
	k := st.sku(e.SKUID)
	if k == nil || k.Type == skuSubscriptionGroup {
		return e, refuse(ErrUnknownTarget, "the application has no SKU "+e.SKUID.String()+" to sell")
	}
	if e.Consumed && k.Type != skuConsumable {
		return e, refuse(ErrInvalidInput, "only the entitlement of a CONSUMABLE SKU is consumed")
	}
	if reason := st.unsellable(e, k); reason != "" {
		return e, refuse(ErrInvalidInput, reason)
	}
	if len(st.app.entitlements) >= maxEntitlements {
		return e, refuse(ErrInvalidInput, "the emulator keeps "+itoa(maxEntitlements)+" entitlements, and has as many")
	}
	e.ID, e.ApplicationID = st.newID(), st.app.id
	st.app.entitlements = append(st.app.entitlements, &e)
	s.emit(webhook.TypeEntitlementCreate, toWireEntitlement(&e))
	return e, nil
}

// unsellable says why the purchase e of k cannot be made, or "" when it
// can: the SKU's kind must be the purchase's, published, for the owner
// its flags name, and not held already. The caller holds the state's
// lock.
func (st *state) unsellable(e interaction.Entitlement, k *SKU) string {
	switch e.Type {
	case entitlementPurchase:
		if k.Type != skuDurable && k.Type != skuConsumable {
			return "a PURCHASE (1) is of a DURABLE or CONSUMABLE SKU; a subscription is an APPLICATION_SUBSCRIPTION (8)"
		}
		if e.UserID == 0 {
			return "a PURCHASE (1) is a user's"
		}
	case entitlementApplicationSubscription:
		switch {
		case k.Type != skuSubscription:
			return "an APPLICATION_SUBSCRIPTION (8) is of a SUBSCRIPTION SKU"
		case k.Flags&skuGuildSubscription != 0 && e.GuildID == 0:
			return "SKU " + k.ID.String() + " is a GUILD_SUBSCRIPTION: its subscription is a guild's"
		case k.Flags&skuUserSubscription != 0 && (e.UserID == 0 || e.GuildID != 0):
			return "SKU " + k.ID.String() + " is a USER_SUBSCRIPTION: its subscription is a user's alone"
		}
	default:
		return ""
	}
	if k.Flags&skuAvailable == 0 {
		return "SKU " + k.ID.String() + " is not published (AVAILABLE), and is not sold"
	}
	now := st.now()
	for _, held := range st.app.entitlements {
		if held.SKUID == e.SKUID && held.UserID == e.UserID && held.GuildID == e.GuildID && inForce(held, now) {
			return "the owner already holds SKU " + k.ID.String() + " (entitlement " + held.ID.String() + "), which is not sold again until it ends or is consumed"
		}
	}
	return ""
}

// EndEntitlement ends the entitlement id, of whichever application, at
// the time given, or now when at is zero, as the service ends the entitlement of a subscription that
// ends, and sends the webhook event ENTITLEMENT_UPDATE with it, its
// ends_at set: the one update the service sends for a subscription. It
// returns the entitlement as it now is.
//
// Only a subscription ends: a one-time purchase is consumed or refunded,
// and a test entitlement is deleted. A refusal sends nothing and is an
// *InvocationError: ErrUnknownTarget for an entitlement the emulator does
// not have; ErrInvalidInput for one that is deleted, has ended already,
// is not of a SUBSCRIPTION SKU, or would end before it starts.
func (s *Server) EndEntitlement(id interaction.Snowflake, at time.Time) (interaction.Entitlement, error) {
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	e, restore := st.anyEntitlement(id)
	defer restore()
	if at.IsZero() {
		// The service writes times to the microsecond.
		at = st.now().Truncate(time.Microsecond)
	}
	switch {
	case e == nil:
		return interaction.Entitlement{}, refuse(ErrUnknownTarget, "no entitlement "+id.String())
	case e.Deleted:
		return *e, refuse(ErrInvalidInput, "entitlement "+id.String()+" is deleted")
	case !e.EndsAt.IsZero():
		return *e, refuse(ErrInvalidInput, "entitlement "+id.String()+" has ended already")
	case st.sku(e.SKUID) == nil || st.sku(e.SKUID).Type != skuSubscription:
		return *e, refuse(ErrInvalidInput, "entitlement "+id.String()+" is not of a subscription: a one-time purchase is consumed or refunded, and does not end")
	case !e.StartsAt.IsZero() && at.Before(e.StartsAt):
		return *e, refuse(ErrInvalidInput, "the entitlement would end before it starts")
	case !writable(at):
		return *e, refuse(ErrInvalidInput, "the entitlement's end must fall in the years 0 to 9999 in UTC")
	}
	e.EndsAt = at
	s.emit(webhook.TypeEntitlementUpdate, toWireEntitlement(e))
	return *e, nil
}

// RemoveEntitlement deletes the entitlement id, of whichever
// application, as the service does when
// it refunds a purchase or removes an entitlement, and sends the webhook
// event ENTITLEMENT_DELETE with it, its deleted set. It returns the
// entitlement as it now is. The entitlement is kept, deleted: List
// Entitlements shows it when asked not to exclude deleted ones.
//
// A refusal sends nothing and is an *InvocationError: ErrUnknownTarget for
// an entitlement the emulator does not have, ErrInvalidInput for one
// already deleted.
func (s *Server) RemoveEntitlement(id interaction.Snowflake) (interaction.Entitlement, error) {
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	e, restore := st.anyEntitlement(id)
	defer restore()
	switch {
	case e == nil:
		return interaction.Entitlement{}, refuse(ErrUnknownTarget, "no entitlement "+id.String())
	case e.Deleted:
		return *e, refuse(ErrInvalidInput, "entitlement "+id.String()+" is deleted already")
	}
	s.deleteEntitlement(e)
	return *e, nil
}

// deleteEntitlement marks e deleted and sends ENTITLEMENT_DELETE. The
// caller holds the state's lock.
func (s *Server) deleteEntitlement(e *interaction.Entitlement) {
	e.Deleted = true
	s.emit(webhook.TypeEntitlementDelete, toWireEntitlement(e))
}

// Entitlements returns every entitlement the emulator keeps, deleted ones
// included, oldest first.
func (s *Server) Entitlements() []interaction.Entitlement {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	out := make([]interaction.Entitlement, len(s.st.app.entitlements))
	for i, e := range s.st.app.entitlements {
		out[i] = *e
	}
	return out
}

// anyEntitlement returns the entitlement with id of whichever application
// has it, nil for none, acting for that application until restore is
// called. The caller holds the state's lock.
func (st *state) anyEntitlement(id interaction.Snowflake) (e *interaction.Entitlement, restore func()) {
	for _, a := range st.apps {
		restore := st.actFor(a)
		if e := st.entitlement(id); e != nil {
			return e, restore
		}
		restore()
	}
	return nil, func() {}
}

// entitlement returns the entitlement with id of the application acted
// for, or nil. The caller holds the state's lock.
func (st *state) entitlement(id interaction.Snowflake) *interaction.Entitlement {
	// Ids grow with time, and the list is in the order of creation.
	i, found := slices.BinarySearchFunc(st.app.entitlements, id, func(e *interaction.Entitlement, id interaction.Snowflake) int {
		switch {
		case e.ID < id:
			return -1
		case e.ID > id:
			return 1
		}
		return 0
	})
	if !found {
		return nil
	}
	return st.app.entitlements[i]
}

// inForce reports whether e grants its SKU at now: not deleted, not
// consumed, started and not ended.
func inForce(e *interaction.Entitlement, now time.Time) bool {
	return !e.Deleted && !e.Consumed && (e.StartsAt.IsZero() || !now.Before(e.StartsAt)) && (e.EndsAt.IsZero() || now.Before(e.EndsAt))
}

// interactionEntitlements are the entitlements an interaction of user in
// g (nil in the bot's direct messages) carries: those in force of the
// user's own, and of g's, which grant everyone in it. A user's
// subscription of a guild is the guild's. The caller holds the state's
// lock.
func (st *state) interactionEntitlements(user interaction.Snowflake, g *guild) []wireEntitlement {
	out := []wireEntitlement{}
	now := st.now()
	for _, e := range st.app.entitlements {
		mine := e.GuildID == 0 && e.UserID == user || g != nil && e.GuildID == g.id
		if mine && inForce(e, now) {
			out = append(out, toWireEntitlement(e))
		}
	}
	return out
}

// writable reports whether the service can write t, unset or a time whose
// year in UTC has four digits.
func writable(t time.Time) bool {
	y := t.UTC().Year()
	return t.IsZero() || 0 <= y && y <= 9999
}
