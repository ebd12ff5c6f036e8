// Package component builds the components of messages and modals as Go
// values that encode to the service's JSON: buttons, the five selects, the
// layout components of IS_COMPONENTS_V2 messages, and the inputs of modals
// (text inputs, selects, file uploads, radio groups, checkbox groups and
// checkboxes), each in a Label. It reads the raw components of a received
// message or modal into those values, and walks them to find a component
// by its path or custom_id.
//
// ValidateMessage and ValidateModal check a message or a modal against
// every rule of the service before it is sent, naming each violation by a
// place a person reads and a JSON pointer into the body. IDs and Numbered
// give the components the numeric ids the service gives them.
package component
