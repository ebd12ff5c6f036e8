// Package gateway serves the service's real-time gateway for the
// emulator: the WebSocket connection a bot opens to receive events,
// version 10 (and 9, which the service still answers alike) with JSON
// payloads, plain or compressed as a zlib or zstd stream.
//
// A Hub holds the sessions of one application. A connection is greeted
// with HELLO; the client's IDENTIFY is checked (the token, the intents
// and the shard) and answered with READY and a GUILD_CREATE for each of
// its guilds, or its RESUME replays what the session missed, in order,
// then RESUMED. The Hub holds the client to the service's rules: a
// heartbeat within the interval, at most 120 payloads a minute, none
// over 4,096 bytes, each opcode in its place, with the close code the
// service documents for each breach. What the world does reaches the
// sessions through Publish, each event to the sessions whose shard and
// intents take it, numbered, and kept for a while so that a session
// whose connection dropped can resume without losing any.
//
// The package knows nothing of guilds, messages or interactions: the
// emulator builds the payloads (Welcome, Event) and says which token is
// the bot's and which privileged intents it may ask for.
package gateway
