package interaction

import (
	"encoding/base64"
	"encoding/json"
	"strconv"
	"time"

	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/internal/jsonw"
)

// CallbackType is the type of an answer to an interaction.
type CallbackType int

// Callback types. DEFERRED_UPDATE_MESSAGE and UPDATE_MESSAGE answer
// component interactions, and the submissions of modals a component
// opened (see Interaction.CheckCallback); PREMIUM_REQUIRED is deprecated.
const (
	CallbackPong                             CallbackType = 1
	CallbackChannelMessageWithSource         CallbackType = 4
	CallbackDeferredChannelMessageWithSource CallbackType = 5
	CallbackDeferredUpdateMessage            CallbackType = 6
	CallbackUpdateMessage                    CallbackType = 7
	CallbackAutocompleteResult               CallbackType = 8
	CallbackModal                            CallbackType = 9
	CallbackPremiumRequired                  CallbackType = 10
	CallbackLaunchActivity                   CallbackType = 12
)

// callbackTypeNames holds the name of each CallbackType, indexed by its
// value.
var callbackTypeNames = [...]string{
	CallbackPong:                             "PONG",
	CallbackChannelMessageWithSource:         "CHANNEL_MESSAGE_WITH_SOURCE",
	CallbackDeferredChannelMessageWithSource: "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE",
	CallbackDeferredUpdateMessage:            "DEFERRED_UPDATE_MESSAGE",
	CallbackUpdateMessage:                    "UPDATE_MESSAGE",
	CallbackAutocompleteResult:               "APPLICATION_COMMAND_AUTOCOMPLETE_RESULT",
	CallbackModal:                            "MODAL",
	CallbackPremiumRequired:                  "PREMIUM_REQUIRED",
	CallbackLaunchActivity:                   "LAUNCH_ACTIVITY",
}

// CallbackTypes returns every answer type the service defines, in
// increasing order.
func CallbackTypes() []CallbackType {
	var ts []CallbackType
	for t, name := range callbackTypeNames {
		if name != "" {
			ts = append(ts, CallbackType(t))
		}
	}
	return ts
}

// String returns the name the specification gives the type, such as
// "CHANNEL_MESSAGE_WITH_SOURCE", or CallbackType(n) for a number it does
// not define.
func (t CallbackType) String() string { return enumName(callbackTypeNames[:], "CallbackType", t) }

// MessageFlags is a message flag bit set.
type MessageFlags uint64

// Message flags (public facts of the service).
const (
	FlagCrossposted                      MessageFlags = 1 << 0
	FlagIsCrosspost                      MessageFlags = 1 << 1
	FlagSuppressEmbeds                   MessageFlags = 1 << 2
	FlagSourceMessageDeleted             MessageFlags = 1 << 3
	FlagUrgent                           MessageFlags = 1 << 4
	FlagHasThread                        MessageFlags = 1 << 5
	FlagEphemeral                        MessageFlags = 1 << 6
	FlagLoading                          MessageFlags = 1 << 7
	FlagFailedToMentionSomeRolesInThread MessageFlags = 1 << 8
	FlagSuppressNotifications            MessageFlags = 1 << 12
	FlagIsVoiceMessage                   MessageFlags = 1 << 13
	FlagHasSnapshot                      MessageFlags = 1 << 14
	// FlagIsComponentsV2 lays a message out with components only: up to 40
	// components in all, and no content or embeds.
	FlagIsComponentsV2 MessageFlags = 1 << 15
)

// ResponseFlags are the flags an interaction response may set: the service
// ignores or refuses the others.
const ResponseFlags = FlagSuppressEmbeds | FlagEphemeral | FlagSuppressNotifications | FlagIsComponentsV2 | FlagIsVoiceMessage

// MessageData is the message of a CHANNEL_MESSAGE_WITH_SOURCE answer, and of
// follow-ups and edits.
type MessageData struct {
	TTS     bool   `json:"tts,omitzero"`
	Content string `json:"content,omitempty"`
	// ClearContent sends the content even when it is empty: an edit or an
	// update then removes the message's text (as a message that becomes a
	// layout of components with FlagIsComponentsV2 must), where an empty
	// Content alone leaves it as it is.
	ClearContent bool `json:"-"`
	// Embeds are the message's embeds. nil leaves an edited message's
	// embeds as they are; an empty, non-nil list removes them.
	Embeds []Embed `json:"embeds,omitzero"`
	// AllowedMentions limits who the message pings; nil leaves it to the
	// service's defaults (everything parsed from the content).
	AllowedMentions *AllowedMentions `json:"allowed_mentions,omitempty"`
	Flags           MessageFlags     `json:"flags,omitzero"`
	// Components are the message's components (action rows, or layout
	// components with FlagIsComponentsV2). nil leaves an edited message's
	// components as they are; an empty, non-nil list removes them.
	Components Components `json:"components,omitzero"`
	// Attachments name the attachments an edited message keeps, by their
	// ids; the attachments of Files are added to them when the message is
	// encoded. An edit with neither keeps every attachment the message
	// has; one with Files keeps only those named here besides its files,
	// since the list the files make is the whole list. An empty, non-nil
	// list without Files removes every attachment.
	Attachments []AttachmentRef `json:"attachments,omitzero"`
	// Files are uploaded with the message, which is then sent as
	// multipart/form-data (see File).
	Files []File `json:"-"`
	// Poll is the message's poll (see NewPoll). It comes with a new
	// message, or with the edit that completes a deferred answer, and
	// never with a message flagged FlagIsComponentsV2.
	Poll *PollRequest `json:"poll,omitempty"`
	// Reference makes a message sent to a channel a reply to another
	// message, or a forward of one. Answers and follow-ups, which reply
	// to their interaction, do not take it.
	Reference *MessageReference `json:"message_reference,omitempty"`
	// Nonce, at most 25 characters, marks a message sent to a channel
	// so that the service, asked to send the same nonce again within a
	// few minutes, returns the message it sent rather than a second one
	// (it is sent with enforce_nonce). Answers and follow-ups do not
	// take it.
	Nonce string `json:"nonce,omitempty"`
}

// MessageReferenceType says what a MessageReference makes of a message.
type MessageReferenceType int

// The kinds of message references.
const (
	// ReferenceDefault makes the message a reply to the referenced one.
	ReferenceDefault MessageReferenceType = 0
	// ReferenceForward makes the message a forward of the referenced
	// one: a copy of it, which needs the referenced message's ChannelID.
	ReferenceForward MessageReferenceType = 1
)

// MessageReference names the message another one replies to or forwards,
// as sent with a message and as the service writes it in one.
type MessageReference struct {
	Type      MessageReferenceType `json:"type,omitzero"`
	MessageID Snowflake            `json:"message_id"`
	// ChannelID and GuildID are where the referenced message is: a reply
	// may leave them out for a message of its own channel; a forward
	// names the channel.
	ChannelID Snowflake `json:"channel_id,omitzero"`
	GuildID   Snowflake `json:"guild_id,omitzero"`
	// FailIfNotExists refuses a reply to a message that does not exist
	// when true, as the service does by default (nil); false sends the
	// reply as a plain message instead.
	FailIfNotExists *bool `json:"fail_if_not_exists,omitempty"`
}

// appendJSON appends the JSON form of the reference to b.
func (r *MessageReference) appendJSON(b []byte) []byte {
	b = append(b, '{')
	if r.Type != ReferenceDefault {
		b = append(b, `"type":`...)
		b = strconv.AppendInt(b, int64(r.Type), 10)
		b = append(b, ',')
	}
	b = append(b, `"message_id":`...)
	b = appendQuotedSnowflake(b, r.MessageID)
	if r.ChannelID != 0 {
		b = append(b, `,"channel_id":`...)
		b = appendQuotedSnowflake(b, r.ChannelID)
	}
	if r.GuildID != 0 {
		b = append(b, `,"guild_id":`...)
		b = appendQuotedSnowflake(b, r.GuildID)
	}
	if r.FailIfNotExists != nil {
		b = append(b, `,"fail_if_not_exists":`...)
		b = strconv.AppendBool(b, *r.FailIfNotExists)
	}
	return append(b, '}')
}

// AllowedMentions controls which mentions in a message ping.
type AllowedMentions struct {
	// Parse lists the kinds of mention parsed from the content: "roles",
	// "users", "everyone". An empty list pings nobody.
	Parse       []string    `json:"parse"`
	Roles       []Snowflake `json:"roles,omitempty"`
	Users       []Snowflake `json:"users,omitempty"`
	RepliedUser bool        `json:"replied_user,omitzero"`
}

// NoMentions returns AllowedMentions that ping nobody.
func NoMentions() *AllowedMentions { return &AllowedMentions{Parse: []string{}} }

// AttachmentRef names an attachment of a message being sent or edited:
// an attachment the message has, by its id, or a file of the request, by
// its index in MessageData.Files.
//
// An edit changes only what an element sets of an attachment the message
// keeps: its description and its spoiler mark. Description and IsSpoiler
// are pointers so that an edit can tell "leave it" (nil) from "remove it"
// or "unmark it":
//
//	interaction.AttachmentRef{ID: id, IsSpoiler: new(false), Description: new("")}
type AttachmentRef struct {
	ID       Snowflake `json:"id"`
	Filename string    `json:"filename,omitempty"`
	// Title is the title of a new file (at most 1024 characters); an
	// edit does not change it.
	Title string `json:"title,omitempty"`
	// Description is the attachment's alternative text, at most 1024
	// characters. nil leaves an attachment the message keeps as it is;
	// a pointer to "" removes its text.
	Description *string `json:"description,omitempty"`
	// DurationSecs and Waveform describe the recording of a voice message
	// (FlagIsVoiceMessage), which needs both: its length in seconds, and
	// its samples, a byte each, in base64 (see File.Waveform).
	DurationSecs float64 `json:"duration_secs,omitzero"`
	Waveform     string  `json:"waveform,omitempty"`
	// IsSpoiler marks the attachment a spoiler, which clients blur until
	// it is clicked (the service sets AttachmentIsSpoiler in its flags),
	// or, pointing to false, unmarks it. nil leaves an attachment the
	// message keeps as it is. A name that starts with SpoilerPrefix keeps
	// the mark whatever IsSpoiler says.
	IsSpoiler *bool `json:"is_spoiler,omitempty"`
}

// appendJSON appends the JSON form of the reference to b.
func (a *AttachmentRef) appendJSON(b []byte) []byte {
	b = appendRefHead(b, a.ID, a.Filename, a.Title)
	if a.Description != nil {
		b = append(b, `,"description":`...)
		b = jsonw.AppendString(b, *a.Description)
	}
	b = appendVoice(b, a.DurationSecs, a.Waveform)
	if a.IsSpoiler != nil {
		b = append(b, `,"is_spoiler":`...)
		b = strconv.AppendBool(b, *a.IsSpoiler)
	}
	return append(b, '}')
}

// appendFileRef appends the element of the attachments list that
// describes f, the file of index i: written from the file itself, so that
// no AttachmentRef, and none of its pointers, is made for it.
func appendFileRef(b []byte, i int, f *File) []byte {
	b = appendRefHead(b, Snowflake(i), f.Name, f.Title)
	if f.Description != "" {
		b = append(b, `,"description":`...)
		b = jsonw.AppendString(b, f.Description)
	}
	if f.Duration > 0 {
		b = append(b, `,"duration_secs":`...)
		b = strconv.AppendFloat(b, f.Duration.Seconds(), 'g', -1, 64)
	}
	if len(f.Waveform) > 0 {
		// Base64 needs no escaping in a JSON string.
		b = append(b, `,"waveform":"`...)
		b = base64.StdEncoding.AppendEncode(b, f.Waveform)
		b = append(b, '"')
	}
	if f.Spoiler {
		b = append(b, `,"is_spoiler":true`...)
	}
	return append(b, '}')
}

// appendRefHead appends the start of an element of the attachments list,
// up to its optional fields, without its closing brace.
func appendRefHead(b []byte, id Snowflake, filename, title string) []byte {
	b = append(b, `{"id":"`...)
	b = strconv.AppendUint(b, uint64(id), 10)
	b = append(b, '"')
	if filename != "" {
		b = append(b, `,"filename":`...)
		b = jsonw.AppendString(b, filename)
	}
	if title != "" {
		b = append(b, `,"title":`...)
		b = jsonw.AppendString(b, title)
	}
	return b
}

// appendVoice appends the fields of a voice message's recording that are
// set.
func appendVoice(b []byte, seconds float64, waveform string) []byte {
	if seconds != 0 {
		b = append(b, `,"duration_secs":`...)
		b = strconv.AppendFloat(b, seconds, 'g', -1, 64)
	}
	if waveform != "" {
		b = append(b, `,"waveform":`...)
		b = jsonw.AppendString(b, waveform)
	}
	return b
}

// Embed is rich content in a message. A message carries at most 10 embeds,
// each with at most 25 fields.
type Embed struct {
	Title       string         `json:"title,omitempty"`
	Type        string         `json:"type,omitempty"`
	Description string         `json:"description,omitempty"`
	URL         string         `json:"url,omitempty"`
	Timestamp   time.Time      `json:"timestamp,omitzero"`
	Color       int            `json:"color,omitzero"`
	Footer      *EmbedFooter   `json:"footer,omitempty"`
	Image       *EmbedMedia    `json:"image,omitempty"`
	Thumbnail   *EmbedMedia    `json:"thumbnail,omitempty"`
	Video       *EmbedMedia    `json:"video,omitempty"`
	Provider    *EmbedProvider `json:"provider,omitempty"`
	Author      *EmbedAuthor   `json:"author,omitempty"`
	Fields      []EmbedField   `json:"fields,omitempty"`
}

// EmbedFooter is the footer of an embed.
type EmbedFooter struct {
	Text    string `json:"text"`
	IconURL string `json:"icon_url,omitempty"`
}

// EmbedMedia is an image, thumbnail or video of an embed.
type EmbedMedia struct {
	URL    string `json:"url"`
	Height int    `json:"height,omitzero"`
	Width  int    `json:"width,omitzero"`
}

// EmbedProvider is the provider of an embed.
type EmbedProvider struct {
	Name string `json:"name,omitempty"`
	URL  string `json:"url,omitempty"`
}

// EmbedAuthor is the author of an embed.
type EmbedAuthor struct {
	Name    string `json:"name"`
	URL     string `json:"url,omitempty"`
	IconURL string `json:"icon_url,omitempty"`
}

// EmbedField is a field of an embed.
type EmbedField struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline,omitzero"`
}

// Choice is an autocomplete suggestion, or a fixed choice of an option.
type Choice struct {
	Name              string            `json:"name"`
	NameLocalizations map[Locale]string `json:"name_localizations,omitempty"`
	Value             Value             `json:"value"`
}

// StringChoice returns a choice with a string value.
func StringChoice(name, value string) Choice { return Choice{Name: name, Value: StringValue(value)} }

// IntChoice returns a choice with an integer value.
func IntChoice(name string, value int64) Choice { return Choice{Name: name, Value: IntValue(value)} }

// FloatChoice returns a choice with a number value.
func FloatChoice(name string, value float64) Choice {
	return Choice{Name: name, Value: FloatValue(value)}
}

// Localize returns the choice with its name in a locale. The choice's map is
// not modified, so choices made from one another never share names.
func (c Choice) Localize(locale Locale, name string) Choice {
	names := make(map[Locale]string, len(c.NameLocalizations)+1)
	for k, v := range c.NameLocalizations {
		names[k] = v
	}
	names[locale] = name
	c.NameLocalizations = names
	return c
}

// Modal is a pop-up form.
type Modal struct {
	CustomID string `json:"custom_id"`
	Title    string `json:"title"`
	// Components are the modal's rows, each as its JSON object.
	Components Components `json:"components"`
}

// Response is an answer to an interaction: the body of the endpoint's HTTP
// response, or of the callback endpoint. Build it with the functions below;
// its zero value is not a valid answer.
type Response struct {
	Type CallbackType
	// Message is the message of CHANNEL_MESSAGE_WITH_SOURCE and
	// UPDATE_MESSAGE; of the deferred types only its flags are sent.
	Message MessageData
	// Choices are the suggestions of an autocomplete result.
	Choices []Choice
	// Modal is the form of a MODAL answer.
	Modal *Modal
}

// Pong answers a PING.
func Pong() Response { return Response{Type: CallbackPong} }

// Reply answers with a message.
func Reply(content string) Response {
	return Response{Type: CallbackChannelMessageWithSource, Message: MessageData{Content: content}}
}

// ReplyMessage answers with a message built in full.
func ReplyMessage(m MessageData) Response {
	return Response{Type: CallbackChannelMessageWithSource, Message: m}
}

// Defer acknowledges the interaction and shows "thinking…"; the message
// follows within 15 minutes by editing the original response.
func Defer() Response { return Response{Type: CallbackDeferredChannelMessageWithSource} }

// Update answers a component by replacing the content of the message it is
// on. The message's other parts (embeds, components) stay unless the
// answer sets them; see WithComponents.
func Update(content string) Response {
	return Response{Type: CallbackUpdateMessage, Message: MessageData{Content: content}}
}

// UpdateMessage answers a component by editing the message it is on with
// m: the fields m sets replace the message's.
func UpdateMessage(m MessageData) Response { return Response{Type: CallbackUpdateMessage, Message: m} }

// DeferUpdate acknowledges a component without a visible change; the
// message it is on may be edited within 15 minutes by editing the
// original response.
func DeferUpdate() Response { return Response{Type: CallbackDeferredUpdateMessage} }

// AutocompleteResult answers an autocomplete interaction with suggestions.
func AutocompleteResult(choices ...Choice) Response {
	return Response{Type: CallbackAutocompleteResult, Choices: choices}
}

// ShowModal answers with a form.
func ShowModal(m Modal) Response { return Response{Type: CallbackModal, Modal: &m} }

// LaunchActivity answers by launching the application's Activity.
func LaunchActivity() Response { return Response{Type: CallbackLaunchActivity} }

// Ephemeral makes the message, or the deferred message, visible only to the
// user who invoked the command.
func (r Response) Ephemeral() Response {
	r.Message.Flags |= FlagEphemeral
	return r
}

// WithFlags sets message flags.
func (r Response) WithFlags(f MessageFlags) Response {
	r.Message.Flags |= f
	return r
}

// WithComponents sets the message's components: action rows, or the
// layout components of a message flagged IS_COMPONENTS_V2. Package
// component builds them within the service's limits.
//
// Without components, it removes those of the message being updated.
func (r Response) WithComponents(cs ...Component) Response {
	if cs == nil {
		cs = Components{}
	}
	r.Message.Components = cs
	return r
}

// WithAllowedMentions sets who the message may ping. A reply that
// repeats what a user typed should ping nobody, or "@everyone" typed
// into an option pings the whole guild:
//
//	interaction.Reply("Hello, " + name).WithAllowedMentions(interaction.NoMentions())
func (r Response) WithAllowedMentions(m *AllowedMentions) Response {
	r.Message.AllowedMentions = m
	return r
}

// MarshalJSON encodes the response as the service expects it.
func (r Response) MarshalJSON() ([]byte, error) { return r.AppendJSON(nil) }

// AppendJSON appends the JSON form of the response to b. The common shapes
// (a text message, deferral, suggestions) are written directly; embeds,
// components and modals go through the JSON encoder.
func (r Response) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"type":`...)
	b = strconv.AppendInt(b, int64(r.Type), 10)
	var err error
	switch r.Type {
	case CallbackChannelMessageWithSource, CallbackUpdateMessage:
		b = append(b, `,"data":`...)
		if b, err = r.Message.AppendJSON(b); err != nil {
			return nil, err
		}
	case CallbackDeferredChannelMessageWithSource, CallbackDeferredUpdateMessage:
		if r.Message.Flags != 0 {
			b = append(b, `,"data":{"flags":`...)
			b = strconv.AppendUint(b, uint64(r.Message.Flags), 10)
			b = append(b, '}')
		}
	case CallbackAutocompleteResult:
		b = append(b, `,"data":{"choices":[`...)
		for i, c := range r.Choices {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = c.AppendJSON(b); err != nil {
				return nil, err
			}
		}
		b = append(b, "]}"...)
	case CallbackModal:
		if r.Modal != nil {
			m, err := jsonv2.Marshal(r.Modal)
			if err != nil {
				return nil, err
			}
			b = append(b, `,"data":`...)
			b = append(b, m...)
		}
	}
	return append(b, '}'), nil
}

// AppendJSON appends the JSON form of the message to b.
func (m *MessageData) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, '{')
	first := true
	sep := func() {
		if !first {
			b = append(b, ',')
		}
		first = false
	}
	if m.TTS {
		sep()
		b = append(b, `"tts":true`...)
	}
	if m.Content != "" || m.ClearContent {
		sep()
		b = append(b, `"content":`...)
		b = jsonw.AppendString(b, m.Content)
	}
	if m.Flags != 0 {
		sep()
		b = append(b, `"flags":`...)
		b = strconv.AppendUint(b, uint64(m.Flags), 10)
	}
	if m.AllowedMentions != nil {
		sep()
		b = append(b, `"allowed_mentions":{"parse":[`...)
		for i, p := range m.AllowedMentions.Parse {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.AppendString(b, p)
		}
		b = append(b, ']')
		b = appendIDs(b, `,"roles":[`, m.AllowedMentions.Roles)
		b = appendIDs(b, `,"users":[`, m.AllowedMentions.Users)
		if m.AllowedMentions.RepliedUser {
			b = append(b, `,"replied_user":true`...)
		}
		b = append(b, '}')
	}
	var err error
	if m.Embeds != nil {
		sep()
		if b, err = appendEncoded(b, `"embeds":`, m.Embeds); err != nil {
			return nil, err
		}
	}
	if m.Components != nil {
		sep()
		if b, err = appendEncoded(b, `"components":`, m.Components); err != nil {
			return nil, err
		}
	}
	if m.Poll != nil {
		sep()
		if b, err = appendEncoded(b, `"poll":`, m.Poll); err != nil {
			return nil, err
		}
	}
	if m.Nonce != "" {
		sep()
		b = append(b, `"nonce":`...)
		b = jsonw.AppendString(b, m.Nonce)
		b = append(b, `,"enforce_nonce":true`...)
	}
	if m.Reference != nil {
		sep()
		b = append(b, `"message_reference":`...)
		b = m.Reference.appendJSON(b)
	}
	if m.Attachments != nil || len(m.Files) > 0 {
		sep()
		b = append(b, `"attachments":[`...)
		for i := range m.Attachments {
			if i > 0 {
				b = append(b, ',')
			}
			b = m.Attachments[i].appendJSON(b)
		}
		for i := range m.Files {
			if i > 0 || len(m.Attachments) > 0 {
				b = append(b, ',')
			}
			// An uploaded file's id is its index: it ties the element
			// to the files[n] part.
			b = appendFileRef(b, i, &m.Files[i])
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

func appendEncoded(b []byte, key string, v any) ([]byte, error) {
	enc, err := jsonv2.Marshal(v)
	if err != nil {
		return nil, err
	}
	b = append(b, key...)
	return append(b, enc...), nil
}

func appendIDs(b []byte, prefix string, ids []Snowflake) []byte {
	if len(ids) == 0 {
		return b
	}
	b = append(b, prefix...)
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendQuotedSnowflake(b, id)
	}
	return append(b, ']')
}

// AppendJSON appends the JSON form of the choice to b.
func (c *Choice) AppendJSON(b []byte) ([]byte, error) {
	if !c.Value.finite() {
		return nil, errNonFinite
	}
	b = append(b, `{"name":`...)
	b = jsonw.AppendString(b, c.Name)
	if len(c.NameLocalizations) > 0 {
		enc, err := jsonv2.Marshal(c.NameLocalizations, jsonv2.Deterministic(true))
		if err != nil {
			return nil, err
		}
		b = append(b, `,"name_localizations":`...)
		b = append(b, enc...)
	}
	b = append(b, `,"value":`...)
	b = c.Value.AppendJSON(b)
	return append(b, '}'), nil
}

// UnmarshalJSON decodes a response, so that tests and emulators can read
// what a bot answered.
func (r *Response) UnmarshalJSON(b []byte) error {
	var wire struct {
		Type CallbackType    `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if err := jsonv2.Unmarshal(b, &wire); err != nil {
		return err
	}
	*r = Response{Type: wire.Type}
	if len(wire.Data) == 0 || string(wire.Data) == "null" {
		return nil
	}
	switch wire.Type {
	case CallbackAutocompleteResult:
		var d struct {
			Choices []Choice `json:"choices"`
		}
		if err := jsonv2.Unmarshal(wire.Data, &d); err != nil {
			return err
		}
		r.Choices = d.Choices
	case CallbackModal:
		r.Modal = new(Modal)
		return jsonv2.Unmarshal(wire.Data, r.Modal)
	default:
		return jsonv2.Unmarshal(wire.Data, &r.Message)
	}
	return nil
}
