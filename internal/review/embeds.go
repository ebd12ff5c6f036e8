package review

import (
	"strconv"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Limits of embeds (public facts of the service; the specification names
// the 25 fields, which the service once cut silently and now refuses).
const (
	maxEmbeds           = 10
	maxEmbedFields      = 25
	maxEmbedTitle       = 256
	maxEmbedDescription = 4096
	maxFieldName        = 256
	maxFieldValue       = 1024
	maxFooterText       = 2048
	maxAuthorName       = 256
	// maxEmbedTotal is the characters of text of every embed of a
	// message: titles, descriptions, field names and values, footers and
	// author names.
	maxEmbedTotal = 6000
)

// embeds checks the embeds of the data: their number, the length of
// their texts, their fields, and the text of them all. Past their limits,
// embeds and fields are counted and not checked, and their text is not
// counted.
func (c *checker) embeds(embeds []interaction.Embed) {
	if n := len(embeds); n > maxEmbeds {
		if c.room() {
			c.addPast(c.data+"/embeds", maxEmbeds, rules.BaseTypeMaxLength, c.tooMany(n, maxEmbeds, "embeds"))
		}
		embeds = embeds[:maxEmbeds]
	}
	total := 0
	for i := range embeds {
		total += c.embed(i, &embeds[i])
	}
	if total > maxEmbedTotal && c.room() {
		c.add(c.data+"/embeds", rules.MaxEmbedSizeExceeded, c.say(
			"at most "+strconv.Itoa(maxEmbedTotal)+" characters of text in all the embeds (titles, descriptions, "+
				"field names and values, footers and author names), has "+strconv.Itoa(total),
			"Embed size exceeds maximum size of "+strconv.Itoa(maxEmbedTotal)))
	}
}

// embed checks the embed at index i, and returns the characters of its
// text.
func (c *checker) embed(i int, e *interaction.Embed) int {
	total := c.embedText(i, "/title", e.Title, maxEmbedTitle)
	total += c.embedText(i, "/description", e.Description, maxEmbedDescription)
	c.embedLinks(i, e)
	if e.Footer != nil {
		total += c.embedText(i, "/footer/text", e.Footer.Text, maxFooterText)
	}
	if e.Author != nil {
		total += c.embedText(i, "/author/name", e.Author.Name, maxAuthorName)
	}
	fields := e.Fields
	if n := len(fields); n > maxEmbedFields {
		if c.room() {
			c.addPast(c.embedPointer(i, "/fields"), maxEmbedFields, rules.BaseTypeMaxLength, c.tooMany(n, maxEmbedFields, "fields"))
		}
		fields = fields[:maxEmbedFields]
	}
	for j := range fields {
		f := &fields[j]
		total += c.fieldText(i, j, "/name", f.Name, maxFieldName)
		total += c.fieldText(i, j, "/value", f.Value, maxFieldValue)
	}
	return total
}

// embedText checks a text of the embed at index i, at most limit
// characters, and returns its characters.
func (c *checker) embedText(i int, field, s string, limit int) int {
	n := utf8.RuneCountInString(s)
	if n > limit && c.room() {
		c.add(c.embedPointer(i, field), rules.BaseTypeMaxLength, c.tooMany(n, limit, "characters"))
	}
	return n
}

// fieldText checks the name or value of field j of the embed at index i:
// required (the service's embed field has a name and a value, both
// required), of at most limit characters. It returns its characters.
func (c *checker) fieldText(i, j int, field, s string, limit int) int {
	n := utf8.RuneCountInString(s)
	switch {
	case n == 0 && c.room():
		c.add(c.embedPointer(i, "/fields/"+strconv.Itoa(j)+field), rules.BaseTypeRequired,
			c.say("required: a field of an embed has a name and a value", "This field is required"))
	case n > limit && c.room():
		c.add(c.embedPointer(i, "/fields/"+strconv.Itoa(j)+field), rules.BaseTypeMaxLength, c.tooMany(n, limit, "characters"))
	}
	return n
}

// embedPointer returns the pointer of a field of the embed at index i.
func (c *checker) embedPointer(i int, field string) string {
	return c.data + "/embeds/" + strconv.Itoa(i) + field
}
