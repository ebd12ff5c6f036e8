package rest

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// commandsRoute returns the rate-limit route and the major ids of a
// scope's commands endpoint; suffix is "" or "/{cmd}".
func commandsRoute(method string, app interaction.Snowflake, scope command.Scope, suffix string) (route, major string) {
	major = app.String()
	if scope.IsGlobal() {
		return method + " /applications/{app}/commands" + suffix, major
	}
	return method + " /applications/{app}/guilds/{guild}/commands" + suffix, major + "/" + scope.Guild.String()
}

// ListCommands returns the commands of scope. With withLocalizations the
// commands carry their full localization maps, which comparing them with
// declared commands needs; without, the service localizes them for the
// requester and leaves the maps out.
func (c *Client) ListCommands(ctx context.Context, app interaction.Snowflake, scope command.Scope, withLocalizations bool) ([]command.Command, error) {
	route, major := commandsRoute(http.MethodGet, app, scope, "")
	k := &call{method: http.MethodGet, route: route, major: major, path: scope.CommandsPath(app)}
	if withLocalizations {
		k.query = url.Values{"with_localizations": {"true"}}
	}
	var out []command.Command
	if _, err := c.do(ctx, k, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// GetCommand returns one command of scope.
func (c *Client) GetCommand(ctx context.Context, app interaction.Snowflake, scope command.Scope, id interaction.Snowflake) (command.Command, error) {
	route, major := commandsRoute(http.MethodGet, app, scope, "/{cmd}")
	k := &call{method: http.MethodGet, route: route, major: major, path: scope.CommandsPath(app) + "/" + id.String()}
	var out command.Command
	_, err := c.do(ctx, k, &out)
	return out, err
}

// CreateCommand creates cmd in scope. The service treats a create as an
// upsert: a command of the same name and type is overwritten in place, and
// created reports whether the command is new. Only a new command counts
// toward the 200 creates a day.
//
// The Client sends cmd as it is; Validate or ValidateCommand checks it
// beforehand. A 50035 answer's violations name the places in cmd.
func (c *Client) CreateCommand(ctx context.Context, app interaction.Snowflake, scope command.Scope, cmd command.Command) (out command.Command, created bool, err error) {
	route, major := commandsRoute(http.MethodPost, app, scope, "")
	k, err := jsonCall(http.MethodPost, route, major, scope.CommandsPath(app), cmd)
	if err != nil {
		return command.Command{}, false, err
	}
	k.origin = &origin{scope: scope, cmds: []command.Command{cmd}}
	status, err := c.do(ctx, k, &out)
	return out, status == http.StatusCreated, err
}

// editableFields are the JSON fields of a command that an edit may send.
// The type is fixed at creation.
var editableFields = map[string]bool{
	"name": true, "name_localizations": true,
	"description": true, "description_localizations": true,
	"options": true, "default_member_permissions": true,
	"dm_permission": true, "default_permission": true,
	"integration_types": true, "contexts": true,
	"nsfw": true, "handler": true,
}

// EditCommand changes the named fields of command id in scope to their
// values in cmd, and returns the command as the service then holds it.
// fields are JSON names, such as "description" or "options"; a field that
// is unset in cmd is sent as null, which returns it to the service's
// default. Fields not named are left as they are; with no fields named,
// every editable field is sent.
//
// Renaming a command deletes its permission overwrites.
func (c *Client) EditCommand(ctx context.Context, app interaction.Snowflake, scope command.Scope, id interaction.Snowflake, cmd command.Command, fields ...string) (command.Command, error) {
	patch, err := commandPatch(cmd, fields)
	if err != nil {
		return command.Command{}, err
	}
	route, major := commandsRoute(http.MethodPatch, app, scope, "/{cmd}")
	k, err := jsonCall(http.MethodPatch, route, major, scope.CommandsPath(app)+"/"+id.String(), patch)
	if err != nil {
		return command.Command{}, err
	}
	k.origin = &origin{scope: scope, cmds: []command.Command{cmd}}
	var out command.Command
	_, err = c.do(ctx, k, &out)
	return out, err
}

// commandPatch returns the body of an edit: the named fields of cmd, null
// for those cmd leaves unset.
func commandPatch(cmd command.Command, fields []string) (map[string]json.RawMessage, error) {
	raw, err := json.Marshal(cmd)
	if err != nil {
		return nil, errors.New("rest: encoding the command: " + err.Error())
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(raw, &all); err != nil {
		return nil, errors.New("rest: encoding the command: " + err.Error())
	}
	if len(fields) == 0 {
		for f := range editableFields {
			fields = append(fields, f)
		}
	}
	patch := make(map[string]json.RawMessage, len(fields))
	for _, f := range fields {
		if !editableFields[f] {
			return nil, errors.New("rest: EditCommand: " + f + " is not an editable field of a command")
		}
		if v, ok := all[f]; ok {
			patch[f] = v
		} else {
			patch[f] = json.RawMessage("null")
		}
	}
	return patch, nil
}

// DeleteCommand deletes command id of scope, and with it the command's
// permission overwrites.
func (c *Client) DeleteCommand(ctx context.Context, app interaction.Snowflake, scope command.Scope, id interaction.Snowflake) error {
	route, major := commandsRoute(http.MethodDelete, app, scope, "/{cmd}")
	k := &call{method: http.MethodDelete, route: route, major: major, path: scope.CommandsPath(app) + "/" + id.String()}
	_, err := c.do(ctx, k, nil)
	return err
}

// OverwriteCommands replaces every command of scope, of every type, with
// cmds, and returns the commands the service then holds. A command of cmds
// whose name and type match an existing one keeps that command's id; the
// others are new and count toward the 200 creates a day. An empty cmds
// deletes every command of the scope.
//
// The Client sends cmds as they are; Validate checks them beforehand. A
// 50035 answer's violations name the places in cmds, as Validate does.
func (c *Client) OverwriteCommands(ctx context.Context, app interaction.Snowflake, scope command.Scope, cmds []command.Command) ([]command.Command, error) {
	if cmds == nil {
		cmds = []command.Command{} // the body must be an array, never null
	}
	route, major := commandsRoute(http.MethodPut, app, scope, "")
	k, err := jsonCall(http.MethodPut, route, major, scope.CommandsPath(app), cmds)
	if err != nil {
		return nil, err
	}
	k.origin = &origin{scope: scope, cmds: cmds, bulk: true}
	var out []command.Command
	if _, err := c.do(ctx, k, &out); err != nil {
		return nil, err
	}
	return out, nil
}
