package emulator

import (
	"net/http"

	"github.com/switchboard-go/switchboard/interaction"
)

// currentUser is GET /users/@me.
//
// A bot token reads the bot user. A bearer token needs the identify scope;
// without it the real service answers 401 as for no credentials. A user's
// token reads that user. A client credentials token reads the application's
// owner: the real service documents that grant as returning a token for
// the bot's owner (for an application owned by a team, the team's user,
// which the emulator does not model).
func (s *Server) currentUser(r *request) (int, any, *apiError) {
	st := s.st
	var id interaction.Snowflake
	switch {
	case r.caller.bot:
		id = st.app.botUser
	case !r.caller.has("identify"):
		return 0, nil, errUnauthorized()
	case r.caller.token.kind == tokenClient:
		id = st.app.owner
	default:
		id = r.caller.token.user
	}
	u := st.users[id]
	if u == nil {
		// A code minted for a user the emulator does not know.
		return 0, nil, errUnauthorized()
	}
	return http.StatusOK, userBody(u), nil
}

// userBody is the user object of /users/@me. premium_type is always
// present and 0: the real service only says otherwise with the
// identify.premium scope, which only approved partners may ask for
// (the specification's Authentication rule 7).
func userBody(u *interaction.User) map[string]any {
	b := map[string]any{
		"id":            u.ID,
		"username":      u.Username,
		"discriminator": u.Discriminator,
		"global_name":   nil,
		"avatar":        nil,
		"public_flags":  u.PublicFlags,
		"flags":         u.PublicFlags,
		"premium_type":  0,
		"mfa_enabled":   false,
		"locale":        string(interaction.LocaleEnglishUS),
	}
	if u.GlobalName != "" {
		b["global_name"] = u.GlobalName
	}
	if u.Avatar != "" {
		b["avatar"] = u.Avatar
	}
	if u.Bot {
		b["bot"] = true
	}
	return b
}
