package review

import (
	"strconv"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// maxPollEmojiName is the most characters of the name of a poll answer's
// emoji (the service's OpenAPI description; its documentation is silent).
const maxPollEmojiName = 32

// poll checks the poll of the data against the limits of the service's
// public documentation of polls: a question of 1 to 300 characters, 1 to
// 10 answers of 1 to 55 characters each, an emoji that names a custom
// emoji or a Unicode one, a duration of 1 to 768 hours, the one layout.
// Where the OpenAPI description allows an answer 300 characters, the
// documentation's 55 is followed. Answers past the tenth are counted and
// not checked. The question's emoji, which the service does not show, is
// not checked.
func (c *checker) poll(p *interaction.PollRequest) {
	at := c.data + "/poll"
	if n := utf8.RuneCountInString(p.Question.Text); (n < 1 || n > interaction.MaxPollQuestion) && c.room() {
		c.add(at+"/question/text", rules.BaseTypeBadLength, c.between(n, 1, interaction.MaxPollQuestion, "characters"))
	}
	answers := p.Answers
	switch n := len(answers); {
	case n > interaction.MaxPollAnswers:
		if c.room() {
			c.addPast(at+"/answers", interaction.MaxPollAnswers, rules.BaseTypeBadLength, c.between(n, 1, interaction.MaxPollAnswers, "answers"))
		}
		answers = answers[:interaction.MaxPollAnswers]
	case n < 1 && c.room():
		c.add(at+"/answers", rules.BaseTypeBadLength, c.between(n, 1, interaction.MaxPollAnswers, "answers"))
	}
	for i := range answers {
		media := &answers[i].Media
		ptr := at + "/answers/" + strconv.Itoa(i) + "/poll_media"
		if n := utf8.RuneCountInString(media.Text); (n < 1 || n > interaction.MaxPollAnswerText) && c.room() {
			c.add(ptr+"/text", rules.BaseTypeBadLength, c.between(n, 1, interaction.MaxPollAnswerText, "characters"))
		}
		if e := media.Emoji; e != nil {
			c.pollEmoji(ptr+"/emoji", e)
		}
	}
	switch d := p.Duration; {
	case d < 0 && c.room():
		c.add(at+"/duration", rules.NumberTypeMin, c.say("must be at least 1 hour, is "+strconv.Itoa(d),
			"Value must be greater than or equal to 1."))
	case d > interaction.MaxPollDuration && c.room():
		c.add(at+"/duration", rules.NumberTypeMax, c.say("must be at most "+strconv.Itoa(interaction.MaxPollDuration)+" hours (32 days), is "+strconv.Itoa(d),
			"Value must be less than or equal to "+strconv.Itoa(interaction.MaxPollDuration)+"."))
	}
	if l := p.LayoutType; l != 0 && l != interaction.PollLayoutDefault && c.room() {
		c.add(at+"/layout_type", rules.BaseTypeChoices, c.say("must be 1 (DEFAULT), the one layout, is "+strconv.Itoa(int(l)),
			"Value must be one of (1)."))
	}
}

// pollEmoji checks the emoji of an answer at ptr: it names a custom emoji
// by its id or a Unicode one by its name, "one only needs to send either
// the id or name" (the documentation of polls).
func (c *checker) pollEmoji(ptr string, e *interaction.PollEmoji) {
	if e.ID == 0 && e.Name == "" {
		if c.room() {
			c.add(ptr, rules.BaseTypeRequired, c.say("an emoji needs an id (a custom emoji) or a name (a Unicode emoji)",
				"This field is required"))
		}
		return
	}
	if n := utf8.RuneCountInString(e.Name); n > maxPollEmojiName && c.room() {
		c.add(ptr+"/name", rules.BaseTypeMaxLength, c.tooMany(n, maxPollEmojiName, "characters"))
	}
}

// pollInUpdate reports the poll of an UPDATE_MESSAGE, which changes a
// message that exists: a poll comes with a new message, or with the edit
// that completes a deferred answer (the service's documentation of edits:
// "Polls can only be added when editing a deferred interaction
// response"), and the service's answer that updates a message takes none.
func (c *checker) pollInUpdate(p *interaction.PollRequest) {
	if p == nil || !c.room() {
		return
	}
	c.add(c.data+"/poll", rules.MessagePollNotAddable, c.say(
		"an update cannot add a poll: a poll comes with a new message, or with the edit that completes a deferred answer",
		"A poll can be added only to a new message, or by the edit that completes a deferred answer."))
}
