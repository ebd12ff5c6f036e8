package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
)

// AutocompleteCaches checks an autocomplete.Cache. open returns two
// handles on one empty cache.
func AutocompleteCaches(t *testing.T, open func(t *testing.T) (a, b autocomplete.Cache)) {
	ctx := context.Background()
	paris := []interaction.Choice{
		interaction.StringChoice("Paris", "paris"),
		{Name: "Rome", NameLocalizations: map[interaction.Locale]string{interaction.LocaleItalian: "Roma"}, Value: interaction.StringValue("rome")},
		interaction.IntChoice("Seven", 7),
	}

	t.Run("what one handle keeps the other finds, key by key", func(t *testing.T) {
		a, b := open(t)
		if err := a.Store(ctx, "weather\x00city\x00par", paris, time.Hour); err != nil {
			t.Fatal(err)
		}
		if err := a.Store(ctx, "weather\x00city\x00zz", nil, time.Hour); err != nil {
			t.Fatal(err)
		}
		got, err := b.Lookup(ctx, []string{"weather\x00city\x00pari", "weather\x00city\x00par", "weather\x00city\x00zz", "weather\x00city\x00"})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 4 || got[0] != nil || got[3] != nil {
			t.Fatalf("found %v; want only the second and third keys", got)
		}
		if !slices.EqualFunc(got[1], paris, sameChoice) {
			t.Errorf("found %+v, want %+v", got[1], paris)
		}
		if got[2] == nil || len(got[2]) != 0 {
			t.Errorf("an answer of no suggestions was found as %#v, want an empty list", got[2])
		}
	})

	t.Run("a later answer replaces the kept one", func(t *testing.T) {
		a, b := open(t)
		a.Store(ctx, "k", paris, time.Hour)
		b.Store(ctx, "k", paris[:1], time.Hour)
		got, _ := a.Lookup(ctx, []string{"k"})
		if len(got[0]) != 1 {
			t.Errorf("found %v", got[0])
		}
	})

	t.Run("what is kept shares nothing with what was given or found", func(t *testing.T) {
		a, b := open(t)
		given := []interaction.Choice{interaction.StringChoice("Rome", "rome").Localize(interaction.LocaleItalian, "Roma")}
		if err := a.Store(ctx, "k", given, time.Hour); err != nil {
			t.Fatal(err)
		}
		given[0].Name = "changed in the list given"
		given[0].NameLocalizations[interaction.LocaleItalian] = "changed in the map given"
		found, err := b.Lookup(ctx, []string{"k"})
		if err != nil {
			t.Fatal(err)
		}
		found[0][0].NameLocalizations[interaction.LocaleItalian] = "changed in the map found"
		again, err := a.Lookup(ctx, []string{"k"})
		if err != nil {
			t.Fatal(err)
		}
		if len(again[0]) != 1 || again[0][0].Name != "Rome" || again[0][0].NameLocalizations[interaction.LocaleItalian] != "Roma" {
			t.Errorf("found %+v; want Rome, Roma in Italian, as kept", again[0])
		}
	})

	t.Run("an answer past its time is not found", func(t *testing.T) {
		a, b := open(t)
		a.Store(ctx, "k", paris, 30*time.Millisecond)
		for deadline := time.Now().Add(5 * time.Second); ; {
			got, err := b.Lookup(ctx, []string{"k"})
			if err != nil {
				t.Fatal(err)
			}
			if got[0] == nil {
				return
			}
			if time.Now().After(deadline) {
				t.Fatal("still found 5s after its 30ms")
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
}

func sameChoice(a, b interaction.Choice) bool {
	return a.Name == b.Name && a.Value.Text() == b.Value.Text() && a.Value.Kind() == b.Value.Kind() &&
		len(a.NameLocalizations) == len(b.NameLocalizations) && a.NameLocalizations[interaction.LocaleItalian] == b.NameLocalizations[interaction.LocaleItalian]
}
