// Package component builds the components of messages and modals as Go
// values that encode to the service's JSON: buttons, the five selects, the
// layout components of IS_COMPONENTS_V2 messages, and the inputs of modals
// (text inputs, selects, file uploads, radio groups, checkbox groups and
// checkboxes), each in a Label. It reads the raw components of a received
// message or modal into those values, and walks them to find a component
// by its path or custom_id.
//
// ValidateMessage and ValidateModal check a message or a modal against
// every rule of the service before it is sent, and report
// rules.Violations in the order of the body: its own fields, then its
// components depth first. A violation's place names the components from
// the top-level one down, levels separated by " › ", by their label or
// custom_id where they have one and by their position (counting from 1)
// where they do not:
//
//	row 2 › button "Approve"
//	label "Reason" › text input "reason"
//	container 1 › section 2 › thumbnail
//
// A rule of the whole message or modal says "message" or "modal". Its
// pointer is into the body of the message or modal, such as
// "/components/1/components/0/label". Numbered gives the components the
// numeric ids the service gives them.
package component
