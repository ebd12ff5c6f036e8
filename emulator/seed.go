package emulator

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// Seed is more of the world than New makes: users, and guilds with their
// roles, channels and members. It is JSON as cmd/emulator -seed reads it,
// with objects spelled as the service spells them:
//
//	{
//	  "users": [{"id": "1001", "username": "carol", "global_name": "Carol"}],
//	  "guilds": [{
//	    "id": "2001", "name": "Second", "owner_id": "1001", "locale": "fr", "features": ["COMMUNITY"],
//	    "roles": [{"id": "2002", "name": "Helper", "permissions": "8192", "position": 1}],
//	    "channels": [{"id": "2003", "name": "general", "type": 0, "permission_overwrites": [
//	      {"id": "2001", "type": 0, "allow": "0", "deny": "2048"},
//	      {"id": "2002", "type": 0, "allow": "2048", "deny": "0"}
//	    ]}],
//	    "members": [{"user_id": "1001", "roles": ["2002"], "nick": "Caro"}],
//	    "emojis": [{"id": "2004", "name": "blob", "animated": false}],
//	    "bot_permissions": "2", "bot_roles": ["2002"]
//	  }]
//	}
//
// Every id is given, so that the file can refer to its own objects; none
// may be used twice. A guild's @everyone role has the guild's id: listing
// it sets its permissions, which otherwise are those of the seeded guild's
// @everyone. The owner is a member whether listed or not, and so is the
// bot wherever the application is installed, which it is unless
// "installed" is false: the bot then has, besides the roles listed for it,
// the managed role the service gives a bot that joins, named after it,
// at position 1, with "bot_permissions"; "bot_roles" gives it more. A guild's features, none unless listed, are those
// its interactions' partial guild shows.
//
// A user may carry a profile as the service's user object spells it:
// "banner", "accent_color", "avatar_decoration_data", "collectibles" with
// a "nameplate" of a documented palette, and "primary_guild", whose tag
// is at most 4 characters. Every user object the emulator writes carries
// it.
type Seed struct {
	Users  []interaction.User `json:"users"`
	Guilds []SeedGuild        `json:"guilds"`
}

// SeedGuild is a guild of a Seed.
type SeedGuild struct {
	ID        interaction.Snowflake `json:"id"`
	Name      string                `json:"name"`
	OwnerID   interaction.Snowflake `json:"owner_id"`
	Locale    interaction.Locale    `json:"locale"`    // empty means en-US
	Installed *bool                 `json:"installed"` // nil means true
	Features  []string              `json:"features"`  // such as "COMMUNITY"; none by default
	Roles     []interaction.Role    `json:"roles"`     // besides @everyone, unless it is listed
	Channels  []SeedChannel         `json:"channels"`
	Members   []SeedMember          `json:"members"`
	// Emojis are the guild's custom emojis, none unless listed; their
	// names are 2 to 32 letters, digits and underscores, each once.
	Emojis []Emoji `json:"emojis"`
	// BotPermissions are those of the bot's managed role: the
	// permissions the installation asked for. BotRoles are the guild's
	// roles the bot has besides it.
	BotPermissions interaction.Permissions `json:"bot_permissions"`
	BotRoles       []interaction.Snowflake `json:"bot_roles"`
}

// SeedChannel is a channel of a SeedGuild, as the service spells it:
// guild_id may be left out, and permission_overwrites name roles of the
// guild (@everyone by the guild's id) or users of the seed. A thread
// takes no overwrites: it follows its parent's.
type SeedChannel struct {
	interaction.Channel
	PermissionOverwrites []Overwrite `json:"permission_overwrites"`
}

// SeedMember is a member of a SeedGuild.
type SeedMember struct {
	UserID interaction.Snowflake   `json:"user_id"`
	Roles  []interaction.Snowflake `json:"roles"`
	Nick   string                  `json:"nick"`
}

// everyonePermissions are what @everyone may do in a new guild: among
// them start threads, public and private, and talk in them, and use the
// emojis of other guilds, as a new guild of the service's lets everyone
// (CONFORMANCE.md, D271).
const everyonePermissions = interaction.PermissionViewChannel | interaction.PermissionSendMessages |
	interaction.PermissionReadMessageHistory | interaction.PermissionAddReactions |
	interaction.PermissionUseApplicationCommands | interaction.PermissionEmbedLinks |
	interaction.PermissionAttachFiles | interaction.PermissionConnect | interaction.PermissionSpeak |
	interaction.PermissionCreatePublicThreads | interaction.PermissionCreatePrivateThreads |
	interaction.PermissionSendMessagesInThreads | interaction.PermissionUseExternalEmojis

// addSeed adds the users and guilds of seed to the state, or, when the seed
// is inconsistent, nothing at all.
func (s *Server) addSeed(seed *Seed) error {
	st := s.st
	used := map[interaction.Snowflake]string{}
	claim := func(id interaction.Snowflake, what string) error {
		if id == 0 {
			return errors.New("seed: a " + what + " has no id")
		}
		if prev, ok := used[id]; ok {
			return fmt.Errorf("seed: id %s is both a %s and a %s", id, prev, what)
		}
		used[id] = what
		return nil
	}
	for id := range st.users {
		used[id] = "seeded user"
	}
	for id, g := range st.guilds {
		used[id] = "seeded guild"
		for _, e := range g.emojis {
			used[e.ID] = "seeded emoji"
		}
		for r := range g.roles {
			used[r] = "seeded role"
		}
		for c := range g.channels {
			used[c] = "seeded channel"
		}
	}
	users := map[interaction.Snowflake]*interaction.User{}
	for _, u := range seed.Users {
		if err := claim(u.ID, "user"); err != nil {
			return err
		}
		if u.Username == "" {
			return fmt.Errorf("seed: user %s has no username", u.ID)
		}
		if err := checkProfile(&u); err != nil {
			return fmt.Errorf("seed: user %s: %w", u.ID, err)
		}
		if u.Discriminator == "" {
			u.Discriminator = "0"
		}
		users[u.ID] = &u
	}
	joined := st.now().Add(-24 * time.Hour).UTC().Truncate(time.Second)
	var guilds []*guild
	for _, sg := range seed.Guilds {
		if err := claim(sg.ID, "guild"); err != nil {
			return err
		}
		g := &guild{
			id: sg.ID, name: sg.Name, owner: sg.OwnerID, locale: sg.Locale,
			features: slices.Clone(sg.Features), now: st.now,
			members:  map[interaction.Snowflake]*interaction.Member{},
			roles:    map[interaction.Snowflake]*interaction.Role{},
			channels: map[interaction.Snowflake]*interaction.Channel{},
		}
		if g.locale == "" {
			g.locale = interaction.LocaleEnglishUS
		}
		if users[g.owner] == nil {
			return fmt.Errorf("seed: guild %s: its owner %s is not a user of the seed", g.id, g.owner)
		}
		g.roles[g.id] = &interaction.Role{ID: g.id, Name: "@everyone", Permissions: everyonePermissions}
		for _, r := range sg.Roles {
			if r.ID != g.id {
				if err := claim(r.ID, "role"); err != nil {
					return err
				}
			} else {
				r.Name = "@everyone"
			}
			g.roles[r.ID] = &r
		}
		for _, sc := range sg.Channels {
			c := sc.Channel
			if err := claim(c.ID, "channel"); err != nil {
				return err
			}
			if c.Type == interaction.ChannelDM || c.Type == interaction.ChannelGroupDM {
				return fmt.Errorf("seed: guild %s: channel %s is not a guild channel", g.id, c.ID)
			}
			c.GuildID = g.id
			g.channels[c.ID] = &c
			if len(sc.PermissionOverwrites) == 0 {
				continue
			}
			if c.Type.IsThread() {
				return fmt.Errorf("seed: guild %s: thread %s has overwrites; a thread follows its parent's", g.id, c.ID)
			}
			known := func(id interaction.Snowflake) bool { return users[id] != nil || st.users[id] != nil }
			if err := g.checkOverwrites(sc.PermissionOverwrites, known); err != nil {
				return fmt.Errorf("seed: guild %s: channel %s: %w", g.id, c.ID, err)
			}
			if g.overwrites == nil {
				g.overwrites = map[interaction.Snowflake][]Overwrite{}
			}
			g.overwrites[c.ID] = slices.Clone(sc.PermissionOverwrites)
		}
		for _, e := range sg.Emojis {
			if err := claim(e.ID, "emoji"); err != nil {
				return err
			}
		}
		if err := checkEmojis(sg.Emojis); err != nil {
			return fmt.Errorf("seed: guild %s: %w", g.id, err)
		}
		g.emojis = slices.Clone(sg.Emojis)
		members := append([]SeedMember{{UserID: g.owner}}, sg.Members...)
		if sg.Installed == nil || *sg.Installed {
			g.install(st.app.id)
			members = append(members, SeedMember{UserID: st.app.botUser})
		}
		for _, m := range members {
			u := users[m.UserID]
			if m.UserID == st.app.botUser {
				u = st.users[m.UserID]
			}
			if u == nil {
				return fmt.Errorf("seed: guild %s: member %s is not a user of the seed", g.id, m.UserID)
			}
			roles := []interaction.Snowflake{}
			for _, r := range m.Roles {
				if r == g.id || g.roles[r] == nil {
					return fmt.Errorf("seed: guild %s: member %s has role %s, which is not a role of the guild", g.id, m.UserID, r)
				}
				roles = append(roles, r)
			}
			if prev := g.members[m.UserID]; prev != nil && m.UserID != g.owner && m.UserID != st.app.botUser {
				return fmt.Errorf("seed: guild %s: member %s is listed twice", g.id, m.UserID)
			} else if prev != nil {
				// The owner or the bot listed explicitly: the listing wins.
				if len(m.Roles) == 0 && m.Nick == "" {
					continue
				}
			}
			g.members[m.UserID] = &interaction.Member{User: *u, Nick: m.Nick, Roles: roles, JoinedAt: joined}
		}
		if g.installed[st.app.id] {
			// The bot joined: it has its managed role besides those
			// listed for it.
			listed := g.members[st.app.botUser]
			delete(g.members, st.app.botUser)
			st.joinBot(g, sg.BotPermissions, joined)
			bot := g.members[st.app.botUser]
			bot.Nick, bot.Roles = listed.Nick, append(bot.Roles, listed.Roles...)
			for _, r := range sg.BotRoles {
				if r == g.id || g.roles[r] == nil {
					return fmt.Errorf("seed: guild %s: the bot has role %s, which is not a role of the guild", g.id, r)
				}
				if !slices.Contains(bot.Roles, r) {
					bot.Roles = append(bot.Roles, r)
				}
			}
		} else if len(sg.BotRoles) > 0 || sg.BotPermissions != 0 {
			return fmt.Errorf("seed: guild %s: the bot has roles or permissions in a guild it is not in", g.id)
		}
		guilds = append(guilds, g)
	}
	for id, u := range users {
		st.users[id] = u
	}
	for _, g := range guilds {
		st.guilds[g.id] = g
	}
	return nil
}
