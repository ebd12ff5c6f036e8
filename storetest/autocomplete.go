package storetest

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
)

// TestAutocompleteCache checks an autocomplete.Cache against its
// contract, on the caches open returns, a new one for each check:
//
//   - what one handle stores the other looks up, each key in its place,
//     nil for a key with nothing kept and an empty list for a kept
//     answer of no suggestions; a lookup of no keys finds none;
//   - a later answer replaces the one kept;
//   - keys are kept apart, whatever bytes they hold, and one lookup
//     finds those of many scopes: users, guilds, locales, options, what
//     was typed, keys not made by Fallback;
//   - the cache shares no memory with its callers: changing what was
//     stored, or what a lookup found, down to the maps of localized
//     names, changes nothing another lookup finds;
//   - an answer is not found once its time to live has passed;
//   - the answers of one scope, however many, do not push out those of
//     another (autocomplete.SplitKey);
//   - stores and lookups at once, on both handles, each find a whole
//     answer or none.
func TestAutocompleteCache(t *testing.T, open func(t *testing.T) Handles[autocomplete.Cache]) {
	t.Helper()
	ctx := context.Background()
	store := func(t *testing.T, c autocomplete.Cache, key string, choices []interaction.Choice, ttl time.Duration) {
		t.Helper()
		if err := c.Store(ctx, key, choices, ttl); err != nil {
			t.Fatalf("Store(%q): %v", key, err)
		}
	}
	lookup := func(t *testing.T, c autocomplete.Cache, keys ...string) [][]interaction.Choice {
		t.Helper()
		got, err := c.Lookup(ctx, keys)
		if err != nil {
			t.Fatalf("Lookup(%q): %v", keys, err)
		}
		if len(got) != len(keys) {
			t.Fatalf("Lookup of %d keys returned %d lists", len(keys), len(got))
		}
		return got
	}
	// scope is the beginning of Fallback's keys for the option city of
	// the command weather, in English, for user 7.
	const scope = "weather\x00\x00\x00city\x00en-US\x00u7\x00"
	paris := []interaction.Choice{
		interaction.StringChoice("Paris", "paris"),
		interaction.StringChoice("Rome", "rome").Localize(interaction.LocaleItalian, "Roma"),
		interaction.IntChoice("Seven", 7),
		interaction.FloatChoice("Pi", 3.25),
	}

	t.Run("what one handle stores the other looks up, key by key", func(t *testing.T) {
		h := open(t)
		store(t, h.A, scope+"par", paris, time.Hour)
		store(t, h.A, scope+"zz", nil, time.Hour)
		store(t, h.A, scope+"yy", []interaction.Choice{}, time.Hour)
		if got := lookup(t, h.B); len(got) != 0 {
			t.Errorf("a lookup of no keys found %v", got)
		}
		got := lookup(t, h.B, scope+"pari", scope+"par", scope+"zz", scope, scope+"yy")
		if got[0] != nil || got[3] != nil {
			t.Errorf("keys with nothing kept found %v and %v, want nil", got[0], got[3])
		}
		if !slices.EqualFunc(got[1], paris, sameChoice) {
			t.Errorf("found %+v, want %+v", got[1], paris)
		}
		for _, i := range []int{2, 4} {
			if got[i] == nil || len(got[i]) != 0 {
				t.Errorf("an answer of no suggestions was found as %#v, want an empty list", got[i])
			}
		}
	})

	t.Run("a lookup of every beginning of what was typed finds each in its place", func(t *testing.T) {
		h := open(t)
		typed := "san francisco de campeche, mexico" // 33 beginnings and itself
		keys := make([]string, 0, len(typed)+1)
		for i := len(typed); i >= 0; i-- {
			keys = append(keys, scope+typed[:i])
		}
		for i := 0; i < len(keys); i += 3 {
			store(t, h.A, keys[i], []interaction.Choice{interaction.IntChoice("n", int64(i))}, time.Hour)
		}
		for i, found := range lookup(t, h.B, keys...) {
			switch {
			case i%3 != 0 && found != nil:
				t.Errorf("key %d found %v, want nothing", i, found)
			case i%3 == 0 && (len(found) != 1 || found[0].Value.Text() != strconv.Itoa(i)):
				t.Errorf("key %d found %v, want its own answer", i, found)
			}
		}
	})

	t.Run("a later answer replaces the one kept", func(t *testing.T) {
		h := open(t)
		store(t, h.A, scope+"k", paris, time.Hour)
		store(t, h.B, scope+"k", paris[:1], time.Hour)
		if got := lookup(t, h.A, scope+"k"); !slices.EqualFunc(got[0], paris[:1], sameChoice) {
			t.Errorf("found %+v, want the later answer", got[0])
		}
	})

	t.Run("keys are kept apart, whatever bytes they hold", func(t *testing.T) {
		h := open(t)
		keys := []string{
			scope + "par",
			"weather\x00\x00\x00city\x00en-US\x00u8\x00par",   // another user
			"weather\x00\x00\x00city\x00en-US\x00g7\x00par",   // a guild
			"weather\x00\x00\x00city\x00it\x00u7\x00par",      // another locale
			"weather\x00\x00\x00town\x00en-US\x00u7\x00par",   // another option
			"weather\x00\x00\x00city\x00en-US\x00\x00par",     // everyone's
			scope + "p{a}r%7B%",                               // braces and escapes typed
			scope + "\x00u8\x00par",                           // NUL bytes typed
			"weather\x00\x00\x00c{ty\x00en-US\x00u7\x00par",   // a brace in the scope
			"weather\x00\x00\x00c%7Bty\x00en-US\x00u7\x00par", // what escapes it would write
			"par",        // a key not made by Fallback, of no scope
			"p\x00ar",    // one of another scope
			"{p}\x00ar}", // braces in both
			"",
		}
		for i, k := range keys {
			store(t, h.A, k, []interaction.Choice{interaction.IntChoice("n", int64(i))}, time.Hour)
		}
		for i, found := range lookup(t, h.B, keys...) {
			if len(found) != 1 || found[0].Value.Text() != strconv.Itoa(i) {
				t.Errorf("key %q found %v, want its own answer, %d", keys[i], found, i)
			}
		}
	})

	t.Run("what is kept shares nothing with what was stored or found", func(t *testing.T) {
		h := open(t)
		given := []interaction.Choice{interaction.StringChoice("Rome", "rome").Localize(interaction.LocaleItalian, "Roma")}
		store(t, h.A, scope+"k", given, time.Hour)
		given[0].Name = "changed in the list stored"
		given[0].NameLocalizations[interaction.LocaleItalian] = "changed in the map stored"
		found := lookup(t, h.B, scope+"k")[0]
		if len(found) != 1 {
			t.Fatalf("found %+v, want Rome", found)
		}
		found[0].Name = "changed in the list found"
		found[0].NameLocalizations[interaction.LocaleItalian] = "changed in the map found"
		found[0].NameLocalizations[interaction.LocaleFrench] = "added to the map found"
		for _, c := range []autocomplete.Cache{h.A, h.B} {
			again := lookup(t, c, scope+"k")[0]
			if len(again) != 1 || again[0].Name != "Rome" || len(again[0].NameLocalizations) != 1 ||
				again[0].NameLocalizations[interaction.LocaleItalian] != "Roma" {
				t.Errorf("found %+v; want Rome, Roma in Italian, as kept", again)
			}
		}
	})

	t.Run("an answer is not found once its time to live has passed", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		ttl := tl.period(time.Minute, 100*time.Millisecond)
		before := tl.now()
		store(t, h.A, scope+"k", paris, ttl)
		after := tl.now()
		if tl.moved() {
			tl.sleep(ttl - time.Millisecond)
			if lookup(t, h.B, scope+"k")[0] == nil {
				t.Fatal("a millisecond before its time to live ends, the answer is not found")
			}
			tl.sleep(time.Millisecond)
		} else {
			if lookup(t, h.B, scope+"k")[0] == nil && tl.since(before) < ttl {
				t.Fatal("before its time to live ends, the answer is not found")
			}
			tl.sleep(ttl - tl.since(after) + 20*time.Millisecond)
		}
		var got []interaction.Choice
		if !tl.eventually(func() bool { got = lookup(t, h.B, scope+"k")[0]; return got == nil }) {
			t.Errorf("found %v once its time to live had passed", got)
		}
	})

	t.Run("the answers of one scope do not push out those of another", func(t *testing.T) {
		h := open(t)
		other := "weather\x00\x00\x00city\x00en-US\x00u8\x00"
		store(t, h.A, other+"par", paris, time.Hour)
		for i := range autocomplete.DefaultPerScope + 10 {
			store(t, pick(h, i), scope+"typed "+strconv.Itoa(i), paris[:1], time.Hour)
		}
		if got := lookup(t, h.B, other+"par")[0]; !slices.EqualFunc(got, paris, sameChoice) {
			t.Errorf("another user's answer found as %v after %d of one user's", got, autocomplete.DefaultPerScope+10)
		}
	})

	t.Run("stores and lookups at once each find a whole answer or none", func(t *testing.T) {
		h := open(t)
		answers := make([][]interaction.Choice, 8)
		for i := range answers {
			for j := range i + 1 {
				answers[i] = append(answers[i], interaction.StringChoice(fmt.Sprintf("answer %d", i), strconv.Itoa(j)))
			}
		}
		race(32, func(i int) {
			c := pick(h, i)
			if i%4 < 2 {
				if err := c.Store(ctx, scope+"k", answers[i%len(answers)], time.Hour); err != nil {
					t.Error(err)
				}
				return
			}
			got, err := c.Lookup(ctx, []string{scope + "k"})
			if err != nil {
				t.Error(err)
				return
			}
			if got[0] == nil {
				return
			}
			n := len(got[0])
			if n == 0 || n > len(answers) || !slices.EqualFunc(got[0], answers[n-1], sameChoice) {
				t.Errorf("found %+v, which is no answer stored", got[0])
			}
		})
	})
}

// sameChoice reports whether two choices are equal, their localized
// names included.
func sameChoice(a, b interaction.Choice) bool {
	if a.Name != b.Name || a.Value.Kind() != b.Value.Kind() || a.Value.Text() != b.Value.Text() ||
		len(a.NameLocalizations) != len(b.NameLocalizations) {
		return false
	}
	for l, n := range a.NameLocalizations {
		if b.NameLocalizations[l] != n {
			return false
		}
	}
	return true
}
