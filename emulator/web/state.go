package web

import (
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/filetype"
)

// place is who uses the page, where, and in which language: what the side
// panel chooses, and what every request of the page says.
type place struct {
	User interaction.Snowflake `json:"user"`
	// Guild is zero in the bot's direct messages, and Channel then too.
	Guild   interaction.Snowflake `json:"guild"`
	Channel interaction.Snowflake `json:"channel"`
	Locale  interaction.Locale    `json:"locale"`
}

// placeOf reads a place from a query (user, guild, channel, locale), the
// handler's defaults for what it leaves out: guild=dm is the bot's direct
// messages, and a guild without a channel is in its "general", or its
// first channel.
func (h *Handler) placeOf(q url.Values) (place, error) {
	p := place{User: h.cfg.User, Guild: h.cfg.Guild, Locale: h.cfg.Locale}
	var err error
	if v := q.Get("user"); v != "" {
		if p.User, err = interaction.ParseSnowflake(v); err != nil {
			return p, errors.New("user: " + err.Error())
		}
	}
	switch v := q.Get("guild"); v {
	case "":
	case "dm":
		p.Guild = 0
	default:
		if p.Guild, err = interaction.ParseSnowflake(v); err != nil {
			return p, errors.New("guild: " + err.Error())
		}
	}
	if v := q.Get("locale"); v != "" {
		p.Locale = interaction.Locale(v)
		if !p.Locale.Valid() {
			return p, errors.New("locale: " + quote(v) + " is none of the service's locales")
		}
	}
	if p.Guild == 0 {
		return p, nil
	}
	if v := q.Get("channel"); v != "" {
		if p.Channel, err = interaction.ParseSnowflake(v); err != nil {
			return p, errors.New("channel: " + err.Error())
		}
		return p, nil
	}
	for _, g := range h.emu.Guilds() {
		if g.ID == p.Guild {
			p.Channel = defaultChannel(g)
		}
	}
	return p, nil
}

// defaultChannel is where a user types in a guild before choosing: its
// "general", as Invoke has it, or else its first channel.
func defaultChannel(g emulator.Guild) interaction.Snowflake {
	for _, c := range g.Channels {
		if strings.EqualFold(c.Name, "general") {
			return c.ID
		}
	}
	if len(g.Channels) > 0 {
		return g.Channels[0].ID
	}
	return 0
}

// invocation is where p says a command is used.
func (p place) invocation() emulator.Invocation {
	return emulator.Invocation{User: p.User, Guild: p.Guild, Channel: p.Channel, Locale: p.Locale}
}

// stateJSON is the world the side panel chooses from, and the choice.
type stateJSON struct {
	Application interaction.Snowflake `json:"application"`
	Bot         userJSON              `json:"bot"`
	Users       []userJSON            `json:"users"`
	Guilds      []guildJSON           `json:"guilds"`
	Locales     []interaction.Locale  `json:"locales"`
	Chosen      place                 `json:"chosen"`
	// Roles are the chosen member's roles, and Permissions the names of
	// their permissions in the guild; both null in direct messages, or
	// for a user who is not a member.
	Roles       []interaction.Snowflake `json:"roles"`
	Permissions []string                `json:"permissions"`
	// FileTypeGroups are the extensions of each group name a file
	// upload's file_types may list, for the page's file pickers.
	FileTypeGroups map[string][]string `json:"file_type_groups"`
}

type userJSON struct {
	ID       interaction.Snowflake `json:"id"`
	Username string                `json:"username"`
	// Name is the name the client shows: the display name, or else the
	// username.
	Name string `json:"name"`
	Bot  bool   `json:"bot"`
}

func userView(u interaction.User) userJSON {
	return userJSON{ID: u.ID, Username: u.Username, Name: u.DisplayName(), Bot: u.Bot}
}

type guildJSON struct {
	ID        interaction.Snowflake   `json:"id"`
	Name      string                  `json:"name"`
	Installed bool                    `json:"installed"`
	Owner     interaction.Snowflake   `json:"owner"`
	Locale    interaction.Locale      `json:"locale"`
	Channels  []channelJSON           `json:"channels"`
	Roles     []roleJSON              `json:"roles"`
	Members   []interaction.Snowflake `json:"members"`
	// Roster is the members as the bot may have changed them, and Bans
	// the users banned.
	Roster []memberJSON `json:"roster"`
	Bans   []banJSON    `json:"bans"`
}

// channelJSON is a channel of a guild; a thread has its Parent, and its
// MessageCount (its starter message left out).
type channelJSON struct {
	ID           interaction.Snowflake   `json:"id"`
	Name         string                  `json:"name"`
	Type         interaction.ChannelType `json:"type"`
	Parent       interaction.Snowflake   `json:"parent,omitzero"`
	MessageCount int                     `json:"message_count,omitempty"`
	Archived     bool                    `json:"archived,omitempty"`
}

// memberJSON is a member of a guild: who, their nickname, their roles
// (@everyone left out), and when their timeout ends, null when they were
// never timed out (a time past is a timeout over).
type memberJSON struct {
	User          userJSON                `json:"user"`
	Nick          string                  `json:"nick,omitempty"`
	Roles         []interaction.Snowflake `json:"roles"`
	TimedOutUntil *time.Time              `json:"timed_out_until"`
}

// banJSON is a user banned from a guild, and the reason given.
type banJSON struct {
	User   userJSON `json:"user"`
	Reason string   `json:"reason"`
}

type roleJSON struct {
	ID   interaction.Snowflake `json:"id"`
	Name string                `json:"name"`
}

// state is GET /api/state: the users, guilds and locales, the place
// the query chooses with the defaults filled in, and the member's roles
// and permissions there.
func (h *Handler) state(w http.ResponseWriter, r *http.Request) {
	p, err := h.placeOf(r.URL.Query())
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	out := stateJSON{Application: h.emu.ApplicationID, Users: []userJSON{}, Guilds: []guildJSON{},
		Locales: interaction.Locales(), Chosen: p, FileTypeGroups: map[string][]string{}}
	for _, group := range []string{filetype.Image, filetype.Video, filetype.Audio} {
		out.FileTypeGroups[group] = filetype.Extensions(group)
	}
	for _, u := range h.emu.Users() {
		out.Users = append(out.Users, userView(u))
		if u.ID == h.emu.ApplicationID {
			// The bot user of an application made today has its id.
			out.Bot = userView(u)
		}
	}
	for _, g := range h.emu.Guilds() {
		gj, roles, perms := guildView(g, p)
		if g.ID == p.Guild {
			out.Roles, out.Permissions = roles, perms
		}
		out.Guilds = append(out.Guilds, gj)
	}
	writeJSON(w, http.StatusOK, out)
}

// guildView is g as the page shows it, and the roles and the names of the
// permissions of the member at p, nil when p is not in g or its user is
// not a member.
func guildView(g emulator.Guild, p place) (guildJSON, []interaction.Snowflake, []string) {
	gj := guildJSON{ID: g.ID, Name: g.Name, Installed: g.Installed, Owner: g.Owner, Locale: g.Locale,
		Channels: []channelJSON{}, Roles: []roleJSON{}, Members: []interaction.Snowflake{}, Roster: []memberJSON{}, Bans: []banJSON{}}
	for _, c := range g.Channels {
		cj := channelJSON{ID: c.ID, Name: c.Name, Type: c.Type}
		if c.Type.IsThread() {
			cj.Parent = c.ParentID
			cj.Archived = c.ThreadMetadata != nil && c.ThreadMetadata.Archived
		}
		gj.Channels = append(gj.Channels, cj)
	}
	for _, t := range g.Threads {
		if i := slices.IndexFunc(gj.Channels, func(c channelJSON) bool { return c.ID == t.ID }); i >= 0 {
			gj.Channels[i].MessageCount = t.MessageCount
		}
	}
	for _, role := range g.Roles {
		gj.Roles = append(gj.Roles, roleJSON{ID: role.ID, Name: role.Name})
	}
	var (
		roles []interaction.Snowflake
		perms []string
	)
	for _, m := range g.Members {
		gj.Members = append(gj.Members, m.User.ID)
		mj := memberJSON{User: userView(m.User), Nick: m.Nick, Roles: slices.DeleteFunc(slices.Clone(m.Roles), func(id interaction.Snowflake) bool { return id == g.ID })}
		if mj.Roles == nil {
			mj.Roles = []interaction.Snowflake{}
		}
		if until := m.CommunicationDisabledUntil; !until.IsZero() {
			until = until.UTC()
			mj.TimedOutUntil = &until
		}
		gj.Roster = append(gj.Roster, mj)
		if g.ID == p.Guild && m.User.ID == p.User {
			roles, perms = m.Roles, permissionNames(m.Permissions)
		}
	}
	for _, b := range g.Bans {
		gj.Bans = append(gj.Bans, banJSON{User: userView(b.User), Reason: b.Reason})
	}
	return gj, roles, perms
}

// permissionNames are the names of the bits of p, as the service names
// them.
func permissionNames(p interaction.Permissions) []string {
	names := []string{}
	for bit := interaction.Permissions(1); bit != 0; bit <<= 1 {
		if p.Has(bit) {
			names = append(names, bit.String())
		}
	}
	return slices.Clip(names)
}

// rolesJSON is a member given other roles.
type rolesJSON struct {
	Guild interaction.Snowflake   `json:"guild"`
	User  interaction.Snowflake   `json:"user"`
	Roles []interaction.Snowflake `json:"roles"`
}

// roles is POST /api/roles: the member is given these roles in place of
// theirs, and what they may do follows. It answers 204, or the refusal.
func (h *Handler) roles(w http.ResponseWriter, r *http.Request) {
	var in rolesJSON
	if !readJSON(w, r, &in) {
		return
	}
	if err := h.emu.SetRoles(in.Guild, in.User, in.Roles...); err != nil {
		writeRefusal(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
