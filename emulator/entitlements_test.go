package emulator_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

// testSKUs are the SKUs of the tests' application: a published guild
// subscription, a user subscription not published, a durable and a
// consumable item.
var testSKUs = []emulator.SKU{
	{ID: 3001, Type: 5, Name: "Server Premium", Flags: 1<<2 | 1<<7},
	{ID: 3002, Type: 5, Name: "Premium", Flags: 1 << 8},
	{ID: 3003, Type: 2, Name: "Lifetime Pass", Flags: 1 << 2},
	{ID: 3004, Type: 3, Name: "Coin Pack", Flags: 1 << 2},
}

func entitlementsPath(s *target) string {
	return "/applications/" + s.ApplicationID.String() + "/entitlements"
}

// startShop starts an emulator of the tests' SKUs, with the seeded user
// carol and guild elsewhere, and its webhook events going to an endpoint
// of the test.
func startShop(t *testing.T) (*target, *eventsEndpoint) {
	t.Helper()
	s := startCommands(t, userInstallConfig())
	ep := startEventsEndpoint(t, s, nil)
	if reason := s.SetEventsURL(t, ep.URL); reason != "" {
		t.Fatalf("the endpoint was refused: %s", reason)
	}
	return s, ep
}

// testEntitlement creates a test entitlement through the service's
// endpoint, as the bot, and returns its id.
func testEntitlement(t *testing.T, s *target, sku string, owner interaction.Snowflake, ownerType int) string {
	t.Helper()
	status, raw := do(t, s, "POST", entitlementsPath(s), `{"sku_id":"`+sku+`","owner_id":"`+owner.String()+`","owner_type":`+strconv.Itoa(ownerType)+`}`)
	if status != 200 {
		t.Fatalf("creating a test entitlement of %s: %d %s", sku, status, raw)
	}
	return object(t, raw)["id"].(string)
}

// purchase grants an entitlement as a purchase does, through the control
// API or the Go API, and returns its id.
func purchase(t *testing.T, s *target, in map[string]any) string {
	t.Helper()
	e, kind := s.CreateEntitlement(t, in)
	if kind != "" {
		t.Fatalf("the purchase %v was refused: %s", in, kind)
	}
	return e.ID.String()
}

// errorCode returns the code of the first problem at path in an error
// body's errors tree, or "".
func errorCode(body map[string]any, path ...string) string {
	node, _ := body["errors"].(map[string]any)
	for _, p := range path {
		node, _ = node[p].(map[string]any)
	}
	list, _ := node["_errors"].([]any)
	if len(list) == 0 {
		return ""
	}
	first, _ := list[0].(map[string]any)
	code, _ := first["code"].(string)
	return code
}

// ids returns the ids of a list of entitlements.
func ids(t *testing.T, raw []byte) []string {
	t.Helper()
	var out []string
	for _, e := range list(t, raw) {
		out = append(out, e["id"].(string))
	}
	return out
}

// The application's SKUs are listed as the service lists them: each
// subscription after the SUBSCRIPTION_GROUP the service makes for it, with
// the fields of the documentation's example.
func TestSKUsAreListedAsTheServiceListsThem(t *testing.T) {
	s := startCommands(t, emulator.Config{SKUs: testSKUs})
	path := "/applications/" + s.ApplicationID.String() + "/skus"
	status, raw := do(t, s, "GET", path, "")
	if status != 200 {
		t.Fatalf("%d %s", status, raw)
	}
	skus := list(t, raw)
	var got []string
	for _, k := range skus {
		id := k["id"].(string)
		if k["type"] == float64(6) {
			id = "group"
		}
		got = append(got, id+" "+k["name"].(string)+" "+k["slug"].(string))
		if k["application_id"] != s.ApplicationID.String() || k["dependent_sku_id"] != nil || k["manifest_labels"] != nil ||
			k["access_type"] != float64(1) || !sameJSON(t, k["features"], `[]`) || k["release_date"] != nil ||
			k["premium"] != false || k["show_age_gate"] != false {
			t.Errorf("SKU %v", k)
		}
	}
	want := []string{"group Server Premium server-premium", "3001 Server Premium server-premium", "group Premium premium",
		"3002 Premium premium", "3003 Lifetime Pass lifetime-pass", "3004 Coin Pack coin-pack"}
	if !slices.Equal(got, want) {
		t.Fatalf("SKUs:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if skus[0]["flags"] != float64(1<<2|1<<7) || skus[1]["flags"] != float64(1<<2|1<<7) || skus[5]["type"] != float64(3) {
		t.Errorf("flags and types: %v", skus)
	}

	status, raw = do(t, s, "GET", "/applications/1234567890123456789/skus", "")
	wantError(t, status, raw, 404, 10002, "Unknown Application")
	status, raw = do(t, s, "GET", path, "", "Authorization", "")
	wantError(t, status, raw, 401, 0, "401: Unauthorized")

	t.Run("by default, two subscriptions, a durable and a consumable", func(t *testing.T) {
		s := startCommands(t, emulator.Config{})
		var got []string
		for _, k := range list(t, must(t, s, "GET", "/applications/"+s.ApplicationID.String()+"/skus", "", 200)) {
			got = append(got, k["name"].(string)+" "+strings.Repeat("*", int(k["type"].(float64))))
		}
		want := []string{"Premium ******", "Premium *****", "Server Premium ******", "Server Premium *****", "Lifetime Pass **", "Coin Pack ***"}
		if !slices.Equal(got, want) {
			t.Fatalf("%v, want %v", got, want)
		}
	})
	t.Run("none when the Config gives an empty list", func(t *testing.T) {
		s := startCommands(t, emulator.Config{SKUs: []emulator.SKU{}})
		if raw := must(t, s, "GET", "/applications/"+s.ApplicationID.String()+"/skus", "", 200); string(raw) != "[]" {
			t.Fatalf("%s", raw)
		}
	})
}

// must makes a request as the bot, fails the test unless it answers
// want, and returns the body.
func must(t *testing.T, s *target, method, path, body string, want int) []byte {
	t.Helper()
	status, raw := do(t, s, method, path, body)
	if status != want {
		t.Fatalf("%s %s: %d %s, want %d", method, path, status, raw, want)
	}
	return raw
}

// The SKUs of a Config are those a developer could make in the portal.
func TestNewRefusesSKUsThePortalWouldNotMake(t *testing.T) {
	for _, tc := range []struct {
		name string
		skus []emulator.SKU
		want string
	}{
		{"a subscription group, which the service makes", []emulator.SKU{{Type: 6, Name: "Group"}}, "SUBSCRIPTION_GROUP"},
		{"an unknown type", []emulator.SKU{{Type: 1, Name: "Thing"}}, "DURABLE"},
		{"no name", []emulator.SKU{{Type: 2, Name: " "}}, "name"},
		{"an unknown flag", []emulator.SKU{{Type: 2, Name: "Pass", Flags: 1}}, "flags"},
		{"a subscription for nobody", []emulator.SKU{{Type: 5, Name: "Premium"}}, "either"},
		{"a subscription for both", []emulator.SKU{{Type: 5, Name: "Premium", Flags: 1<<7 | 1<<8}}, "either"},
		{"a durable item for guilds", []emulator.SKU{{Type: 2, Name: "Pass", Flags: 1 << 7}}, "only a subscription"},
		{"one id twice", []emulator.SKU{{ID: 7, Type: 2, Name: "A"}, {ID: 7, Type: 3, Name: "B"}}, "another SKU's"},
		{"both kinds of subscription published", []emulator.SKU{{Type: 5, Name: "A", Flags: 1<<2 | 1<<7}, {Type: 5, Name: "B", Flags: 1<<2 | 1<<8}}, "both be published"},
		{"more than the emulator keeps", slices.Repeat([]emulator.SKU{{Type: 2, Name: "A"}}, 51), "more than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := emulator.New(emulator.Config{SKUs: tc.skus})
			if err == nil {
				s.Close()
				t.Fatal("New accepted the SKUs")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("New: %v, want an error about %q", err, tc.want)
			}
		})
	}
}

// Create Test Entitlement answers the partial entitlement the
// documentation describes, without starts_at or ends_at, and the service
// then holds the whole entitlement and sends ENTITLEMENT_CREATE.
func TestATestEntitlementIsCreatedForAUserOrAGuild(t *testing.T) {
	s, ep := startShop(t)
	for _, tc := range []struct {
		name      string
		body      string
		user      interaction.Snowflake
		guild     interaction.Snowflake
		wantKeys  string
		wantOwner string
	}{
		{"a user's", `{"sku_id":"3002","owner_id":"` + s.Member.String() + `","owner_type":2}`, s.Member, 0,
			"application_id consumed deleted gift_code_flags id promotion_id sku_id type user_id", "user_id"},
		{"a guild's, its ids as numbers", `{"sku_id":3001,"owner_id":` + s.GuildID.String() + `,"owner_type":1}`, 0, s.GuildID,
			"application_id consumed deleted gift_code_flags guild_id id promotion_id sku_id type", "guild_id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			made := object(t, must(t, s, "POST", entitlementsPath(s), tc.body, 200))
			var keys []string
			for k := range made {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			if got := strings.Join(keys, " "); got != tc.wantKeys {
				t.Errorf("fields %s, want %s", got, tc.wantKeys)
			}
			if made["type"] != float64(4) || made["deleted"] != false || made["consumed"] != false ||
				made["application_id"] != s.ApplicationID.String() || made["promotion_id"] != nil || made["gift_code_flags"] != float64(0) {
				t.Errorf("created %v", made)
			}
			got := ep.next(t).webhook.Event
			e, err := got.EntitlementCreate()
			if err != nil || e.ID.String() != made["id"] || e.UserID != tc.user || e.GuildID != tc.guild || e.Type != 4 ||
				e.ApplicationID != s.ApplicationID || !e.StartsAt.IsZero() || !e.EndsAt.IsZero() {
				t.Errorf("the event: %+v, %v", e, err)
			}
			held := object(t, must(t, s, "GET", entitlementsPath(s)+"/"+made["id"].(string), "", 200))
			if held["starts_at"] != nil || held["ends_at"] != nil || !sameJSON(t, held, mustJSON(t, merge(made, map[string]any{"starts_at": nil, "ends_at": nil}))) {
				t.Errorf("held %v, want what was created, with null times", held)
			}
		})
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func merge(a, b map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// Create Test Entitlement is refused as the service refuses it, and a
// refusal creates nothing.
func TestCreateTestEntitlementRefusesWhatTheServiceRefuses(t *testing.T) {
	s, _ := startShop(t)
	var group string
	for _, k := range list(t, must(t, s, "GET", "/applications/"+s.ApplicationID.String()+"/skus", "", 200)) {
		if k["type"] == float64(6) {
			group = k["id"].(string)
		}
	}
	member := s.Member.String()
	for _, tc := range []struct {
		name         string
		path, body   string
		header       []string
		status, code int
		fields       []string // the fields of a 50035
		wantCode     string   // the code of the first of them
	}{
		{"an empty body", "", `{}`, nil, 400, 50035, []string{"sku_id", "owner_id", "owner_type"}, "BASE_TYPE_REQUIRED"},
		{"an owner type of neither kind", "", `{"sku_id":"3002","owner_id":"` + member + `","owner_type":3}`, nil, 400, 50035, []string{"owner_type"}, "BASE_TYPE_CHOICES"},
		{"an SKU id that is not one", "", `{"sku_id":"premium","owner_id":"` + member + `","owner_type":2}`, nil, 400, 50035, []string{"sku_id"}, "NUMBER_TYPE_COERCE"},
		{"an owner type that is not a number", "", `{"sku_id":"3002","owner_id":"` + member + `","owner_type":"user"}`, nil, 400, 50035, []string{"owner_type"}, "NUMBER_TYPE_COERCE"},
		{"a body that is not an object", "", `[]`, nil, 400, 50035, nil, ""},
		{"a body that is not JSON", "", `{"sku_id":`, nil, 400, 50109, nil, ""},
		{"an SKU the application does not have", "", `{"sku_id":"3999","owner_id":"` + member + `","owner_type":2}`, nil, 404, 10027, nil, ""},
		{"the group of a subscription", "", `{"sku_id":"` + group + `","owner_id":"` + member + `","owner_type":2}`, nil, 404, 10027, nil, ""},
		{"a user who does not exist", "", `{"sku_id":"3002","owner_id":"999","owner_type":2}`, nil, 404, 10013, nil, ""},
		{"a guild that does not exist", "", `{"sku_id":"3001","owner_id":"999","owner_type":1}`, nil, 404, 10004, nil, ""},
		{"a user's id as a guild", "", `{"sku_id":"3001","owner_id":"` + member + `","owner_type":1}`, nil, 404, 10004, nil, ""},
		{"another application", "/applications/1234567890123456789/entitlements", `{"sku_id":"3002","owner_id":"` + member + `","owner_type":2}`, nil, 404, 10002, nil, ""},
		{"no credentials", "", `{"sku_id":"3002","owner_id":"` + member + `","owner_type":2}`, []string{"Authorization", ""}, 401, 0, nil, ""},
		{"a bearer token, even with applications.entitlements", "", `{"sku_id":"3002","owner_id":"` + member + `","owner_type":2}`,
			[]string{"Authorization", "Bearer " + clientToken(t, s, "applications.entitlements")}, 403, 50001, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := tc.path
			if path == "" {
				path = entitlementsPath(s)
			}
			status, raw := do(t, s, "POST", path, tc.body, tc.header...)
			body := object(t, raw)
			if status != tc.status || body["code"] != float64(tc.code) {
				t.Fatalf("%d %s, want %d code %d", status, raw, tc.status, tc.code)
			}
			for _, f := range tc.fields {
				if errorCode(body, f) == "" {
					t.Errorf("no problem at %s: %s", f, raw)
				}
			}
			if len(tc.fields) > 0 && errorCode(body, tc.fields[0]) != tc.wantCode {
				t.Errorf("the code at %s is %q, want %q", tc.fields[0], errorCode(body, tc.fields[0]), tc.wantCode)
			}
		})
	}
	if raw := must(t, s, "GET", entitlementsPath(s)+"?exclude_deleted=false", "", 200); string(raw) != "[]" {
		t.Fatalf("the refusals created %s", raw)
	}
}

// List Entitlements filters by user, guild, SKUs, end and deletion, and
// pages in the ascending order of ids, before reading from the end.
func TestListEntitlementsFiltersAndPagesInAscendingOrder(t *testing.T) {
	s, _ := startShop(t)
	e := []string{
		testEntitlement(t, s, "3002", s.Member, 2),
		testEntitlement(t, s, "3002", s.Moderator, 2),
		testEntitlement(t, s, "3001", s.GuildID, 1),
		testEntitlement(t, s, "3003", s.Member, 2),
		testEntitlement(t, s, "3004", 1001, 2),
		purchase(t, s, map[string]any{"sku_id": "3001", "guild_id": s.GuildID.String(), "user_id": s.Admin.String(), "type": 8,
			"starts_at": "2020-01-01T00:00:00Z", "ends_at": "2020-02-01T00:00:00Z"}),
	}
	must(t, s, "DELETE", entitlementsPath(s)+"/"+e[4], "", 204)
	pick := func(is ...int) []string {
		var out []string
		for _, i := range is {
			out = append(out, e[i])
		}
		return out
	}
	member, guild := s.Member.String(), s.GuildID.String()
	for _, tc := range []struct {
		name, query string
		want        []string
	}{
		{"every entitlement but the deleted, oldest first", "", pick(0, 1, 2, 3, 5)},
		{"the deleted too, when asked", "?exclude_deleted=false", pick(0, 1, 2, 3, 4, 5)},
		{"without the ended", "?exclude_ended=true", pick(0, 1, 2, 3)},
		{"the booleans as 1 and False", "?exclude_ended=1&exclude_deleted=False", pick(0, 1, 2, 3, 4)},
		{"a user's", "?user_id=" + member, pick(0, 3)},
		{"a guild's", "?guild_id=" + guild, pick(2, 5)},
		{"some SKUs', separated by commas", "?sku_ids=3002,3003", pick(0, 1, 3)},
		{"some SKUs', the parameter repeated", "?sku_ids=3002&sku_ids=3001", pick(0, 1, 2, 5)},
		{"a user's of an SKU", "?user_id=" + member + "&sku_ids=3003", pick(3)},
		{"the first page", "?limit=2", pick(0, 1)},
		{"the page after an entitlement", "?after=" + e[1] + "&limit=2", pick(2, 3)},
		{"the page before an entitlement, read from its end", "?before=" + e[3] + "&limit=2", pick(1, 2)},
		{"before, when after is given too", "?before=" + e[3] + "&after=" + e[0] + "&limit=1", pick(2)},
		{"nothing after the last", "?after=" + e[5], nil},
		{"a user with none", "?user_id=999", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ids(t, must(t, s, "GET", entitlementsPath(s)+tc.query, "", 200))
			if !slices.Equal(got, tc.want) {
				t.Fatalf("%v, want %v", got, tc.want)
			}
		})
	}
	deleted := list(t, must(t, s, "GET", entitlementsPath(s)+"?exclude_deleted=false&user_id=1001", "", 200))
	if len(deleted) != 1 || deleted[0]["deleted"] != true {
		t.Fatalf("the deleted entitlement: %v", deleted)
	}
	ended := list(t, must(t, s, "GET", entitlementsPath(s)+"?guild_id="+guild+"&sku_ids=3001&after="+e[2], "", 200))
	if len(ended) != 1 || ended[0]["starts_at"] != "2020-01-01T00:00:00.000000+00:00" || ended[0]["ends_at"] != "2020-02-01T00:00:00.000000+00:00" ||
		ended[0]["user_id"] != s.Admin.String() || ended[0]["type"] != float64(8) {
		t.Fatalf("the ended subscription: %v", ended)
	}

	for _, tc := range []struct {
		name, query string
		fields      []string
		code        string
	}{
		{"a limit of none", "?limit=0", []string{"limit"}, "NUMBER_TYPE_MIN"},
		{"a limit past a page", "?limit=101", []string{"limit"}, "NUMBER_TYPE_MAX"},
		{"a limit that is no number", "?limit=ten", []string{"limit"}, "NUMBER_TYPE_COERCE"},
		{"a user that is no snowflake", "?user_id=me", []string{"user_id"}, "NUMBER_TYPE_COERCE"},
		{"a cursor that is no snowflake", "?before=-1", []string{"before"}, "NUMBER_TYPE_COERCE"},
		{"an SKU that is no snowflake", "?sku_ids=3001,x", []string{"sku_ids"}, "NUMBER_TYPE_COERCE"},
		{"more SKUs than a page", "?sku_ids=" + manyIDs(101), []string{"sku_ids"}, "BASE_TYPE_MAX_LENGTH"},
		{"a boolean that is not one", "?exclude_ended=yes", []string{"exclude_ended"}, "BASE_TYPE_BOOLEAN"},
		{"every parameter at fault at once", "?limit=0&guild_id=x&exclude_deleted=no", []string{"limit", "guild_id", "exclude_deleted"}, "NUMBER_TYPE_MIN"},
	} {
		t.Run("refused: "+tc.name, func(t *testing.T) {
			status, raw := do(t, s, "GET", entitlementsPath(s)+tc.query, "")
			body := object(t, raw)
			if status != 400 || body["code"] != float64(50035) {
				t.Fatalf("%d %s", status, raw)
			}
			for _, f := range tc.fields {
				if errorCode(body, f) == "" {
					t.Errorf("no problem at %s: %s", f, raw)
				}
			}
			if got := errorCode(body, tc.fields[0]); got != tc.code {
				t.Errorf("the code at %s is %q, want %q", tc.fields[0], got, tc.code)
			}
		})
	}
	status, raw := do(t, s, "GET", "/applications/1234567890123456789/entitlements", "")
	wantError(t, status, raw, 404, 10002, "Unknown Application")
}

// manyIDs returns n distinct snowflakes, separated by commas.
func manyIDs(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = interaction.Snowflake(5000 + i).String()
	}
	return strings.Join(parts, ",")
}

// Deleting a test entitlement marks it deleted and sends
// ENTITLEMENT_DELETE; only test entitlements are deleted this way.
func TestDeletingATestEntitlement(t *testing.T) {
	s, ep := startShop(t)
	id := testEntitlement(t, s, "3002", s.Member, 2)
	ep.next(t)
	bought := purchase(t, s, map[string]any{"sku_id": "3003", "user_id": s.Member.String(), "type": 1})
	ep.next(t)

	must(t, s, "DELETE", entitlementsPath(s)+"/"+id, "", 204)
	got := ep.next(t).webhook.Event
	if e, err := got.EntitlementDelete(); err != nil || e.ID.String() != id || !e.Deleted || e.UserID != s.Member {
		t.Fatalf("the event: %s %s", got.Type, got.Data)
	}
	if held := object(t, must(t, s, "GET", entitlementsPath(s)+"/"+id, "", 200)); held["deleted"] != true {
		t.Fatalf("after the deletion: %v", held)
	}
	for _, tc := range []struct {
		name, method, path string
		status, code       int
	}{
		{"deleting it again", "DELETE", "/" + id, 404, 10029},
		{"consuming it", "POST", "/" + id + "/consume", 404, 10029},
		{"deleting a purchase, which is no test entitlement", "DELETE", "/" + bought, 403, 50001},
		{"deleting an entitlement that does not exist", "DELETE", "/999", 404, 10029},
		{"getting an entitlement that does not exist", "GET", "/999", 404, 10029},
		{"an id that is no snowflake", "GET", "/premium", 404, 10029},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, raw := do(t, s, tc.method, entitlementsPath(s)+tc.path, "")
			wantError(t, status, raw, tc.status, tc.code, "")
		})
	}
	if held := object(t, must(t, s, "GET", entitlementsPath(s)+"/"+bought, "", 200)); held["deleted"] != false {
		t.Fatalf("the refused deletion deleted the purchase: %v", held)
	}
}

// Consuming the entitlement of a consumable marks it consumed, sends
// ENTITLEMENT_UPDATE, and lets the user buy the item again; another
// entitlement is not consumed.
func TestConsumingAnEntitlement(t *testing.T) {
	s, ep := startShop(t)
	member := s.Member.String()
	coins := map[string]any{"sku_id": "3004", "user_id": member, "type": 1}
	first := purchase(t, s, coins)
	ep.next(t)
	if _, kind := s.CreateEntitlement(t, coins); kind != "invalid_input" {
		t.Fatalf("a second purchase of an unconsumed item: %q, want invalid_input", kind)
	}

	must(t, s, "POST", entitlementsPath(s)+"/"+first+"/consume", "", 204)
	got := ep.next(t).webhook.Event
	if e, err := got.EntitlementUpdate(); err != nil || e.ID.String() != first || !e.Consumed || e.Deleted {
		t.Fatalf("the event: %s %s", got.Type, got.Data)
	}
	if held := object(t, must(t, s, "GET", entitlementsPath(s)+"/"+first, "", 200)); held["consumed"] != true {
		t.Fatalf("after consuming: %v", held)
	}
	// Consumed again: nothing changes, and no event is sent; the next
	// event is the next purchase's.
	must(t, s, "POST", entitlementsPath(s)+"/"+first+"/consume", "", 204)
	second := purchase(t, s, coins)
	if got := ep.next(t).webhook.Event; got.Type != webhook.TypeEntitlementCreate {
		t.Fatalf("after consuming twice, the next event is %s %s", got.Type, got.Data)
	}

	durable := purchase(t, s, map[string]any{"sku_id": "3003", "user_id": member, "type": 1})
	subscription := testEntitlement(t, s, "3002", s.Member, 2)
	for _, id := range []string{durable, subscription} {
		status, raw := do(t, s, "POST", entitlementsPath(s)+"/"+id+"/consume", "")
		wantError(t, status, raw, 400, 0, "Entitlement is not consumable")
	}
	if ents := list(t, must(t, s, "GET", entitlementsPath(s)+"?user_id="+member, "", 200)); len(ents) != 4 || ents[1]["id"] != second || ents[1]["consumed"] != false {
		t.Fatalf("the member's entitlements: %v", ents)
	}
}

// Bot tokens use every entitlement endpoint; a bearer token needs
// applications.entitlements, and a user's reaches the user's own
// entitlements alone.
func TestWhoMayUseTheEntitlementEndpoints(t *testing.T) {
	s, _ := startShop(t)
	mine := testEntitlement(t, s, "3002", s.Member, 2)
	theirs := testEntitlement(t, s, "3002", s.Moderator, 2)
	client := "Bearer " + clientToken(t, s, "applications.entitlements")
	clientWithout := "Bearer " + clientToken(t, s, "identify")
	access, _ := userToken(t, s, s.Member, "identify", "applications.entitlements")
	user := "Bearer " + access
	accessWithout, _ := userToken(t, s, s.Member, "identify")
	userWithout := "Bearer " + accessWithout
	for _, tc := range []struct {
		name, auth, method, path string
		status, code             int
		want                     []string // the ids a list answers
	}{
		{"no credentials", "", "GET", "", 401, 0, nil},
		{"the bot lists every entitlement", "Bot " + s.BotToken, "GET", "", 200, 0, []string{mine, theirs}},
		{"client credentials with the scope list them too", client, "GET", "", 200, 0, []string{mine, theirs}},
		{"and get anyone's", client, "GET", "/" + theirs, 200, 0, nil},
		{"client credentials without the scope", clientWithout, "GET", "", 403, 50001, nil},
		{"a user with the scope lists their own", user, "GET", "", 200, 0, []string{mine}},
		{"and asks for another's in vain", user, "GET", "?user_id=" + s.Moderator.String(), 200, 0, nil},
		{"and gets their own", user, "GET", "/" + mine, 200, 0, nil},
		{"but not another's", user, "GET", "/" + theirs, 404, 10029, nil},
		{"nor deletes it", user, "DELETE", "/" + theirs, 404, 10029, nil},
		{"a user without the scope", userWithout, "GET", "", 403, 50001, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, raw := do(t, s, tc.method, entitlementsPath(s)+tc.path, "", "Authorization", tc.auth)
			if status != tc.status {
				t.Fatalf("%d %s, want %d", status, raw, tc.status)
			}
			if status >= 400 {
				wantError(t, status, raw, tc.status, tc.code, "")
				return
			}
			if tc.path == "" || strings.HasPrefix(tc.path, "?") {
				if got := ids(t, raw); !slices.Equal(got, tc.want) {
					t.Fatalf("%v, want %v", got, tc.want)
				}
			}
		})
	}
	must(t, s, "DELETE", entitlementsPath(s)+"/"+mine, "", 204)
	status, raw := do(t, s, "DELETE", entitlementsPath(s)+"/"+theirs, "", "Authorization", client)
	if status != 204 {
		t.Fatalf("client credentials deleting a test entitlement: %d %s", status, raw)
	}
}

// A subscription that ends sends ENTITLEMENT_UPDATE with its ends_at, and
// a refund ENTITLEMENT_DELETE: the control API and the Go API do both, as
// the service does when they happen.
func TestSubscriptionsEndAndRefundsDelete(t *testing.T) {
	s, ep := startShop(t)
	guild := s.GuildID.String()
	sub := purchase(t, s, map[string]any{"sku_id": "3001", "guild_id": guild, "user_id": s.Admin.String(), "type": 8,
		"starts_at": "2026-01-01T00:00:00Z"})
	ep.next(t)
	pass := purchase(t, s, map[string]any{"sku_id": "3003", "user_id": s.Member.String(), "type": 1})
	ep.next(t)

	ended, kind := s.EndEntitlement(t, sub, "2026-02-01T00:00:00Z")
	if kind != "" || !ended.EndsAt.Equal(time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("ending the subscription: %+v, %q", ended, kind)
	}
	got := ep.next(t)
	if e, err := got.webhook.Event.EntitlementUpdate(); err != nil || e.ID.String() != sub || !e.EndsAt.Equal(ended.EndsAt) ||
		!strings.Contains(string(got.body), `"ends_at":"2026-02-01T00:00:00.000000+00:00"`) {
		t.Fatalf("the event: %s", got.body)
	}
	if held := object(t, must(t, s, "GET", entitlementsPath(s)+"/"+sub, "", 200)); held["ends_at"] != "2026-02-01T00:00:00.000000+00:00" {
		t.Fatalf("the ended subscription: %v", held)
	}
	if got := ids(t, must(t, s, "GET", entitlementsPath(s)+"?exclude_ended=true", "", 200)); !slices.Equal(got, []string{pass}) {
		t.Fatalf("the entitlements that have not ended: %v", got)
	}

	refunded, kind := s.RemoveEntitlement(t, pass)
	if kind != "" || !refunded.Deleted {
		t.Fatalf("refunding the pass: %+v, %q", refunded, kind)
	}
	if e, err := ep.next(t).webhook.Event.EntitlementDelete(); err != nil || e.ID.String() != pass || !e.Deleted {
		t.Fatalf("the event: %+v, %v", e, err)
	}

	for _, tc := range []struct {
		name string
		do   func() string
		want string
	}{
		{"ending a subscription twice", func() string { _, k := s.EndEntitlement(t, sub, ""); return k }, "invalid_input"},
		{"ending a one-time purchase", func() string {
			id := purchase(t, s, map[string]any{"sku_id": "3004", "user_id": s.Member.String(), "type": 1})
			ep.next(t)
			_, k := s.EndEntitlement(t, id, "")
			return k
		}, "invalid_input"},
		{"ending a refunded entitlement", func() string { _, k := s.EndEntitlement(t, pass, ""); return k }, "invalid_input"},
		{"ending an entitlement that does not exist", func() string { _, k := s.EndEntitlement(t, "999", ""); return k }, "unknown_target"},
		{"refunding twice", func() string { _, k := s.RemoveEntitlement(t, pass); return k }, "invalid_input"},
		{"refunding an entitlement that does not exist", func() string { _, k := s.RemoveEntitlement(t, "999"); return k }, "unknown_target"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.do(); got != tc.want {
				t.Fatalf("refused as %q, want %q", got, tc.want)
			}
		})
	}
	// The refusals sent nothing: the next event is the next change's.
	again := testEntitlement(t, s, "3002", s.Member, 2)
	if e, err := ep.next(t).webhook.Event.EntitlementCreate(); err != nil || e.ID.String() != again {
		t.Fatalf("the next event: %+v, %v", e, err)
	}
}

// EndEntitlement ends an entitlement, through the control API on the
// process; at is RFC 3339, or "" for now.
func (tg *target) EndEntitlement(t *testing.T, id, at string) (interaction.Entitlement, string) {
	t.Helper()
	if tg.server != nil {
		var when time.Time
		if at != "" {
			var err error
			if when, err = time.Parse(time.RFC3339, at); err != nil {
				t.Fatal(err)
			}
		}
		e, err := tg.server.EndEntitlement(mustID(t, id), when)
		return e, refusalKind(t, err)
	}
	body := `{}`
	if at != "" {
		body = `{"ends_at":"` + at + `"}`
	}
	return controlEntitlement(t, tg, "POST", "/_emulator/entitlements/"+id+"/end", body)
}

// RemoveEntitlement refunds an entitlement, through the control API on
// the process.
func (tg *target) RemoveEntitlement(t *testing.T, id string) (interaction.Entitlement, string) {
	t.Helper()
	if tg.server != nil {
		e, err := tg.server.RemoveEntitlement(mustID(t, id))
		return e, refusalKind(t, err)
	}
	return controlEntitlement(t, tg, "DELETE", "/_emulator/entitlements/"+id, "")
}

func controlEntitlement(t *testing.T, tg *target, method, path, body string) (interaction.Entitlement, string) {
	t.Helper()
	status, raw := control(t, tg.controlURL, method, path, body)
	var res struct {
		interaction.Entitlement
		Error string `json:"error"`
	}
	if err := json.Unmarshal(raw, &res); err != nil || (status == http.StatusOK) == (res.Error != "") {
		t.Fatalf("%s %s: %d %s", method, path, status, raw)
	}
	return res.Entitlement, res.Error
}

func mustID(t *testing.T, id string) interaction.Snowflake {
	t.Helper()
	v, err := interaction.ParseSnowflake(id)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// refusalKind names an error of the Go API as the control API does.
func refusalKind(t *testing.T, err error) string {
	t.Helper()
	var ie *emulator.InvocationError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &ie) && errors.Is(err, emulator.ErrUnknownTarget):
		return "unknown_target"
	case errors.As(err, &ie) && errors.Is(err, emulator.ErrInvalidInput):
		return "invalid_input"
	}
	t.Fatalf("an error the control API does not name: %v", err)
	return ""
}

// Purchases follow the rules of the store: the kind of SKU is the
// purchase's, published, for the owner its flags name, and not sold twice
// to one owner while in force; test-mode purchases repeat.
func TestPurchasesFollowTheRulesOfTheStore(t *testing.T) {
	s, _ := startShop(t)
	var group string
	for _, k := range list(t, must(t, s, "GET", "/applications/"+s.ApplicationID.String()+"/skus", "", 200)) {
		if k["type"] == float64(6) {
			group = k["id"].(string)
		}
	}
	member, guild := s.Member.String(), s.GuildID.String()
	purchase(t, s, map[string]any{"sku_id": "3003", "user_id": member, "type": 1})
	purchase(t, s, map[string]any{"sku_id": "3001", "guild_id": guild, "type": 8})
	for _, tc := range []struct {
		name string
		in   map[string]any
		want string
	}{
		{"an SKU the application does not have", map[string]any{"sku_id": "3999", "user_id": member}, "unknown_target"},
		{"the group of a subscription", map[string]any{"sku_id": group, "user_id": member}, "unknown_target"},
		{"a subscription bought as an item", map[string]any{"sku_id": "3001", "guild_id": elsewhere, "type": 1}, "invalid_input"},
		{"an item bought as a subscription", map[string]any{"sku_id": "3004", "user_id": member, "type": 8}, "invalid_input"},
		{"a guild subscription for a user alone", map[string]any{"sku_id": "3001", "user_id": member, "type": 8}, "invalid_input"},
		{"a subscription not published", map[string]any{"sku_id": "3002", "user_id": member, "type": 8}, "invalid_input"},
		{"an item for a guild alone", map[string]any{"sku_id": "3004", "guild_id": guild, "type": 1}, "invalid_input"},
		{"a durable item consumed", map[string]any{"sku_id": "3003", "user_id": member, "consumed": true}, "invalid_input"},
		{"a durable item the user holds", map[string]any{"sku_id": "3003", "user_id": member, "type": 1}, "invalid_input"},
		{"a subscription the guild holds", map[string]any{"sku_id": "3001", "guild_id": guild, "type": 8}, "invalid_input"},
		{"a test-mode purchase of an item the user holds", map[string]any{"sku_id": "3003", "user_id": member, "type": 4}, ""},
		{"a second one", map[string]any{"sku_id": "3003", "user_id": member, "type": 4}, ""},
		{"a gift of a subscription not published", map[string]any{"sku_id": "3002", "user_id": member, "type": 3}, ""},
		{"the guild subscription of another guild", map[string]any{"sku_id": "3001", "guild_id": elsewhere, "type": 8}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, kind := s.CreateEntitlement(t, tc.in); kind != tc.want {
				t.Fatalf("refused as %q, want %q", kind, tc.want)
			}
		})
	}
}

// An interaction carries the entitlements in force of the user who sent
// it and of the guild it came from, as the service writes them.
func TestInteractionsCarryTheEntitlementsInForce(t *testing.T) {
	s, rl := startRelay(t, userInstallConfig())
	member, guild := s.Member.String(), s.GuildID.String()
	mine := testEntitlement(t, s, "3002", s.Member, 2)
	ours := testEntitlement(t, s, "3001", s.GuildID, 1)
	theirs := testEntitlement(t, s, "3002", s.Moderator, 2)
	testEntitlement(t, s, "3001", 2001, 1) // another guild's
	bought := purchase(t, s, map[string]any{"sku_id": "3001", "guild_id": guild, "user_id": member, "type": 8,
		"starts_at": "2020-01-01T00:00:00Z"})
	purchase(t, s, map[string]any{"sku_id": "3002", "user_id": member, "type": 3, "starts_at": "2020-01-01T00:00:00Z", "ends_at": "2020-02-01T00:00:00Z"})
	purchase(t, s, map[string]any{"sku_id": "3002", "user_id": member, "type": 3, "starts_at": "2999-01-01T00:00:00Z"})
	refunded := purchase(t, s, map[string]any{"sku_id": "3003", "user_id": member, "type": 1})
	s.RemoveEntitlement(t, refunded)
	coins := purchase(t, s, map[string]any{"sku_id": "3004", "user_id": member, "type": 1})
	must(t, s, "POST", entitlementsPath(s)+"/"+coins+"/consume", "", 204)

	for _, tc := range []struct {
		name, user string
		want       []string
	}{
		{"the member's own and the guild's", member, []string{mine, ours, bought}},
		{"the moderator's own and the guild's", s.Moderator.String(), []string{ours, theirs, bought}},
		{"the guild's alone", s.Admin.String(), []string{ours, bought}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ex := rl.invokeWith(t, s, `{"user":"`+tc.user+`","guild":"`+guild+`","command":"ask"}`)
			var sent struct {
				Entitlements []map[string]any `json:"entitlements"`
			}
			if err := json.Unmarshal(ex.Raw, &sent); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range sent.Entitlements {
				got = append(got, e["id"].(string))
				if _, ok := e["starts_at"]; !ok || e["application_id"] != s.ApplicationID.String() || e["deleted"] != false {
					t.Errorf("entitlement %v", e)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("entitlements %v, want %v", got, tc.want)
			}
			if res := ex.answer(t, []byte(`{"type":4,"data":{"content":"ok"}}`)); !res.OK {
				t.Errorf("%+v", res)
			}
		})
	}
}
