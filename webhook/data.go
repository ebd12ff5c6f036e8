package webhook

import (
	"bytes"
	"reflect"
	"time"

	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/interaction"
)

// ApplicationAuthorized is the data of an APPLICATION_AUTHORIZED event:
// who installed the application, where, and with which scopes.
type ApplicationAuthorized struct {
	// IntegrationType is where the application was installed: to a server
	// (interaction.GuildInstall) or to the user's account
	// (interaction.UserInstall). It is nil when the service leaves it out.
	IntegrationType *interaction.IntegrationType `json:"integration_type,omitzero"`
	// User is the user who authorized the application.
	User interaction.User `json:"user"`
	// Scopes are the OAuth2 scopes the user granted, such as
	// "applications.commands".
	Scopes []string `json:"scopes"`
	// Guild is the server the application was installed to, when it was
	// installed to one.
	Guild *Guild `json:"guild,omitzero"`
}

// Installation returns where the application was installed, and false
// when the event does not say.
func (a ApplicationAuthorized) Installation() (interaction.IntegrationType, bool) {
	if a.IntegrationType == nil {
		return 0, false
	}
	return *a.IntegrationType, true
}

// HasScope reports whether the user granted the scope.
func (a ApplicationAuthorized) HasScope(scope string) bool {
	for _, s := range a.Scopes {
		if s == scope {
			return true
		}
	}
	return false
}

// ApplicationDeauthorized is the data of an APPLICATION_DEAUTHORIZED event.
type ApplicationDeauthorized struct {
	// User is the user who deauthorized the application.
	User interaction.User `json:"user"`
}

// Guild is the server an application was installed to. The service sends
// its full guild object; these are the fields a bot most often reads, and
// Event.Data holds the rest.
type Guild struct {
	ID          interaction.Snowflake `json:"id"`
	Name        string                `json:"name"`
	Icon        string                `json:"icon,omitempty"`
	OwnerID     interaction.Snowflake `json:"owner_id,omitzero"`
	Description string                `json:"description,omitempty"`
	// PreferredLocale is the guild's language, the guild_locale of its
	// interactions.
	PreferredLocale interaction.Locale `json:"preferred_locale,omitempty"`
	Features        []string           `json:"features,omitempty"`
}

// LobbyMessage is the data of LOBBY_MESSAGE_CREATE and
// LOBBY_MESSAGE_UPDATE: a message of a lobby of the Social SDK, or of a
// channel linked to one.
type LobbyMessage struct {
	ID interaction.Snowflake `json:"id"`
	// Type is the message's type, 0 for one a user sent.
	Type    int    `json:"type"`
	Content string `json:"content"`
	// LobbyID is the lobby the message was sent in; ChannelID is the
	// lobby's channel, or the channel linked to it.
	LobbyID   interaction.Snowflake `json:"lobby_id"`
	ChannelID interaction.Snowflake `json:"channel_id"`
	Author    interaction.User      `json:"author"`
	// Metadata are the pairs of keys and values the game attached to the
	// message, nil when it attached none.
	Metadata map[string]string        `json:"metadata,omitempty"`
	Flags    interaction.MessageFlags `json:"flags,omitzero"`
	// ApplicationID is the application whose Social SDK session sent the
	// message, zero when none did.
	ApplicationID interaction.Snowflake `json:"application_id,omitzero"`
	// Timestamp and EditedTimestamp are when the message was sent and
	// last edited: an update carries them, a creation need not.
	Timestamp       time.Time `json:"timestamp,omitzero"`
	EditedTimestamp time.Time `json:"edited_timestamp,omitzero"`
}

// LobbyMessageDelete is the data of LOBBY_MESSAGE_DELETE: the message
// deleted, by its id, and its lobby.
type LobbyMessageDelete struct {
	ID      interaction.Snowflake `json:"id"`
	LobbyID interaction.Snowflake `json:"lobby_id"`
}

// GameDirectMessage is the data of GAME_DIRECT_MESSAGE_CREATE,
// GAME_DIRECT_MESSAGE_UPDATE and GAME_DIRECT_MESSAGE_DELETE: a direct
// message between users of whom one at least had a Social SDK session
// under way. It is the service's message object, or, between two
// provisional accounts, the in-game message, which lacks some of the
// message object's fields (its timestamp, attachments and mentions among
// them), left zero. Event.Data holds what the package does not read, such
// as the in-game message's Rich Presence activity and application.
type GameDirectMessage struct {
	interaction.Message
	// LobbyID is the lobby of a channel linked to one, zero otherwise.
	LobbyID interaction.Snowflake `json:"lobby_id,omitzero"`
	// Channel is the message's channel, with its recipients.
	Channel *interaction.Channel `json:"channel,omitempty"`
}

// decodeData decodes the data of an event of type want into a T.
func decodeData[T any](e *Event, want Type) (T, error) {
	var v T
	if e.Type != want {
		return v, otherType(e.Type, want)
	}
	if f := decodeDataInto(e.Data, &v, "/event/data"); f != nil {
		var zero T
		return zero, f.decodeError()
	}
	return v, nil
}

// decodeDataInto decodes data into v, the type of the data, and checks the
// fields the service always sends. prefix is the JSON pointer of the
// data.
func decodeDataInto[T any](data []byte, v *T, prefix string) *fault {
	data = bytes.TrimLeft(data, " \t\r\n")
	if len(data) == 0 {
		return &fault{path: prefix, what: "missing", kind: ErrMalformed}
	}
	if data[0] != '{' {
		// null, which the Event would not hold, or another kind of value.
		return &fault{path: prefix, what: "expected an object", kind: ErrMalformed}
	}
	if err := jsonv2.Unmarshal(data, v, decodeOptions); err != nil {
		return describeError(err, data, prefix, reflect.TypeFor[T]())
	}
	return checkData(v, prefix)
}

// checkData checks the fields of decoded data that the service always
// sends, and that a handler relies on.
func checkData(v any, prefix string) *fault {
	missing := func(field string) *fault {
		return &fault{path: join(prefix, field), what: "missing", kind: ErrMalformed}
	}
	switch d := v.(type) {
	case *ApplicationAuthorized:
		if d.User.ID == 0 {
			return missing("user/id")
		}
		if d.Guild != nil && d.Guild.ID == 0 {
			return missing("guild/id")
		}
	case *ApplicationDeauthorized:
		if d.User.ID == 0 {
			return missing("user/id")
		}
	case *LobbyMessage:
		switch {
		case d.ID == 0:
			return missing("id")
		case d.LobbyID == 0:
			return missing("lobby_id")
		case d.Author.ID == 0:
			return missing("author/id")
		}
	case *LobbyMessageDelete:
		switch {
		case d.ID == 0:
			return missing("id")
		case d.LobbyID == 0:
			return missing("lobby_id")
		}
	case *GameDirectMessage:
		switch {
		case d.ID == 0:
			return missing("id")
		case d.ChannelID == 0:
			return missing("channel_id")
		case d.Author.ID == 0:
			return missing("author/id")
		}
	case *interaction.Entitlement:
		switch {
		case d.ID == 0:
			return missing("id")
		case d.SKUID == 0:
			return missing("sku_id")
		case d.ApplicationID == 0:
			return missing("application_id")
		}
	}
	return nil
}
