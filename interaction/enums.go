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

// String returns the name the specification gives the type, such as
// "APPLICATION_COMMAND", or Type(n) for a number it does not define.
func (t Type) String() string {
	switch t {
	case TypePing:
		return "PING"
	case TypeApplicationCommand:
		return "APPLICATION_COMMAND"
	case TypeMessageComponent:
		return "MESSAGE_COMPONENT"
	case TypeApplicationCommandAutocomplete:
		return "APPLICATION_COMMAND_AUTOCOMPLETE"
	case TypeModalSubmit:
		return "MODAL_SUBMIT"
	}
	return "Type(" + strconv.Itoa(int(t)) + ")"
}

// CommandType is the kind of an application command.
type CommandType int

// Command types.
const (
	CommandChatInput         CommandType = 1
	CommandUser              CommandType = 2
	CommandMessage           CommandType = 3
	CommandPrimaryEntryPoint CommandType = 4
)

// String returns the name the specification gives the type, such as
// "CHAT_INPUT", or CommandType(n) for a number it does not define.
func (t CommandType) String() string {
	switch t {
	case CommandChatInput:
		return "CHAT_INPUT"
	case CommandUser:
		return "USER"
	case CommandMessage:
		return "MESSAGE"
	case CommandPrimaryEntryPoint:
		return "PRIMARY_ENTRY_POINT"
	}
	return "CommandType(" + strconv.Itoa(int(t)) + ")"
}

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
func (t OptionType) String() string {
	if t > 0 && int(t) < len(optionTypeNames) {
		return optionTypeNames[t]
	}
	return "OptionType(" + strconv.Itoa(int(t)) + ")"
}

// ContextType is an interaction context: where a command was used.
type ContextType int

// Interaction contexts.
const (
	ContextGuild          ContextType = 0
	ContextBotDM          ContextType = 1
	ContextPrivateChannel ContextType = 2
)

// String returns the name the specification gives the context, such as
// "BOT_DM", or ContextType(n) for a number it does not define.
func (c ContextType) String() string {
	switch c {
	case ContextGuild:
		return "GUILD"
	case ContextBotDM:
		return "BOT_DM"
	case ContextPrivateChannel:
		return "PRIVATE_CHANNEL"
	}
	return "ContextType(" + strconv.Itoa(int(c)) + ")"
}

// IntegrationType is an installation context: how the application was
// installed where the command was used.
type IntegrationType int

// Installation contexts. The specification does not show USER_INSTALL's
// value; the service uses 1.
const (
	GuildInstall IntegrationType = 0
	UserInstall  IntegrationType = 1
)

// String returns "GUILD_INSTALL" or "USER_INSTALL", or IntegrationType(n)
// for a number the service does not define.
func (t IntegrationType) String() string {
	switch t {
	case GuildInstall:
		return "GUILD_INSTALL"
	case UserInstall:
		return "USER_INSTALL"
	}
	return "IntegrationType(" + strconv.Itoa(int(t)) + ")"
}

// ParseIntegrationTypes reads a list of installation contexts separated
// by commas, each by name or number: "GUILD_INSTALL,USER_INSTALL" or
// "0,1", as command lines take them.
func ParseIntegrationTypes(list string) ([]IntegrationType, error) {
	var out []IntegrationType
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		switch strings.ToUpper(name) {
		case "0", GuildInstall.String():
			out = append(out, GuildInstall)
		case "1", UserInstall.String():
			out = append(out, UserInstall)
		default:
			return nil, errors.New("interaction: " + strconv.Quote(name) + " is not GUILD_INSTALL (0) or USER_INSTALL (1)")
		}
	}
	return out, nil
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

// String returns the type's name as the service documents it, such as
// GUILD_TEXT.
func (t ChannelType) String() string {
	switch t {
	case ChannelGuildText:
		return "GUILD_TEXT"
	case ChannelDM:
		return "DM"
	case ChannelGuildVoice:
		return "GUILD_VOICE"
	case ChannelGroupDM:
		return "GROUP_DM"
	case ChannelGuildCategory:
		return "GUILD_CATEGORY"
	case ChannelGuildAnnouncement:
		return "GUILD_ANNOUNCEMENT"
	case ChannelAnnouncementThread:
		return "ANNOUNCEMENT_THREAD"
	case ChannelPublicThread:
		return "PUBLIC_THREAD"
	case ChannelPrivateThread:
		return "PRIVATE_THREAD"
	case ChannelGuildStageVoice:
		return "GUILD_STAGE_VOICE"
	case ChannelGuildDirectory:
		return "GUILD_DIRECTORY"
	case ChannelGuildForum:
		return "GUILD_FORUM"
	case ChannelGuildMedia:
		return "GUILD_MEDIA"
	}
	return "ChannelType(" + strconv.Itoa(int(t)) + ")"
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

// Locales returns every locale the service accepts, in the service's order.
func Locales() []Locale {
	return []Locale{
		LocaleIndonesian, LocaleDanish, LocaleGerman, LocaleEnglishGB, LocaleEnglishUS,
		LocaleSpanishES, LocaleSpanishLATAM, LocaleFrench, LocaleCroatian, LocaleItalian,
		LocaleLithuanian, LocaleHungarian, LocaleDutch, LocaleNorwegian, LocalePolish,
		LocalePortugueseBR, LocaleRomanian, LocaleFinnish, LocaleSwedish, LocaleVietnamese,
		LocaleTurkish, LocaleCzech, LocaleGreek, LocaleBulgarian, LocaleRussian,
		LocaleUkrainian, LocaleHindi, LocaleThai, LocaleChineseCN, LocaleJapanese,
		LocaleChineseTW, LocaleKorean,
	}
}

// Valid reports whether l is one of the service's locales.
func (l Locale) Valid() bool {
	switch l {
	case LocaleIndonesian, LocaleDanish, LocaleGerman, LocaleEnglishGB, LocaleEnglishUS,
		LocaleSpanishES, LocaleSpanishLATAM, LocaleFrench, LocaleCroatian, LocaleItalian,
		LocaleLithuanian, LocaleHungarian, LocaleDutch, LocaleNorwegian, LocalePolish,
		LocalePortugueseBR, LocaleRomanian, LocaleFinnish, LocaleSwedish, LocaleVietnamese,
		LocaleTurkish, LocaleCzech, LocaleGreek, LocaleBulgarian, LocaleRussian,
		LocaleUkrainian, LocaleHindi, LocaleThai, LocaleChineseCN, LocaleJapanese,
		LocaleChineseTW, LocaleKorean:
		return true
	}
	return false
}

// Fallback returns the locale the client shows when l has no entry: en-US and
// en-GB fall back to each other, es-419 to es-ES. ok is false for the others,
// which fall back to the default value directly.
func (l Locale) Fallback() (Locale, bool) {
	switch l {
	case LocaleEnglishUS:
		return LocaleEnglishGB, true
	case LocaleEnglishGB:
		return LocaleEnglishUS, true
	case LocaleSpanishLATAM:
		return LocaleSpanishES, true
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
	switch string(b) {
	case "id":
		return LocaleIndonesian, true
	case "da":
		return LocaleDanish, true
	case "de":
		return LocaleGerman, true
	case "en-GB":
		return LocaleEnglishGB, true
	case "en-US":
		return LocaleEnglishUS, true
	case "es-ES":
		return LocaleSpanishES, true
	case "es-419":
		return LocaleSpanishLATAM, true
	case "fr":
		return LocaleFrench, true
	case "hr":
		return LocaleCroatian, true
	case "it":
		return LocaleItalian, true
	case "lt":
		return LocaleLithuanian, true
	case "hu":
		return LocaleHungarian, true
	case "nl":
		return LocaleDutch, true
	case "no":
		return LocaleNorwegian, true
	case "pl":
		return LocalePolish, true
	case "pt-BR":
		return LocalePortugueseBR, true
	case "ro":
		return LocaleRomanian, true
	case "fi":
		return LocaleFinnish, true
	case "sv-SE":
		return LocaleSwedish, true
	case "vi":
		return LocaleVietnamese, true
	case "tr":
		return LocaleTurkish, true
	case "cs":
		return LocaleCzech, true
	case "el":
		return LocaleGreek, true
	case "bg":
		return LocaleBulgarian, true
	case "ru":
		return LocaleRussian, true
	case "uk":
		return LocaleUkrainian, true
	case "hi":
		return LocaleHindi, true
	case "th":
		return LocaleThai, true
	case "zh-CN":
		return LocaleChineseCN, true
	case "ja":
		return LocaleJapanese, true
	case "zh-TW":
		return LocaleChineseTW, true
	case "ko":
		return LocaleKorean, true
	}
	return "", false
}
