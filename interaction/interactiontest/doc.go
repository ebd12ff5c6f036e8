// Package interactiontest builds interactions and signed requests for tests,
// as net/http/httptest builds HTTP requests.
//
// A Builder makes real-shaped interaction payloads: the options a user
// filled in, the resolved users, members, roles, channels and attachments
// they refer to, the invoking member or user, locale and context. A Key signs
// payloads as the service does, so that they pass an Endpoint's verifier.
package interactiontest
