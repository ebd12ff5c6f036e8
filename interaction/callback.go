package interaction

import "errors"

// ErrCallbackNotAllowed reports an answer whose type the interaction's
// type does not allow: the service would refuse it, and the user would see
// that the interaction failed.
var ErrCallbackNotAllowed = errors.New("answer type not allowed")

// CallbackError is an answer type an interaction does not allow. It
// matches ErrCallbackNotAllowed.
type CallbackError struct {
	Interaction Type
	Callback    CallbackType
	// NoMessage is set when the answer edits a message and the modal
	// submitted was not opened from one.
	NoMessage bool
}

// Error names the answer and the interaction.
func (e *CallbackError) Error() string {
	if e.NoMessage {
		return e.Callback.String() + " answers a MODAL_SUBMIT only when a message component opened the modal"
	}
	return e.Callback.String() + " does not answer " + e.Interaction.String()
}

// Is reports whether target is ErrCallbackNotAllowed.
func (e *CallbackError) Is(target error) bool { return target == ErrCallbackNotAllowed }

// CheckCallback reports whether the interaction may be answered with an
// answer of type t, as the service decides:
//
//   - PING: PONG
//   - APPLICATION_COMMAND: a message or its deferral, MODAL, LAUNCH_ACTIVITY
//   - APPLICATION_COMMAND_AUTOCOMPLETE: the autocomplete result
//   - MESSAGE_COMPONENT: those of a command, and UPDATE_MESSAGE and its
//     deferral, which edit the message the component is on
//   - MODAL_SUBMIT: those of a command but MODAL, and UPDATE_MESSAGE and its
//     deferral when a message component opened the modal
//
// PREMIUM_REQUIRED, deprecated, is allowed where the service allowed it:
// commands, components and modal submissions.
func (ix *Interaction) CheckCallback(t CallbackType) error {
	ok := false
	switch ix.Type {
	case TypePing:
		ok = t == CallbackPong
	case TypeApplicationCommandAutocomplete:
		ok = t == CallbackAutocompleteResult
	case TypeApplicationCommand, TypeMessageComponent, TypeModalSubmit:
		switch t {
		case CallbackChannelMessageWithSource, CallbackDeferredChannelMessageWithSource,
			CallbackPremiumRequired, CallbackLaunchActivity:
			ok = true
		case CallbackModal:
			ok = ix.Type != TypeModalSubmit
		case CallbackUpdateMessage, CallbackDeferredUpdateMessage:
			switch ix.Type {
			case TypeMessageComponent:
				ok = true
			case TypeModalSubmit:
				if ix.Message == nil {
					return &CallbackError{Interaction: ix.Type, Callback: t, NoMessage: true}
				}
				ok = true
			}
		}
	}
	if !ok {
		return &CallbackError{Interaction: ix.Type, Callback: t}
	}
	return nil
}
