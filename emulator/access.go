package emulator

import (
	"github.com/switchboard-go/switchboard/interaction"
)

// checkApplication answers for a path whose {app} is not the caller's
// application: the service answers 404 Unknown Application (10002) for
// an id that is no application, and 403 with 20012 for another
// application than the one the credentials are of, such as another of
// the emulator's.
func (s *Server) checkApplication(r *request) *apiError {
	app, err := interaction.ParseSnowflake(r.PathValue("app"))
	switch {
	case err != nil || s.st.appByID(app) == nil:
		return errNotFound(codeUnknownApplication, "Unknown Application")
	case app != s.st.app.id:
		return errForbidden(codeUnauthorizedApp, "You are not authorized to perform this action on this application")
	}
	return nil
}

// installedGuild returns the path's {guild}: 404 Unknown Guild when there is
// no such guild, and 403 Missing Access when the application is not
// installed there with applications.commands, the error bots meet when
// invited without that scope.
func (s *Server) installedGuild(r *request) (*guild, *apiError) {
	id, err := interaction.ParseSnowflake(r.PathValue("guild"))
	g := s.st.guilds[id]
	if err != nil || g == nil {
		return nil, errNotFound(codeUnknownGuild, "Unknown Guild")
	}
	if !g.installed[s.st.app.id] {
		return nil, errMissingAccess()
	}
	return g, nil
}

func errMissingAccess() *apiError { return errForbidden(codeMissingAccess, "Missing Access") }
