package router

import (
	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
)

// maxLoggedCustomID bounds how much of a custom_id no pattern matched is
// logged: the service's limit, so that a custom_id it accepted is logged
// whole and a forged one no further.
const maxLoggedCustomID = maxCustomIDLength

// routeKey returns the field that names what an interaction was routed
// to, and its value: the command path, or the pattern of a component or
// modal, or the custom_id, clipped, when no pattern matched.
func routeKey(ix *interaction.Interaction, params *Params) (key, value string) {
	var kind string
	switch ix.Type {
	case interaction.TypeMessageComponent:
		kind = "component"
	case interaction.TypeModalSubmit:
		kind = "modal"
	default:
		return "command", ix.Data.Path()
	}
	if p := params.pattern; p != nil {
		return kind, p.text
	}
	return "custom_id", clip(ix.Data.CustomID, maxLoggedCustomID)
}

// logRoute adds the field of routeKey to ev.
func logRoute(ev *zerolog.Event, ix *interaction.Interaction, params *Params) *zerolog.Event {
	if !ev.Enabled() {
		return ev
	}
	key, value := routeKey(ix, params)
	return ev.Str(key, value)
}
