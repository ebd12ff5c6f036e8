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
	return http.StatusOK, currentUserJSON(u), nil
}

// wireUser is a user object as the service writes it, in interactions
// (a member's user, the user of a DM, resolved users), in messages (the
// author, the user of their interaction metadata) and in applications
// (the bot). The fields its public user object always has are always
// present: avatar and global_name are null when unset, and so are the
// profile decorations (avatar_decoration_data, collectibles,
// primary_guild), which no user of the emulator has. Clients read them
// without looking first, which package interaction's User, a decoder's
// view that leaves empty fields out, cannot promise.
type wireUser struct {
	ID                   interaction.Snowflake `json:"id"`
	Username             string                `json:"username"`
	Discriminator        string                `json:"discriminator"`
	GlobalName           *string               `json:"global_name"`
	Avatar               *string               `json:"avatar"`
	AvatarDecorationData *struct{}             `json:"avatar_decoration_data"`
	Collectibles         *struct{}             `json:"collectibles"`
	PrimaryGuild         *struct{}             `json:"primary_guild"`
	PublicFlags          uint64                `json:"public_flags"`
	// Flags are the account's flags, which the service's user object
	// always carries (the description's UserResponse requires them): the
	// public ones when the user has no others.
	Flags uint64 `json:"flags"`
	// Bot and System are sent only when true, as the service does.
	Bot    bool `json:"bot,omitzero"`
	System bool `json:"system,omitzero"`
}

// userJSON returns the wire form of u.
func userJSON(u *interaction.User) wireUser {
	w := wireUser{ID: u.ID, Username: u.Username, Discriminator: u.Discriminator, PublicFlags: u.PublicFlags, Flags: u.Flags | u.PublicFlags,
		Bot: u.Bot, System: u.System}
	if w.Discriminator == "" {
		w.Discriminator = "0"
	}
	w.GlobalName, w.Avatar = orNull(u.GlobalName), orNull(u.Avatar)
	return w
}

// wireCurrentUser is the user object of /users/@me: a user with the fields
// its owner, and only its owner, reads. premium_type is always present and
// 0: the real service only says otherwise with the identify.premium scope,
// which only approved partners may ask for (the specification's
// Authentication rule 7). banner and accent_color are null: no user of the
// emulator has a profile banner.
type wireCurrentUser struct {
	wireUser
	Banner      *string            `json:"banner"`
	AccentColor *int               `json:"accent_color"`
	PremiumType int                `json:"premium_type"`
	MFAEnabled  bool               `json:"mfa_enabled"`
	Locale      interaction.Locale `json:"locale"`
}

func currentUserJSON(u *interaction.User) wireCurrentUser {
	return wireCurrentUser{wireUser: userJSON(u), Locale: interaction.LocaleEnglishUS}
}
