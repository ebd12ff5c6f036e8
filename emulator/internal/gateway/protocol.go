package gateway

import (
	"strconv"
)

// Opcodes of the gateway's payloads.
const (
	opDispatch            = 0
	opHeartbeat           = 1
	opIdentify            = 2
	opPresenceUpdate      = 3
	opVoiceStateUpdate    = 4
	opResume              = 6
	opReconnect           = 7
	opRequestGuildMembers = 8
	opInvalidSession      = 9
	opHello               = 10
	opHeartbeatACK        = 11
	opRequestSoundboard   = 31
	opRequestChannelInfo  = 43
)

// Close codes the gateway ends a connection with.
const (
	CloseUnknownError         = 4000
	CloseUnknownOpcode        = 4001
	CloseDecodeError          = 4002
	CloseNotAuthenticated     = 4003
	CloseAuthenticationFailed = 4004
	CloseAlreadyAuthenticated = 4005
	CloseInvalidSeq           = 4007
	CloseRateLimited          = 4008
	CloseSessionTimedOut      = 4009
	CloseInvalidShard         = 4010
	CloseShardingRequired     = 4011
	CloseInvalidAPIVersion    = 4012
	CloseInvalidIntents       = 4013
	CloseDisallowedIntents    = 4014
)

// Intents are the groups of events a session asks for in its IDENTIFY.
type Intents uint64

// The intents of the service, by bit.
const (
	IntentGuilds                      Intents = 1 << 0
	IntentGuildMembers                Intents = 1 << 1
	IntentGuildModeration             Intents = 1 << 2
	IntentGuildExpressions            Intents = 1 << 3
	IntentGuildIntegrations           Intents = 1 << 4
	IntentGuildWebhooks               Intents = 1 << 5
	IntentGuildInvites                Intents = 1 << 6
	IntentGuildVoiceStates            Intents = 1 << 7
	IntentGuildPresences              Intents = 1 << 8
	IntentGuildMessages               Intents = 1 << 9
	IntentGuildMessageReactions       Intents = 1 << 10
	IntentGuildMessageTyping          Intents = 1 << 11
	IntentDirectMessages              Intents = 1 << 12
	IntentDirectMessageReactions      Intents = 1 << 13
	IntentDirectMessageTyping         Intents = 1 << 14
	IntentMessageContent              Intents = 1 << 15
	IntentGuildScheduledEvents        Intents = 1 << 16
	IntentAutoModerationConfiguration Intents = 1 << 20
	IntentAutoModerationExecution     Intents = 1 << 21
	IntentGuildMessagePolls           Intents = 1 << 24
	IntentDirectMessagePolls          Intents = 1 << 25
)

// Privileged are the intents an application must have turned on to ask
// for them.
const Privileged = IntentGuildMembers | IntentGuildPresences | IntentMessageContent

// defined are the bits that name an intent; asking for any other is
// close 4013.
const defined = 1<<17 - 1 | IntentAutoModerationConfiguration | IntentAutoModerationExecution |
	IntentGuildMessagePolls | IntentDirectMessagePolls

// String writes the intents as their number.
func (i Intents) String() string { return strconv.FormatUint(uint64(i), 10) }

// Shard says which shard a guild's events go to among n: the service's
// (guild_id >> 22) % n. Events of no guild go to shard 0.
func Shard(guild uint64, n int) int {
	if n <= 1 {
		return 0
	}
	return int((guild >> 22) % uint64(n))
}

// appendFrame appends the payload {"t":t,"s":s,"op":op,"d":d} to b: t and
// s are null unless op is a dispatch, and d, JSON, is null when empty.
func appendFrame(b []byte, op int, t string, s uint64, d []byte) []byte {
	b = append(b, `{"t":`...)
	if op == opDispatch {
		b = strconv.AppendQuote(b, t)
		b = append(b, `,"s":`...)
		b = strconv.AppendUint(b, s, 10)
	} else {
		b = append(b, `null,"s":null`...)
	}
	b = append(b, `,"op":`...)
	b = strconv.AppendInt(b, int64(op), 10)
	b = append(b, `,"d":`...)
	if len(d) == 0 {
		d = []byte("null")
	}
	b = append(b, d...)
	return append(b, '}')
}
