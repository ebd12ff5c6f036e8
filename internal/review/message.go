package review

import (
	"strconv"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Limits of a message (public facts of the service; the specification
// names the 25 embed fields and the upload limit).
const (
	maxContent = 2000
	maxRows    = 5 // action rows of a message without IS_COMPONENTS_V2
)

// message checks m, the data of the body (c.data), a message that what
// (such as "an update") is and that may set the flags allowed. A fresh
// message is a new one, which must show something.
func (c *checker) message(ix *interaction.Interaction, m *interaction.MessageData, allowed interaction.MessageFlags, what string, fresh bool) {
	// A text has no more characters than bytes: most are not counted.
	if len(m.Content) > maxContent {
		if n := utf8.RuneCountInString(m.Content); n > maxContent && c.room() {
			c.add(c.data+"/content", rules.BaseTypeMaxLength, c.tooMany(n, maxContent, "characters"))
		}
	}
	c.flags(m.Flags, allowed, what)
	if m.Flags&interaction.FlagIsComponentsV2 != 0 {
		// A message laid out with components holds its text in them.
		if m.Content != "" && c.room() {
			c.add(c.data+"/content", rules.MessageCannotUseLegacyFieldsWithComponentsV2, c.say(
				"a message with IS_COMPONENTS_V2 cannot have content; a text display holds its text",
				"The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"))
		}
		if len(m.Embeds) > 0 && c.room() {
			c.add(c.data+"/embeds", rules.MessageCannotUseLegacyFieldsWithComponentsV2, c.say(
				"a message with IS_COMPONENTS_V2 cannot have embeds",
				"The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"))
		}
		if m.Poll != nil && c.room() {
			c.add(c.data+"/poll", rules.MessageCannotUseLegacyFieldsWithComponentsV2, c.say(
				"a message with IS_COMPONENTS_V2 cannot have a poll",
				"The 'poll' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"))
		}
	} else if n := len(m.Components); n > maxRows && c.room() {
		c.addPast(c.data+"/components", maxRows, rules.BaseTypeMaxLength, c.tooMany(n, maxRows, "action rows"))
	}
	if m.AllowedMentions != nil {
		c.mentions(m.AllowedMentions)
	}
	c.embeds(m.Embeds)
	if len(m.Components) > 0 {
		// Without components, package component would find only the
		// content and embeds beside IS_COMPONENTS_V2, reported above.
		c.adopt(component.ValidateMessage(*m))
	}
	if m.Poll != nil {
		c.poll(m.Poll)
	}
	c.files(ix, m.Files)
	c.attachmentFields(m)
	if m.Flags&interaction.FlagIsVoiceMessage != 0 {
		c.voice(m, recordings(m))
	}
	if fresh && m.Content == "" && len(m.Embeds) == 0 && len(m.Components) == 0 && len(m.Files) == 0 && m.Poll == nil && c.room() {
		c.add(c.data, rules.MessageEmpty, c.say(
			"shows nothing: a message needs content, an embed, a component, a file or a poll",
			"Cannot send an empty message"))
	}
}

// tooMany words a text or list of n characters or elements, more than
// limit.
func (c *checker) tooMany(n, limit int, what string) string {
	return c.say("at most "+strconv.Itoa(limit)+" "+what+", has "+strconv.Itoa(n),
		"Must be "+strconv.Itoa(limit)+" or fewer in length.")
}

// between words a text or list of n characters or elements, outside
// minimum to maximum.
func (c *checker) between(n, minimum, maximum int, what string) string {
	return c.say(strconv.Itoa(minimum)+" to "+strconv.Itoa(maximum)+" "+what+", has "+strconv.Itoa(n),
		"Must be between "+strconv.Itoa(minimum)+" and "+strconv.Itoa(maximum)+" in length.")
}

// maxMentionIDs is how many users, and how many roles, allowed mentions
// may list (a public fact of the service).
const maxMentionIDs = 100

// mentions checks allowed mentions: the kinds of mention parsed from the
// content, the lists of ids, and that a kind is not both parsed and
// listed, which the service refuses (a public fact: its error
// MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE, at allowed_mentions).
func (c *checker) mentions(am *interaction.AllowedMentions) {
	parsesUsers, parsesRoles := false, false
	for i, p := range am.Parse {
		switch p {
		case "users":
			parsesUsers = true
			continue
		case "roles":
			parsesRoles = true
			continue
		case "everyone":
			continue
		}
		if !c.room() {
			return
		}
		c.add(c.data+"/allowed_mentions/parse/"+strconv.Itoa(i), rules.BaseTypeChoices, c.say(
			`must be "roles", "users" or "everyone", is `+strconv.Quote(p),
			"Value must be one of ('roles', 'users', 'everyone')."))
	}
	for _, l := range []struct {
		kind   string
		ids    []interaction.Snowflake
		parsed bool
	}{{"users", am.Users, parsesUsers}, {"roles", am.Roles, parsesRoles}} {
		if n := len(l.ids); n > maxMentionIDs && c.room() {
			c.addPast(c.data+"/allowed_mentions/"+l.kind, maxMentionIDs, rules.BaseTypeMaxLength, c.tooMany(n, maxMentionIDs, l.kind))
		}
		if l.parsed && len(l.ids) > 0 && c.room() {
			c.add(c.data+"/allowed_mentions", rules.MessageAllowedMentionsParseExclusive, c.say(
				`parses "`+l.kind+`" and lists `+l.kind+`: one or the other`,
				`parse:["`+l.kind+`"] and `+l.kind+`: [ids...] are mutually exclusive.`))
		}
	}
}

// files checks the number of files, and the size of those whose size is
// known without reading them. Files are parts of the request beside its
// JSON, so their pointers are not under the data.
func (c *checker) files(ix *interaction.Interaction, files []interaction.File) {
	if n := len(files); n > interaction.MaxFiles {
		if c.room() {
			c.addPast("/files", interaction.MaxFiles, rules.BaseTypeMaxLength, c.tooMany(n, interaction.MaxFiles, "files"))
		}
		files = files[:interaction.MaxFiles]
	}
	if len(files) == 0 {
		return
	}
	limit := ix.AttachmentLimit()
	for i, f := range files {
		if n, known := f.Size(); known && n > limit && c.room() {
			// Worded as the sender words a file it finds too large as it
			// reads it, so that one fault reads alike either way.
			tooLarge := &interaction.FileError{Size: n, Limit: limit, Err: interaction.ErrFileTooLarge}
			c.add("/files/"+strconv.Itoa(i), rules.FileTooLarge, c.say(
				strconv.Quote(f.Name)+" has "+tooLarge.Problem(), "Request entity too large"))
		}
	}
}
