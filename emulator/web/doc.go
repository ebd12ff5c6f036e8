// Package web serves the playground of an emulator to a browser: a page
// where a person uses a bot's commands as its users will, and the JSON
// API it is built on.
//
// The page is a channel and its message box, which has the focus when the
// page loads; "/" typed anywhere but in an input, a menu or a dialog
// starts a command in it, as in a chat client. Typing "/" lists the
// commands the chosen user can use there, in their language, filtered as
// they type; picking one lays out its options as labelled inputs, and an
// option with autocomplete asks the bot for suggestions as the user types
// (after a pause of 250 ms, one request at a time, the latest text
// winning, as the service's client does). Enter sends; a command may also
// be typed whole, as "/greet name:Ada". The bot's answers arrive as they
// are made, deferred ones "thinking…" until they are complete, with their
// embeds, files (a spoiler's picture hidden until it is pressed), polls,
// follow-ups, edits and deletions, and "Only you can see this" on an
// ephemeral one; buttons are buttons and select menus are menus, used from
// there; a modal the bot opens is a dialog. A side panel chooses the user,
// the guild or the bot's direct messages, the channel and the locale,
// gives the member roles and lists their permissions, and shows the raw
// interaction sent and answer received. What the client or the service
// refuses, and answers that break the rules, are said under the box. The
// page is a few files embedded in the program, written without a
// framework, and requests nothing from elsewhere.
//
// The page is built to be used without seeing it, which is also how it is
// tested: the message box is a textbox named "Message" whose suggestions
// are a listbox "Commands" of options named as the commands are ("greet",
// "mod user ban"), and which is busy (aria-busy) from a choice in the
// panel until the commands offered there have arrived; the channel is a log "Channel" of articles; a poll is a
// region "Poll: " and its question, with a list "Answers" and the time it
// closes; a spoiler file is a button "Spoiler: " and its name until it is
// pressed; buttons are buttons with their labels, and menus are selects
// named by their placeholders; a modal is a dialog named by its title,
// with labelled inputs (a radio group is a radiogroup of radios and a
// checkbox group a group of checkboxes, each named by its label and
// described by its label's description; a checkbox is a checkbox; a user,
// role, mentionable or channel select lists the guild's members, roles or
// channels of the types it takes; a file upload is a file picker that
// offers the files its file_types allow), and the client's refusal of
// what was filled in is an alert in the dialog; the panel's controls are
// labelled "User", "Guild", "Channel" and "Locale", and the member's roles
// are checkboxes named by the roles.
//
// A Handler serves one *emulator.Server; Listen serves it on a port of its
// own, by default a free one of 127.0.0.1. It is a tool for the machine it
// runs on: it trusts whoever reaches it, as the emulator's control API
// does, and so answers only requests that name an IP address or localhost,
// with the port it is served on, as their Host, and that come from its own
// page when they say where they come from (Origin, Sec-Fetch-Site): a page
// of another site open in the same browser can neither drive it nor reach
// it under a name of its own (DNS rebinding); a page on another port of
// the same machine is another origin too. These are the rules the
// emulator's control API keeps, but for the port. A POST takes one JSON
// value, sent as application/json, of at most 64 KiB.
//
// # HTTP API
//
// Who uses the page, where, and in which language is a place: the query
// parameters user (an id), guild (an id, or dm for the bot's direct
// messages), channel (an id; without it, the guild's "general") and
// locale. What a query leaves out is the Handler's Config. A JSON body
// has the same fields, a guild of "0" or none being the bot's direct
// messages; the user and the locale it leaves out are the Config's.
//
//	GET  /api/state?user=&guild=&channel=&locale=
//		The world the page chooses from, and the place chosen with its
//		defaults filled in: {"application": "id", "bot": {user},
//		"users": [{"id", "username", "name", "bot"}], "guilds": [{"id",
//		"name", "installed", "owner", "locale", "channels": [{"id", "name",
//		"type"}], "roles": [{"id", "name"}], "members": ["id"]}],
//		"locales": ["en-US", ...], "chosen": {"user", "guild",
//		"channel", "locale"}, "roles": ["id"], "permissions":
//		["SEND_MESSAGES", ...], "file_type_groups": {"image": [".png",
//		...], "video": [...], "audio": [...]}}, the roles and the
//		permissions being the member's in the guild, null in direct
//		messages, and the groups the extensions that a file upload's
//		file_types of "image", "video" or "audio" stand for.
//	POST /api/roles
//		The member is given other roles of the guild, and what they may
//		do follows: {"guild", "user", "roles": ["id"]}. It answers 204,
//		or a refusal as /api/invoke does.
//	GET  /api/commands?user=&guild=&channel=&locale=
//		What the message box suggests after "/": {"commands": [{"command":
//		"mod user ban", "name": as the user sees it, "description",
//		"options": [{"name", "label", "description", "type",
//		"type_name", "required", "autocomplete", "choices": [{"name",
//		"value"}], "min_value", "max_value", "min_length",
//		"max_length", "channel_types"}]}]}, one entry for each
//		subcommand, names and descriptions in the user's locale: the
//		CHAT_INPUT commands the client offers the user there
//		(emulator.Server.Offered). Beside them, "apps": [{"command",
//		"name", "description", "type", "type_name"}], the USER and
//		MESSAGE commands of the context menus and the
//		PRIMARY_ENTRY_POINT command of the App Launcher.
//	POST /api/invoke
//		The user sends a command: {"user", "guild", "channel",
//		"locale", "command": "mod user ban", "options": [{"name":
//		"user", "value": "id"}]}, with "type" (2 USER, 3 MESSAGE, 4
//		PRIMARY_ENTRY_POINT; 1 when omitted) and "target" (the user or
//		message) for an app; a value being a string (ids too), a
//		number, a boolean, or a file as {"filename", "size",
//		"content_type"}, and "shown" the name (at most 100 characters)
//		of the bot's suggestion the user picked for it, which the
//		channel shows in its place; or, as typed, {"user", ...,
//		"line": "/greet name:Ada"}. It answers 200 with {"id",
//		"interaction": {as sent}, "status", "answer": {as received} or
//		null, "raw_answer" (a body that is not JSON), "violations":
//		["..."], "elapsed", "ok",
//		"launched"}, however the bot answered; or a refusal, 403
//		{"error": "permission_denied", "message": "..."} or 400 with
//		"unknown_command", "invalid_input" or "unknown_target". A client
//		with an old version of a global command reloads it and sends
//		again, as the service's client does.
//	POST /api/autocomplete
//		The user types into an option: the body of /api/invoke with
//		"focused" naming the option, or a "line" whose last option is
//		the one being typed. It answers as /api/invoke, with "choices":
//		[{"name", "value"}], the bot's suggestions by the names the user
//		sees.
//	POST /api/click
//		The user presses a button: {"user", "locale", "message": "id",
//		"button": custom_id or label}. It answers as /api/invoke.
//	POST /api/choose
//		The user chooses in a select menu: {"user", "locale",
//		"message", "select": custom_id or placeholder, "values": [...]}.
//	POST /api/submit
//		The user submits the modal open before them: {"user", "locale",
//		"modal": custom_id, "fields": {"name": "Ada"}, "values":
//		{"colour": ["b"], "class": ["w"], "days": ["mon"], "who":
//		["id"]}, "checked": {"news": true}, "files": {"proof":
//		[{"filename", "size", "content_type"}]}}, each input by its
//		custom_id or label: texts of text inputs; the options chosen in
//		string selects, radio groups (one, or none) and checkbox groups;
//		the ids chosen in user, role, mentionable and channel selects;
//		whether checkboxes are ticked; the files of file uploads. An
//		input left out keeps its default. It answers as /api/invoke.
//	POST /api/dismiss
//		The user closes the modal open before them without submitting
//		it: {"user", "modal": custom_id}. The bot hears nothing. It
//		answers 204, or 400 "unknown_target" when no such modal is open.
//	GET  /api/modal?user=
//		The modal open before the user: {"modal": {"custom_id", "title",
//		"components"}} or {"modal": null}.
//	GET  /api/events?user=&guild=&channel=
//		The channel, as server-sent events (text/event-stream) that
//		follow it as it changes, driven by emulator.Server.Changed and
//		MessageChanges: "reset" first, then "message" for each message
//		the user sees there, again each time it changes (and only the
//		messages that changed: a change costs the stream the same
//		however many the emulator keeps), "delete" {"id"} when one is
//		deleted, or forgotten by the emulator (emulator.Limits), "modal" {"modal": ... or null} when the modal open
//		before the user opens or closes, and "commands" {} when what
//		/api/commands answers there changes (the bot registered or
//		edited its commands, or the member's roles changed). A message is {"id",
//		"interaction": {"id", "type", "user": {user}, "summary": "used
//		/greet name:Ada style:Pirate"} (a choice by its name in the
//		user's language, or the name of the suggestion picked, as the
//		client shows it), "original" (the answer's message),
//		"reply_to" (the answer a follow-up follows), "author",
//		"content", "embeds",
//		"attachments": [{"id", "filename", "size", "content_type",
//		"url", "preview", "spoiler"}], "components" (as the service
//		sends them), "poll": {"question", "answers": [{"id", "text",
//		"emoji", "custom"}], "expiry", "allow_multiselect"} (when it
//		has one), "ephemeral",
//		"loading" (a deferred answer's "thinking…"), "edited",
//		"created"}. An ephemeral message is sent only to the user it
//		answers.
//	GET  /api/files/{message}/{attachment}/{name}?user=
//		The bytes of a file of a message the user sees, to save. With
//		preview=1, a PNG, JPEG, GIF or WebP picture (by its bytes,
//		whatever the bot said it is) to show in the page, and nothing
//		else; an attachment's "preview" is that address, when it is
//		one.
//
// A request the playground does not answer gets 403 {"error":
// "forbidden", "message": why}; a body that is not what the route takes,
// 400 {"error": "invalid_input"}, or 413 {"error": "too_large"}.
package web
