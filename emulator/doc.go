// Package emulator is a local implementation of the application command
// service: its command, permission, OAuth2, user, entitlement and SKU
// endpoints with their rules, limits, statuses and error bodies, and the
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
// interaction and check its answer; the callback and follow-up endpoints
// take the rest of the conversation. Answers, follow-ups and edits are
// held to the rules of package answer, worded as the service's error
// bodies word them, and may carry files in a multipart/form-data body,
// the HTTP response to an interaction too, each within the interaction's
// attachment size limit; follow-ups and edits may also come as form
// fields, multipart or form-urlencoded, as the service takes them. A bot's
// webhook request that follows its answer in the HTTP response finds the
// answer, however soon it comes. What the emulator answers and sends holds
// to the service's OpenAPI description, written as the service writes
// JSON: "<", ">" and "&" are not escaped in what it signs. Click, Choose and Submit play a user on the
// components of the bot's messages and on the modals it opens, in the
// same way. With a webhook events URL (SetEventsURL), the emulator
// sends the application the webhook events the service sends, signed as
// interactions are: APPLICATION_AUTHORIZED when a user authorizes it
// (AuthorizeUser) or adds it to a guild (InstallGuild),
// APPLICATION_DEAUTHORIZED when a user takes the authorization back
// (Deauthorize) or the application revokes the user's last one
// (RevokeGrant, or POST /oauth2/token/revoke, which revokes every token of
// the authorization it is given one of), ENTITLEMENT_CREATE when a user buys or is
// given an SKU (CreateEntitlement, or Create Test Entitlement),
// ENTITLEMENT_UPDATE when a subscription ends (EndEntitlement) or an item
// is consumed, and ENTITLEMENT_DELETE on a refund (RemoveEntitlement) or
// when a test entitlement is deleted; Events and WaitEvents tell how the
// endpoint answered each. The application sells the SKUs of Config.SKUs
// (a default set without), which SKUs lists; the emulator keeps the
// entitlements to them, which the entitlement endpoints serve and the
// interactions of their users and guilds carry while in force. InjectFault
// makes routes answer 429, 5xx, slowly or not at all, for testing clients.
// Users and Guilds list the world, and Offered the commands the client
// offers a user somewhere, as its picker lists them; SetRoles changes a
// member's roles, and with them what they may do. Changed tells a user
// interface when to look again: its channel closes at the next change, an
// answer, a follow-up or an edit the bot made at its own pace among them;
// Messages gives every message once, and MessageChanges then which have
// changed, so that looking again costs what changed.
// ParseCommand reads a command as a user types it ("/mod ban user:@bob
// reason:spam") into an Invocation.
//
// # Limits
//
// The emulator keeps everything in memory, and so keeps a bounded amount
// (Config.Limits): 10,000 interactions, sent or launched; 50,000 changes
// to their messages in all, each a copy of the message as it stood, which
// InteractionRecord.History lists; and 512 MiB of the files those
// messages carry. Past any of these the oldest interactions are
// forgotten: their tokens no longer work, and they and their messages are
// gone from Interactions, the control API and the playground. An
// interaction's messages keep at most 128 MiB of files (a message of ten
// files at the upload limit fits): an answer, follow-up or edit whose
// files would pass it is refused with the service's 413 and code 40005,
// its message saying which limit, as soon as its files do, before the
// rest of its body is read. Of the deliveries of webhook events the
// emulator keeps the newest 10,000, and lets at most 1,000 events wait
// their turn behind the one under way (Limits.WaitingEvents): an event
// that finds no room, its endpoint not keeping up, is not sent, and is
// recorded at once with a violation that says so. It holds at most 1,000 injected faults
// not yet used up (Limits.Faults; each may fail many requests): past them
// InjectFault is refused with ErrTooManyFaults, and a request finds its
// fault among those of its route without looking at the others. The body of a request is read only
// once the request is authenticated, by its Authorization header or the
// interaction token in its path, and a route that takes no files reads at
// most 8 MiB of it. The rate limiter keeps a window per route bucket,
// caller and major parameter that names something the emulator holds,
// each dropped once it ends.
//
// # Control API
//
// The control API drives the emulator from scripts and tests in other
// languages, as the Go methods do from Go. It lives under /_emulator/,
// outside the service's API, and like the rest of the emulator it trusts
// whoever can reach it: it has no credentials, no rate limit and no faults.
//
// A web page open in a browser on the same machine reaches it too, so it
// answers only what no page of another origin can send or read. A
// request whose Host is not an IP address or localhost (any port, or
// none) is refused: a page that points a name of its own at 127.0.0.1
// (DNS rebinding) names it so, while a script names the address it was
// given; a container network's name for the emulator is refused alike,
// and its address works. So is a request whose Origin is another than
// http:// and its Host, one the browser marks Sec-Fetch-Site cross-site
// or same-site (a page on another port of the machine), and a POST, PUT
// or PATCH whose body is not sent as application/json, which a form or a
// fetch of another origin cannot send without a preflight request the
// control API does not answer. A refusal is 403 {"error": "forbidden",
// "message": "..."}, the message naming the header at fault. The
// service's API (/v10 and the rest) is not held to these rules: clients
// name it by whatever host their base URL has. The playground of package
// emulator/web keeps the same rules.
//
//	POST   /_emulator/faults
//		Injects a fault (see Fault): a JSON object
//		{"route": "commands", "count": 2, "kind": "rate_limit",
//		"retry_after": 1.5, "global": false, "status": 503, "delay": 0.5}
//		with kind one of "rate_limit", "server_error", "slow", "drop" and
//		durations in seconds. Answers 204, or 409 {"error":
//		"too_many_faults", "message": "..."} while the emulator holds
//		as many faults not yet used up as it keeps (Limits.Faults).
//	DELETE /_emulator/faults
//		Drops the faults not yet used. Answers 204.
//	GET    /_emulator/interactions/{id}
//		What became of an interaction sent to the bot:
//		{"interaction": {...}, "sent": "...", "launched": false,
//		"answer": {"type": 4, ...}, "answered": "...",
//		"original": {message}, "followups": [{message}], "history":
//		[{"kind": "deferred", "original": true, "message": {message},
//		"at": "..."}], "history_dropped": 0}, each message as
//		the webhook endpoints return it, with "deleted". The answer and
//		its time are null until the bot answers. "history_dropped"
//		counts the oldest changes the history no longer holds, when the
//		interaction alone made more than the emulator keeps. Answers
//		404 for an unknown id, or one the emulator has forgotten.
//	GET    /_emulator/interactions
//		The interactions sent, as Interactions: a list of the objects
//		above, oldest first, a page at a time, by snowflake as the
//		service pages its lists: ?limit=n takes n (1 to 1000, 100
//		without it), ?before=id those before the interaction id and
//		?after=id those after it. Without before or after, the page is
//		the newest n, so that a list without a query holds them all
//		while they are fewer than 100; before the first id of a page
//		is the page before it. A bad query is 400 "invalid_input".
//	GET    /_emulator/launches
//		The interactions the service handled itself by launching an
//		Activity, as Launches: a list of the same objects, with
//		"launched": true, the answer LAUNCH_ACTIVITY and the message the
//		service posted as the one follow-up, paged as
//		/_emulator/interactions.
//	POST   /_emulator/authorize
//		A user authorizes the application, as AuthorizeUser:
//		{"user": "id", "scopes": ["identify"]} answers {"code": "..."},
//		a one-time code for the redirect_uri of the credentials, which
//		expires after 100 seconds. With "applications.commands" the
//		user also installs the application to their account, when it
//		supports USER_INSTALL. Scopes the service does not grant a user
//		(an unknown one, applications.commands.update, bot, or none)
//		answer 400 {"error": "invalid_scope", "message": "..."}.
//	POST   /_emulator/revoke
//		Revokes a refresh token and the authorization it belongs to,
//		every access and refresh token issued from the same code, as
//		RevokeGrant: {"refresh_token": "..."} answers {"revoked": true}
//		or false when there was no such token.
//	POST   /_emulator/deauthorize
//		Takes back every grant of a user, as Deauthorize: {"user": "id"}.
//		Answers 204.
//	POST   /_emulator/interactions-url
//		Sets the bot's interactions URL after the service's checks, as
//		SetInteractionsURL: {"url": "http://..."} answers 204, or 400 with
//		{"message": "..."} saying which check failed.
//	POST   /_emulator/events-url
//		Sets the application's webhook events URL after the service's
//		checks, as SetEventsURL: {"url": "http://..."} answers 204, or
//		400 with {"message": "..."} saying which check failed (a signed
//		PING must be answered 204 with no body, a badly signed one 401).
//		{"url": ""} removes it: no more events are sent.
//	POST   /_emulator/install
//		A user adds the application to a guild, as InstallGuild:
//		{"user": "id", "guild": "id", "scopes": ["bot",
//		"applications.commands"]} answers 204, or a refusal as
//		/_emulator/invoke words them: "unknown_target" (no such user or
//		guild, or not a member), "permission_denied" (no Manage Server),
//		"invalid_input" (other scopes, or none).
//	POST   /_emulator/entitlements
//		Grants a user or a guild an SKU, as a purchase or a gift does,
//		as CreateEntitlement: {"sku_id": "id", "user_id": "id",
//		"guild_id": "id", "type": 4, "starts_at": "...", "ends_at":
//		"...", "consumed": false}, the SKU (one of the application's)
//		and the user or the guild required, the type TEST_MODE_PURCHASE
//		(4) unless given; a PURCHASE (1) or APPLICATION_SUBSCRIPTION (8)
//		follows the rules of the store. Answers 200 with the entitlement
//		the event ENTITLEMENT_CREATE carries, or a refusal as
//		/_emulator/install: "unknown_target" (no such SKU, user or
//		guild), "invalid_input" (the rest).
//	POST   /_emulator/entitlements/{id}/end
//		The subscription of an entitlement ends, as EndEntitlement:
//		{"ends_at": "..."}, or {} for now. Answers 200 with the
//		entitlement the event ENTITLEMENT_UPDATE carries, or a refusal
//		("unknown_target", or "invalid_input" for an entitlement that is
//		not a subscription's, is deleted or has ended).
//	DELETE /_emulator/entitlements/{id}
//		The service refunds an entitlement, as RemoveEntitlement.
//		Answers 200 with the entitlement the event ENTITLEMENT_DELETE
//		carries, or a refusal ("unknown_target", or "invalid_input" for
//		one deleted already).
//	GET    /_emulator/events
//		The webhook events whose delivery has finished, as Events, in
//		the order they happened, those not sent for lack of room to wait
//		recorded when they happened (the newest 10,000, Limits.Events):
//		[{"type": "APPLICATION_AUTHORIZED",
//		"url": "...", "body": {as sent}, "sent": "...", "status": 204,
//		"answer": "", "elapsed": 0.004, "violations": [], "ok": true}],
//		"answer" being the endpoint's body as text. With ?wait=n it
//		first waits until n have finished since the emulator started,
//		or 30 seconds pass.
//	POST   /_emulator/invoke
//		A user uses a command, as Invoke. The body is an Invocation:
//		{"user": "id", "guild": "id", "channel": "id", "locale": "fr",
//		"command": "mod ban", "type": 1, "options": [{"name": "user",
//		"value": "id"}, {"name": "days", "value": 3}], "target": "id"},
//		every field optional but the command, with the Go defaults.
//		Instead of command, type, options and focused, "line" may give
//		the command as a user types it, read as ParseCommand (or, for
//		autocomplete, ParsePartial) reads it:
//		{"guild": "id", "line": "/mod ban user:@bob reason:spam"}. A
//		value is what the user gave: a string, an id as a string, a
//		number, a boolean, or an attachment object. It answers 200 with
//		{"id": "...", "token": "...", "interaction": {as sent},
//		"status": 200, "answer": {as received} or null, "violations":
//		["..."], "elapsed": 0.012, "ok": true, "launched": false}, even
//		when the bot broke the rules. The status is the bot's: 202 when
//		it acknowledged the interaction and answered through the
//		callback endpoint, whose answer "answer" then holds, as it does
//		when the bot answered there and with an empty 200. A launched
//		Activity has no
//		interaction. A refused invocation answers {"error": kind,
//		"message": reason}, 403 with kind "permission_denied", or 400
//		with "unknown_command", "invalid_input", "unknown_target", or
//		"stale" (the client has reloaded the command: try again).
//	POST   /_emulator/autocomplete
//		The same, as Autocomplete, with "focused" naming the option
//		being typed.
//	POST   /_emulator/click
//		A user presses a button of a message the bot sent, as Click:
//		{"user": "id", "locale": "fr", "message": "id", "channel":
//		"id", "button": "Yes"}, the button by its custom_id or label,
//		every field optional but the button. Without a message, the
//		newest message the user sees with the button (in the channel,
//		when one is given). Answers as /_emulator/invoke does, the
//		interaction being the MESSAGE_COMPONENT one; a refusal has
//		kind "invalid_input" (a disabled, link or premium button; a
//		name several components show) or "unknown_target" (no such
//		message, or none the user sees; no such button on it).
//	POST   /_emulator/choose
//		A user chooses in a select menu, as Choose: the fields of click
//		with "select" (a custom_id or placeholder) instead of "button",
//		and "values": ["r", "Blue"], options by value or label, or the
//		ids of users, roles or channels.
//	POST   /_emulator/submit
//		A user submits the modal open before them, as Submit:
//		{"user": "id", "locale": "fr", "modal": "feedback",
//		"fields": {"Name": "Ada"}, "values": {"colour": ["b"],
//		"size": ["Large"], "days": ["mon", "Tuesday"], "who": ["id"]},
//		"checked": {"news": true}, "files": {"proof": [{"filename":
//		"a.png", "size": 3}]}}: texts for text inputs; options by value
//		or label for string selects, radio groups (one, or [] for none)
//		and checkbox groups (those ticked), ids for user, role,
//		mentionable and channel selects; whether each checkbox is
//		ticked (or, in "values", ["true"] or ["false"]); files for file
//		uploads. Each input is named by its
//		custom_id or label, and one left out keeps its default; every
//		field is optional. Answers as /_emulator/invoke does; with no
//		modal open, or another one than "modal", the kind is
//		"unknown_target".
//	GET    /_emulator/modals
//		The modals open, as Modals: [{"user": "id", "interaction":
//		"id", "message": "id" or null, "opened": "...", "modal":
//		{"custom_id": ..., "title": ..., "components": [...]}}], the
//		interaction whose answer opened each and the message whose
//		component did. With ?user=id, only that user's.
//	POST   /_emulator/dismiss
//		A user dismisses the modal open before them, as CloseModal:
//		{"user": "id", "modal": custom_id or omitted}. The bot hears
//		nothing. Answers 204, or 400 "unknown_target" when no such
//		modal is open.
//
// Every body the control API takes is one JSON value of at most 1 MiB, in
// UTF-8, with only the fields given above: a body with another field (a
// misspelt one, say), or one that is not UTF-8, is refused with 400
// {"error": "invalid_input", "message": "invalid body: ..."} saying what
// is wrong, and nothing is done.
package emulator
