// Package interaction holds what a bot receives from the application command
// service and what it answers: the interaction, its command data and options,
// the objects it refers to, and the response.
//
// A Verifier checks the Ed25519 signature the service puts on every request
// before the body is trusted, and Decode reads the body into an Interaction,
// decoding the objects handlers seldom read (the channel, the member, the
// resolved users and messages) only when they are asked for. Reply, Defer,
// AutocompleteResult and the other builders make the Response, with
// Ephemeral and WithFlags to adjust it, and WithFile to add a file, which
// AppendMultipart writes into the multipart/form-data body that carries
// it, within the interaction's AttachmentLimit (a *FileError says which
// file cannot be sent and why). Snowflake, Permissions, Locale and
// the enumerations are the service's own types, with their wire forms.
package interaction
