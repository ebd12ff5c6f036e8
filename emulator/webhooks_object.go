package emulator

import (
	"net/http"

	"github.com/switchboard-go/switchboard/interaction"
)

// webhookTypeApplication is the type of the webhook an interaction's token
// names: "Application webhooks are webhooks used with Interactions" (the
// service's webhook types).
const webhookTypeApplication = 3

// wireApplicationWebhook is the webhook object of an interaction's token,
// as GET /webhooks/{application.id}/{interaction.token} answers it: the
// application's webhook, with the application's id, name and icon, and no
// channel or guild (the documentation's "Example Application Webhook").
// It has no user and no token.
type wireApplicationWebhook struct {
	Type          int                    `json:"type"`
	ID            interaction.Snowflake  `json:"id"`
	Name          string                 `json:"name"`
	Avatar        *string                `json:"avatar"`
	ChannelID     *interaction.Snowflake `json:"channel_id"`
	GuildID       *interaction.Snowflake `json:"guild_id"`
	ApplicationID interaction.Snowflake  `json:"application_id"`
}

// getInteractionWebhook is GET /webhooks/{app}/{token} (Get Webhook with
// Token) with an interaction's token: the service answers with the
// application's webhook (discord/discord-api-docs#2926). The token is
// checked as the other webhook endpoints check it: the webhook exists
// once the interaction is answered, and until the token expires.
// CONFORMANCE.md, D165.
func (s *Server) getInteractionWebhook(r *request) (int, any, *apiError) {
	if _, e := s.webhookInteraction(r); e != nil {
		return 0, nil, e
	}
	app := s.publicApplication()
	return http.StatusOK, wireApplicationWebhook{
		Type: webhookTypeApplication, ID: app.ID, Name: app.Name, Avatar: app.Icon, ApplicationID: app.ID,
	}, nil
}
