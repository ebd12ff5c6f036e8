package webhook

import (
	"errors"
	"fmt"
	"time"

	"github.com/goccy/go-json/jsontext"

	"github.com/switchboard-go/switchboard/interaction"
)

// Type is the type of an event, the name the service gives it, such as
// "APPLICATION_AUTHORIZED". Types the service adds later arrive as they
// are, their data raw.
type Type string

// Event types: those of the service's documentation of webhook events.
// The specification names the first four; ENTITLEMENT_UPDATE and
// ENTITLEMENT_DELETE were documented on 2025-12-09, their data the
// entitlement object; the lobby and game direct message events are those
// of the Social SDK.
const (
	// TypeApplicationAuthorized: the application was installed to a user
	// or a server. Its data is an ApplicationAuthorized.
	TypeApplicationAuthorized Type = "APPLICATION_AUTHORIZED"
	// TypeApplicationDeauthorized: a user unlinked or revoked the
	// application. Its data is an ApplicationDeauthorized.
	TypeApplicationDeauthorized Type = "APPLICATION_DEAUTHORIZED"
	// TypeEntitlementCreate: an entitlement was created, when a user buys
	// or is granted one of the application's SKUs. Its data is the
	// interaction.Entitlement.
	TypeEntitlementCreate Type = "ENTITLEMENT_CREATE"
	// TypeQuestUserEnrollment: a user was added to a Quest. The service
	// documents the event without its data, and sends it to no
	// application yet: its data stays raw.
	TypeQuestUserEnrollment Type = "QUEST_USER_ENROLLMENT"
	// TypeEntitlementUpdate: an entitlement changed, such as a
	// subscription that ended, its ends_at now set. Its data is the
	// interaction.Entitlement as it now is.
	TypeEntitlementUpdate Type = "ENTITLEMENT_UPDATE"
	// TypeEntitlementDelete: an entitlement was deleted, by a refund, by
	// the service, or by the developer deleting a test entitlement (an
	// entitlement that expires is not deleted). Its data is the
	// interaction.Entitlement deleted.
	TypeEntitlementDelete Type = "ENTITLEMENT_DELETE"
	// TypeLobbyMessageCreate: a message was sent in a lobby. Its data is
	// a LobbyMessage.
	TypeLobbyMessageCreate Type = "LOBBY_MESSAGE_CREATE"
	// TypeLobbyMessageUpdate: a message of a lobby was edited. Its data
	// is the LobbyMessage as it now is, with its timestamps.
	TypeLobbyMessageUpdate Type = "LOBBY_MESSAGE_UPDATE"
	// TypeLobbyMessageDelete: a message was deleted from a lobby. Its
	// data is a LobbyMessageDelete, which names it.
	TypeLobbyMessageDelete Type = "LOBBY_MESSAGE_DELETE"
	// TypeGameDirectMessageCreate: a direct message was sent while one
	// of its users had a Social SDK session under way. Its data is a
	// GameDirectMessage.
	TypeGameDirectMessageCreate Type = "GAME_DIRECT_MESSAGE_CREATE"
	// TypeGameDirectMessageUpdate: such a direct message was edited. Its
	// data is the GameDirectMessage as it now is.
	TypeGameDirectMessageUpdate Type = "GAME_DIRECT_MESSAGE_UPDATE"
	// TypeGameDirectMessageDelete: such a direct message was deleted. Its
	// data is the GameDirectMessage deleted.
	TypeGameDirectMessageDelete Type = "GAME_DIRECT_MESSAGE_DELETE"
)

// maxTypeLen bounds the length of an event type: the service's are a few
// dozen bytes, and a type is logged.
const maxTypeLen = 64

// validType reports whether t is spelt as the service spells its event
// types: upper-case letters, digits and underscores.
func validType(t Type) bool {
	if len(t) == 0 || len(t) > maxTypeLen {
		return false
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if (c < 'A' || c > 'Z') && (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return true
}

// Event is the event a webhook body carries.
type Event struct {
	// Type is the type of the event.
	Type Type
	// Timestamp is when the event happened; Decode gives it in UTC.
	Timestamp time.Time
	// Data is the event's data, a JSON object in compact form, or nil when
	// the event has none. The typed accessors (ApplicationAuthorized and
	// the others) decode it afresh on each call.
	Data jsontext.Value
}

// ErrOtherType reports that the data asked for is the data of another
// type of event.
var ErrOtherType = errors.New("webhook: data of another type of event")

// ApplicationAuthorized decodes the data of an APPLICATION_AUTHORIZED
// event. It returns an error matching ErrOtherType for an event of another
// type, or a *DecodeError.
func (e *Event) ApplicationAuthorized() (ApplicationAuthorized, error) {
	return decodeData[ApplicationAuthorized](e, TypeApplicationAuthorized)
}

// ApplicationDeauthorized decodes the data of an APPLICATION_DEAUTHORIZED
// event. It returns an error matching ErrOtherType for an event of another
// type, or a *DecodeError.
func (e *Event) ApplicationDeauthorized() (ApplicationDeauthorized, error) {
	return decodeData[ApplicationDeauthorized](e, TypeApplicationDeauthorized)
}

// EntitlementCreate decodes the data of an ENTITLEMENT_CREATE event, the
// entitlement created. It returns an error matching ErrOtherType for an
// event of another type, or a *DecodeError.
func (e *Event) EntitlementCreate() (interaction.Entitlement, error) {
	return decodeData[interaction.Entitlement](e, TypeEntitlementCreate)
}

// EntitlementUpdate decodes the data of an ENTITLEMENT_UPDATE event, the
// entitlement as it now is. It returns an error matching ErrOtherType for
// an event of another type, or a *DecodeError.
func (e *Event) EntitlementUpdate() (interaction.Entitlement, error) {
	return decodeData[interaction.Entitlement](e, TypeEntitlementUpdate)
}

// EntitlementDelete decodes the data of an ENTITLEMENT_DELETE event, the
// entitlement deleted. It returns an error matching ErrOtherType for an
// event of another type, or a *DecodeError.
func (e *Event) EntitlementDelete() (interaction.Entitlement, error) {
	return decodeData[interaction.Entitlement](e, TypeEntitlementDelete)
}

// LobbyMessageCreate decodes the data of a LOBBY_MESSAGE_CREATE event,
// the message sent. It returns an error matching ErrOtherType for an
// event of another type, or a *DecodeError.
func (e *Event) LobbyMessageCreate() (LobbyMessage, error) {
	return decodeData[LobbyMessage](e, TypeLobbyMessageCreate)
}

// LobbyMessageUpdate decodes the data of a LOBBY_MESSAGE_UPDATE event,
// the message as it now is. It returns an error matching ErrOtherType for
// an event of another type, or a *DecodeError.
func (e *Event) LobbyMessageUpdate() (LobbyMessage, error) {
	return decodeData[LobbyMessage](e, TypeLobbyMessageUpdate)
}

// LobbyMessageDelete decodes the data of a LOBBY_MESSAGE_DELETE event,
// which names the message deleted. It returns an error matching
// ErrOtherType for an event of another type, or a *DecodeError.
func (e *Event) LobbyMessageDelete() (LobbyMessageDelete, error) {
	return decodeData[LobbyMessageDelete](e, TypeLobbyMessageDelete)
}

// GameDirectMessageCreate decodes the data of a GAME_DIRECT_MESSAGE_CREATE
// event, the message sent. It returns an error matching ErrOtherType for
// an event of another type, or a *DecodeError.
func (e *Event) GameDirectMessageCreate() (GameDirectMessage, error) {
	return decodeData[GameDirectMessage](e, TypeGameDirectMessageCreate)
}

// GameDirectMessageUpdate decodes the data of a GAME_DIRECT_MESSAGE_UPDATE
// event, the message as it now is. It returns an error matching
// ErrOtherType for an event of another type, or a *DecodeError.
func (e *Event) GameDirectMessageUpdate() (GameDirectMessage, error) {
	return decodeData[GameDirectMessage](e, TypeGameDirectMessageUpdate)
}

// GameDirectMessageDelete decodes the data of a GAME_DIRECT_MESSAGE_DELETE
// event, the message deleted. It returns an error matching ErrOtherType
// for an event of another type, or a *DecodeError.
func (e *Event) GameDirectMessageDelete() (GameDirectMessage, error) {
	return decodeData[GameDirectMessage](e, TypeGameDirectMessageDelete)
}

// QuestUserEnrollment returns the data of a QUEST_USER_ENROLLMENT event
// as it came, which may be nil: the service describes none. It returns an
// error matching ErrOtherType for an event of another type.
func (e *Event) QuestUserEnrollment() (jsontext.Value, error) {
	if e.Type != TypeQuestUserEnrollment {
		return nil, otherType(e.Type, TypeQuestUserEnrollment)
	}
	return e.Data, nil
}

func otherType(got, want Type) error {
	return fmt.Errorf("%w: %s data asked of an event of type %s", ErrOtherType, want, got)
}
