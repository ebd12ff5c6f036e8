package rest

import (
	"context"
	"net/http"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// permissionsRoute returns the rate-limit route and major ids of a guild's
// permission endpoints; suffix is "" for the list or "/{cmd}" for one
// command's.
func permissionsRoute(method string, app, guild interaction.Snowflake, suffix string) (route, major string) {
	return method + " /applications/{app}/guilds/{guild}/commands" + suffix + "/permissions", app.String() + "/" + guild.String()
}

// permissionsPath is the path of the permissions of cmd (or of every
// command, for cmd 0) in guild.
func permissionsPath(app, guild, cmd interaction.Snowflake) string {
	p := command.InGuild(guild).CommandsPath(app)
	if cmd != 0 {
		p += "/" + cmd.String()
	}
	return p + "/permissions"
}

// ListPermissions returns the permission overwrites of every command of the
// application in guild that has some, and the application-wide ones (whose
// ID is the application's). A bot token may read them.
func (c *Client) ListPermissions(ctx context.Context, app, guild interaction.Snowflake) ([]command.GuildPermissions, error) {
	route, major := permissionsRoute(http.MethodGet, app, guild, "")
	k := &call{method: http.MethodGet, route: route, major: major, path: permissionsPath(app, guild, 0)}
	var out []command.GuildPermissions
	if _, err := c.do(ctx, k, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// GetPermissions returns the permission overwrites of command cmd in guild;
// cmd may be the application's id for the application-wide overwrites. A
// command without overwrites answers 404 with ErrUnknownPermissions.
func (c *Client) GetPermissions(ctx context.Context, app, guild, cmd interaction.Snowflake) (command.GuildPermissions, error) {
	route, major := permissionsRoute(http.MethodGet, app, guild, "/{cmd}")
	k := &call{method: http.MethodGet, route: route, major: major, path: permissionsPath(app, guild, cmd)}
	var out command.GuildPermissions
	_, err := c.do(ctx, k, &out)
	return out, err
}

// SetPermissions replaces every permission overwrite of command cmd (or, for
// the application's id, the application-wide ones) in guild with perms;
// an empty perms removes them. The service takes this only from a user's
// bearer token with applications.commands.permissions.update, of a user who
// can manage the guild and its roles: a bot token gets ErrBotsCannotUse.
// Use WithAuth(BearerToken(...)) for it.
func (c *Client) SetPermissions(ctx context.Context, app, guild, cmd interaction.Snowflake, perms []command.Permission) (command.GuildPermissions, error) {
	if perms == nil {
		perms = []command.Permission{}
	}
	route, major := permissionsRoute(http.MethodPut, app, guild, "/{cmd}")
	k, err := jsonCall(http.MethodPut, route, major, permissionsPath(app, guild, cmd), struct {
		Permissions []command.Permission `json:"permissions"`
	}{perms})
	if err != nil {
		return command.GuildPermissions{}, err
	}
	var out command.GuildPermissions
	_, err = c.do(ctx, k, &out)
	return out, err
}

// CurrentUser returns the user the Client acts as: the bot user for a bot
// token, the user of a user's token (which needs the identify scope), the
// application's owner for a client credentials token.
func (c *Client) CurrentUser(ctx context.Context) (interaction.User, error) {
	const path = "/users/@me"
	k := &call{method: http.MethodGet, route: "GET " + path, path: path}
	var out interaction.User
	_, err := c.do(ctx, k, &out)
	return out, err
}
