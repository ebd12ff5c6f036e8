// Package component builds the components of messages and modals (buttons,
// selects, text inputs, labels and the layout components of
// IS_COMPONENTS_V2 messages) as Go values that encode to the service's
// JSON. It reads the raw components of a received message into those
// values, and walks them to find a component by its path or custom_id.
// ValidateMessage and ValidateModal check a message or a modal against
// every rule of the service before it is sent, naming each violation by a
// place a person reads and a JSON pointer into the body.
package component
