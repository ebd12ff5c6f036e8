// Package rest is a client of the command service's REST API.
//
// Client covers the endpoints a bot uses: commands in each scope, their
// permissions in a guild, the current user, OAuth2 tokens (client
// credentials, authorization codes, refresh), answering interactions
// after the first answer (the interaction callback, the original answer and
// follow-ups), what an application sells (its SKUs and entitlements,
// listed, consumed, and created and deleted for tests), and what a bot
// does in a guild after it answers: messages in channels and threads
// (sent, replied, forwarded, edited, deleted one by one or in bulk,
// pinned), DMs, reactions, threads, reads of guilds, channels, members and
// roles, and moderation (roles given and taken, nicknames, timeouts,
// kicks, bans). It authenticates
// with a bot token, a user's bearer token or client credentials (or with
// nothing, for a bot that only answers), waits rather than break a rate
// limit, bounds each attempt with a timeout, retries 5xx answers and
// dropped connections where sending twice does no harm, and decodes the
// service's errors into values: an invalid body's errors are mapped back
// to the commands sent, as command.Validate names them. Tokens never
// appear in its errors.
//
// The service counts rate limits per token, so replicas of a bot that
// each keep their own state earn 429s together; Clients that keep it in
// one RateLimitStore (WithRateLimitStore), such as redisstore.RateLimits,
// wait for each other instead. A Client keeps its own in a
// MemoryRateLimitStore; storetest.TestRateLimitStore checks a store of
// one's own against the contract.
//
// Answers, follow-ups, channel messages and edits are checked with
// package answer before they are sent: one the service would refuse is an
// error, and is not sent. Other requests that break a rule known
// beforehand, such as a bulk delete of messages older than 14 days or a
// timeout longer than 28 days, are refused alike. Messages with files
// (interaction.File) go as multipart/form-data. The calls that change a
// guild take, as their last argument, the reason its audit log records.
// A refresh the token endpoint answers invalid_grant matches
// ErrDeauthorized: the user took back the application's authorization.
//
// An Observer given to a Client (WithObserver) is told of each attempt,
// each wait for the rate limits and each retry, for metrics; package
// metrics counts them for Prometheus. A Client without one measures
// nothing.
package rest
