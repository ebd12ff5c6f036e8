package answer

import (
	"strconv"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/urlrule"
)

// Codes of the rules of links, the service's own.
const (
	// CodeURLScheme: a URL of a scheme its field does not take: an
	// embed's url or its author's url that is not http or https, an
	// image, thumbnail or icon that is not http, https or
	// attachment://name; a LINK button's that is not http, https or
	// discord, or media of a component that is not http, https or
	// attachment://name (package component's CodeURLScheme).
	CodeURLScheme = urlrule.CodeScheme
	// CodeURLMalformed: a URL that is not well formed, such as a web
	// address whose host has no dot or a path with a space. A URL may
	// break both rules: "javascript:alert(1)" has the scheme
	// "javascript:alert(1)" and is no web address either.
	CodeURLMalformed = urlrule.CodeMalformed
	// CodeNotAttached: an attachment://name URL, in an image, thumbnail or
	// icon of an embed or in the media of a component, that names no file
	// of the message.
	CodeNotAttached = urlrule.CodeNotAttached
)

// maxEmbedColor is the largest color of an embed: 0xFFFFFF, the colors of
// 24 bits (the OpenAPI description's maximum, and the service's refusal
// of a larger one).
const maxEmbedColor = 0xFFFFFF

// The schemes of the links of an embed (the service's documentation of
// the embed object): its url and its author's, a page the title and the
// name open, http and https; its image, thumbnail and icons, pictures it
// shows, http, https and files of the message.
const (
	pageSchemes    = urlrule.Web
	pictureSchemes = urlrule.Web | urlrule.Attachment
)

// embedLinks checks the links and the color of the embed at index i. A
// link left out (an empty url of an author or footer, which the encoder
// leaves out) is not checked; an image or a thumbnail is sent with its
// url, even an empty one, which the service refuses. The embed's video
// and provider are not checked: the service ignores them in the embeds of
// bots and webhooks ("you can set every field except type, provider,
// video, …").
func (c *checker) embedLinks(i int, e *interaction.Embed) {
	if e.URL != "" {
		c.link(c.embedPointer(i, "/url"), e.URL, pageSchemes)
	}
	if e.Color < 0 && c.room() {
		c.add(c.embedPointer(i, "/color"), CodeNumberMin, c.say(
			"a color of 0 to 0xFFFFFF, is "+strconv.Itoa(e.Color),
			"int value should be greater than or equal to 0."))
	} else if e.Color > maxEmbedColor && c.room() {
		c.add(c.embedPointer(i, "/color"), CodeNumberMax, c.say(
			"a color of 0 to 0xFFFFFF, is 0x"+strconv.FormatInt(int64(e.Color), 16),
			"int value should be less than or equal to "+strconv.Itoa(maxEmbedColor)+"."))
	}
	if e.Author != nil {
		if e.Author.URL != "" {
			c.link(c.embedPointer(i, "/author/url"), e.Author.URL, pageSchemes)
		}
		if e.Author.IconURL != "" {
			c.link(c.embedPointer(i, "/author/icon_url"), e.Author.IconURL, pictureSchemes)
		}
	}
	if e.Footer != nil && e.Footer.IconURL != "" {
		c.link(c.embedPointer(i, "/footer/icon_url"), e.Footer.IconURL, pictureSchemes)
	}
	if e.Image != nil {
		c.link(c.embedPointer(i, "/image/url"), e.Image.URL, pictureSchemes)
	}
	if e.Thumbnail != nil {
		c.link(c.embedPointer(i, "/thumbnail/url"), e.Thumbnail.URL, pictureSchemes)
	}
}

// link checks the URL at ptr, of a field that takes the schemes s, by the
// service's rule of URLs (internal/urlrule), which package component
// follows too: at most 2048 characters, a scheme the field takes, a web
// address well formed.
func (c *checker) link(ptr, raw string, s urlrule.Schemes) {
	f := urlrule.Check(raw, s, urlrule.MaxLength)
	if f&urlrule.TooLong != 0 && c.room() {
		c.add(ptr, CodeMaxLength, c.tooMany(utf8.RuneCountInString(raw), urlrule.MaxLength, "characters"))
	}
	if f&urlrule.BadScheme != 0 && c.room() {
		c.add(ptr, CodeURLScheme, c.say("must be "+urlrule.Expected(s), urlrule.ServiceScheme(raw, s)))
	}
	if f&urlrule.Malformed != 0 && c.room() {
		c.add(ptr, CodeURLMalformed, c.say(urlrule.MalformedWords, urlrule.ServiceMalformed))
	}
}
