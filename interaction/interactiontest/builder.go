package interactiontest

import (
	"slices"
	"strings"
	"sync/atomic"
	"time"

	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/interaction"
)

// Ids the builders use unless told otherwise.
const (
	ApplicationID interaction.Snowflake = 1100000000000000001
	GuildID       interaction.Snowflake = 1100000000000000002
	ChannelID     interaction.Snowflake = 1100000000000000003
	CommandID     interaction.Snowflake = 1100000000000000004
	UserID        interaction.Snowflake = 1100000000000000005
	// MessageID is the message components are on unless OnMessage says
	// otherwise.
	MessageID interaction.Snowflake = 1100000000000000006
)

// Builder builds one interaction. Its methods return the Builder so that
// calls chain; it is not safe for concurrent use.
type Builder struct {
	ix       interaction.Interaction
	group    string
	sub      string
	options  []interaction.OptionData
	resolved interaction.ResolvedData
}

// seq makes interaction ids unique within a test binary; the ids' time is
// now, as the service's would be.
var seq atomic.Uint64

func newBuilder(t interaction.Type) *Builder {
	id := interaction.Snowflake(uint64(time.Now().UnixMilli()-interaction.Epoch)<<22 | seq.Add(1)&0x3fffff)
	b := &Builder{ix: interaction.Interaction{
		ID:             id,
		ApplicationID:  ApplicationID,
		Type:           t,
		Token:          "interaction-token-" + id.String(),
		Version:        1,
		AppPermissions: interaction.PermissionSendMessages | interaction.PermissionViewChannel | interaction.PermissionEmbedLinks,
		Locale:         interaction.LocaleEnglishUS,
	}}
	b.InGuild(GuildID, interaction.Member{User: interaction.User{ID: UserID, Username: "ada", GlobalName: "Ada"}})
	return b
}

// Ping returns the PING the service sends to check an endpoint.
func Ping() *Builder {
	b := newBuilder(interaction.TypePing)
	b.ix.GuildID, b.ix.ChannelID, b.ix.Locale, b.ix.GuildLocale, b.ix.Guild = 0, 0, "", "", interaction.Lazy[interaction.PartialGuild]{}
	b.ix.Channel, b.ix.Member = interaction.Lazy[interaction.Channel]{}, interaction.Lazy[interaction.Member]{}
	b.ix.Context = interaction.InteractionContext{}
	b.ix.AuthorizingIntegrationOwners = interaction.IntegrationOwners{}
	return b
}

// Command starts a CHAT_INPUT invocation of a path: "ping", "mod ban",
// "mod user ban".
func Command(path string) *Builder {
	b := newBuilder(interaction.TypeApplicationCommand)
	parts := strings.Fields(path)
	b.ix.Data = interaction.Data{ID: CommandID, Type: interaction.CommandChatInput}
	switch len(parts) {
	case 3:
		b.group, b.sub = parts[1], parts[2]
	case 2:
		b.sub = parts[1]
	}
	if len(parts) > 0 {
		b.ix.Data.Name = parts[0]
	}
	return b
}

// Autocomplete starts an autocomplete request for a path; mark the option
// being typed with Focus.
func Autocomplete(path string) *Builder {
	b := Command(path)
	b.ix.Type = interaction.TypeApplicationCommandAutocomplete
	b.ix.Data.Version = CommandID + 1
	return b
}

// UserCommand returns a USER command used on target, with their membership
// of the guild when member is not nil.
func UserCommand(name string, target interaction.User, member *interaction.Member) *Builder {
	b := newBuilder(interaction.TypeApplicationCommand)
	b.ix.Data = interaction.Data{ID: CommandID, Name: name, Type: interaction.CommandUser, TargetID: target.ID}
	b.addUser(target, member)
	return b
}

// MessageCommand returns a MESSAGE command used on msg.
func MessageCommand(name string, msg interaction.Message) *Builder {
	b := newBuilder(interaction.TypeApplicationCommand)
	b.ix.Data = interaction.Data{ID: CommandID, Name: name, Type: interaction.CommandMessage, TargetID: msg.ID}
	if b.resolved.Messages == nil {
		b.resolved.Messages = map[interaction.Snowflake]interaction.Message{}
	}
	b.resolved.Messages[msg.ID] = msg
	return b
}

// EntryPoint returns an invocation of the PRIMARY_ENTRY_POINT command.
func EntryPoint(name string) *Builder {
	b := newBuilder(interaction.TypeApplicationCommand)
	b.ix.Data = interaction.Data{ID: CommandID, Name: name, Type: interaction.CommandPrimaryEntryPoint}
	return b
}

// InGuild makes the interaction come from a guild channel, used by member.
func (b *Builder) InGuild(guild interaction.Snowflake, member interaction.Member) *Builder {
	if member.Permissions == 0 {
		member.Permissions = interaction.PermissionSendMessages | interaction.PermissionViewChannel | interaction.PermissionUseApplicationCommands
	}
	if member.Roles == nil {
		member.Roles = []interaction.Snowflake{}
	}
	if member.JoinedAt.IsZero() {
		member.JoinedAt = time.Date(2024, 3, 11, 18, 22, 47, 0, time.UTC)
	}
	b.ix.GuildID, b.ix.ChannelID, b.ix.User = guild, ChannelID, nil
	b.ix.Member = interaction.LazyOf(member)
	b.ix.Channel = interaction.LazyOf(interaction.Channel{ID: ChannelID, Type: interaction.ChannelGuildText, GuildID: guild, Name: "general"})
	b.ix.GuildLocale = interaction.LocaleEnglishUS
	b.ix.Guild = interaction.LazyOf(interaction.PartialGuild{ID: guild, Locale: interaction.LocaleEnglishUS, Features: []string{}})
	b.ix.Context = interaction.InteractionContext{Type: interaction.ContextGuild, Valid: true}
	b.ix.AuthorizingIntegrationOwners = interaction.IntegrationOwners{}
	b.ix.AuthorizingIntegrationOwners.Set(interaction.GuildInstall, guild)
	return b
}

// InDM makes the interaction come from the bot's direct messages with user.
func (b *Builder) InDM(user interaction.User) *Builder {
	b.ix.GuildID, b.ix.Member, b.ix.GuildLocale, b.ix.Guild = 0, interaction.Lazy[interaction.Member]{}, "", interaction.Lazy[interaction.PartialGuild]{}
	b.ix.User = &user
	b.ix.ChannelID = ChannelID + 100
	b.ix.Channel = interaction.LazyOf(interaction.Channel{ID: b.ix.ChannelID, Type: interaction.ChannelDM})
	b.ix.Context = interaction.InteractionContext{Type: interaction.ContextBotDM, Valid: true}
	b.ix.AuthorizingIntegrationOwners = interaction.IntegrationOwners{}
	b.ix.AuthorizingIntegrationOwners.Set(interaction.GuildInstall, 0)
	return b
}

// Locale sets the invoking user's client language.
func (b *Builder) Locale(l interaction.Locale) *Builder { b.ix.Locale = l; return b }

// Modify lets a test set any field of the interaction directly.
func (b *Builder) Modify(f func(ix *interaction.Interaction)) *Builder { f(&b.ix); return b }

func (b *Builder) add(name string, t interaction.OptionType, v interaction.Value) *Builder {
	b.options = append(b.options, interaction.OptionData{Name: name, Type: t, Value: v})
	return b
}

// String adds a STRING option.
func (b *Builder) String(name, v string) *Builder {
	return b.add(name, interaction.OptionString, interaction.StringValue(v))
}

// Int adds an INTEGER option.
func (b *Builder) Int(name string, v int64) *Builder {
	return b.add(name, interaction.OptionInteger, interaction.IntValue(v))
}

// Float adds a NUMBER option.
func (b *Builder) Float(name string, v float64) *Builder {
	return b.add(name, interaction.OptionNumber, interaction.FloatValue(v))
}

// Bool adds a BOOLEAN option.
func (b *Builder) Bool(name string, v bool) *Builder {
	return b.add(name, interaction.OptionBoolean, interaction.BoolValue(v))
}

// User adds a USER option and resolves the user, and their member when
// member is not nil.
func (b *Builder) User(name string, u interaction.User, member *interaction.Member) *Builder {
	b.addUser(u, member)
	return b.add(name, interaction.OptionUser, interaction.StringValue(u.ID.String()))
}

// Channel adds a CHANNEL option and resolves the channel.
func (b *Builder) Channel(name string, c interaction.Channel) *Builder {
	if b.resolved.Channels == nil {
		b.resolved.Channels = map[interaction.Snowflake]interaction.Channel{}
	}
	b.resolved.Channels[c.ID] = c
	return b.add(name, interaction.OptionChannel, interaction.StringValue(c.ID.String()))
}

// Role adds a ROLE option and resolves the role.
func (b *Builder) Role(name string, r interaction.Role) *Builder {
	b.addRole(r)
	return b.add(name, interaction.OptionRole, interaction.StringValue(r.ID.String()))
}

// MentionableUser adds a MENTIONABLE option naming a user.
func (b *Builder) MentionableUser(name string, u interaction.User, member *interaction.Member) *Builder {
	b.addUser(u, member)
	return b.add(name, interaction.OptionMentionable, interaction.StringValue(u.ID.String()))
}

// MentionableRole adds a MENTIONABLE option naming a role.
func (b *Builder) MentionableRole(name string, r interaction.Role) *Builder {
	b.addRole(r)
	return b.add(name, interaction.OptionMentionable, interaction.StringValue(r.ID.String()))
}

// Attachment adds an ATTACHMENT option and resolves the attachment.
func (b *Builder) Attachment(name string, a interaction.Attachment) *Builder {
	if b.resolved.Attachments == nil {
		b.resolved.Attachments = map[interaction.Snowflake]interaction.Attachment{}
	}
	b.resolved.Attachments[a.ID] = a
	return b.add(name, interaction.OptionAttachment, interaction.StringValue(a.ID.String()))
}

// Focus adds the option being typed in an autocomplete request, with its
// partial value as the client sends it: often a string, whatever the type.
func (b *Builder) Focus(name string, t interaction.OptionType, partial interaction.Value) *Builder {
	b.options = append(b.options, interaction.OptionData{Name: name, Type: t, Value: partial, Focused: true})
	return b
}

func (b *Builder) addUser(u interaction.User, member *interaction.Member) {
	if b.resolved.Users == nil {
		b.resolved.Users = map[interaction.Snowflake]interaction.User{}
	}
	b.resolved.Users[u.ID] = u
	if member != nil {
		m := *member
		m.User = interaction.User{} // resolved members leave the user out
		if m.Roles == nil {
			m.Roles = []interaction.Snowflake{}
		}
		if b.resolved.Members == nil {
			b.resolved.Members = map[interaction.Snowflake]interaction.Member{}
		}
		b.resolved.Members[u.ID] = m
	}
}

func (b *Builder) addRole(r interaction.Role) {
	if b.resolved.Roles == nil {
		b.resolved.Roles = map[interaction.Snowflake]interaction.Role{}
	}
	b.resolved.Roles[r.ID] = r
}

// Interaction returns the interaction built so far.
func (b *Builder) Interaction() *interaction.Interaction {
	ix := b.ix
	if ix.Type == interaction.TypeApplicationCommand || ix.Type == interaction.TypeApplicationCommandAutocomplete {
		opts := append([]interaction.OptionData(nil), b.options...)
		if b.sub != "" {
			opts = []interaction.OptionData{{Name: b.sub, Type: interaction.OptionSubCommand, Options: opts}}
		}
		if b.group != "" {
			opts = []interaction.OptionData{{Name: b.group, Type: interaction.OptionSubCommandGroup, Options: opts}}
		}
		ix.Data.Options = opts // data.guild_id stays unset: a global command
	}
	if ix.Type != interaction.TypePing {
		ix.Data.Values = slices.Clone(ix.Data.Values)
		ix.Data.Components = slices.Clone(ix.Data.Components)
		r, err := interaction.NewResolved(b.resolved)
		if err != nil {
			panic("interactiontest: encoding resolved data: " + err.Error())
		}
		if !r.IsZero() && string(r.Raw()) != "{}" {
			ix.Data.Resolved = r
		}
	}
	return &ix
}

// JSON returns the interaction as the service sends it.
func (b *Builder) JSON() []byte {
	body, err := jsonv2.Marshal(b.Interaction())
	if err != nil {
		panic("interactiontest: encoding the interaction: " + err.Error())
	}
	return body
}
