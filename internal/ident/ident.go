// Package ident holds the one rule for the names a bot gives the parts
// of a custom_id pattern ("poll:{id}") and the kinds of state that ride in
// one: an ASCII letter or _ followed by ASCII letters, digits or _. The
// router and package state check names by it, so that any name a kind of
// state accepts is one a pattern accepts too.
package ident

// Valid reports whether s is a name by the rule: an ASCII letter or _,
// followed by ASCII letters, digits or _.
func Valid(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}
