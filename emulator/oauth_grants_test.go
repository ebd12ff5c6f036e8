package emulator

import (
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// What expires is dropped as new tokens and codes are issued, so that a
// long run keeps only what can still be used: the emulator's memory does
// not grow with every token it ever issued.
func TestExpiredTokensAndCodesAreDropped(t *testing.T) {
	var now atomic.Int64
	now.Store(time.Unix(1_800_000_000, 0).UnixNano())
	s, err := New(Config{Now: func() time.Time { return time.Unix(0, now.Load()) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	count := func() (tokens, grants int) {
		s.st.mu.Lock()
		defer s.st.mu.Unlock()
		return len(s.st.app.tokens), len(s.st.app.grants)
	}
	issue := func() {
		s.st.mu.Lock()
		defer s.st.mu.Unlock()
		s.st.issueToken(tokenClient, s.st.app.owner, []string{"identify"}, "")
	}
	for range 100 {
		issue()
		if _, err := s.AuthorizeUser(s.Member, "identify"); err != nil {
			t.Fatal(err)
		}
	}
	if tokens, grants := count(); tokens != 100 || grants != 101 {
		t.Fatalf("%d tokens and %d codes issued, want 100 and 101 (New's code too)", tokens, grants)
	}
	now.Add(int64(codeLifetime))
	issue()
	if tokens, grants := count(); tokens != 101 || grants != 1 {
		t.Fatalf("after the codes expired: %d tokens and %d codes, want 101 and New's code", tokens, grants)
	}
	now.Add(int64(tokenLifetime))
	issue()
	if tokens, grants := count(); tokens != 1 || grants != 1 {
		t.Fatalf("after the tokens expired: %d tokens and %d codes, want the new token and New's code", tokens, grants)
	}
}

// FuzzCheckAuthorizationScopes holds what a user may grant to the
// service's list: whatever is asked, an accepted authorization names only
// scopes of the authorization code flow, and never bot or
// applications.commands.update.
func FuzzCheckAuthorizationScopes(f *testing.F) {
	f.Add("identify guilds")
	f.Add("bot")
	f.Add("applications.commands applications.commands.update")
	f.Add("")
	f.Fuzz(func(t *testing.T, asked string) {
		scopes := strings.Fields(asked)
		if checkAuthorizationScopes(scopes) != nil {
			return
		}
		if len(scopes) == 0 {
			t.Fatal("no scope was accepted")
		}
		for _, sc := range scopes {
			if !slices.Contains(authorizationScopes, sc) || sc == scopeBot || sc == scopeCommandsUpdate {
				t.Fatalf("%q was accepted", sc)
			}
		}
	})
}
