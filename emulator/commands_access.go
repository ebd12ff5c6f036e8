package emulator

import "github.com/switchboard-go/switchboard/command"

// scopeCommandsUpdate is the OAuth2 scope a bearer token needs to write
// commands.
const scopeCommandsUpdate = "applications.commands.update"

// commandScope checks that the caller may use the command endpoints of the
// request's application and guild, writing when write is set, and returns
// the scope they address.
//
// The checks go from the outside in: the application, the caller's right
// to it, then the guild.
func (s *Server) commandScope(r *request, write bool) (command.Scope, *apiError) {
	if err := s.checkApplication(r); err != nil {
		return command.Scope{}, err
	}
	if t := r.caller.token; t != nil {
		// A bearer token must be the application's own, of the client
		// credentials grant: a user's token is refused whatever its
		// scopes, reads included, with 401 (discord/discord-api-docs#2370;
		// "Endpoints that require authorization return 401 if the
		// authorization isn't acceptable", #3945).
		if t.kind != tokenClient {
			return command.Scope{}, errUnauthorized()
		}
		// It reads with any scope and writes with
		// applications.commands.update (the specification's rule 1). The
		// service publishes no error for the missing scope; Missing Access
		// is what it answers for a resource the credentials do not reach.
		if write && !r.caller.has(scopeCommandsUpdate) {
			return command.Scope{}, errMissingAccess()
		}
	}
	if r.PathValue("guild") == "" {
		return command.Global, nil
	}
	g, err := s.installedGuild(r)
	if err != nil {
		return command.Scope{}, err
	}
	return command.InGuild(g.id), nil
}
