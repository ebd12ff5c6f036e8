package emulator

import (
	"net/http"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// commandJSON is a command as the service returns it: the fields it fills
// in are always present, with their defaults explicit.
//
// The localization fields are of type any so that they can be absent (nil),
// null or a dictionary, as the view asks.
type commandJSON struct {
	ID                       interaction.Snowflake             `json:"id"`
	ApplicationID            interaction.Snowflake             `json:"application_id"`
	Version                  interaction.Snowflake             `json:"version"`
	DefaultMemberPermissions *interaction.Permissions          `json:"default_member_permissions"`
	Type                     interaction.CommandType           `json:"type"`
	Name                     string                            `json:"name"`
	NameLocalizations        any                               `json:"name_localizations,omitempty"`
	NameLocalized            string                            `json:"name_localized,omitempty"`
	Description              string                            `json:"description"`
	DescriptionLocalizations any                               `json:"description_localizations,omitempty"`
	DescriptionLocalized     string                            `json:"description_localized,omitempty"`
	GuildID                  interaction.Snowflake             `json:"guild_id,omitzero"`
	Options                  []optionJSON                      `json:"options,omitempty"`
	DefaultPermission        bool                              `json:"default_permission"`
	DMPermission             *bool                             `json:"dm_permission,omitempty"`
	Contexts                 *[]interaction.ContextType        `json:"contexts,omitempty"`
	IntegrationTypes         []interaction.IntegrationType     `json:"integration_types,omitempty"`
	NSFW                     bool                              `json:"nsfw"`
	Handler                  interaction.EntryPointHandlerType `json:"handler,omitzero"`
}

// optionJSON is an option as the service returns it.
type optionJSON struct {
	Type                     interaction.OptionType    `json:"type"`
	Name                     string                    `json:"name"`
	NameLocalizations        any                       `json:"name_localizations,omitempty"`
	NameLocalized            string                    `json:"name_localized,omitempty"`
	Description              string                    `json:"description"`
	DescriptionLocalizations any                       `json:"description_localizations,omitempty"`
	DescriptionLocalized     string                    `json:"description_localized,omitempty"`
	Required                 bool                      `json:"required,omitzero"`
	Choices                  []choiceJSON              `json:"choices,omitempty"`
	Options                  []optionJSON              `json:"options,omitempty"`
	ChannelTypes             []interaction.ChannelType `json:"channel_types,omitempty"`
	FileTypes                []string                  `json:"file_types,omitempty"`
	MinValue                 interaction.Value         `json:"min_value,omitzero"`
	MaxValue                 interaction.Value         `json:"max_value,omitzero"`
	MinLength                *int                      `json:"min_length,omitempty"`
	MaxLength                *int                      `json:"max_length,omitempty"`
	Autocomplete             bool                      `json:"autocomplete,omitzero"`
}

type choiceJSON struct {
	Name              string            `json:"name"`
	NameLocalizations any               `json:"name_localizations,omitempty"`
	NameLocalized     string            `json:"name_localized,omitempty"`
	Value             interaction.Value `json:"value"`
}

// view says how a response shows localizations: full returns the
// dictionaries (the answer of single-command endpoints and of lists with
// with_localizations=true); otherwise each text carries its translation
// into locale, when there is one, and the dictionaries stay out.
type view struct {
	full   bool
	locale interaction.Locale
}

// render returns c as the service answers it in scope. The caller holds
// s.st.mu.
//
// Global commands carry their defaults explicitly: dm_permission true,
// integration_types the application's installation contexts and contexts
// null when they were created without them, which is what the service
// returns (integration_types "defaults to the application's configured
// contexts", the specification says; a command created without contexts
// reads back "contexts": null, public reports of its answers). Guild
// commands carry neither dm_permission, contexts nor integration_types: the
// specification makes them global-only, the service's guild commands are
// observed without them (discordjs/discord-api-types#1776), and a command
// read back can so be sent back as it is.
func (s *Server) render(scope command.Scope, c *command.Command, v view) commandJSON {
	out := commandJSON{
		ID: c.ID, ApplicationID: c.ApplicationID, Version: c.Version,
		DefaultMemberPermissions: c.DefaultMemberPermissions,
		Type:                     c.CommandType(),
		Name:                     c.Name,
		Description:              c.Description,
		GuildID:                  c.GuildID,
		DefaultPermission:        c.DefaultPermission == nil || *c.DefaultPermission,
		NSFW:                     c.NSFW,
		Handler:                  c.Handler,
	}
	out.NameLocalizations, out.NameLocalized = localize(c.NameLocalizations, v, true)
	out.DescriptionLocalizations, out.DescriptionLocalized = localize(c.DescriptionLocalizations, v, true)
	if scope.IsGlobal() {
		dm := c.DMPermission == nil || *c.DMPermission
		out.DMPermission = &dm
		contexts := c.Contexts
		out.Contexts = &contexts
		out.IntegrationTypes = c.IntegrationTypes
		if len(out.IntegrationTypes) == 0 {
			out.IntegrationTypes = s.st.app.installContexts
		}
	}
	out.Options = renderOptions(c.Options, v)
	return out
}

func renderOptions(opts []command.Option, v view) []optionJSON {
	if len(opts) == 0 {
		return nil
	}
	out := make([]optionJSON, len(opts))
	for i, o := range opts {
		j := optionJSON{
			Type: o.Type, Name: o.Name, Description: o.Description, Required: o.Required,
			ChannelTypes: o.ChannelTypes, FileTypes: o.FileTypes, MinValue: o.MinValue, MaxValue: o.MaxValue,
			MinLength: o.MinLength, MaxLength: o.MaxLength, Autocomplete: o.Autocomplete,
			Options: renderOptions(o.Options, v),
		}
		j.NameLocalizations, j.NameLocalized = localize(o.NameLocalizations, v, false)
		j.DescriptionLocalizations, j.DescriptionLocalized = localize(o.DescriptionLocalizations, v, false)
		for _, ch := range o.Choices {
			cj := choiceJSON{Name: ch.Name, Value: ch.Value}
			cj.NameLocalizations, cj.NameLocalized = localize(command.Localizations(ch.NameLocalizations), v, false)
			j.Choices = append(j.Choices, cj)
		}
		out[i] = j
	}
	return out
}

// localize returns what a response carries of a dictionary in view v: the
// dictionary itself, or the text the requester sees. A command's own
// dictionaries are null when empty; an option's and a choice's are left
// out.
func localize(d command.Localizations, v view, null bool) (any, string) {
	if !v.full {
		return nil, localized(d, v.locale)
	}
	if len(d) == 0 {
		if null {
			return nullJSON{}, ""
		}
		return nil, ""
	}
	return d, ""
}

// localized returns the translation in d that a user of locale l sees:
// l's own, or else that of the locale l falls back to (the specification's
// en-US and en-GB for each other, es-ES for es-419), or "" when neither has
// one and the user sees the default text.
func localized(d command.Localizations, l interaction.Locale) string {
	return l.Localized(d, "")
}

// nullJSON encodes as null.
type nullJSON struct{}

func (nullJSON) MarshalJSON() ([]byte, error) { return []byte("null"), nil }

// requesterLocale is the locale a list is localized in: the
// X-Service-Locale header, then the first language of Accept-Language.
// The user's settings, the specification's last resort, do not exist for an
// application's own token.
func requesterLocale(r *http.Request) interaction.Locale {
	if l, ok := knownLocale(r.Header.Get("X-Service-Locale")); ok {
		return l
	}
	first, _, _ := strings.Cut(r.Header.Get("Accept-Language"), ",")
	first, _, _ = strings.Cut(first, ";")
	l, _ := knownLocale(first)
	return l
}

// knownLocale matches s to one of the service's locales, ignoring case.
func knownLocale(s string) (interaction.Locale, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", false
	}
	for _, l := range interaction.Locales() {
		if strings.EqualFold(string(l), s) {
			return l, true
		}
	}
	return "", false
}
