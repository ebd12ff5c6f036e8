package emulator

import "net/http"

// Credentials are what a bot needs to talk to the emulator, and a test to
// play its users, as JSON: the first line cmd/emulator prints, and what
// GET /_emulator/credentials answers, for a test that did not start the
// emulator (one in a container, say) and so never read that line.
type Credentials struct {
	// BaseURL ends in /v10.
	BaseURL       string `json:"base_url"`
	ApplicationID string `json:"application_id"`
	BotToken      string `json:"bot_token"`
	ClientID      string `json:"client_id"`
	ClientSecret  string `json:"client_secret"`
	// PublicKey is the hex key interactions are signed with.
	PublicKey string `json:"public_key"`
	GuildID   string `json:"guild_id"`
	// AuthorizationCode is Server.AuthorizationCode, for RedirectURI: once
	// exchanged, it is spent.
	AuthorizationCode string `json:"authorization_code"`
	RedirectURI       string `json:"redirect_uri"`
	AdminID           string `json:"admin_id"`
	ModeratorID       string `json:"moderator_id"`
	MemberID          string `json:"member_id"`
	// Name is the application's name, its bot's username, in the
	// credentials of Server.Applications and Application.Credentials.
	// Server.Credentials leaves it empty, and the JSON without it: the
	// first line cmd/emulator prints is what it has always been.
	Name string `json:"name,omitempty"`
}

// Credentials returns the Server's credentials and the ids of the seeded
// guild and its users, as strings.
func (s *Server) Credentials() Credentials {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	c := s.credentialsOf(s.st.apps[0])
	c.Name = ""
	return c
}

// credentialsOf returns app's credentials. The authorization code is the
// first application's alone. The caller holds the state's lock.
func (s *Server) credentialsOf(app *application) Credentials {
	c := Credentials{
		BaseURL: s.URL, ApplicationID: app.id.String(), BotToken: app.botToken,
		ClientID: app.clientID, ClientSecret: app.clientSecret, PublicKey: app.signer.PublicKeyHex(),
		GuildID: s.GuildID.String(), RedirectURI: app.redirectURI,
		AdminID: s.Admin.String(), ModeratorID: s.Moderator.String(), MemberID: s.Member.String(),
	}
	if u := s.st.users[app.botUser]; u != nil {
		c.Name = u.Username
	}
	if app.id == s.ApplicationID {
		c.AuthorizationCode = s.AuthorizationCode
	}
	return c
}

// controlCredentialsRoutes serves GET /_emulator/credentials. The control
// API hands out the tokens of interactions already; the bot's are no more
// secret from whoever reaches it. The base URL is the one the caller
// reached the emulator at, as the gateway's URL is: an emulator that
// listens on 0.0.0.0 in a container is reached under the container's
// name, or a port the host maps, never at the address it listens on.
func (s *Server) controlCredentialsRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /_emulator/credentials", func(w http.ResponseWriter, r *http.Request) {
		c := s.Credentials()
		if r.Host != "" {
			c.BaseURL = "http://" + r.Host + "/v10"
		}
		writeJSON(w, http.StatusOK, c)
	})
	// The credentials of every application, the first first: the others
	// are known here alone.
	mux.HandleFunc("GET /_emulator/applications", func(w http.ResponseWriter, r *http.Request) {
		out := s.Applications()
		for i := range out {
			if r.Host != "" {
				out[i].BaseURL = "http://" + r.Host + "/v10"
			}
		}
		writeJSON(w, http.StatusOK, map[string]any{"applications": out})
	})
}
