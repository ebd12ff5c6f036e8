package autocomplete

import (
	"strings"
	"testing"
)

func TestSplitKeyFindsTheScopeFallbackKeptAnAnswerIn(t *testing.T) {
	for _, tc := range []struct {
		about      string
		opts       []FallbackOption
		typed      string
		wantScope  string
		wantTyped  string
		otherScope bool // another user's key has another scope
	}{
		{"kept for everyone", nil, "par", "weather\x00\x00\x00city\x00en-US\x00\x00", "par", false},
		{"kept per user", []FallbackOption{WithScope(PerUser)}, "par", "weather\x00\x00\x00city\x00en-US\x00u7\x00", "par", true},
		{"kept per guild, in a direct message", []FallbackOption{WithScope(PerGuild)}, "", "weather\x00\x00\x00city\x00en-US\x00g0\x00", "", false},
		{"what was typed holds NUL bytes", []FallbackOption{WithScope(PerUser)}, "\x00u8\x00par\x00", "weather\x00\x00\x00city\x00en-US\x00u7\x00", "\x00u8\x00par\x00", true},
	} {
		t.Run(tc.about, func(t *testing.T) {
			var fb fallback
			for _, o := range tc.opts {
				o(&fb)
			}
			req := typingIn(t, tc.typed, 7)
			scope, typed := SplitKey(fb.key(req) + tc.typed)
			if scope != tc.wantScope || typed != tc.wantTyped {
				t.Errorf("SplitKey = %q, %q; want %q, %q", scope, typed, tc.wantScope, tc.wantTyped)
			}
			other := typingIn(t, tc.typed, 8)
			if s, _ := SplitKey(fb.key(other) + tc.typed); (s != scope) != tc.otherScope {
				t.Errorf("another user's scope is %q, this user's %q", s, scope)
			}
		})
	}
}

func TestSplitKeySplitsOtherKeysAfterTheirLastNUL(t *testing.T) {
	for _, tc := range []struct{ key, scope, typed string }{
		{"", "", ""},
		{"k", "", "k"},
		{"weather\x00city\x00par", "weather\x00city\x00", "par"},
		{"\x00", "\x00", ""},
	} {
		if scope, typed := SplitKey(tc.key); scope != tc.scope || typed != tc.typed {
			t.Errorf("SplitKey(%q) = %q, %q; want %q, %q", tc.key, scope, typed, tc.scope, tc.typed)
		}
	}
}

// FuzzSplitKey: whatever a user types, the key of its answer splits into
// the scope Fallback gave it and what was typed; and any key splits into
// a scope, empty or ending in NUL, and the rest.
func FuzzSplitKey(f *testing.F) {
	f.Add("par", "weather\x00city")
	f.Add("\x00\x00\x00\x00\x00\x00\x00", "")
	f.Add("", "\x00")
	f.Fuzz(func(t *testing.T, typed, key string) {
		fb := fallback{scope: PerUser}
		req := typingIn(t, "", 7)
		prefix := fb.key(req)
		if scope, rest := SplitKey(prefix + typed); scope != prefix || rest != typed {
			t.Fatalf("SplitKey(%q) = %q, %q", prefix+typed, scope, rest)
		}
		scope, rest := SplitKey(key)
		if scope+rest != key || (scope != "" && !strings.HasSuffix(scope, "\x00")) || strings.Count(scope, "\x00") > keyParts {
			t.Fatalf("SplitKey(%q) = %q, %q", key, scope, rest)
		}
	})
}
