// Package answer checks what a bot sends in answer to an interaction
// against the rules of the service, before it is sent: the first answer
// (Check), and the messages that follow it through the interaction's
// token, follow-ups (CheckMessage) and edits (CheckEdit).
//
// The service refuses an answer that breaks one of its rules with 400,
// and the user sees that the interaction failed; a bot that checks first
// can answer with something the user reads instead, such as the error
// handler's message in package router. The rules are the service's
// limits of messages (content, embeds, flags, files, components, polls), of
// autocomplete suggestions and of modals, and its table of the answer
// types each interaction takes (interaction.Interaction.CheckCallback).
// Rules that depend on the message being edited, such as an edit that
// would leave it empty, are the service's to check.
//
// Each broken rule is a rules.Violation, named by a place a person reads,
// such as "answer › embed 1 › field 26", by a JSON pointer into the body
// that would have been sent, and by the service's code for the rule. The
// emulator refuses exactly what the check refuses, by the same rules,
// worded as the service's error bodies word them.
package answer
