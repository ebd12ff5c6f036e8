package interaction

import (
	"errors"
	"strconv"
	"strings"
)

// Type is the kind of an interaction.
type Type int

// Interaction types. switchboard serves PING, APPLICATION_COMMAND and
// APPLICATION_COMMAND_AUTOCOMPLETE; the others are named so that they can be
// recognized and refused clearly.
const (
	TypePing                           Type = 1
	TypeApplicationCommand             Type = 2
	TypeMessageComponent               Type = 3
	TypeApplicationCommandAutocomplete Type = 4
	TypeModalSubmit                    Type = 5
)

// typeNames holds the name of each Type, indexed by its value.
var typeNames = [...]string{
	TypePing:                           "PING",
	TypeApplicationCommand:             "APPLICATION_COMMAND",
	TypeMessageComponent:               "MESSAGE_COMPONENT",
	TypeApplicationCommandAutocomplete: "APPLICATION_COMMAND_AUTOCOMPLETE",
	TypeModalSubmit:                    "MODAL_SUBMIT",
}

// String returns the name the specification gives the type, such as
// "APPLICATION_COMMAND", or Type(n) for a number it does not define.
func (t Type) String() string { return enumName(typeNames[:], "Type", t) }

// CommandType is the kind of an application command.
type CommandType int

// Command types.
const (
	CommandChatInput         CommandType = 1
	CommandUser              CommandType = 2
	CommandMessage           CommandType = 3
	CommandPrimaryEntryPoint CommandType = 4
)

// commandTypeNames holds the name of each CommandType, indexed by its value.
var commandTypeNames = [...]string{
	CommandChatInput:         "CHAT_INPUT",
	CommandUser:              "USER",
	CommandMessage:           "MESSAGE",
	CommandPrimaryEntryPoint: "PRIMARY_ENTRY_POINT",
}

// String returns the name the specification gives the type, such as
// "CHAT_INPUT", or CommandType(n) for a number it does not define.
func (t CommandType) String() string { return enumName(commandTypeNames[:], "CommandType", t) }

// OptionType is the type of a command option.
type OptionType int

// Option types.
const (
	OptionSubCommand      OptionType = 1
	OptionSubCommandGroup OptionType = 2
	OptionString          OptionType = 3
	OptionInteger         OptionType = 4
	OptionBoolean         OptionType = 5
	OptionUser            OptionType = 6
	OptionChannel         OptionType = 7
	OptionRole            OptionType = 8
	OptionMentionable     OptionType = 9
	OptionNumber          OptionType = 10
	OptionAttachment      OptionType = 11
)

// optionTypeNames holds the name of each OptionType, indexed by its value.
var optionTypeNames = [...]string{
	OptionSubCommand:      "SUB_COMMAND",
	OptionSubCommandGroup: "SUB_COMMAND_GROUP",
	OptionString:          "STRING",
	OptionInteger:         "INTEGER",
	OptionBoolean:         "BOOLEAN",
	OptionUser:            "USER",
	OptionChannel:         "CHANNEL",
	OptionRole:            "ROLE",
	OptionMentionable:     "MENTIONABLE",
	OptionNumber:          "NUMBER",
	OptionAttachment:      "ATTACHMENT",
}

// String returns the name the specification gives the type, such as
// "SUB_COMMAND" or "STRING", or OptionType(n) for a number it does not
// define.
func (t OptionType) String() string { return enumName(optionTypeNames[:], "OptionType", t) }

// ContextType is an interaction context: where a command was used.
type ContextType int

// Interaction contexts.
const (
	ContextGuild          ContextType = 0
	ContextBotDM          ContextType = 1
	ContextPrivateChannel ContextType = 2
)

// contextTypeNames holds the name of each ContextType, indexed by its value.
var contextTypeNames = [...]string{
	ContextGuild:          "GUILD",
	ContextBotDM:          "BOT_DM",
	ContextPrivateChannel: "PRIVATE_CHANNEL",
}

// String returns the name the specification gives the context, such as
// "BOT_DM", or ContextType(n) for a number it does not define.
func (c ContextType) String() string { return enumName(contextTypeNames[:], "ContextType", c) }

// IntegrationType is an installation context: how the application was
// installed where the command was used.
type IntegrationType int

// Installation contexts. The specification does not show USER_INSTALL's
// value; the service uses 1.
const (
	GuildInstall IntegrationType = 0
	UserInstall  IntegrationType = 1
)

// integrationTypeNames holds the name of each IntegrationType, indexed by
// its value.
var integrationTypeNames = [...]string{
	GuildInstall: "GUILD_INSTALL",
	UserInstall:  "USER_INSTALL",
}

// String returns "GUILD_INSTALL" or "USER_INSTALL", or IntegrationType(n)
// for a number the service does not define.
func (t IntegrationType) String() string {
	return enumName(integrationTypeNames[:], "IntegrationType", t)
}

// ParseIntegrationTypes reads a list of installation contexts separated
// by commas, each by name or number: "GUILD_INSTALL,USER_INSTALL" or
// "0,1", as command lines take them.
func ParseIntegrationTypes(list string) ([]IntegrationType, error) {
	var out []IntegrationType
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		t, ok := parseIntegrationType(name)
		if !ok {
			return nil, errors.New("interaction: " + strconv.Quote(name) + " is not " + integrationTypeChoices())
		}
		out = append(out, t)
	}
	return out, nil
}

// parseIntegrationType reads an installation context by name, in any case,
// or by number.
func parseIntegrationType(s string) (IntegrationType, bool) {
	for t, name := range integrationTypeNames {
		if strings.EqualFold(s, name) || s == strconv.Itoa(t) {
			return IntegrationType(t), true
		}
	}
	return 0, false
}

// integrationTypeChoices returns the installation contexts as an error
// lists them: "GUILD_INSTALL (0) or USER_INSTALL (1)".
func integrationTypeChoices() string {
	var b strings.Builder
	for t, name := range integrationTypeNames {
		if t > 0 {
			b.WriteString(" or ")
		}
		b.WriteString(name + " (" + strconv.Itoa(t) + ")")
	}
	return b.String()
}

// EntryPointHandlerType says who answers a PRIMARY_ENTRY_POINT command.
type EntryPointHandlerType int

// Entry point handler types.
const (
	// HandlerApp: the application answers, for example with LAUNCH_ACTIVITY.
	HandlerApp EntryPointHandlerType = 1
	// HandlerServiceLaunchActivity: the service launches the Activity itself.
	HandlerServiceLaunchActivity EntryPointHandlerType = 2
)

// ChannelType is the type of a channel. The specification leaves the values
// unshown; these are the service's public ones.
type ChannelType int

// Channel types.
const (
	ChannelGuildText          ChannelType = 0
	ChannelDM                 ChannelType = 1
	ChannelGuildVoice         ChannelType = 2
	ChannelGroupDM            ChannelType = 3
	ChannelGuildCategory      ChannelType = 4
	ChannelGuildAnnouncement  ChannelType = 5
	ChannelAnnouncementThread ChannelType = 10
	ChannelPublicThread       ChannelType = 11
	ChannelPrivateThread      ChannelType = 12
	ChannelGuildStageVoice    ChannelType = 13
	ChannelGuildDirectory     ChannelType = 14
	ChannelGuildForum         ChannelType = 15
	ChannelGuildMedia         ChannelType = 16
)

// channelTypeNames holds the name of each ChannelType, indexed by its value.
var channelTypeNames = [...]string{
	ChannelGuildText:          "GUILD_TEXT",
	ChannelDM:                 "DM",
	ChannelGuildVoice:         "GUILD_VOICE",
	ChannelGroupDM:            "GROUP_DM",
	ChannelGuildCategory:      "GUILD_CATEGORY",
	ChannelGuildAnnouncement:  "GUILD_ANNOUNCEMENT",
	ChannelAnnouncementThread: "ANNOUNCEMENT_THREAD",
	ChannelPublicThread:       "PUBLIC_THREAD",
	ChannelPrivateThread:      "PRIVATE_THREAD",
	ChannelGuildStageVoice:    "GUILD_STAGE_VOICE",
	ChannelGuildDirectory:     "GUILD_DIRECTORY",
	ChannelGuildForum:         "GUILD_FORUM",
	ChannelGuildMedia:         "GUILD_MEDIA",
}

// String returns the type's name as the service documents it, such as
// GUILD_TEXT, or ChannelType(n) for a number it does not define.
func (t ChannelType) String() string { return enumName(channelTypeNames[:], "ChannelType", t) }

// IsKnown reports whether t is one of the service's channel types (public
// facts of the service; the specification leaves them unshown).
func (t ChannelType) IsKnown() bool {
	return t >= 0 && int(t) < len(channelTypeNames) && channelTypeNames[t] != ""
}

// IsThread reports whether the channel type is a thread.
func (t ChannelType) IsThread() bool {
	return t == ChannelAnnouncementThread || t == ChannelPublicThread || t == ChannelPrivateThread
}

// Locale is a language the client is set to, such as "en-US".
type Locale string

// Locales the service accepts as localization keys. The specification leaves
// the list unshown; these are the service's public ones.
const (
	LocaleIndonesian   Locale = "id"
	LocaleDanish       Locale = "da"
	LocaleGerman       Locale = "de"
	LocaleEnglishGB    Locale = "en-GB"
	LocaleEnglishUS    Locale = "en-US"
	LocaleSpanishES    Locale = "es-ES"
	LocaleSpanishLATAM Locale = "es-419"
	LocaleFrench       Locale = "fr"
	LocaleCroatian     Locale = "hr"
	LocaleItalian      Locale = "it"
	LocaleLithuanian   Locale = "lt"
	LocaleHungarian    Locale = "hu"
	LocaleDutch        Locale = "nl"
	LocaleNorwegian    Locale = "no"
	LocalePolish       Locale = "pl"
	LocalePortugueseBR Locale = "pt-BR"
	LocaleRomanian     Locale = "ro"
	LocaleFinnish      Locale = "fi"
	LocaleSwedish      Locale = "sv-SE"
	LocaleVietnamese   Locale = "vi"
	LocaleTurkish      Locale = "tr"
	LocaleCzech        Locale = "cs"
	LocaleGreek        Locale = "el"
	LocaleBulgarian    Locale = "bg"
	LocaleRussian      Locale = "ru"
	LocaleUkrainian    Locale = "uk"
	LocaleHindi        Locale = "hi"
	LocaleThai         Locale = "th"
	LocaleChineseCN    Locale = "zh-CN"
	LocaleJapanese     Locale = "ja"
	LocaleChineseTW    Locale = "zh-TW"
	LocaleKorean       Locale = "ko"
)

// locales lists the service's locales, in the service's order, each with the
// locale the client shows in its place when it has no entry, if any.
var locales = [...]struct{ locale, fallback Locale }{
	{LocaleIndonesian, ""},
	{LocaleDanish, ""},
	{LocaleGerman, ""},
	{LocaleEnglishGB, LocaleEnglishUS},
	{LocaleEnglishUS, LocaleEnglishGB},
	{LocaleSpanishES, ""},
	{LocaleSpanishLATAM, LocaleSpanishES},
	{LocaleFrench, ""},
	{LocaleCroatian, ""},
	{LocaleItalian, ""},
	{LocaleLithuanian, ""},
	{LocaleHungarian, ""},
	{LocaleDutch, ""},
	{LocaleNorwegian, ""},
	{LocalePolish, ""},
	{LocalePortugueseBR, ""},
	{LocaleRomanian, ""},
	{LocaleFinnish, ""},
	{LocaleSwedish, ""},
	{LocaleVietnamese, ""},
	{LocaleTurkish, ""},
	{LocaleCzech, ""},
	{LocaleGreek, ""},
	{LocaleBulgarian, ""},
	{LocaleRussian, ""},
	{LocaleUkrainian, ""},
	{LocaleHindi, ""},
	{LocaleThai, ""},
	{LocaleChineseCN, ""},
	{LocaleJapanese, ""},
	{LocaleChineseTW, ""},
	{LocaleKorean, ""},
}

// Locales returns every locale the service accepts, in the service's order.
func Locales() []Locale {
	all := make([]Locale, len(locales))
	for i, e := range locales {
		all[i] = e.locale
	}
	return all
}

// localeIndexes maps the text of each locale to its index in locales.
// Decoding looks up the two locales of every interaction, and a map finds
// one several times faster than a walk through the table. It is filled here
// and only read.
var localeIndexes = func() map[string]int {
	m := make(map[string]int, len(locales))
	for i, e := range locales {
		m[string(e.locale)] = i
	}
	return m
}()

// Valid reports whether l is one of the service's locales.
func (l Locale) Valid() bool {
	_, ok := localeIndexes[string(l)]
	return ok
}

// Fallback returns the locale the client shows when l has no entry: en-US and
// en-GB fall back to each other, es-419 to es-ES. ok is false for the others,
// which fall back to the default value directly.
func (l Locale) Fallback() (Locale, bool) {
	if i, ok := localeIndexes[string(l)]; ok && locales[i].fallback != "" {
		return locales[i].fallback, true
	}
	return "", false
}

// Localized returns the text a user of locale l sees of a name or
// description: its translation for l in m, else the translation for l's
// Fallback, else def, the default text.
func (l Locale) Localized(m map[Locale]string, def string) string {
	if text, ok := m[l]; ok {
		return text
	}
	if fb, ok := l.Fallback(); ok {
		if text, ok := m[fb]; ok {
			return text
		}
	}
	return def
}

// knownLocale returns the constant for a locale's text, so that decoding
// a service locale copies nothing.
func knownLocale(b []byte) (Locale, bool) {
	if i, ok := localeIndexes[string(b)]; ok {
		return locales[i].locale, true
	}
	return "", false
}

// enumName returns names[v], the name of v, or type(v) for a value with no
// name.
func enumName[T ~int](names []string, typ string, v T) string {
	if v >= 0 && int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	return typ + "(" + strconv.Itoa(int(v)) + ")"
}
