package emulator

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode"

	"github.com/switchboard-go/switchboard/interaction"
)

// SKU is one of the application's premium offerings, as its developer
// sets it up in the portal and the service lists it (List SKUs). Config
// takes them; the JSON is the one cmd/emulator -skus reads:
//
//	[{"id": "1001", "type": 5, "name": "Premium", "flags": 260}]
type SKU struct {
	// ID is the SKU's id; 0 gives it a new one.
	ID interaction.Snowflake `json:"id"`
	// Type is DURABLE (2), CONSUMABLE (3) or SUBSCRIPTION (5). The
	// service makes a SUBSCRIPTION_GROUP (6) for each subscription
	// itself, and so does the emulator.
	Type int `json:"type"`
	// Name is the name customers see.
	Name string `json:"name"`
	// Slug is the SKU's URL slug; empty makes one of the name, as the
	// service does.
	Slug string `json:"slug"`
	// Flags are AVAILABLE (1 << 2, published), and for a subscription
	// exactly one of GUILD_SUBSCRIPTION (1 << 7) and USER_SUBSCRIPTION
	// (1 << 8).
	Flags int `json:"flags"`
}

// The types and flags of SKUs (the service's SKU object).
const (
	skuDurable           = 2
	skuConsumable        = 3
	skuSubscription      = 5
	skuSubscriptionGroup = 6

	skuAvailable         = 1 << 2
	skuGuildSubscription = 1 << 7
	skuUserSubscription  = 1 << 8
)

// maxSKUs bounds the SKUs a Config may give; the service publishes no
// limit, and a store of more would be no store.
const maxSKUs = 50

// defaultSKUs are the SKUs of an application whose Config gives none: a
// user subscription, a guild subscription (not published: the service
// refuses to publish a guild subscription beside a published user
// subscription, and test entitlements need no publication), a durable
// and a consumable item. Their ids are given when the server starts.
func defaultSKUs() []SKU {
	return []SKU{
		{Type: skuSubscription, Name: "Premium", Flags: skuAvailable | skuUserSubscription},
		{Type: skuSubscription, Name: "Server Premium", Flags: skuGuildSubscription},
		{Type: skuDurable, Name: "Lifetime Pass", Flags: skuAvailable},
		{Type: skuConsumable, Name: "Coin Pack", Flags: skuAvailable},
	}
}

// setSKUs gives the application the SKUs of a Config, nil meaning the
// default ones, with a SUBSCRIPTION_GROUP before each subscription, as
// List SKUs shows them. It refuses SKUs the portal would not make.
func (s *Server) setSKUs(given []SKU) error {
	if given == nil {
		given = defaultSKUs()
	}
	if len(given) > maxSKUs {
		return fmt.Errorf("emulator: %d SKUs, more than the %d the emulator keeps", len(given), maxSKUs)
	}
	st := s.st
	seen := map[interaction.Snowflake]bool{}
	var published int // the kinds of published subscription, as flags
	for i, k := range given {
		where := fmt.Sprintf("emulator: SKU %d", i)
		switch {
		case k.Type != skuDurable && k.Type != skuConsumable && k.Type != skuSubscription:
			return errors.New(where + ": the type must be DURABLE (2), CONSUMABLE (3) or SUBSCRIPTION (5); the service makes the SUBSCRIPTION_GROUP of each subscription")
		case strings.TrimSpace(k.Name) == "":
			return errors.New(where + ": it needs a name")
		case k.Flags&^(skuAvailable|skuGuildSubscription|skuUserSubscription) != 0:
			return errors.New(where + ": the flags may be AVAILABLE (1 << 2), GUILD_SUBSCRIPTION (1 << 7) and USER_SUBSCRIPTION (1 << 8)")
		case k.Type == skuSubscription && k.Flags&(skuGuildSubscription|skuUserSubscription) == skuGuildSubscription|skuUserSubscription,
			k.Type == skuSubscription && k.Flags&(skuGuildSubscription|skuUserSubscription) == 0:
			return errors.New(where + ": a subscription is either GUILD_SUBSCRIPTION or USER_SUBSCRIPTION")
		case k.Type != skuSubscription && k.Flags&(skuGuildSubscription|skuUserSubscription) != 0:
			return errors.New(where + ": only a subscription is GUILD_SUBSCRIPTION or USER_SUBSCRIPTION")
		case k.ID != 0 && seen[k.ID]:
			return errors.New(where + ": its id is another SKU's")
		}
		seen[k.ID] = true
		if k.Type == skuSubscription && k.Flags&skuAvailable != 0 {
			published |= k.Flags & (skuGuildSubscription | skuUserSubscription)
		}
	}
	if published == skuGuildSubscription|skuUserSubscription {
		// The portal answers 30076, "Cannot publish a server subscription
		// while a user subscription is already published."
		return errors.New("emulator: a guild subscription and a user subscription cannot both be published (AVAILABLE)")
	}
	// A new id is one no SKU has, given or made.
	newID := func() interaction.Snowflake {
		id := st.newID()
		for seen[id] {
			id = st.newID()
		}
		seen[id] = true
		return id
	}
	st.app.skus = st.app.skus[:0]
	for _, k := range given {
		if k.Slug == "" {
			k.Slug = slug(k.Name)
		}
		if k.Type == skuSubscription {
			// "A SUBSCRIPTION_GROUP is automatically created for each
			// SUBSCRIPTION SKU", listed before it.
			group := k
			group.ID, group.Type = newID(), skuSubscriptionGroup
			st.app.skus = append(st.app.skus, group)
		}
		if k.ID == 0 {
			k.ID = newID()
		}
		st.app.skus = append(st.app.skus, k)
	}
	return nil
}

// slug makes a URL slug of a name, as the service makes one: its letters
// and digits in lower case, the rest runs of hyphens between them.
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	return b.String()
}

// SKUs returns the application's SKUs as List SKUs gives them: those of
// the Config (or the default ones), each subscription after the
// SUBSCRIPTION_GROUP the service makes for it.
func (s *Server) SKUs() []SKU {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	return append([]SKU(nil), s.st.app.skus...)
}

// sku returns the application's SKU with id, or nil. The caller holds the
// state's lock.
func (st *state) sku(id interaction.Snowflake) *SKU {
	for i := range st.app.skus {
		if st.app.skus[i].ID == id {
			return &st.app.skus[i]
		}
	}
	return nil
}

// wireSKU is an SKU as List SKUs writes it: the fields the service's
// documentation describes, and those its example shows beside them, at
// the values an application's own SKUs have.
type wireSKU struct {
	ID             interaction.Snowflake  `json:"id"`
	Type           int                    `json:"type"`
	DependentSKUID *interaction.Snowflake `json:"dependent_sku_id"`
	ApplicationID  interaction.Snowflake  `json:"application_id"`
	ManifestLabels []string               `json:"manifest_labels"`
	AccessType     int                    `json:"access_type"`
	Name           string                 `json:"name"`
	Features       []string               `json:"features"`
	ReleaseDate    *string                `json:"release_date"`
	Premium        bool                   `json:"premium"`
	Slug           string                 `json:"slug"`
	Flags          int                    `json:"flags"`
	ShowAgeGate    bool                   `json:"show_age_gate"`
}

// listSKUs answers GET /applications/{app}/skus, which the OpenAPI
// description leaves out and the service's documentation of SKUs gives:
// every SKU of the application, two for each subscription. The store is
// public: any caller of the application may list it.
func (s *Server) listSKUs(r *request) (int, any, *apiError) {
	if err := s.checkApplication(r); err != nil {
		return 0, nil, err
	}
	out := make([]wireSKU, len(s.st.app.skus))
	for i, k := range s.st.app.skus {
		out[i] = wireSKU{ID: k.ID, Type: k.Type, ApplicationID: s.st.app.id, AccessType: 1, Name: k.Name,
			Features: []string{}, Slug: k.Slug, Flags: k.Flags}
	}
	return http.StatusOK, out, nil
}
