package emulator

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
	"github.com/switchboard-go/switchboard/webhook"
)

// Codes of the entitlement endpoints, the service's public ones.
const (
	codeUnknownUser        = 10013
	codeUnknownSKU         = 10027
	codeUnknownEntitlement = 10029
)

// scopeEntitlements is the OAuth2 scope a bearer token needs to read and
// manage the application's entitlements.
const scopeEntitlements = "applications.entitlements"

// maxEntitlementPage is the most, and the default, a page of List
// Entitlements holds.
const maxEntitlementPage = 100

// entitlementRoutes registers the entitlement and SKU endpoints.
func (s *Server) entitlementRoutes(mux *http.ServeMux) {
	const base = "/applications/{app}/entitlements"
	s.route(mux, "GET "+base, "entitlements", false, s.listEntitlements)
	s.route(mux, "POST "+base, "entitlements", false, s.createTestEntitlement)
	s.route(mux, "GET "+base+"/{entitlement}", "entitlements", false, s.getEntitlement)
	s.route(mux, "DELETE "+base+"/{entitlement}", "entitlements", false, s.deleteTestEntitlement)
	s.route(mux, "POST "+base+"/{entitlement}/consume", "entitlements", false, s.consumeEntitlement)
	s.route(mux, "GET /applications/{app}/skus", "skus", false, s.listSKUs)
}

// entitlementAccess checks that the caller may use the entitlement
// endpoints of the request's application, and returns the one user whose
// entitlements it reaches, or 0 for all of them.
//
// The OpenAPI description takes a bot token, or an OAuth2 token with
// applications.entitlements, on every endpoint but Create Test
// Entitlement, which takes a bot token only. A client credentials token
// acts as the application; a user's token reaches that user's own
// entitlements. Credentials that reach nothing are answered 403 Missing
// Access, as the command endpoints answer them (D5).
func (s *Server) entitlementAccess(r *request, create bool) (interaction.Snowflake, *apiError) {
	if err := s.checkApplication(r); err != nil {
		return 0, err
	}
	t := r.caller.token
	switch {
	case t == nil:
		return 0, nil
	case create || !r.caller.has(scopeEntitlements):
		return 0, errMissingAccess()
	case t.kind == tokenUser:
		return t.user, nil
	}
	return 0, nil
}

// pathEntitlement returns the entitlement of the path's {entitlement}
// that the caller reaches (only, when not 0, being the one user it
// reaches), or 404 Unknown Entitlement. live refuses a deleted one too.
func (s *Server) pathEntitlement(r *request, only interaction.Snowflake, live bool) (*interaction.Entitlement, *apiError) {
	id, err := interaction.ParseSnowflake(r.PathValue("entitlement"))
	var e *interaction.Entitlement
	if err == nil {
		e = s.st.entitlement(id)
	}
	if e == nil || only != 0 && e.UserID != only || live && e.Deleted {
		return nil, errNotFound(codeUnknownEntitlement, "Unknown Entitlement")
	}
	return e, nil
}

// getEntitlement answers GET .../entitlements/{entitlement}: the
// entitlement, a deleted one too, marked so.
func (s *Server) getEntitlement(r *request) (int, any, *apiError) {
	only, err := s.entitlementAccess(r, false)
	if err != nil {
		return 0, nil, err
	}
	e, err := s.pathEntitlement(r, only, false)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, toWireEntitlement(e), nil
}

// consumeEntitlement answers POST .../entitlements/{entitlement}/consume:
// "For One-Time Purchase consumable SKUs, marks a given entitlement for
// the user as consumed", 204. Consuming marks it consumed and sends
// ENTITLEMENT_UPDATE, as an update of the entitlement; consuming it again
// answers 204 and changes nothing. An entitlement of another kind of SKU
// is refused.
func (s *Server) consumeEntitlement(r *request) (int, any, *apiError) {
	only, err := s.entitlementAccess(r, false)
	if err != nil {
		return 0, nil, err
	}
	e, err := s.pathEntitlement(r, only, true)
	if err != nil {
		return 0, nil, err
	}
	if k := s.st.sku(e.SKUID); k == nil || k.Type != skuConsumable {
		// The service publishes no code for it.
		return 0, nil, errBadRequest(codeGeneral, "Entitlement is not consumable")
	}
	if !e.Consumed {
		e.Consumed = true
		s.emit(webhook.TypeEntitlementUpdate, toWireEntitlement(e))
	}
	return http.StatusNoContent, nil, nil
}

// deleteTestEntitlement answers DELETE .../entitlements/{entitlement}:
// "Deletes a currently-active test entitlement", 204, sending
// ENTITLEMENT_DELETE ("when a developer deletes a Test Entitlement"). The
// entitlement is kept, deleted. Test entitlements are those of type
// TEST_MODE_PURCHASE; another is refused as a resource the credentials do
// not reach.
func (s *Server) deleteTestEntitlement(r *request) (int, any, *apiError) {
	only, err := s.entitlementAccess(r, false)
	if err != nil {
		return 0, nil, err
	}
	e, err := s.pathEntitlement(r, only, true)
	if err != nil {
		return 0, nil, err
	}
	if e.Type != entitlementTestModePurchase {
		return 0, nil, errMissingAccess()
	}
	s.deleteEntitlement(e)
	return http.StatusNoContent, nil, nil
}

// testEntitlementBody is the body of Create Test Entitlement, its fields
// read one by one so that each problem is reported at its field.
type testEntitlementBody struct {
	SKUID     json.RawMessage `json:"sku_id"`
	OwnerID   json.RawMessage `json:"owner_id"`
	OwnerType json.RawMessage `json:"owner_type"`
}

// The owner types of Create Test Entitlement.
const (
	ownerGuild = 1
	ownerUser  = 2
)

// createTestEntitlement answers POST .../entitlements: a test entitlement
// (TEST_MODE_PURCHASE, valid for ever) of one of the application's SKUs
// for a guild (owner_type 1) or a user (2), 200 with the partial
// entitlement, sending ENTITLEMENT_CREATE. An SKU or an owner that does
// not exist is a 404 (frameworks document one: discord.py), with the
// service's code of what is unknown.
func (s *Server) createTestEntitlement(r *request) (int, any, *apiError) {
	if _, err := s.entitlementAccess(r, true); err != nil {
		return 0, nil, err
	}
	var in testEntitlementBody
	if err := decodeBody(r, &in); err != nil {
		return 0, nil, err
	}
	var (
		sku, owner interaction.Snowflake
		ownerType  int
	)
	bad := newInvalidBody()
	for _, f := range []struct {
		name string
		raw  json.RawMessage
		to   any
	}{{"sku_id", in.SKUID, &sku}, {"owner_id", in.OwnerID, &owner}, {"owner_type", in.OwnerType, &ownerType}} {
		switch {
		case len(f.raw) == 0 || string(f.raw) == "null":
			bad.add("/"+f.name, rules.BaseTypeRequired, "This field is required")
		case json.Unmarshal(f.raw, f.to) != nil:
			what := "snowflake"
			if f.name == "owner_type" {
				what = "int"
			}
			bad.add("/"+f.name, rules.NumberTypeCoerce, "Value is not "+what+".")
		case f.name == "owner_type" && ownerType != ownerGuild && ownerType != ownerUser:
			bad.add("/owner_type", rules.BaseTypeChoices, "Value must be one of {1, 2}.")
		}
	}
	if len(bad.errors) > 0 {
		return 0, nil, bad
	}
	st := s.st
	e := interaction.Entitlement{SKUID: sku, Type: entitlementTestModePurchase}
	// A SUBSCRIPTION_GROUP is "not used at this time": the SKU to test
	// with is the subscription's own.
	if k := st.sku(e.SKUID); k == nil || k.Type == skuSubscriptionGroup {
		return 0, nil, errNotFound(codeUnknownSKU, "Unknown SKU")
	}
	if ownerType == ownerGuild {
		if st.guilds[owner] == nil {
			return 0, nil, errNotFound(codeUnknownGuild, "Unknown Guild")
		}
		e.GuildID = owner
	} else {
		if st.users[owner] == nil {
			return 0, nil, errNotFound(codeUnknownUser, "Unknown User")
		}
		e.UserID = owner
	}
	if len(st.app.entitlements) >= maxEntitlements {
		return 0, nil, errBadRequest(codeGeneral, "Maximum number of entitlements reached ("+strconv.Itoa(maxEntitlements)+")")
	}
	e.ID, e.ApplicationID = st.newID(), st.app.id
	st.app.entitlements = append(st.app.entitlements, &e)
	s.emit(webhook.TypeEntitlementCreate, toWireEntitlement(&e))
	return http.StatusOK, partialEntitlementJSON(&e), nil
}

// entitlementQuery is what List Entitlements asks for.
type entitlementQuery struct {
	user, guild, before, after   interaction.Snowflake
	skus                         []interaction.Snowflake // none: every SKU
	limit                        int
	excludeEnded, excludeDeleted bool
}

// listEntitlements answers GET .../entitlements: "all entitlements for a
// given app, active and expired", filtered by the query, in the order of
// their ids. The service pages them in ascending order, as frameworks
// read them (discord.py asks for the page before a page's first id, and
// after its last): with before, the page is the last limit entitlements
// before it; otherwise the first limit after after (or from the first).
// A query with both is read by before, which discord.js documents as the
// one the service respects.
func (s *Server) listEntitlements(r *request) (int, any, *apiError) {
	only, err := s.entitlementAccess(r, false)
	if err != nil {
		return 0, nil, err
	}
	q, err := parseEntitlementQuery(r.URL.Query())
	if err != nil {
		return 0, nil, err
	}
	st := s.st
	now := st.now()
	var picked []*interaction.Entitlement
	for _, e := range st.app.entitlements {
		switch {
		case only != 0 && e.UserID != only,
			q.user != 0 && e.UserID != q.user,
			q.guild != 0 && e.GuildID != q.guild,
			len(q.skus) > 0 && !slices.Contains(q.skus, e.SKUID),
			q.excludeDeleted && e.Deleted,
			q.excludeEnded && !e.EndsAt.IsZero() && !now.Before(e.EndsAt),
			q.before != 0 && e.ID >= q.before,
			q.before == 0 && e.ID <= q.after:
			continue
		}
		picked = append(picked, e)
	}
	if q.before != 0 {
		picked = picked[max(0, len(picked)-q.limit):]
	} else {
		picked = picked[:min(len(picked), q.limit)]
	}
	out := make([]wireEntitlement, len(picked))
	for i, e := range picked {
		out[i] = toWireEntitlement(e)
	}
	return http.StatusOK, out, nil
}

// parseEntitlementQuery reads the query of List Entitlements, or answers
// 50035 with every parameter at fault in its errors tree.
func parseEntitlementQuery(v url.Values) (entitlementQuery, *apiError) {
	q := entitlementQuery{limit: maxEntitlementPage, excludeDeleted: true}
	bad := newInvalidBody()
	for _, f := range []struct {
		name string
		to   *interaction.Snowflake
	}{{"user_id", &q.user}, {"guild_id", &q.guild}, {"before", &q.before}, {"after", &q.after}} {
		if text := v.Get(f.name); text != "" {
			id, err := interaction.ParseSnowflake(text)
			if err != nil {
				bad.add("/"+f.name, rules.NumberTypeCoerce, "Value is not snowflake.")
			}
			*f.to = id
		}
	}
	// "A comma-delimited set of snowflakes"; the OpenAPI description
	// also takes the parameter repeated.
	for _, list := range v["sku_ids"] {
		for text := range strings.SplitSeq(list, ",") {
			id, err := interaction.ParseSnowflake(strings.TrimSpace(text))
			if err != nil {
				bad.add("/sku_ids", rules.NumberTypeCoerce, "Value is not snowflake.")
				break
			}
			if !slices.Contains(q.skus, id) {
				q.skus = append(q.skus, id)
			}
		}
	}
	if len(q.skus) > maxEntitlementPage {
		bad.add("/sku_ids", rules.BaseTypeMaxLength, "Must be "+strconv.Itoa(maxEntitlementPage)+" or fewer in length.")
	}
	if text := v.Get("limit"); text != "" {
		n, err := strconv.Atoi(text)
		switch {
		case err != nil:
			bad.add("/limit", rules.NumberTypeCoerce, "Value is not int.")
		case n < 1:
			bad.add("/limit", rules.NumberTypeMin, "int value should be greater than or equal to 1.")
		case n > maxEntitlementPage:
			bad.add("/limit", rules.NumberTypeMax, "int value should be less than or equal to "+strconv.Itoa(maxEntitlementPage)+".")
		default:
			q.limit = n
		}
	}
	for _, f := range []struct {
		name string
		to   *bool
	}{{"exclude_ended", &q.excludeEnded}, {"exclude_deleted", &q.excludeDeleted}} {
		if text, ok := v[f.name]; ok {
			b, valid := queryBool(text[0])
			if !valid {
				bad.add("/"+f.name, rules.BaseTypeBoolean, "Must be either true or false.")
			}
			*f.to = b
		}
	}
	if len(bad.errors) > 0 {
		return q, bad
	}
	return q, nil
}

// queryBool reads a boolean query string as the service does: "True",
// "true" or "1" is true, "False", "false" or "0" false, and nothing else
// is a boolean.
func queryBool(s string) (value, valid bool) {
	switch s {
	case "True", "true", "1":
		return true, true
	case "False", "false", "0":
		return false, true
	}
	return false, false
}
