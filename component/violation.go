package component

import "github.com/switchboard-go/switchboard/internal/violation"

// Violation is one broken rule of the service in a message or a modal. It
// is the type that package command's validators report too, so that a
// program handles both alike: a struct of the strings Command (empty
// here), Place, Pointer, Code and Message. Its Place
// says where the violation is for a person, from the top-level component
// down, levels separated by " › ":
//
//	row 2 › button "Approve"
//	label "Reason" › text input "reason"
//	container 1 › section 2 › thumbnail
//
// Components are named by their label or custom_id where they have one,
// and by their position (counting from 1) where they do not. A rule of
// the whole message or modal says "message" or "modal".
//
// Its Pointer is the JSON pointer (RFC 6901) to the value at fault in the
// body of the message or modal, such as
// "/components/1/components/0/label". It points at a field where one
// field is at fault (even one left out, which the body does not hold), at
// a component where the component as a whole is, and is "" for the whole
// body. Its Code names the rule (see the Code constants), and its Message
// says what is wrong and what the rule is. Its Error method returns the
// place and the message, as in
// `row 2 › button "Approve": custom_id is required on a PRIMARY button`.
type Violation = violation.Violation

// Violations are the rules a message or modal breaks, in the order of its
// body: its own fields, then its components depth first. Its Error method
// returns one violation per line; its Err method returns it as an error,
// and nil when it is empty (a nil Violations converted to error is not a
// nil error); its Unwrap method lets errors.As find a Violation in an
// error that wraps it.
type Violations = violation.Violations

// Codes of the rules. The first group are the service's own codes, as its
// error bodies carry them (public reports of the service's answers); the
// second group the service does not publish, so these are switchboard's
// names for them.
const (
	// CodeRequired: a field the component needs is missing or empty.
	CodeRequired = "BASE_TYPE_REQUIRED"
	// CodeBadLength: a text, or a list of components, options or items,
	// has too few or too many elements or characters.
	CodeBadLength = "BASE_TYPE_BAD_LENGTH"
	// CodeMinLength: a string select or a checkbox group has fewer
	// options than its max_values allows to choose.
	CodeMinLength = "BASE_TYPE_MIN_LENGTH"
	// CodeNumberMin: a number below its lower bound; min_values 0 in a
	// modal input that is required.
	CodeNumberMin = "NUMBER_TYPE_MIN"
	// CodeNumberMax: a number above its upper bound.
	CodeNumberMax = "NUMBER_TYPE_MAX"
	// CodeInvalidEnum: a value outside its enumeration: a button or text
	// input style, a channel type, a separator spacing, the type of a
	// default value.
	CodeInvalidEnum = "ENUM_TYPE_COERCE"
	// CodeTypeNotAllowed: a component where its type may not be, such as
	// a button in a modal or a section without IS_COMPONENTS_V2.
	CodeTypeNotAllowed = "UNION_TYPE_CHOICES"
	// CodeDuplicateCustomID: two components of one message or modal share
	// a custom_id.
	CodeDuplicateCustomID = "COMPONENT_CUSTOM_ID_DUPLICATED"
	// CodeLayoutWidth: a row holds more than five buttons, or a select or
	// text input beside anything else.
	CodeLayoutWidth = "COMPONENT_LAYOUT_WIDTH_EXCEEDED"
	// CodeCustomIDRequired: a button of a style that sends interactions
	// has no custom_id.
	CodeCustomIDRequired = "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED"
	// CodeCustomIDWithURL: a link button has a custom_id.
	CodeCustomIDWithURL = "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE"
	// CodeDuplicateOptionValue: two options of a string select share a
	// value; or of a radio or checkbox group, where the service's code is
	// not published and a select's is used.
	CodeDuplicateOptionValue = "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED"
	// CodeTooManyDefaults: a select or a checkbox group preselects more
	// than its max_values, or a radio group more than one option. Only
	// the select's is the service's own.
	CodeTooManyDefaults = "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES"

	// CodeFieldNotAllowed: a field the component's type or style does not
	// take, such as a url on a PRIMARY button, required on a checkbox, a
	// label of its own on a text input inside a Label, disabled on a
	// select in a modal, or content beside IS_COMPONENTS_V2.
	CodeFieldNotAllowed = "COMPONENT_FIELD_NOT_ALLOWED"
	// CodeMinAboveMax: min_values above max_values, or min_length above
	// max_length.
	CodeMinAboveMax = "COMPONENT_MIN_ABOVE_MAX"
	// CodeTooManyComponents: a message with IS_COMPONENTS_V2 holds more
	// than 40 components, nested ones counted.
	CodeTooManyComponents = "COMPONENTS_TOO_MANY"
	// CodeDuplicateID: two components of one message or modal share a
	// numeric id.
	CodeDuplicateID = "COMPONENT_ID_DUPLICATED"
	// CodeAttachmentOnly: a file component whose url is not
	// attachment://name.
	CodeAttachmentOnly = "COMPONENT_FILE_ATTACHMENT_ONLY"
	// CodeURLScheme: a link whose URL is not http, https or discord, or
	// media whose URL is not http, https or attachment://. The component
	// specification does not say which schemes a LINK button takes; the
	// service refuses others with this code.
	CodeURLScheme = "URL_TYPE_INVALID_SCHEME"
	// CodeInvalidFileType: an entry of file_types that is neither a
	// group (image, video, audio) nor an extension with its leading dot.
	CodeInvalidFileType = "FILE_TYPES_INVALID"
	// CodeMalformed: a raw component that does not parse: not an object,
	// no type, a type the service does not define, or a field of the
	// wrong kind.
	CodeMalformed = "COMPONENT_MALFORMED"
	// CodeInvalidUTF8: text that is not valid UTF-8, which JSON encoders
	// replace, so that the service would show other text than the one
	// given.
	CodeInvalidUTF8 = "STRING_INVALID_UTF8"
	// CodeTruncated: not a rule, but the last violation when there are
	// more than MaxViolations; its message says how many are left out.
	CodeTruncated = "VIOLATIONS_TRUNCATED"
)
