package emulator

import (
	"errors"
	"slices"
	"strconv"
	"time"
)

// codeLifetime is how long an authorization code can be exchanged: the
// service's codes "expire 100 seconds after creation" (its staff, in
// discord/discord-api-docs#2526), well within RFC 6749's ten minutes.
const codeLifetime = 100 * time.Second

// pruneEvery is how often issuing a token or a code also drops the tokens
// and codes that have expired, so that what a long run issues does not
// grow the emulator's memory, without a sweep at every issue.
const pruneEvery = time.Minute

// ErrInvalidScope: an authorization asks for a scope the service does not
// grant in the authorization code flow. The service's authorization page
// redirects back with error=invalid_scope.
var ErrInvalidScope = errors.New("emulator: invalid scope")

// authorizationScopes are the scopes a user may grant in the
// authorization code flow: those of the OpenAPI description's
// authorizationCode flow, the service's list of scopes but
// applications.commands.update, which is for the client credentials grant
// only (its documentation's table of scopes; discord/discord-api-docs#2603,
// #2618: asking a user for it shows "invalid scope"). bot is among them,
// but adds the application to a guild the user picks, which InstallGuild
// does; AuthorizeUser refuses it.
var authorizationScopes = []string{
	"activities.invites.write", "activities.read", "activities.write",
	"applications.builds.read", "applications.builds.upload", "applications.commands",
	"applications.commands.permissions.update", "applications.entitlements", "applications.store.update",
	"connections", "dm_channels.read", "email", "gdm.join", "guilds", "guilds.join", "guilds.members.read",
	"identify", "messages.read", "openid", "relationships.read", "role_connections.write",
	"rpc", "rpc.activities.write", "rpc.notifications.read", "rpc.screenshare.read", "rpc.screenshare.write",
	"rpc.video.read", "rpc.video.write", "rpc.voice.read", "rpc.voice.write", "voice", "webhook.incoming",
}

// checkAuthorizationScopes refuses scopes a user cannot grant.
func checkAuthorizationScopes(scopes []string) error {
	if len(scopes) == 0 {
		return refuse(ErrInvalidScope, "an authorization needs at least one scope")
	}
	for i, sc := range scopes {
		switch {
		case sc == scopeBot:
			return refuse(ErrInvalidScope, "the scope bot adds the application to a guild: use InstallGuild (POST /_emulator/install)")
		case sc == scopeCommandsUpdate:
			return refuse(ErrInvalidScope, "the scope applications.commands.update is granted to the client credentials grant only")
		case !slices.Contains(authorizationScopes, sc):
			return refuse(ErrInvalidScope, "scope "+strconv.Itoa(i)+" of those asked is none of the service's")
		}
	}
	return nil
}

// expired reports whether the code g can no longer be exchanged. The
// caller holds s.mu.
func (s *state) expired(g *grant) bool {
	return !g.expires.IsZero() && !s.now().Before(g.expires)
}

// prune drops the access tokens and the codes that have expired, at most
// once every pruneEvery. Nothing is sent: an expiry is not a revocation.
// The caller holds s.mu.
func (s *state) prune() {
	now := s.now()
	if !s.app.pruned.IsZero() && now.Before(s.app.pruned.Add(pruneEvery)) && !now.Before(s.app.pruned) {
		return
	}
	s.app.pruned = now
	for access, t := range s.app.tokens {
		if !now.Before(t.expires) {
			delete(s.app.tokens, access)
		}
	}
	for key, g := range s.app.grants {
		if s.expired(g) {
			delete(s.app.grants, key)
		}
	}
}
