package interaction

import (
	"strconv"
	"strings"
)

// Permissions is a permission bit set. The service serializes it as a decimal
// string because the set no longer fits in 53 bits.
type Permissions uint64

// Permission bits, as the service numbers them (public facts of the service;
// the specification names the bit set without listing it).
const (
	PermissionCreateInstantInvite Permissions = 1 << iota
	PermissionKickMembers
	PermissionBanMembers
	PermissionAdministrator
	PermissionManageChannels
	PermissionManageGuild
	PermissionAddReactions
	PermissionViewAuditLog
	PermissionPrioritySpeaker
	PermissionStream
	PermissionViewChannel
	PermissionSendMessages
	PermissionSendTTSMessages
	PermissionManageMessages
	PermissionEmbedLinks
	PermissionAttachFiles
	PermissionReadMessageHistory
	PermissionMentionEveryone
	PermissionUseExternalEmojis
	PermissionViewGuildInsights
	PermissionConnect
	PermissionSpeak
	PermissionMuteMembers
	PermissionDeafenMembers
	PermissionMoveMembers
	PermissionUseVAD
	PermissionChangeNickname
	PermissionManageNicknames
	PermissionManageRoles
	PermissionManageWebhooks
	PermissionManageGuildExpressions
	PermissionUseApplicationCommands
	PermissionRequestToSpeak
	PermissionManageEvents
	PermissionManageThreads
	PermissionCreatePublicThreads
	PermissionCreatePrivateThreads
	PermissionUseExternalStickers
	PermissionSendMessagesInThreads
	PermissionUseEmbeddedActivities
	PermissionModerateMembers
	PermissionViewCreatorMonetizationAnalytics
	PermissionUseSoundboard
	PermissionCreateGuildExpressions
	PermissionCreateEvents
	PermissionUseExternalSounds
	PermissionSendVoiceMessages
	_
	_
	PermissionSendPolls
	PermissionUseExternalApps
	PermissionPinMessages
	PermissionBypassSlowmode
)

var permissionNames = [...]string{
	"CREATE_INSTANT_INVITE", "KICK_MEMBERS", "BAN_MEMBERS", "ADMINISTRATOR",
	"MANAGE_CHANNELS", "MANAGE_GUILD", "ADD_REACTIONS", "VIEW_AUDIT_LOG",
	"PRIORITY_SPEAKER", "STREAM", "VIEW_CHANNEL", "SEND_MESSAGES",
	"SEND_TTS_MESSAGES", "MANAGE_MESSAGES", "EMBED_LINKS", "ATTACH_FILES",
	"READ_MESSAGE_HISTORY", "MENTION_EVERYONE", "USE_EXTERNAL_EMOJIS", "VIEW_GUILD_INSIGHTS",
	"CONNECT", "SPEAK", "MUTE_MEMBERS", "DEAFEN_MEMBERS",
	"MOVE_MEMBERS", "USE_VAD", "CHANGE_NICKNAME", "MANAGE_NICKNAMES",
	"MANAGE_ROLES", "MANAGE_WEBHOOKS", "MANAGE_GUILD_EXPRESSIONS", "USE_APPLICATION_COMMANDS",
	"REQUEST_TO_SPEAK", "MANAGE_EVENTS", "MANAGE_THREADS", "CREATE_PUBLIC_THREADS",
	"CREATE_PRIVATE_THREADS", "USE_EXTERNAL_STICKERS", "SEND_MESSAGES_IN_THREADS", "USE_EMBEDDED_ACTIVITIES",
	"MODERATE_MEMBERS", "VIEW_CREATOR_MONETIZATION_ANALYTICS", "USE_SOUNDBOARD", "CREATE_GUILD_EXPRESSIONS",
	"CREATE_EVENTS", "USE_EXTERNAL_SOUNDS", "SEND_VOICE_MESSAGES", "",
	"", "SEND_POLLS", "USE_EXTERNAL_APPS", "PIN_MESSAGES",
	"BYPASS_SLOWMODE",
}

// Has reports whether p holds every bit of want.
func (p Permissions) Has(want Permissions) bool { return p&want == want }

// String lists the named bits of p joined by "|", and any unnamed bits as a
// number; the empty set is "0".
func (p Permissions) String() string {
	if p == 0 {
		return "0"
	}
	var b strings.Builder
	rest := p
	for i, name := range permissionNames {
		bit := Permissions(1) << i
		if name == "" || p&bit == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('|')
		}
		b.WriteString(name)
		rest &^= bit
	}
	if rest != 0 {
		if b.Len() > 0 {
			b.WriteByte('|')
		}
		b.WriteString(strconv.FormatUint(uint64(rest), 10))
	}
	return b.String()
}

// ParsePermissions parses the decimal form the service uses.
func ParsePermissions(s string) (Permissions, error) {
	v, ok := parseUint(s)
	if !ok {
		return 0, &permissionsError{text: s}
	}
	return Permissions(v), nil
}

type permissionsError struct{ text string }

func (e *permissionsError) Error() string {
	return "interaction: invalid permission bit set " + strconv.Quote(e.text)
}

// MarshalJSON encodes p as a decimal string.
func (p Permissions) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 22)
	b = append(b, '"')
	b = strconv.AppendUint(b, uint64(p), 10)
	return append(b, '"'), nil
}

// UnmarshalJSON accepts a decimal string, a JSON number, or null (no bits).
func (p *Permissions) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*p = 0
		return nil
	}
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		b = b[1 : len(b)-1]
	}
	v, ok := parseUint(b)
	if !ok {
		return errPermissions
	}
	*p = Permissions(v)
	return nil
}

// errPermissions is the error of a bit set in a body, which it never quotes.
const errPermissions = wireError("invalid permission bit set")
