package interaction

import (
	"strconv"
	"strings"
	"time"

	jsonv2 "github.com/goccy/go-json/v2"
)

// TokenLifetime is how long an interaction's token lets its answer be
// given, edited and followed up, from when the service sent it: a
// deferred handler's context ends then.
const TokenLifetime = 15 * time.Minute

// Interaction is what the service POSTs to a bot's endpoint when a user uses
// a command (type 2), types into an autocomplete option (type 4), uses a
// component of a message (type 3) or submits a modal (type 5), and the PING
// (type 1) it sends to check the endpoint.
type Interaction struct {
	ID            Snowflake `json:"id"`
	ApplicationID Snowflake `json:"application_id"`
	Type          Type      `json:"type"`
	// Token answers the interaction and edits or follows up its messages for
	// TokenLifetime. It is a secret: switchboard never logs it.
	Token   string    `json:"token"`
	Version int       `json:"version"`
	GuildID Snowflake `json:"guild_id,omitzero"`
	// Guild is the partial guild the interaction was sent from, in a
	// guild, decoded when read.
	Guild Lazy[PartialGuild] `json:"guild,omitzero"`
	// ChannelID is the channel the interaction was sent from.
	ChannelID Snowflake `json:"channel_id,omitzero"`
	// Channel is the partial channel the interaction was sent from,
	// decoded when read.
	Channel Lazy[Channel] `json:"channel,omitzero"`
	// Member is the invoking member, in a guild, decoded when read;
	// Invoker reads only its user.
	Member Lazy[Member] `json:"member,omitzero"`
	// User is the invoking user, outside a guild.
	User *User `json:"user,omitempty"`
	// AppPermissions are the bot's permissions in the channel.
	AppPermissions Permissions `json:"app_permissions"`
	// Locale is the invoking user's client language.
	Locale Locale `json:"locale,omitempty"`
	// GuildLocale is the guild's preferred language, in a guild.
	GuildLocale  Locale        `json:"guild_locale,omitempty"`
	Entitlements []Entitlement `json:"entitlements,omitempty"`
	// Context is where the command was used.
	Context InteractionContext `json:"context,omitzero"`
	// AuthorizingIntegrationOwners maps each installation context that
	// authorized the interaction to its owner.
	AuthorizingIntegrationOwners IntegrationOwners `json:"authorizing_integration_owners,omitzero"`
	// AttachmentSizeLimit is the largest attachment, in bytes, an answer may
	// carry for this interaction.
	AttachmentSizeLimit int64 `json:"attachment_size_limit,omitzero"`
	// Data is what the user did: the command and its options, the component
	// and the values chosen, or the modal and what was filled in.
	Data Data `json:"data,omitzero"`
	// Message is the message whose component was used, in a
	// MESSAGE_COMPONENT interaction and in the MODAL_SUBMIT of a modal a
	// component opened.
	Message *Message `json:"message,omitempty"`
}

// Invoker returns the user who used the command: the member's user in a
// guild, the user elsewhere.
func (ix *Interaction) Invoker() User {
	if !ix.Member.IsZero() {
		// Only the user of the member is decoded.
		var m struct {
			User User `json:"user"`
		}
		if jsonv2.UnmarshalOf(ix.Member.raw, &m) == nil {
			return m.User
		}
	}
	if ix.User != nil {
		return *ix.User
	}
	return User{}
}

// InGuild reports whether the interaction came from a guild.
func (ix *Interaction) InGuild() bool { return ix.GuildID != 0 }

// Data is the data of an interaction. The service sends one object whose
// fields depend on the interaction's type: a command's (APPLICATION_COMMAND
// and autocomplete: ID to Options, names in their default locale), a
// component's (MESSAGE_COMPONENT: CustomID, ComponentType, Values) or a
// modal's (MODAL_SUBMIT: CustomID, Components). Resolved serves all three.
type Data struct {
	ID   Snowflake   `json:"id"`
	Name string      `json:"name"`
	Type CommandType `json:"type"`
	// GuildID is the guild of a guild command.
	GuildID Snowflake `json:"guild_id,omitzero"`
	// TargetID is the user or message a context-menu command was used on.
	TargetID Snowflake `json:"target_id,omitzero"`
	// Version is the version of the command, sent with autocomplete.
	Version Snowflake    `json:"version,omitzero"`
	Options []OptionData `json:"options,omitempty"`

	// CustomID is the custom_id of the component used, or of the modal
	// submitted.
	CustomID string `json:"custom_id,omitempty"`
	// ComponentType is the type of the component used.
	ComponentType ComponentType `json:"component_type,omitzero"`
	// Values are the values chosen in a select menu: the values of a
	// string select's options, the ids of an entity select's users, roles
	// or channels, which Resolved holds.
	Values []string `json:"values,omitempty"`
	// Components are what the user filled in a modal, in the modal's
	// layout: rows or labels, each with its text input, select or file
	// upload. Submitted finds one by custom_id.
	Components []SubmittedComponent `json:"components,omitempty"`

	// Resolved holds the users, members, roles, channels, messages and
	// attachments that options, select menus and file uploads refer to.
	Resolved Resolved `json:"resolved,omitzero"`
}

// Route returns the path of the invocation: the subcommand group and the
// subcommand ("" where there is none), and the options given to the leaf.
// It allocates nothing.
func (d *Data) Route() (group, sub string, leaf []OptionData) {
	leaf = d.Options
	if len(leaf) > 0 && leaf[0].Type == OptionSubCommandGroup {
		group, leaf = leaf[0].Name, leaf[0].Options
	}
	if len(leaf) > 0 && leaf[0].Type == OptionSubCommand {
		sub, leaf = leaf[0].Name, leaf[0].Options
	}
	return group, sub, leaf
}

// Path returns the command path as a user reads it: "ping", "mod ban",
// "mod user ban".
func (d *Data) Path() string {
	group, sub, _ := d.Route()
	if group == "" && sub == "" {
		return d.Name
	}
	var b strings.Builder
	b.Grow(len(d.Name) + len(group) + len(sub) + 2)
	b.WriteString(d.Name)
	for _, s := range [...]string{group, sub} {
		if s != "" {
			b.WriteByte(' ')
			b.WriteString(s)
		}
	}
	return b.String()
}

// Focused returns the option the user is typing into, in an autocomplete
// interaction.
func (d *Data) Focused() (OptionData, bool) {
	_, _, leaf := d.Route()
	for _, o := range leaf {
		if o.Focused {
			return o, true
		}
	}
	return OptionData{}, false
}

// OptionData is an option as the user filled it in.
type OptionData struct {
	Name string     `json:"name"`
	Type OptionType `json:"type"`
	// Value is the value of an option that is not a subcommand or group.
	Value Value `json:"value,omitzero"`
	// Options are the options of a subcommand or group.
	Options []OptionData `json:"options,omitempty"`
	// Focused marks the option being typed, in autocomplete.
	Focused bool `json:"focused,omitzero"`
}

// InteractionContext is the context an interaction was used in. Valid is
// false for payloads that predate the field.
type InteractionContext struct {
	Type  ContextType
	Valid bool
}

// IsZero reports whether the context is absent.
func (c InteractionContext) IsZero() bool { return !c.Valid }

// MarshalJSON encodes the context type, or null when it is absent.
func (c InteractionContext) MarshalJSON() ([]byte, error) {
	if !c.Valid {
		return []byte("null"), nil
	}
	return strconv.AppendInt(nil, int64(c.Type), 10), nil
}

// UnmarshalJSON accepts a context number or null.
func (c *InteractionContext) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*c = InteractionContext{}
		return nil
	}
	v, ok := parseUint(b)
	if !ok || v > 255 {
		return errContext
	}
	*c = InteractionContext{Type: ContextType(v), Valid: true}
	return nil
}

// errContext is the error of a context in a body, which it never quotes.
const errContext = wireError("expected an integer from 0 to 255")

// IntegrationOwners maps installation contexts to the ids that authorized an
// interaction: for GUILD_INSTALL the guild (or 0 when used in the bot's DM),
// for USER_INSTALL the user. The service serializes it as an object keyed by
// "0" and "1" with string values.
type IntegrationOwners struct {
	guild, user       Snowflake
	hasGuild, hasUser bool
}

// IsZero reports whether no owner is set.
func (o IntegrationOwners) IsZero() bool { return !o.hasGuild && !o.hasUser }

// Get returns the owner for an installation context.
func (o IntegrationOwners) Get(t IntegrationType) (Snowflake, bool) {
	switch t {
	case GuildInstall:
		return o.guild, o.hasGuild
	case UserInstall:
		return o.user, o.hasUser
	}
	return 0, false
}

// Set records the owner for an installation context; other contexts are
// ignored.
func (o *IntegrationOwners) Set(t IntegrationType, id Snowflake) {
	switch t {
	case GuildInstall:
		o.guild, o.hasGuild = id, true
	case UserInstall:
		o.user, o.hasUser = id, true
	}
}

// MarshalJSON encodes the owners as the service does: {"0":"…","1":"…"}.
func (o IntegrationOwners) MarshalJSON() ([]byte, error) {
	b := append(make([]byte, 0, 56), '{')
	if o.hasGuild {
		b = append(b, `"0":`...)
		b = appendQuotedSnowflake(b, o.guild)
	}
	if o.hasUser {
		if o.hasGuild {
			b = append(b, ',')
		}
		b = append(b, `"1":`...)
		b = appendQuotedSnowflake(b, o.user)
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads the object form; unknown keys are ignored, as the
// service may add installation contexts. A null owner reads as 0, as a
// null snowflake does.
func (o *IntegrationOwners) UnmarshalJSON(b []byte) error {
	*o = IntegrationOwners{}
	if string(b) == "null" {
		return nil
	}
	if len(b) == 0 || b[0] != '{' {
		return errNotObject
	}
	var owners struct {
		Guild owner `json:"0"`
		User  owner `json:"1"`
	}
	if err := jsonv2.UnmarshalOf(b, &owners); err != nil {
		return err
	}
	if owners.Guild.set {
		o.Set(GuildInstall, owners.Guild.id)
	}
	if owners.User.set {
		o.Set(UserInstall, owners.User.id)
	}
	return nil
}

// owner is an entry of IntegrationOwners: a snowflake that may be absent.
// A null owner reads as 0, as a null snowflake does.
type owner struct {
	id  Snowflake
	set bool
}

func (w *owner) UnmarshalJSON(b []byte) error {
	w.set = true
	return w.id.UnmarshalJSON(b)
}

func appendQuotedSnowflake(b []byte, id Snowflake) []byte {
	b = append(b, '"')
	b, _ = id.AppendText(b)
	return append(b, '"')
}
