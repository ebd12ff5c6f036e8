package state_test

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/state"
)

func TestKeysAreShortUniqueAndFitOnePartOfAPattern(t *testing.T) {
	seen := map[string]bool{}
	for range 10000 {
		k := state.NewKey()
		if len(k) != state.KeyLength {
			t.Fatalf("key %q has %d characters, want %d", k, len(k), state.KeyLength)
		}
		if strings.ContainsAny(k, ":=+/") {
			t.Fatalf("key %q holds a character that would cut or pad it", k)
		}
		if !state.ValidKey(k) {
			t.Fatalf("key %q, as made, is not valid", k)
		}
		if seen[k] {
			t.Fatalf("key %q made twice", k)
		}
		seen[k] = true
	}
}

func TestOnlyKeysPutCouldReturnAreValid(t *testing.T) {
	for _, tc := range []struct {
		name string
		key  string
		want bool
	}{
		{"a key as made", "3q2-7wXbTOa9yA_aQcTh8g", true},
		{"a key of all zeros", "AAAAAAAAAAAAAAAAAAAAAA", true},
		{"a key of all ones", "_____________________w", true},
		{"the empty string", "", false},
		{"a key cut short", "3q2-7wXbTOa9yA_aQcTh8", false},
		{"a key too long", "3q2-7wXbTOa9yA_aQcTh8gA", false},
		{"a key padded", "3q2-7wXbTOa9yA_aQcTh8g==", false},
		{"a key in standard base64", "3q2+7wXbTOa9yA/aQcTh8g", false},
		{"a key with a colon", "3q2-7wXbTOa9yA:aQcTh8g", false},
		{"a key whose last character sets bits past the 128th", "3q2-7wXbTOa9yA_aQcTh8h", false},
		{"a key of multibyte characters", "ééééééééééé", false},
		{"a key with a space", "3q2-7wXbTOa9yA aQcTh8g", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := state.ValidKey(tc.key); got != tc.want {
				t.Errorf("ValidKey(%q) = %v, want %v", tc.key, got, tc.want)
			}
		})
	}
}

// FuzzValidKey: a key is valid exactly when it is the canonical
// unpadded base64url of 16 bytes, as the standard library decodes it
// strictly.
func FuzzValidKey(f *testing.F) {
	for _, s := range []string{"", "3q2-7wXbTOa9yA_aQcTh8g", "3q2-7wXbTOa9yA_aQcTh8h", "3q2+7wXbTOa9yA/aQcTh8g", "AAAAAAAAAAAAAAAAAAAAA=", state.NewKey()} {
		f.Add(s)
	}
	strict := base64.RawURLEncoding.Strict()
	f.Fuzz(func(t *testing.T, s string) {
		b, err := strict.DecodeString(s)
		want := err == nil && len(b) == 16 && strict.EncodeToString(b) == s
		if got := state.ValidKey(s); got != want {
			t.Errorf("ValidKey(%q) = %v; strict decoding says %v (%d bytes, %v)", s, got, want, len(b), err)
		}
	})
}
