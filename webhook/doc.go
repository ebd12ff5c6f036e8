// Package webhook holds the webhook events the application command service
// POSTs to an application's webhook events URL: the Body, the
// Event it carries, and the data of the events the service describes.
//
// Decode reads a body as strictly as package interaction reads an
// interaction, naming the field at fault without quoting the body, and
// AppendJSON writes a Body in the shape the service sends, so that an
// emulator can deliver what the service delivers. The data of
// APPLICATION_AUTHORIZED and APPLICATION_DEAUTHORIZED decode into their
// types, and that of ENTITLEMENT_CREATE, ENTITLEMENT_UPDATE and
// ENTITLEMENT_DELETE into an interaction.Entitlement; the data of every
// other event stays raw JSON.
//
// The specification names these events but leaves their payloads unshown.
// The shapes here follow the service's public documentation of webhook
// events: a body {"version":1,"application_id","type","event"} whose type
// is 0 for a PING, which carries no event, and 1 for an event; an event
// {"type","timestamp","data"} whose timestamp the service writes in UTC
// without a zone ("2024-10-18T14:42:53.064834"); the data of each event;
// the signature headers of interactions on every request; and an answer of
// 204 with no body within 3 seconds, to PINGs and events alike.
package webhook
