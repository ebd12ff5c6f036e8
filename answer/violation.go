package answer

import (
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/internal/violation"
)

// Violation is one broken rule of the service in an answer or a message.
// It is the type the validators of commands and components report too, so
// that a program handles them alike: a struct of the strings Command
// (empty here), Place, Pointer, Code and Message.
//
// Its Place says where the violation is for a person: "answer." or
// "message." and the field, its list indexes in brackets, as in
// "answer.embeds[0].title" or "message.content". A list longer than the
// service takes is named by its first element too many:
// "answer.embeds[0].fields[25]" for the 26th field of an embed. The
// violations of components add the place package component gives them, as
// in `answer.components › row 2 › button "Approve"`, and those of a
// modal's fields and components say "answer.modal".
//
// Its Pointer is the JSON pointer (RFC 6901) to the value at fault in the
// body that would be sent, where the service's error body reports it:
// "/data/embeds/0/fields" in the body of an answer, "/embeds/0/fields" in
// that of a follow-up or an edit, the list as a whole for a list that is
// too long. Files are parts of their own beside the JSON, named files[n]:
// their pointer is "/files" or "/files/n".
//
// Its Code is the service's code for the rule where it is public (see
// the Code constants; those of components are package component's), and
// its Message says what is wrong, worded for the bot's developer or as the
// service words it (see Wording).
type Violation = violation.Violation

// Violations are the rules an answer or a message breaks, in the order of
// its body. Its Error method returns one violation per line; its Err
// method returns it as an error, and nil when it is empty; its Unwrap
// method lets errors.As find a Violation in an error that wraps it.
type Violations = violation.Violations

// MaxViolations is the most violations a check returns. When a body
// breaks more rules, the last of them is replaced by one of code
// CodeTruncated that says how many are left out. Lists longer than the
// service takes are checked only up to the limit, so that a body made to
// break rules many times over costs little time and memory.
const MaxViolations = component.MaxViolations

// Codes of the rules. The first group are the service's own codes, as its
// error bodies carry them; the second group the service does not put in an
// errors tree, so these are switchboard's names for them.
const (
	// CodeMaxLength: a text with more characters, or a list with more
	// elements, than the service takes.
	CodeMaxLength = "BASE_TYPE_MAX_LENGTH"
	// CodeBadLength: a text of a bounded length outside its bounds, such as
	// a choice's name or a modal's title, or a modal with no components or
	// too many.
	CodeBadLength = "BASE_TYPE_BAD_LENGTH"
	// CodeRequired: a value the service needs is missing or empty, such as
	// the name of an embed's field.
	CodeRequired = "BASE_TYPE_REQUIRED"
	// CodeChoices: a value outside the set the service takes: an answer
	// type the interaction does not allow, a kind of mention.
	CodeChoices = "BASE_TYPE_CHOICES"
	// CodeEmbedSize: the embeds of a message have more than 6000
	// characters of text in all.
	CodeEmbedSize = "MAX_EMBED_SIZE_EXCEEDED"
	// CodeFlags: a message flag the answer may not set.
	CodeFlags = "MESSAGE_FLAGS_INVALID"
	// CodeLegacyFields: content or embeds in a message with the flag
	// IS_COMPONENTS_V2, which lays out its text with components.
	CodeLegacyFields = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"
	// CodeNotString: a suggestion for a STRING option whose value is not a
	// string.
	CodeNotString = "BASE_TYPE_STRING"
	// CodeNotNumber: a suggestion for an INTEGER or NUMBER option whose
	// value is not one, or one that is no string or number at all.
	CodeNotNumber = "NUMBER_TYPE_COERCE"
	// CodeNumberMin: a suggested number below what the option takes.
	CodeNumberMin = "NUMBER_TYPE_MIN"
	// CodeNumberMax: a suggested number above what the option takes.
	CodeNumberMax = "NUMBER_TYPE_MAX"
	// CodeInvalidEnum: a suggestion's name localized under a locale the
	// service does not know.
	CodeInvalidEnum = "ENUM_TYPE_COERCE"
	// CodeMentionsExclusive: allowed mentions that parse a kind of mention
	// from the content and also list ids of that kind.
	CodeMentionsExclusive = "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"

	// CodePollEdit: a poll in an answer that updates a message, which
	// exists already: a poll comes with a new message, or with the edit
	// that completes a deferred answer. How the service refuses it is
	// not public; package emulator answers it with 50035 and this code.
	CodePollEdit = "MESSAGE_POLL_NOT_ADDABLE"

	// CodeEmpty: a new message that shows nothing: no content, embed,
	// component, file or poll. The service answers it with its error
	// 50006, "Cannot send an empty message".
	CodeEmpty = "MESSAGE_EMPTY"
	// CodeFileTooLarge: a file larger than the interaction's attachment
	// size limit. The service answers it with 413 and its error 40005,
	// "Request entity too large".
	CodeFileTooLarge = "FILE_TOO_LARGE"
	// CodeTruncated: not a rule, but the last violation when there are
	// more than MaxViolations; its message says how many are left out.
	CodeTruncated = component.CodeTruncated
)

// Wording is the words of a violation's Message.
type Wording uint8

const (
	// ForBot words a violation for the bot's developer, as in "at most 25
	// fields, has 26".
	ForBot Wording = iota
	// AsService words it as the service's error body does, as in "Must be
	// 25 or fewer in length.", so that a server that answers as the
	// service does fills its errors tree from the same rules. The
	// violations of components keep package component's words.
	AsService
)

// Kind is what a message sent through an interaction's token is, which
// decides the rules it follows.
type Kind uint8

const (
	// Followup is a new message: a follow-up, or the first message after
	// a deferral, which completes it. It must show something.
	Followup Kind = iota
	// Edit is an edit of the first answer or of a follow-up, which
	// changes the fields it sets and leaves the others: whether the
	// message it leaves shows something depends on the message.
	Edit
)
