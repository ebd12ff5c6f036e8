package rules

// The service's codes of the rules, as the errors tree of its 50035
// (Invalid Form Body) answers carries them; public reports of the
// service's answers are their source. Each constant is named after its
// code.
const (
	// BaseTypeRequired: a value the body needs is missing or empty: a
	// field a component needs, the name or value of an embed's field, a
	// suggestion's value, the modal of a MODAL answer.
	BaseTypeRequired = "BASE_TYPE_REQUIRED"
	// BaseTypeBadLength: a text, or a list, of a bounded length outside
	// its bounds: a name or a description, a choice's name, a modal's
	// title, a modal with no components or too many.
	BaseTypeBadLength = "BASE_TYPE_BAD_LENGTH"
	// BaseTypeMaxLength: a text with more characters, or a list with more
	// elements, than the service takes: options, choices, embeds, fields,
	// files.
	BaseTypeMaxLength = "BASE_TYPE_MAX_LENGTH"
	// BaseTypeMinLength: a list with fewer elements than it needs, such
	// as a string select or a checkbox group with fewer options than its
	// max_values allows to choose.
	BaseTypeMinLength = "BASE_TYPE_MIN_LENGTH"
	// BaseTypeChoices: a value outside the set the service takes: an
	// answer type the interaction does not allow, a kind of mention, a
	// permission overwrite's type.
	BaseTypeChoices = "BASE_TYPE_CHOICES"
	// BaseTypeString: a value that must be a string is not one, such as
	// the value of a choice or a suggestion for a STRING option.
	BaseTypeString = "BASE_TYPE_STRING"
	// BaseTypeBadType: a body, or a value in it, that is not of the type
	// the field takes, or not the JSON or form a body must be.
	BaseTypeBadType = "BASE_TYPE_BAD_TYPE"
	// BaseTypeDuplicate: a value given twice where it may be given once,
	// such as two file parts of one name.
	BaseTypeDuplicate = "BASE_TYPE_DUPLICATE"
	// BaseTypeBool: a boolean field of a JSON body, such as a permission
	// overwrite's permission, that is not true or false.
	BaseTypeBool = "BASE_TYPE_BOOL"
	// BaseTypeBoolean: a boolean query parameter that is not one of the
	// words of true or false.
	BaseTypeBoolean = "BASE_TYPE_BOOLEAN"
	// NumberTypeCoerce: a value that must be a number, a whole number or
	// a snowflake is not one.
	NumberTypeCoerce = "NUMBER_TYPE_COERCE"
	// NumberTypeMin: a number below its lower bound; min_values 0 in a
	// modal input that is required.
	NumberTypeMin = "NUMBER_TYPE_MIN"
	// NumberTypeMax: a number above its upper bound.
	NumberTypeMax = "NUMBER_TYPE_MAX"
	// EnumTypeCoerce: a value outside its enumeration: a command, option,
	// channel or component type, a locale, a context, an integration type,
	// a handler, a button or text input style, a separator spacing.
	EnumTypeCoerce = "ENUM_TYPE_COERCE"
	// UnionTypeChoices: a component where its type may not be, such as a
	// button in a modal or a section without IS_COMPONENTS_V2.
	UnionTypeChoices = "UNION_TYPE_CHOICES"
	// DictTypeConvert: a value that must be an object is not one.
	DictTypeConvert = "DICT_TYPE_CONVERT"

	// ApplicationCommandInvalidName: a CHAT_INPUT command name or an
	// option name has a character outside the allowed set, or an
	// upper-case letter.
	ApplicationCommandInvalidName = "APPLICATION_COMMAND_INVALID_NAME"
	// ApplicationCommandsDuplicateName: two commands of one type in one
	// scope share a name.
	ApplicationCommandsDuplicateName = "APPLICATION_COMMANDS_DUPLICATE_NAME"
	// ApplicationCommandOptionsRequiredInvalid: a required option follows
	// an optional one.
	ApplicationCommandOptionsRequiredInvalid = "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"
	// ApplicationCommandOptionsTypeInvalid: subcommands or groups beside
	// plain options, or an option where nesting does not allow its type.
	ApplicationCommandOptionsTypeInvalid = "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID"
	// ApplicationCommandTooLarge: the text of a CHAT_INPUT command
	// exceeds 8000 characters.
	ApplicationCommandTooLarge = "APPLICATION_COMMAND_TOO_LARGE"

	// ComponentCustomIDDuplicated: two components of one message or modal
	// share a custom_id.
	ComponentCustomIDDuplicated = "COMPONENT_CUSTOM_ID_DUPLICATED"
	// ComponentLayoutWidthExceeded: a row holds more than five buttons,
	// or a select or text input beside anything else.
	ComponentLayoutWidthExceeded = "COMPONENT_LAYOUT_WIDTH_EXCEEDED"
	// ButtonComponentCustomIDRequired: a button of a style that sends
	// interactions has no custom_id.
	ButtonComponentCustomIDRequired = "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED"
	// ButtonComponentCustomIDURLMutuallyExclusive: a link button has a
	// custom_id.
	ButtonComponentCustomIDURLMutuallyExclusive = "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE"
	// ButtonComponentInvalidApplication: a premium button whose SKU is
	// not the application's (discord/discord-api-docs#7447, #8182).
	ButtonComponentInvalidApplication = "BUTTON_COMPONENT_INVALID_APPLICATION"
	// SelectComponentOptionValueDuplicated: two options of a string
	// select share a value; or of a radio or checkbox group, where the
	// service's code is not published and a select's is used.
	SelectComponentOptionValueDuplicated = "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED"
	// SelectComponentTooManyDefaultValues: a select or a checkbox group
	// preselects more than its max_values, or a radio group more than one
	// option. Only the select's is the service's own.
	SelectComponentTooManyDefaultValues = "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES"
	// URLTypeInvalidScheme: a URL of a scheme its field does not take: an
	// embed's url or its author's url that is not http or https, an
	// image, thumbnail or icon of an embed, or media of a component, that
	// is not http, https or attachment://name, a LINK button's that is not
	// http, https or discord. The component specification does not say
	// which schemes a LINK button takes; the service refuses others with
	// this code.
	URLTypeInvalidScheme = "URL_TYPE_INVALID_SCHEME"
	// URLTypeInvalidURL: a URL that is not well formed, such as a web
	// address whose host has no dot or a path with a space. A URL may
	// break this rule and URLTypeInvalidScheme both, and is reported
	// under both codes: "javascript:alert(1)" has the scheme
	// "javascript:alert(1)" and is no web address either.
	URLTypeInvalidURL = "URL_TYPE_INVALID_URL"
	// UnfurledMediaItemReferencedAttachmentNotFound: an attachment://name
	// URL, in an image, thumbnail or icon of an embed or in the media of a
	// component, that names no file of the message
	// (discord/discord-api-docs#7754).
	UnfurledMediaItemReferencedAttachmentNotFound = "UNFURLED_MEDIA_ITEM_REFERENCED_ATTACHMENT_NOT_FOUND"

	// MaxEmbedSizeExceeded: the embeds of a message have more than 6000
	// characters of text in all.
	MaxEmbedSizeExceeded = "MAX_EMBED_SIZE_EXCEEDED"
	// MessageFlagsInvalid: a message flag the message may not set.
	MessageFlagsInvalid = "MESSAGE_FLAGS_INVALID"
	// MessageCannotUseLegacyFieldsWithComponentsV2: content, embeds or a
	// poll in a message with the flag IS_COMPONENTS_V2, which lays out its
	// text with components.
	MessageCannotUseLegacyFieldsWithComponentsV2 = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"
	// MessageAllowedMentionsParseExclusive: allowed mentions that parse a
	// kind of mention from the content and also list ids of that kind.
	MessageAllowedMentionsParseExclusive = "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"
)

// Codes of rules the service reports without a public code, or outside an
// errors tree: these are switchboard's names for them.
const (
	// ApplicationCommandOptionsDuplicateName: two options of one options
	// array share a name.
	ApplicationCommandOptionsDuplicateName = "APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME"
	// ApplicationCommandOptionsLocalizedNameConflict: a localized option
	// name equals the name of another option at its level, or that
	// option's name in the same locale.
	ApplicationCommandOptionsLocalizedNameConflict = "APPLICATION_COMMAND_OPTIONS_LOCALIZED_NAME_CONFLICT"
	// ApplicationCommandFieldNotAllowed: a field that the type of the
	// command or option does not take.
	ApplicationCommandFieldNotAllowed = "APPLICATION_COMMAND_FIELD_NOT_ALLOWED"
	// ApplicationCommandGlobalOnly: a command type that only the global
	// scope may hold; or, among command.Warnings, a field that takes
	// effect only on global commands, sent on a guild command.
	ApplicationCommandGlobalOnly = "APPLICATION_COMMAND_GLOBAL_ONLY"
	// ApplicationCommandGuildBotDM: among command.Warnings, a guild
	// command lists the BOT_DM context, which guild commands never reach.
	ApplicationCommandGuildBotDM = "APPLICATION_COMMAND_GUILD_BOT_DM"
	// ApplicationCommandAutocompleteWithChoices: autocomplete on an option
	// that has choices.
	ApplicationCommandAutocompleteWithChoices = "APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES"
	// ApplicationCommandOptionMinAboveMax: an option's min_value above its
	// max_value, or min_length above max_length.
	ApplicationCommandOptionMinAboveMax = "APPLICATION_COMMAND_OPTION_MIN_ABOVE_MAX"
	// ApplicationCommandDuplicateValue: integration_types or contexts
	// lists a value twice.
	ApplicationCommandDuplicateValue = "APPLICATION_COMMAND_DUPLICATE_VALUE"
	// ApplicationCommandsTooMany: a scope holds more commands of a type
	// than the service allows.
	ApplicationCommandsTooMany = "APPLICATION_COMMANDS_TOO_MANY"

	// ComponentFieldNotAllowed: a field the component's type or style
	// does not take, such as a url on a PRIMARY button, required on a
	// checkbox, a label of its own on a text input inside a Label,
	// disabled on a select in a modal, or content beside
	// IS_COMPONENTS_V2.
	ComponentFieldNotAllowed = "COMPONENT_FIELD_NOT_ALLOWED"
	// ComponentMinAboveMax: a component's min_values above its
	// max_values, or min_length above max_length.
	ComponentMinAboveMax = "COMPONENT_MIN_ABOVE_MAX"
	// ComponentsTooMany: a message with IS_COMPONENTS_V2 holds more than
	// 40 components, nested ones counted.
	ComponentsTooMany = "COMPONENTS_TOO_MANY"
	// ComponentIDDuplicated: two components of one message or modal share
	// a numeric id.
	ComponentIDDuplicated = "COMPONENT_ID_DUPLICATED"
	// ComponentFileAttachmentOnly: a file component whose url is not
	// attachment://name.
	ComponentFileAttachmentOnly = "COMPONENT_FILE_ATTACHMENT_ONLY"
	// ComponentMalformed: a raw component that does not parse: not an
	// object, no type, a type the service does not define, or a field of
	// the wrong kind.
	ComponentMalformed = "COMPONENT_MALFORMED"

	// MessagePollNotAddable: a poll in an answer that updates a message,
	// which exists already: a poll comes with a new message, or with the
	// edit that completes a deferred answer. How the service refuses it is
	// not public; package emulator answers it with 50035 and this code.
	MessagePollNotAddable = "MESSAGE_POLL_NOT_ADDABLE"
	// MessageEmpty: a new message that shows nothing: no content, embed,
	// component, file or poll. The service answers it with its error
	// 50006, "Cannot send an empty message".
	MessageEmpty = "MESSAGE_EMPTY"
	// VoiceMessageAdditionalContent: a voice message (the flag
	// IS_VOICE_MESSAGE) with content, embeds, components or a poll beside
	// its recording. The service answers it with its error 50159, "Voice
	// messages do not support additional content."
	VoiceMessageAdditionalContent = "VOICE_MESSAGE_ADDITIONAL_CONTENT"
	// VoiceMessageSingleAudioAttachment: a voice message without exactly
	// one attachment, or whose attachment is not audio (a media type
	// starting with "audio/"). The service answers it with its error
	// 50160, "Voice messages must have a single audio attachment."
	VoiceMessageSingleAudioAttachment = "VOICE_MESSAGE_SINGLE_AUDIO_ATTACHMENT"
	// VoiceMessageMetadata: the recording of a voice message without its
	// duration_secs or its waveform. The service answers it with its
	// error 50161, "Voice messages must have supporting metadata."
	VoiceMessageMetadata = "VOICE_MESSAGE_METADATA"
	// VoiceMessageEdited: an edit, or an UPDATE_MESSAGE answer, of a
	// voice message. The service answers it with its error 50162, "Voice
	// messages cannot be edited."
	VoiceMessageEdited = "VOICE_MESSAGE_EDITED"
	// FileTooLarge: a file larger than the interaction's attachment size
	// limit. The service answers it with 413 and its error 40005,
	// "Request entity too large".
	FileTooLarge = "FILE_TOO_LARGE"

	// FileTypesInvalid: an entry of file_types, of an ATTACHMENT option or
	// a file upload, that is neither a group (image, video, audio) nor an
	// extension with its leading dot.
	FileTypesInvalid = "FILE_TYPES_INVALID"
	// StringInvalidUTF8: text that is not valid UTF-8. JSON encoders
	// replace the bad bytes, so the service would store or show other
	// text than the one given, and two names that differ only there
	// would collide.
	StringInvalidUTF8 = "STRING_INVALID_UTF8"
	// ViolationsTruncated: not a rule, but the last violation of a list
	// cut short, whose message says how many are left out (see
	// component.MaxViolations).
	ViolationsTruncated = "VIOLATIONS_TRUNCATED"
)
