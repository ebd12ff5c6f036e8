package web

import (
	"net/http"

	"github.com/switchboard-go/switchboard/emulator/internal/guard"
)

// refused says why r is not answered, or "" when it is. The playground
// drives the emulator, and through it the bot, on behalf of whoever can
// reach it; a page of another site open in the same browser must not. It
// keeps the rules of package guard, which the emulator's control API
// keeps too, and one more: the Host names the port the playground is
// served on, as its own page always does.
func refused(r *http.Request) string {
	return guard.Rules{Name: "the playground", SamePort: true}.Refused(r)
}

// quote writes a value of a request for a message, cut short.
func quote(s string) string {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return `"` + s + `"`
}
