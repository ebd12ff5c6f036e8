package review

import (
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// checker collects the violations of one answer or message. It builds
// places, pointers and messages only when it reports, so that a valid
// answer costs no text.
type checker struct {
	words Wording
	// base is the place of the body: "answer" or "message".
	base string
	// data is the pointer of the answer's data in the body, "/data", or
	// "" when the body is the message; dataPlace is its place: base, or
	// "answer › modal" for the form of a MODAL answer.
	data      string
	dataPlace string
	out       rules.Violations
	// dropped is the number of violations past component.MaxViolations.
	dropped int
}

func (c *checker) init(w Wording, base, data string) {
	c.words, c.base, c.data, c.dataPlace = w, base, data, base
}

// say returns the words of a violation: bot's for the bot's developer,
// service's as the service's error body has them.
func (c *checker) say(bot, service string) string {
	if c.words == AsService {
		return service
	}
	return bot
}

// room reports whether there is room for another violation, and counts
// the one left out when there is not: a caller asks before it builds the
// violation's words, so that a body that breaks a rule many times over
// costs no more text than component.MaxViolations violations.
func (c *checker) room() bool {
	if len(c.out) < component.MaxViolations {
		return true
	}
	c.dropped++
	return false
}

// add records a violation at ptr, a pointer into the body.
func (c *checker) add(ptr, code, msg string) {
	c.out = append(c.out, rules.Violation{Place: c.place(ptr, -1), Pointer: ptr, Code: code, Message: msg})
}

// addPast records a violation of the list at ptr, which holds more than
// limit elements: its place names the first element too many.
func (c *checker) addPast(ptr string, limit int, code, msg string) {
	c.out = append(c.out, rules.Violation{Place: c.place(ptr, limit), Pointer: ptr, Code: code, Message: msg})
}

// place turns a pointer into the body into a place a person reads, from
// the top down, levels separated by " › " as the places of commands and
// components are: "/data/embeds/0/title" into "answer › embed 1 ›
// title". An element of a list is named by what the list holds and by
// its position, counting from 1, as components are; index, when it is
// not negative, names such an element of the list at ptr.
func (c *checker) place(ptr string, index int) string {
	var b strings.Builder
	rel := ptr
	if c.data != "" && (ptr == c.data || strings.HasPrefix(ptr, c.data+"/")) {
		b.WriteString(c.dataPlace)
		rel = ptr[len(c.data):]
	} else {
		b.WriteString(c.base)
	}
	var segs []string
	if rel != "" {
		// rel starts with the "/" of its first segment.
		segs = strings.Split(rel[1:], "/")
	}
	if index >= 0 {
		segs = append(segs, strconv.Itoa(index))
	}
	for i := 0; i < len(segs); i++ {
		b.WriteString(" › ")
		seg := strings.ReplaceAll(strings.ReplaceAll(segs[i], "~1", "/"), "~0", "~")
		if seg == "name_localizations" && i+1 < len(segs) {
			// An object keyed by locale, whatever the key reads as.
			b.WriteString(seg)
			b.WriteString(" › ")
			b.WriteString(strings.ReplaceAll(strings.ReplaceAll(segs[i+1], "~1", "/"), "~0", "~"))
			i++
			continue
		}
		if i+1 < len(segs) && isIndex(segs[i+1]) {
			// A list, as "embeds", and its element: "embed 1".
			b.WriteString(strings.TrimSuffix(seg, "s"))
			b.WriteByte(' ')
			b.WriteString(position(segs[i+1]))
			i++
			continue
		}
		if isIndex(seg) {
			b.WriteString(position(seg))
			continue
		}
		b.WriteString(seg)
	}
	return b.String()
}

// position returns the position, counting from 1, of the element at the
// index seg, a decimal number.
func position(seg string) string {
	n, err := strconv.Atoi(seg)
	if err != nil || n < 0 {
		return seg
	}
	return strconv.Itoa(n + 1)
}

func isIndex(seg string) bool {
	if seg == "" {
		return false
	}
	for i := 0; i < len(seg); i++ {
		if seg[i] < '0' || seg[i] > '9' {
			return false
		}
	}
	return true
}

// escape escapes a key for a JSON pointer.
func escape(key string) string {
	return strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1")
}

// finish returns the violations, with a count of those left out as the
// last one when there are more than component.MaxViolations.
func (c *checker) finish() rules.Violations {
	if c.dropped == 0 {
		return c.out
	}
	n := c.dropped
	if len(c.out) == component.MaxViolations {
		c.out = c.out[:component.MaxViolations-1]
		n++
	}
	return append(c.out, rules.Violation{
		Place:   c.base,
		Code:    rules.ViolationsTruncated,
		Message: strconv.Itoa(n) + " more violations are not reported",
	})
}

// adopt records the violations package component found in the components
// of the data, or of the modal, as violations of the body. A place the
// checker has reported already, in the service's own words (content or
// embeds beside IS_COMPONENTS_V2, more than 5 rows, a modal's custom_id,
// title and count), is not reported twice.
func (c *checker) adopt(vs rules.Violations) {
	own := len(c.out)
	for _, v := range vs {
		if v.Code == rules.ViolationsTruncated {
			// The count of those package component left out, which are
			// left out here too.
			n, err := strconv.Atoi(strings.TrimSuffix(v.Message, " more violations are not reported"))
			if err != nil || n < 1 {
				n = 1
			}
			c.dropped += n
			continue
		}
		ptr := c.data + v.Pointer
		if c.reported(ptr, own) || !c.room() {
			continue
		}
		// Package component names the body "message" or "modal" in a
		// rule of the whole body, and the components from the top down
		// in the others.
		place := c.place(ptr, -1)
		if v.Place != "message" && v.Place != "modal" {
			place = c.dataPlace + " › " + v.Place
		}
		c.out = append(c.out, rules.Violation{Place: place, Pointer: ptr, Code: v.Code, Message: v.Message})
	}
}

// reported reports whether one of the first n violations is at ptr.
func (c *checker) reported(ptr string, n int) bool {
	for _, v := range c.out[:n] {
		if v.Pointer == ptr {
			return true
		}
	}
	return false
}

// callbackType reports an answer type ix does not allow, and returns its
// CallbackError.
func (c *checker) callbackType(ix *interaction.Interaction, t interaction.CallbackType) *interaction.CallbackError {
	err := ix.CheckCallback(t)
	if err == nil {
		return nil
	}
	cb, ok := err.(*interaction.CallbackError)
	if !ok {
		cb = &interaction.CallbackError{Interaction: ix.Type, Callback: t}
	}
	var allowed strings.Builder
	for _, a := range interaction.CallbackTypes() {
		if ix.CheckCallback(a) == nil {
			if allowed.Len() > 0 {
				allowed.WriteString(", ")
			}
			allowed.WriteString(strconv.Itoa(int(a)))
		}
	}
	c.add("/type", rules.BaseTypeChoices, c.say(cb.Error(), "Value must be one of ("+allowed.String()+")."))
	return cb
}
