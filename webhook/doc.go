// Package webhook receives the webhook events the application command
// service POSTs to an application's webhook events URL when the
// application is installed or removed, when entitlements change, and when
// messages of the Social SDK's lobbies and direct messages come and go:
// the events' data, and the endpoint that serves the URL.
//
// The data: Decode reads a Body, the Event it carries and the data of the
// events the service describes, as strictly as package interaction reads
// an interaction, naming the field at fault without quoting the body;
// AppendJSON writes a Body in the shape the service sends, for an
// emulator. Every event type the service documents has a Type, and the
// data of each but one decodes into a type of its own:
//
//   - APPLICATION_AUTHORIZED, APPLICATION_DEAUTHORIZED: ApplicationAuthorized,
//     ApplicationDeauthorized
//   - ENTITLEMENT_CREATE, ENTITLEMENT_UPDATE, ENTITLEMENT_DELETE:
//     interaction.Entitlement
//   - LOBBY_MESSAGE_CREATE, LOBBY_MESSAGE_UPDATE: LobbyMessage
//   - LOBBY_MESSAGE_DELETE: LobbyMessageDelete
//   - GAME_DIRECT_MESSAGE_CREATE, GAME_DIRECT_MESSAGE_UPDATE,
//     GAME_DIRECT_MESSAGE_DELETE: GameDirectMessage
//
// The data of QUEST_USER_ENROLLMENT, which the service documents without
// its shape and sends to no application yet, stays raw JSON, as does the
// data of any type the service adds later. The typed data leaves out some
// fields the service sends, such as most of a guild object's; Event.Data
// keeps them all.
//
// The endpoint: an Endpoint verifies each request's signature as the
// interactions endpoint does, answers 204 at once as the service
// requires, and then runs the Handler registered for the event's type
// (On, or OnApplicationAuthorized and the other typed forms, one for each
// typed event) on a
// goroutine of its own, bounded in number and in time. It serves fasthttp
// and net/http; package serve serves it at DefaultPath beside the
// interactions endpoint. It logs a handler's error or panic, and an event
// it had to refuse, as JSON on standard error unless WithLogger gives it
// another logger; an Observer (WithObserver) is told of each request
// (Observation) and of what became of each event (Completion, whose
// Outcome says how it ended).
//
// The specification names the first of these events but leaves their
// payloads unshown.
// The shapes here follow the service's public documentation of webhook
// events: a body {"version":1,"application_id","type","event"} whose type
// is 0 for a PING, which carries no event, and 1 for an event; an event
// {"type","timestamp","data"} whose timestamp the service writes in UTC
// without a zone ("2024-10-18T14:42:53.064834"); the data of each event;
// the signature headers of interactions on every request; and an answer of
// 204 with no body within 3 seconds, to PINGs and events alike.
package webhook
