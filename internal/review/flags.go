package review

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// flagNames are the names of the message flags, by bit.
var flagNames = [...]string{
	"CROSSPOSTED", "IS_CROSSPOST", "SUPPRESS_EMBEDS", "SOURCE_MESSAGE_DELETED", "URGENT", "HAS_THREAD",
	"EPHEMERAL", "LOADING", "FAILED_TO_MENTION_SOME_ROLES_IN_THREAD", "", "", "", "SUPPRESS_NOTIFICATIONS",
	"IS_VOICE_MESSAGE", "HAS_SNAPSHOT", "IS_COMPONENTS_V2",
}

// serviceFlags are the flags the service's refusal names when it lists
// those a message may set: the ones a bot sets for how its message shows
// (IS_VOICE_MESSAGE goes with a recording, and is not among them).
const serviceFlags = interaction.FlagSuppressEmbeds | interaction.FlagEphemeral |
	interaction.FlagSuppressNotifications | interaction.FlagIsComponentsV2

// flags reports the flags of f outside allowed, those what (such as "a
// deferral") may set.
func (c *checker) flags(f, allowed interaction.MessageFlags, what string) {
	bad := f &^ allowed
	if bad == 0 || !c.room() {
		return
	}
	bot := "sets " + flagList(bad, " and ") + "; " + what + " may set only " + flagList(allowed, " and ")
	c.add(c.data+"/flags", rules.MessageFlagsInvalid, c.say(bot, "Flags may only be "+flagList(allowed&serviceFlags, ", ")+"."))
}

// flagList names the flags of f, the last two joined by last, as in
// "EPHEMERAL, LOADING and 1<<20" or "EPHEMERAL, LOADING, 1<<20".
func flagList(f interaction.MessageFlags, last string) string {
	var names []string
	for f != 0 {
		bit := bits.TrailingZeros64(uint64(f))
		f &^= 1 << bit
		if bit < len(flagNames) && flagNames[bit] != "" {
			names = append(names, flagNames[bit])
		} else {
			names = append(names, "1<<"+strconv.Itoa(bit))
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + last + names[len(names)-1]
}
