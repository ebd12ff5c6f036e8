// Package routekey names what middleware that counts per route counts
// by: the kind of route and the route an interaction was dispatched to,
// and the user, guild or channel it is counted for. Packages cooldown and
// concurrency build their keys from these, so that both count a route
// and a scope alike.
package routekey

import (
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

// Scope says whose uses are counted together.
type Scope uint8

// The scopes, as packages cooldown and concurrency number theirs.
const (
	User Scope = iota + 1
	Guild
	Channel
	Global
)

// String returns "user", "guild", "channel" or "global", as keys name the
// scope.
func (s Scope) String() string {
	switch s {
	case User:
		return "user"
	case Guild:
		return "guild"
	case Channel:
		return "channel"
	case Global:
		return "global"
	}
	return "Scope(" + strconv.Itoa(int(s)) + ")"
}

// Route returns the kind of req's route and the route: "command" and
// "mod ban", "user command" and "Report", "component" and the custom_id
// pattern it was routed by, "poll:{id}:vote". A request dispatched
// without a route (NewRequest in a test, a NotFound handler) is named by
// its custom_id, all there is.
func Route(req *router.Request) (kind, route string) {
	ix := req.Interaction
	switch ix.Type {
	case interaction.TypeMessageComponent:
		kind, route = "component", req.Pattern()
	case interaction.TypeModalSubmit:
		kind, route = "modal", req.Pattern()
	default:
		switch ix.Data.Type {
		case interaction.CommandUser:
			kind = "user command"
		case interaction.CommandMessage:
			kind = "message command"
		case interaction.CommandPrimaryEntryPoint:
			kind = "entry point"
		default:
			kind = "command"
		}
		route = req.Path()
	}
	if route == "" {
		route = ix.Data.CustomID
	}
	return kind, route
}

// ID returns the scope ix is counted in and the id it is counted by.
// Guild outside a guild is Channel: a DM is one user's, and a group DM's
// members share one. Channel without a channel, never so for a command
// or component, is User, the narrowest that still limits. Global counts
// by no id, zero.
func ID(ix *interaction.Interaction, scope Scope) (Scope, interaction.Snowflake) {
	var id interaction.Snowflake
	if scope == Global {
		return scope, 0
	}
	if scope == Guild {
		if id = ix.GuildID; id == 0 {
			scope = Channel
		}
	}
	if scope == Channel {
		if id = ix.ChannelID; id == 0 {
			scope = User
		}
	}
	if scope == User {
		id = ix.Invoker().ID
	}
	return scope, id
}

// Scoped returns the part of a key that names the scope and the id:
// "user:80351110224678912", or "global".
func Scoped(ix *interaction.Interaction, scope Scope) string {
	scope, id := ID(ix, scope)
	if scope == Global {
		return scope.String()
	}
	return scope.String() + ":" + id.String()
}
