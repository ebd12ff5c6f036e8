package web

import (
	"net/http"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// reactJSON is a reaction the user adds to a message, or takes back.
type reactJSON struct {
	User    interaction.Snowflake `json:"user"`
	Message interaction.Snowflake `json:"message"`
	Emoji   string                `json:"emoji"`
	On      bool                  `json:"on"`
}

// react is POST /api/react: the user reacts to a message of the channel
// with an emoji (on), or takes their reaction back, as their client does
// when they press it; the service checks it as it checks the bot's. It
// answers 204, or the refusal: 400 unknown_target for a message in no
// channel (an ephemeral one), 403 permission_denied, or 400 invalid_input
// for an unknown emoji or a message with 20 reactions.
func (h *Handler) react(w http.ResponseWriter, r *http.Request) {
	var in reactJSON
	if !readJSON(w, r, &in) {
		return
	}
	in.User, _ = h.who(in.User, "")
	rec, ok := h.emu.Message(in.Message)
	if !ok || rec.Deleted || rec.Data.Flags&interaction.FlagEphemeral != 0 {
		writeRefusal(w, &emulator.InvocationError{Kind: emulator.ErrUnknownTarget, Reason: "no message " + in.Message.String() + " in a channel"})
		return
	}
	act := h.emu.Unreact
	if in.On {
		act = h.emu.React
	}
	if err := act(in.User, rec.ChannelID, in.Message, in.Emoji); err != nil {
		writeRefusal(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
