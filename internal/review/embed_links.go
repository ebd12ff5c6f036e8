package review

import (
	"strconv"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/urlrule"
	"github.com/switchboard-go/switchboard/rules"
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
		c.add(c.embedPointer(i, "/color"), rules.NumberTypeMin, c.say(
			"a color of 0 to 0xFFFFFF, is "+strconv.Itoa(e.Color),
			"int value should be greater than or equal to 0."))
	} else if e.Color > maxEmbedColor && c.room() {
		c.add(c.embedPointer(i, "/color"), rules.NumberTypeMax, c.say(
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
		c.add(ptr, rules.BaseTypeMaxLength, c.tooMany(utf8.RuneCountInString(raw), urlrule.MaxLength, "characters"))
	}
	if f&urlrule.BadScheme != 0 && c.room() {
		c.add(ptr, rules.URLTypeInvalidScheme, c.say("must be "+urlrule.Expected(s), urlrule.ServiceScheme(raw, s)))
	}
	if f&urlrule.Malformed != 0 && c.room() {
		c.add(ptr, rules.URLTypeInvalidURL, c.say(urlrule.MalformedWords, urlrule.ServiceMalformed))
	}
}
