package command_test

import (
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// Short names for the types the fixtures use.
const (
	subcommand  = interaction.OptionSubCommand
	group       = interaction.OptionSubCommandGroup
	stringOpt   = interaction.OptionString
	integerOpt  = interaction.OptionInteger
	booleanOpt  = interaction.OptionBoolean
	userOpt     = interaction.OptionUser
	channelOpt  = interaction.OptionChannel
	numberOpt   = interaction.OptionNumber
	attachment  = interaction.OptionAttachment
	chatInput   = interaction.CommandChatInput
	userCmd     = interaction.CommandUser
	messageCmd  = interaction.CommandMessage
	entryPoint  = interaction.CommandPrimaryEntryPoint
	maxSafeInt  = 1<<53 - 1
	twoTo53     = 1 << 53
	guildID     = 22
	guildPlace  = "guild 22"
	globalPlace = "global"
)

func ptr[T any](v T) *T { return &v }

// repeat returns n copies of s; with a multi-byte s it shows that lengths
// count characters, not bytes.
func repeat(s string, n int) string { return strings.Repeat(s, n) }

// base returns a small valid set of commands, fresh on every call, that the
// rule tests break one rule at a time. Its pointers:
//
//	/0                             mod
//	/0/options/0                   mod user
//	/0/options/0/options/0         mod user ban
//	/0/options/0/options/0/options/0..2   target, reason, days (choices Day, Week)
//	/0/options/0/options/1         mod user kick
//	/0/options/1                   mod purge
//	/0/options/1/options/0..3      count, channel, contains, ratio
//	/1                             ping, with option "text"
//	/2                             High Five (USER)
//	/3                             Bookmark (MESSAGE)
func base() []command.Command {
	return []command.Command{
		{
			Name: "mod", Description: "Moderation tools",
			Options: []command.Option{
				{Type: group, Name: "user", Description: "Act on a user", Options: []command.Option{
					{Type: subcommand, Name: "ban", Description: "Ban a user", Options: []command.Option{
						{Type: userOpt, Name: "target", Description: "Who to ban", Required: true},
						{Type: stringOpt, Name: "reason", Description: "Why"},
						{Type: integerOpt, Name: "days", Description: "Days of messages to delete", Choices: []interaction.Choice{
							interaction.IntChoice("Day", 1), interaction.IntChoice("Week", 7),
						}},
					}},
					{Type: subcommand, Name: "kick", Description: "Kick a user", Options: []command.Option{
						{Type: userOpt, Name: "target", Description: "Who to kick", Required: true},
					}},
				}},
				{Type: subcommand, Name: "purge", Description: "Delete messages", Options: []command.Option{
					{Type: integerOpt, Name: "count", Description: "How many", Required: true,
						MinValue: interaction.IntValue(1), MaxValue: interaction.IntValue(100)},
					{Type: channelOpt, Name: "channel", Description: "Where",
						ChannelTypes: []interaction.ChannelType{interaction.ChannelGuildText}},
					{Type: stringOpt, Name: "contains", Description: "Only messages with this text",
						MinLength: ptr(1), MaxLength: ptr(100)},
					{Type: numberOpt, Name: "ratio", Description: "Share of messages",
						MinValue: interaction.FloatValue(0), MaxValue: interaction.FloatValue(1)},
				}},
			},
		},
		{Name: "ping", Description: "Check that the bot answers", Options: []command.Option{
			{Type: stringOpt, Name: "text", Description: "Text to echo"},
		}},
		{Type: userCmd, Name: "High Five"},
		{Type: messageCmd, Name: "Bookmark"},
	}
}

// Places and pointers of base.
const (
	banPlace      = `mod user ban`
	banPointer    = "/0/options/0/options/0"
	reasonPlace   = banPlace + ` › option "reason"`
	reasonPointer = banPointer + "/options/1"
	daysPlace     = banPlace + ` › option "days"`
	daysPointer   = banPointer + "/options/2"
	purgePlace    = `mod purge`
	purgePointer  = "/0/options/1"
	countPlace    = purgePlace + ` › option "count"`
	countPointer  = purgePointer + "/options/0"
	ratioPlace    = purgePlace + ` › option "ratio"`
	ratioPointer  = purgePointer + "/options/3"
	textPlace     = `ping › option "text"`
	textPointer   = "/1/options/0"
)

// ban returns the options of the ban subcommand of cs, from base.
func ban(cs []command.Command) []command.Option { return cs[0].Options[0].Options[0].Options }

// purge returns the options of the purge subcommand of cs, from base.
func purge(cs []command.Command) []command.Option { return cs[0].Options[1].Options }

// kitchenSink returns a valid global set that uses every feature the
// service offers, each at a value the rules allow.
func kitchenSink() []command.Command {
	de := func(s string) command.Localizations { return command.Localizations{interaction.LocaleGerman: s} }
	return []command.Command{
		{
			Name: "mod", Description: "Moderation tools",
			NameLocalizations:        command.Localizations{interaction.LocaleGerman: "moderation", interaction.LocaleJapanese: "管理"},
			DescriptionLocalizations: command.Localizations{interaction.LocaleGerman: "Werkzeuge für Moderatoren"},
			DefaultMemberPermissions: ptr(interaction.PermissionBanMembers | interaction.PermissionKickMembers),
			IntegrationTypes:         []interaction.IntegrationType{interaction.GuildInstall},
			Contexts:                 []interaction.ContextType{interaction.ContextGuild},
			Options: []command.Option{
				{Type: group, Name: "user", Description: "Act on a user", NameLocalizations: de("nutzer"), Options: []command.Option{
					{Type: subcommand, Name: "ban", Description: "Ban a user", NameLocalizations: de("bannen"), Options: []command.Option{
						{Type: userOpt, Name: "target", Description: "Who to ban", Required: true, NameLocalizations: de("ziel")},
						{Type: integerOpt, Name: "days", Description: "Days of messages to delete",
							NameLocalizations:        de("tage"),
							DescriptionLocalizations: de("Tage an Nachrichten, die gelöscht werden"),
							Choices: []interaction.Choice{
								{Name: "Day", Value: interaction.IntValue(1), NameLocalizations: map[interaction.Locale]string{interaction.LocaleGerman: "Tag"}},
								{Name: "Week", Value: interaction.IntValue(7), NameLocalizations: map[interaction.Locale]string{interaction.LocaleGerman: "Woche"}},
								{Name: "Forever", Value: interaction.IntValue(maxSafeInt)},
							}},
						{Type: stringOpt, Name: "reason", Description: "Why", Autocomplete: true, MinLength: ptr(0), MaxLength: ptr(6000)},
					}},
					// A second subcommand may reuse an option name, and its
					// localization, of the first.
					{Type: subcommand, Name: "kick", Description: "Kick a user", Options: []command.Option{
						{Type: userOpt, Name: "target", Description: "Who to kick", Required: true, NameLocalizations: de("ziel")},
					}},
				}},
				{Type: subcommand, Name: "purge", Description: "Delete messages", Options: []command.Option{
					{Type: integerOpt, Name: "count", Description: "How many", Required: true,
						MinValue: interaction.IntValue(-maxSafeInt), MaxValue: interaction.IntValue(maxSafeInt)},
					{Type: numberOpt, Name: "ratio", Description: "Share of messages", Autocomplete: true,
						MinValue: interaction.IntValue(-twoTo53), MaxValue: interaction.FloatValue(twoTo53)},
					{Type: channelOpt, Name: "channel", Description: "Where", ChannelTypes: []interaction.ChannelType{
						interaction.ChannelGuildText, interaction.ChannelGuildAnnouncement, interaction.ChannelPublicThread,
						interaction.ChannelGuildMedia,
					}},
					{Type: booleanOpt, Name: "silent", Description: "Say nothing"},
					{Type: interaction.OptionRole, Name: "role", Description: "Only members with this role"},
					{Type: interaction.OptionMentionable, Name: "who", Description: "A user or a role"},
					{Type: interaction.OptionAttachment, Name: "log", Description: "A log to attach",
						FileTypes: []string{"image", ".TXT", ".log", ".tar.gz", "audio", "video", ".a", ".b", ".c", ".d"}},
				}},
			},
		},
		{
			Name: "ping", Description: "Check that the bot answers",
			DefaultMemberPermissions: ptr(interaction.Permissions(0)),
			NSFW:                     true,
			IntegrationTypes:         []interaction.IntegrationType{interaction.GuildInstall, interaction.UserInstall},
			Contexts:                 []interaction.ContextType{interaction.ContextGuild, interaction.ContextBotDM, interaction.ContextPrivateChannel},
			DMPermission:             ptr(true),
			DefaultPermission:        ptr(false),
			Options: []command.Option{
				{Type: numberOpt, Name: "delay", Description: "Seconds to wait", Required: true, Choices: []interaction.Choice{
					interaction.FloatChoice("Half a second", 0.5), interaction.IntChoice("A second", 1),
					interaction.FloatChoice("Most", twoTo53), interaction.FloatChoice("Least", -twoTo53),
				}},
				{Type: stringOpt, Name: "don't", Description: "Names may hold an apostrophe", Choices: []interaction.Choice{
					interaction.StringChoice("Empty", ""), interaction.StringChoice(repeat("é", 100), repeat("é", 100)),
				}},
			},
		},
		// Uncased letters, Devanagari and Thai with their combining signs.
		{Name: "生日", Description: "誕生日を祝う"},
		{Name: "नमस्ते", Description: "नमस्ते कहें", NameLocalizations: command.Localizations{interaction.LocaleHindi: "नमस्कार"}},
		{Name: "สวัสดี", Description: "ทักทาย"},
		{Name: "a-b_c'9", Description: "Marks and digits", NSFW: true},
		{Type: userCmd, Name: "High Five", NameLocalizations: command.Localizations{interaction.LocaleGerman: "Gib Fünf"},
			DefaultMemberPermissions: ptr(interaction.Permissions(1<<64 - 1))},
		{Type: messageCmd, Name: "Bookmark", NSFW: true},
		// A CHAT_INPUT and a USER command may share a name.
		{Type: userCmd, Name: "ping"},
		{Type: entryPoint, Name: "Launch", Description: "Launch the activity", Handler: interaction.HandlerServiceLaunchActivity,
			IntegrationTypes: []interaction.IntegrationType{interaction.GuildInstall, interaction.UserInstall},
			Contexts:         []interaction.ContextType{interaction.ContextGuild, interaction.ContextBotDM, interaction.ContextPrivateChannel}},
	}
}

// guildKitchenSink returns a valid guild set: the kitchen sink less what only
// global commands may have.
func guildKitchenSink() []command.Command {
	var cs []command.Command
	for _, c := range kitchenSink() {
		if c.Type == entryPoint {
			continue
		}
		c.IntegrationTypes, c.Contexts, c.DMPermission = nil, nil, nil
		cs = append(cs, c)
	}
	return cs
}
