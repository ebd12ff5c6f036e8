package emulator

import (
	"cmp"
	"maps"
	"slices"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// A user interface lets a person choose who they are and where, and lists
// the commands the client would offer them there; these are what it
// lists, as copies the caller may change.

// Guild is a guild of the emulator's world: its channels, roles and
// members.
type Guild struct {
	ID     interaction.Snowflake
	Name   string
	Owner  interaction.Snowflake
	Locale interaction.Locale
	// Installed reports that the application is installed in the guild,
	// with its commands.
	Installed bool
	// Channels are by id, and Roles by position, then id; @everyone has
	// the guild's id.
	Channels []interaction.Channel
	Roles    []interaction.Role
	// Members are by user id, each with its Permissions those of the
	// member in the guild: its roles', and all of them for the owner and
	// for administrators. A timed-out member's CommunicationDisabledUntil
	// is when the timeout ends.
	Members []interaction.Member
	// Overwrites are the channels' permission overwrites, by channel id,
	// each list in the order it was set; a channel without any is not
	// listed.
	Overwrites map[interaction.Snowflake][]Overwrite
	// BotRole is the managed role the bot got when it joined the guild,
	// 0 if it never did.
	BotRole interaction.Snowflake
	// Bans are the users banned from the guild, by user id.
	Bans []Ban
	// Threads are the guild's threads, by id, with their members and
	// counts; Channels lists them too, as channels.
	Threads []Thread
	// Emojis are the guild's custom emojis, in the order they were made.
	Emojis []Emoji
}

// Users returns every user the emulator knows, the bot among them, by id.
func (s *Server) Users() []interaction.User {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	out := make([]interaction.User, 0, len(s.st.users))
	for _, id := range slices.Sorted(maps.Keys(s.st.users)) {
		out = append(out, *s.st.users[id])
	}
	return out
}

// Guilds returns every guild, by id.
func (s *Server) Guilds() []Guild {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	out := make([]Guild, 0, len(s.st.guilds))
	for _, id := range slices.Sorted(maps.Keys(s.st.guilds)) {
		g := s.st.guilds[id]
		v := Guild{ID: g.id, Name: g.name, Owner: g.owner, Locale: g.locale, Installed: g.installed[s.st.app.id]}
		for _, cid := range slices.Sorted(maps.Keys(g.channels)) {
			c := *g.channels[cid]
			c.ThreadMetadata = clonePtr(c.ThreadMetadata)
			v.Channels = append(v.Channels, c)
		}
		for _, r := range g.roles {
			v.Roles = append(v.Roles, *r)
		}
		slices.SortFunc(v.Roles, func(a, b interaction.Role) int {
			return cmp.Or(cmp.Compare(a.Position, b.Position), cmp.Compare(a.ID, b.ID))
		})
		for _, uid := range slices.Sorted(maps.Keys(g.members)) {
			m := *g.members[uid]
			m.Roles = slices.Clone(m.Roles)
			m.Permissions = basePermissions(g, uid)
			v.Members = append(v.Members, m)
		}
		for cid, os := range g.overwrites {
			if len(os) == 0 {
				continue
			}
			if v.Overwrites == nil {
				v.Overwrites = map[interaction.Snowflake][]Overwrite{}
			}
			v.Overwrites[cid] = slices.Clone(os)
		}
		v.BotRole = g.botRoles[s.st.app.id]
		v.Threads = s.threadValues(g)
		v.Emojis = slices.Clone(g.emojis)
		for _, b := range g.sortedBans() {
			u := interaction.User{ID: b.user}
			if known := s.st.users[b.user]; known != nil {
				u = *known
			}
			v.Bans = append(v.Bans, Ban{User: u, Reason: b.reason})
		}
		out = append(out, v)
	}
	return out
}

// Offered returns the commands the client offers inv.User where inv says
// (inv.Guild and inv.Channel, with Invoke's defaults; the other fields
// are not read): the guild's own and the global ones, a guild command
// hiding a global one of the same name and type, of those only the ones
// offered in the context and installed for the user, and of those only
// the ones the member may use there, as a user without permission does
// not see a command in the client's picker. They are ordered by type,
// then name, with every localization: the client shows each in the
// user's locale (see interaction.Locale.Localized).
//
// With several applications (Config.Applications) they are every
// application's, or inv.Application's alone when it is set; commands of
// the same type and name are in the order of their applications' ids.
//
// A user who cannot be where inv says is an *InvocationError, as for
// Invoke.
func (s *Server) Offered(inv Invocation) ([]command.Command, error) {
	if inv.User == 0 {
		inv.User = s.Member
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	offered, err := s.offeredLocked(inv)
	if err != nil {
		return nil, err
	}
	out := make([]command.Command, len(offered))
	for i, c := range offered {
		out[i] = cloneCommand(c)
	}
	return out, nil
}

// offeredLocked is Offered under the state's lock, sharing the stored
// commands: those of inv.Application, or of every application.
func (s *Server) offeredLocked(inv Invocation) ([]*command.Command, error) {
	st := s.st
	apps := st.apps
	if inv.Application != 0 {
		app := st.appByID(inv.Application)
		if app == nil {
			return nil, refuse(ErrUnknownTarget, "no application "+inv.Application.String())
		}
		apps = []*application{app}
	}
	var (
		out      []*command.Command
		firstErr error
		reached  bool
	)
	for _, app := range apps {
		restore := st.actFor(app)
		cmds, err := s.offeredBy(inv)
		restore()
		if err != nil {
			firstErr = cmp.Or(firstErr, err)
			continue
		}
		reached = true
		out = append(out, cmds...)
	}
	if !reached {
		return nil, firstErr
	}
	slices.SortFunc(out, func(a, b *command.Command) int {
		return cmp.Or(cmp.Compare(a.CommandType(), b.CommandType()), cmp.Compare(a.Name, b.Name), cmp.Compare(a.ApplicationID, b.ApplicationID))
	})
	return out, nil
}

// offeredBy returns the commands of the application the state's lock is
// held for that the client offers where inv says.
func (s *Server) offeredBy(inv Invocation) ([]*command.Command, error) {
	_, g, ch, err := s.place(inv)
	if err != nil {
		return nil, err
	}
	scopes := []interaction.Snowflake{0}
	if g != nil && g.installed[s.st.app.id] {
		scopes = []interaction.Snowflake{g.id, 0}
	}
	var out []*command.Command
	for _, scope := range scopes {
		for _, c := range s.st.app.commands[scope] {
			ref, err := s.lookupCommand(g, inv.User, c.Name, c.CommandType())
			if err != nil || ref.c != c || !ageAllowed(c, g, ch) {
				continue
			}
			if g != nil && s.checkAccess(g, ref, inv.User, ch) != nil {
				continue
			}
			out = append(out, c)
		}
	}
	return out, nil
}

// cloneCommand copies a stored command, sharing nothing with it.
func cloneCommand(c *command.Command) command.Command {
	out := *c
	out.NameLocalizations = maps.Clone(c.NameLocalizations)
	out.DescriptionLocalizations = maps.Clone(c.DescriptionLocalizations)
	out.Options = cloneOptions(c.Options)
	out.DefaultMemberPermissions = clonePtr(c.DefaultMemberPermissions)
	out.DMPermission = clonePtr(c.DMPermission)
	out.DefaultPermission = clonePtr(c.DefaultPermission)
	out.IntegrationTypes = slices.Clone(c.IntegrationTypes)
	out.Contexts = slices.Clone(c.Contexts)
	return out
}

func cloneOptions(opts []command.Option) []command.Option {
	if opts == nil {
		return nil
	}
	out := make([]command.Option, len(opts))
	for i, o := range opts {
		o.NameLocalizations = maps.Clone(o.NameLocalizations)
		o.DescriptionLocalizations = maps.Clone(o.DescriptionLocalizations)
		o.Choices = slices.Clone(o.Choices)
		for j := range o.Choices {
			o.Choices[j].NameLocalizations = maps.Clone(o.Choices[j].NameLocalizations)
		}
		o.Options = cloneOptions(o.Options)
		o.ChannelTypes = slices.Clone(o.ChannelTypes)
		o.MinLength, o.MaxLength = clonePtr(o.MinLength), clonePtr(o.MaxLength)
		out[i] = o
	}
	return out
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
