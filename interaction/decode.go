package interaction

import (
	"errors"
	"strconv"
)

// ErrUnknownType reports an interaction type the service does not define.
var ErrUnknownType = errors.New("interaction: unknown interaction type")

// ErrMalformed reports a body that is not a well-formed interaction.
var ErrMalformed = errors.New("interaction: malformed interaction")

// DecodeError says why a body is not an interaction. It matches ErrMalformed
// or ErrUnknownType with errors.Is.
type DecodeError struct {
	// Reason is a short description safe to show a caller: it never quotes
	// the body, which holds the interaction token.
	Reason string
	kind   error
	err    error
}

// Error returns the reason, prefixed with the package name.
func (e *DecodeError) Error() string { return "interaction: " + e.Reason }

// Unwrap returns the sentinel and the underlying error.
func (e *DecodeError) Unwrap() []error {
	if e.err != nil {
		return []error{e.kind, e.err}
	}
	return []error{e.kind}
}

// Decode decodes the body of an interaction request. The interaction keeps
// no reference to body, which the caller may reuse at once: it decodes from
// one private copy, which its strings share.
//
// Fields switchboard does not know are ignored. PING, APPLICATION_COMMAND and
// APPLICATION_COMMAND_AUTOCOMPLETE are checked for the fields dispatch needs;
// MESSAGE_COMPONENT and MODAL_SUBMIT decode without their component data;
// any other type is an error matching ErrUnknownType.
func Decode(body []byte) (*Interaction, error) {
	return new(Buffer).Decode(body)
}

// Buffer holds an Interaction together with room for the channel, member
// and user it points to, so that decoding allocates them as one. Embed it in
// a per-request value to fold that allocation into yours; a Buffer serves
// one decode, and its Interaction lives as long as it does.
type Buffer struct {
	s storage
}

// Decode decodes body into the Buffer's Interaction, as Decode does.
func (b *Buffer) Decode(body []byte) (*Interaction, error) {
	if err := decode(body, &b.s.ix, &b.s); err != nil {
		return nil, err
	}
	return &b.s.ix, nil
}

// DecodeInto is Decode into an Interaction the caller provides; it resets it
// first.
func DecodeInto(body []byte, ix *Interaction) error {
	return decode(body, ix, nil)
}

func decode(body []byte, ix *Interaction, spare *storage) error {
	*ix = Interaction{}
	if err := decodeFast(body, ix, spare); err != nil {
		// The decoder's message names the field and offset but never the
		// value, so it is safe to pass on.
		return &DecodeError{Reason: "invalid JSON: " + trimDecoderMessage(err), kind: ErrMalformed, err: err}
	}
	switch ix.Type {
	case TypePing, TypeMessageComponent, TypeModalSubmit:
	case TypeApplicationCommand, TypeApplicationCommandAutocomplete:
		if ix.Data.Name == "" {
			return &DecodeError{Reason: ix.Type.String() + " without data.name", kind: ErrMalformed}
		}
		if ix.Data.Type == 0 {
			// The command type defaults to CHAT_INPUT.
			ix.Data.Type = CommandChatInput
		}
	default:
		return &DecodeError{Reason: "unknown interaction type " + strconv.Itoa(int(ix.Type)), kind: ErrUnknownType}
	}
	if ix.ID == 0 {
		return &DecodeError{Reason: "interaction without id", kind: ErrMalformed}
	}
	return nil
}

func trimDecoderMessage(err error) string {
	const max = 200
	msg := err.Error()
	if len(msg) > max {
		msg = msg[:max] + "…"
	}
	return msg
}
