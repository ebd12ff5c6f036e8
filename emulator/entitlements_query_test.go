package emulator

import (
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// The query of List Entitlements is read without panicking whatever it
// holds; what is accepted is within the service's bounds, and what is
// refused is a 50035 naming each parameter at fault.
func FuzzEntitlementQuery(f *testing.F) {
	for _, seed := range []string{
		"",
		"user_id=1&guild_id=2&before=3&after=4&limit=100&exclude_ended=true&exclude_deleted=False",
		"sku_ids=1,2,3&sku_ids=4",
		"sku_ids=1,,2",
		"limit=0&user_id=x&exclude_ended=yes",
		"limit=101",
		"limit=-1&before=18446744073709551616",
		"exclude_deleted=0&exclude_deleted=1",
		"%zz",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q, bad := parseEntitlementQuery(v)
		if bad != nil {
			if bad.status != 400 || bad.code != codeInvalidFormBody || len(bad.errors) == 0 {
				t.Fatalf("%q refused with %+v", raw, bad)
			}
			for name := range bad.errors {
				if _, given := v[name]; !given {
					t.Fatalf("%q refused at %s, which it does not give", raw, name)
				}
			}
			return
		}
		if q.limit < 1 || q.limit > maxEntitlementPage || len(q.skus) > maxEntitlementPage {
			t.Fatalf("%q accepted as limit %d with %d SKUs", raw, q.limit, len(q.skus))
		}
		if _, given := v["exclude_deleted"]; !given && !q.excludeDeleted {
			t.Fatalf("%q includes deleted entitlements without asking", raw)
		}
	})
}

// The SKUs of a Config are given slugs as the service makes them.
func TestSlugsAreMadeOfTheName(t *testing.T) {
	for name, want := range map[string]string{
		"Test Premium":         "test-premium",
		"  Coin  Pack!! ":      "coin-pack",
		"Über-Pass 2":          "über-pass-2",
		"---":                  "",
		"Gold (1 month), x100": "gold-1-month-x100",
	} {
		if got := slug(name); got != want {
			t.Errorf("slug(%q) = %q, want %q", name, got, want)
		}
	}
}

// The emulator keeps at most maxEntitlements entitlements, deleted ones
// included; past them, a new one is refused by the Go API and by Create
// Test Entitlement alike, and nothing is kept.
func TestEntitlementsAreKeptWithinTheirBound(t *testing.T) {
	s := newTestServer(t)
	sku := s.SKUs()[1].ID // the user subscription, after its group
	for range maxEntitlements {
		if _, err := s.CreateEntitlement(interaction.Entitlement{SKUID: sku, UserID: s.Member}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.CreateEntitlement(interaction.Entitlement{SKUID: sku, UserID: s.Member}); !errors.Is(err, ErrInvalidInput) {
		t.Fatalf("one past the bound: %v", err)
	}
	status, raw := apiRequest(t, s, "POST", "/applications/"+s.ApplicationID.String()+"/entitlements", "Bot "+s.BotToken,
		`{"sku_id":"`+sku.String()+`","owner_id":"`+s.Member.String()+`","owner_type":2}`)
	if status != 400 || !strings.Contains(raw, `"code":0`) {
		t.Fatalf("Create Test Entitlement past the bound: %d %s", status, raw)
	}
	if n := len(s.Entitlements()); n != maxEntitlements {
		t.Fatalf("%d entitlements kept", n)
	}
}

// An entitlement ended without a time ends now, by the emulator's clock,
// to the microsecond; from then on interactions no longer carry it.
func TestAnEntitlementEndsNowByDefault(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 123456789, time.UTC)
	s, err := New(Config{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	premium := s.SKUs()[1]
	if premium.Name != "Premium" || premium.Type != skuSubscription {
		t.Fatalf("the default SKUs begin with %+v", s.SKUs())
	}
	e, err := s.CreateEntitlement(interaction.Entitlement{SKUID: premium.ID, UserID: s.Member, Type: entitlementApplicationSubscription,
		StartsAt: now.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	s.st.mu.Lock()
	held := s.st.interactionEntitlements(s.Member, nil)
	s.st.mu.Unlock()
	if len(held) != 1 || held[0].ID != e.ID || held[0].EndsAt != nil {
		t.Fatalf("before the end, the member's interactions carry %+v", held)
	}
	ended, err := s.EndEntitlement(e.ID, time.Time{})
	if err != nil || !ended.EndsAt.Equal(now.Truncate(time.Microsecond)) {
		t.Fatalf("EndEntitlement = %+v, %v", ended, err)
	}
	s.st.mu.Lock()
	held = s.st.interactionEntitlements(s.Member, nil)
	s.st.mu.Unlock()
	if len(held) != 0 {
		t.Fatalf("after the end, the member's interactions carry %+v", held)
	}
	if got := s.Entitlements(); len(got) != 1 || !got[0].EndsAt.Equal(ended.EndsAt) {
		t.Fatalf("Entitlements = %+v", got)
	}
}
