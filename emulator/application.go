package emulator

import (
	"net/http"
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// Flags of the application object that the emulated application can have
// (public facts of the service).
const (
	// appFlagEmbedded: the application has an Activity.
	appFlagEmbedded = 1 << 17
	// appFlagCommandBadge: the application has registered global
	// commands.
	appFlagCommandBadge = 1 << 23
)

// The statuses of an application's webhook events.
const (
	eventWebhooksDisabled = 1
	eventWebhooksEnabled  = 2
)

// wirePublicApplication is the application object as anyone may read it,
// as GET /oauth2/@me answers it: the fields of the service's public
// application object that the emulator knows. Its name is the bot's
// global name, which for a bot is the application's name; it has no icon,
// description or install parameters; integration_types_config has an
// empty object for each installation context the application supports.
type wirePublicApplication struct {
	ID          interaction.Snowflake `json:"id"`
	Name        string                `json:"name"`
	Icon        *string               `json:"icon"`
	Description string                `json:"description"`
	// Type is null: the emulated application is an ordinary one.
	Type                   *int                `json:"type"`
	BotPublic              bool                `json:"bot_public"`
	BotRequireCodeGrant    bool                `json:"bot_require_code_grant"`
	Bot                    wireUser            `json:"bot"`
	VerifyKey              string              `json:"verify_key"`
	Flags                  uint64              `json:"flags"`
	FlagsNew               string              `json:"flags_new"`
	IntegrationTypesConfig map[string]struct{} `json:"integration_types_config"`
}

// wireApplication is the application object as its bot reads it, as GET
// /applications/@me and /oauth2/applications/@me answer it: the public
// object and the fields only the application's own may read, those the
// emulator knows. It has no team.
type wireApplication struct {
	wirePublicApplication
	Owner                       wireUser  `json:"owner"`
	Team                        *struct{} `json:"team"`
	RedirectURIs                []string  `json:"redirect_uris"`
	InteractionsEndpointURL     *string   `json:"interactions_endpoint_url"`
	EventWebhooksURL            *string   `json:"event_webhooks_url"`
	EventWebhooksStatus         int       `json:"event_webhooks_status"`
	EventWebhooksTypes          []string  `json:"event_webhooks_types,omitempty"`
	ApproximateGuildCount       int       `json:"approximate_guild_count"`
	ApproximateUserInstallCount int       `json:"approximate_user_install_count"`
	// ApproximateUserAuthorizationCount counts the users who hold an
	// authorization of the application (D73's rule).
	ApproximateUserAuthorizationCount int `json:"approximate_user_authorization_count"`
	// RoleConnectionsVerificationURL is null, ExplicitContentFilter 0
	// (INHERIT) and EligibleOAuth2Scopes empty: the emulated application
	// has no linked roles, no filter of its own and no scope that needs
	// approval. The description's PrivateApplicationResponse requires
	// them.
	RoleConnectionsVerificationURL *string  `json:"role_connections_verification_url"`
	ExplicitContentFilter          int      `json:"explicit_content_filter"`
	EligibleOAuth2Scopes           []string `json:"eligible_oauth2_scopes"`
}

// currentApplication is GET /applications/@me and GET
// /oauth2/applications/@me: the application of the bot whose token
// authenticates the request, which clients ask for at login. The two
// answer alike (the second is the older route, which the service keeps:
// discord/discord-api-docs#5971). They are the bot's endpoints; a bearer
// token gets 401, as for no credentials.
func (s *Server) currentApplication(r *request) (int, any, *apiError) {
	if !r.caller.bot {
		return 0, nil, errUnauthorized()
	}
	st := s.st
	app := st.app
	out := wireApplication{
		wirePublicApplication: s.publicApplication(), Owner: userJSON(st.users[app.owner]),
		RedirectURIs: []string{app.redirectURI}, EligibleOAuth2Scopes: []string{},
	}
	out.InteractionsEndpointURL = orNull(app.interactionsURL)
	// Webhook events are enabled (2) while there is a URL to send them
	// to, and then the application is subscribed to every event the
	// emulator sends; disabled (1) otherwise (the service's application
	// object and its event webhook statuses).
	out.EventWebhooksURL, out.EventWebhooksStatus = orNull(app.eventsURL), eventWebhooksDisabled
	if app.eventsURL != "" {
		out.EventWebhooksStatus, out.EventWebhooksTypes = eventWebhooksEnabled, eventTypes()
	}
	for _, g := range st.guilds {
		if g.installed[app.id] {
			out.ApproximateGuildCount++
		}
	}
	for _, installed := range st.app.userInstalls {
		if installed {
			out.ApproximateUserInstallCount++
		}
	}
	for id := range st.users {
		if st.authorizes(id) {
			out.ApproximateUserAuthorizationCount++
		}
	}
	return http.StatusOK, out, nil
}

// publicApplication returns the application object anyone may read. The
// caller holds s.st.mu.
func (s *Server) publicApplication() wirePublicApplication {
	st := s.st
	app := st.app
	bot := userJSON(st.users[app.botUser])
	out := wirePublicApplication{
		ID: app.id, Name: bot.Username, BotPublic: true, Bot: bot, VerifyKey: app.signer.PublicKeyHex(),
		IntegrationTypesConfig: map[string]struct{}{},
	}
	if bot.GlobalName != nil {
		out.Name = *bot.GlobalName
	}
	if app.activities {
		out.Flags |= appFlagEmbedded
	}
	if len(st.app.commands[0]) > 0 {
		out.Flags |= appFlagCommandBadge
	}
	// flags_new is the same bit set as a string, which holds bits past
	// 53 that a JSON number may not (the specification's May 2026
	// change).
	out.FlagsNew = strconv.FormatUint(out.Flags, 10)
	for _, t := range app.installContexts {
		out.IntegrationTypesConfig[strconv.Itoa(int(t))] = struct{}{}
	}
	return out
}
