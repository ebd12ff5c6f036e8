// Package serve runs a bot's endpoints on a fasthttp server set up for a
// public address: the interactions endpoint of package endpoint, the webhook
// events endpoint of package webhook, or both on one port, with a health
// check. Each request is read and answered within a timeout, headers and
// bodies are bounded, connections are bounded below the process's
// descriptor limit and kept alive only for the service's verified
// requests, and the server stops gracefully on SIGINT or SIGTERM, waiting
// for the answers and event handlers under way. ListenAndServe is the one
// call most bots make.
package serve
