// Package emulator is a local implementation of the application command
// service: its command, permission, OAuth2, user, entitlement and SKU
// endpoints, and the bot's endpoints of guilds (the guild, its channels,
// roles and members, kicks, timeouts and bans, under the permissions,
// channel overwrites and role hierarchy of package permission), with
// their rules, limits, statuses and error bodies, and the
// client's part of invoking a bot's commands by sending it signed
// interactions.
//
// A Server runs in the process, in the spirit of net/http/httptest: New
// starts one on a loopback port with an application, a bot token, client
// credentials, a guild where the application is installed, and users to
// invoke commands as. Its URL ends in /v10; the API is also served under
// the service's own /api/v10, and version 9 (/v9, /api/v9) as version 10,
// as clients that default to it need. Everything lives in memory; requests are safe to make
// concurrently, and a refused request changes nothing.
//
// Invoke and Autocomplete play a user: they check the input as the client
// does, evaluate the command's permissions, send the bot a signed
// interaction and check its answer, held to the rules of package answer
// and worded as the service's error bodies are; the callback, follow-up
// and webhook endpoints take the rest of the conversation, files
// included. Click, Choose and Submit play a user on the components of
// the bot's messages and on the modals it opens. ParseCommand reads a
// command as a user types it ("/mod ban user:@bob reason:spam") into an
// Invocation. What the emulator answers and sends holds to the service's
// OpenAPI description.
//
// With a webhook events URL (SetEventsURL), the emulator sends the
// application the webhook events the service sends: installations and
// authorizations (InstallGuild, AuthorizeUser), their removal
// (Deauthorize, RevokeGrant) and entitlements to the application's SKUs
// bought, ended and refunded (CreateEntitlement, EndEntitlement,
// RemoveEntitlement); Events and WaitEvents tell how the endpoint
// answered each.
//
// The emulator serves the service's gateway too, at the root of its
// address (GET /gateway says where): a bot with no interactions URL
// receives its interactions there as INTERACTION_CREATE and answers
// through the callback endpoint, and each session receives the events of
// the world its intents ask for (Join, PostMessage, React, and the bot's
// own requests make them). docs/emulator.md says how.
//
// InjectFault makes routes answer 429, 5xx, slowly or not at all, for
// testing clients; ArmDeliveryFault changes what the service sends the
// bot (an interaction sent twice, late, with a stale timestamp, after a
// badly signed copy, or with a token that expires early; a webhook event
// sent again or out of order; a gateway connection dropped), each fault
// firing with a probability drawn from its seed, so that a run can be
// repeated fault for fault, and each Result saying which fired. Users, Guilds and Offered list the world and what the
// client offers a user, and Guilds the members, bans and channel
// overwrites the bot's requests changed, and its threads; SetRoles,
// SetOverwrites and SetTimeout change what a member may do, PostMessage
// and React what users say, ArchiveThread a thread. Changed,
// Messages and MessageChanges tell a user interface, such as package
// emulator/web's playground, when to look again and what changed.
//
// # Limits
//
// Everything lives in memory, and so the emulator keeps a bounded amount
// (Config.Limits): interactions, the changes to their messages and the
// files they carry, deliveries of webhook events and events waiting for
// one, injected faults and armed delivery faults. Past a limit the oldest interactions are
// forgotten (their tokens stop working), an upload past an interaction's
// room is refused with the service's 413 as soon as its files pass it,
// an event that finds no room to wait is recorded as not sent, and
// InjectFault and ArmDeliveryFault return ErrTooManyFaults. A request's body is read only
// once its credentials are known to be good. The defaults and the flags
// that change them are in docs/emulator.md.
//
// # Control API
//
// The control API drives the emulator over HTTP, from scripts and tests
// in any language, as the methods of Server do from Go: under
// /_emulator/, outside the service's API, with no credentials, rate limit
// or faults, and answering only what no web page of another origin can
// send or read. Its reference, route by route, is docs/control-api.md.
//
// # Lifecycle
//
// Snapshot writes everything the world holds as one JSON document, which
// Restore, and Config.State for a new server, take back; Reset goes back
// to the world New made, and is a Restore of the snapshot New took then.
// The control API serves them as GET and PUT /_emulator/state and POST
// /_emulator/reset, beside a health check, GET /_emulator/health, which
// answers any Host. A snapshot holds every application's credentials
// and signing key: keep it as secret as they are. docs/emulator.md
// ("Lifecycle") describes the document and what a restore does.
//
// # Several applications
//
// Config.Applications adds applications beside the first, in the same
// world: each with its own bot, credentials, signing key, URLs, commands,
// tokens, SKUs, entitlements and gateway sessions, its bot a member of
// the seeded guild with a managed role of its own. A request acts for
// the application whose credentials it carries; an interaction goes to
// the application whose command, message or modal it is, signed with
// its key. Server's fields and methods are the first application's;
// Server.Application returns a handle on another, and
// Server.Applications gives each one's credentials. docs/emulator.md
// ("Several applications") tells what is shared and what is not.
package emulator
