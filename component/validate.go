package component

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Limits of the service (the facts of components, and the public
// documentation where they are silent).
const (
	maxCustomID          = 100
	maxLegacyRows        = 5
	maxRowWidth          = 5
	maxLayoutComponents  = 40
	maxButtonLabel       = 80
	maxButtonURL         = 512 // public documentation
	maxPlaceholder       = 150
	maxSelectValues      = 25
	maxOptions           = 25
	maxOptionText        = 100
	maxInputLabel        = 45
	maxInputLength       = 4000
	maxInputPlaceholder  = 100
	maxModalTitle        = 45
	maxModalComponents   = 5
	maxLabelDescription  = 100 // public documentation
	maxUploadValues      = 10  // public documentation
	minRadioOptions      = 2
	maxGroupOptions      = 10 // radio and checkbox groups
	maxGroupValues       = 10 // checkbox groups
	maxSectionTexts      = 3  // public documentation
	maxGalleryItems      = 10 // public documentation
	maxMediaDescription  = 1024
	maxLayoutText        = 4000 // public documentation: all text displays of a message together
	maxAccentColor       = 0xFFFFFF
	maxComponentID       = 1<<31 - 1 // ids are non-negative 32-bit integers
	maxPlaceName         = 32
	attachmentURLPrefix  = "attachment://"
	componentsV2FlagName = "IS_COMPONENTS_V2"
)

// ValidateMessage checks the components of a message, as sent in a reply,
// a follow-up or an edit, against every rule of the service that can be
// checked locally, and returns every violation at once, nil when there is
// none. Raw components are parsed first; one that does not parse is a
// violation. With the flag IS_COMPONENTS_V2 the message is laid out with
// components and may not have content or embeds; the service refuses a
// poll and stickers too, which MessageData does not carry.
//
// Nil components leave an edited message's components as they are, and
// are no violation. The service also refuses an edit that clears
// IS_COMPONENTS_V2 from a message that has it, which depends on the
// message being edited and is not checked here.
func ValidateMessage(m interaction.MessageData) rules.Violations {
	var v validator
	v.init(m.Flags&interaction.FlagIsComponentsV2 != 0, false)
	top := m.Components
	if v.layout {
		if m.Content != "" {
			v.report(field("content"), rules.ComponentFieldNotAllowed,
				"a message with "+componentsV2FlagName+" cannot have content; a text display holds its text")
		}
		if len(m.Embeds) > 0 {
			v.report(field("embeds"), rules.ComponentFieldNotAllowed, "a message with "+componentsV2FlagName+" cannot have embeds")
		}
	} else if len(top) > maxLegacyRows {
		v.report(field("components"), rules.BaseTypeBadLength, "a message holds at most "+strconv.Itoa(maxLegacyRows)+
			" action rows, has "+strconv.Itoa(len(top))+onlyFirst(len(top), maxLegacyRows))
		top = top[:maxLegacyRows]
	}
	ctx := ctxMessageTop
	if v.layout {
		ctx = ctxLayoutTop
	}
	v.top(top, ctx)
	if v.layout && v.count > maxLayoutComponents {
		has := strconv.Itoa(v.count)
		if v.counting {
			has = "at least " + has + "; only the first " + strconv.Itoa(maxLayoutComponents) + " are checked"
		}
		v.report(field("components"), rules.ComponentsTooMany, "a message with "+componentsV2FlagName+
			" holds at most "+strconv.Itoa(maxLayoutComponents)+" components, nested ones counted, has "+has)
	}
	return v.finish()
}

// ValidateModal checks a modal, as the body of a MODAL answer, against
// every rule of the service that can be checked locally, and returns every
// violation at once, nil when there is none. Raw components are parsed
// first; one that does not parse is a violation.
func ValidateModal(m interaction.Modal) rules.Violations {
	var v validator
	v.init(false, true)
	// The modal's custom_id is not among its components' ones, which must
	// be unique; it may equal one of them.
	v.text(field("custom_id"), "custom_id", m.CustomID, 1, maxCustomID)
	v.text(field("title"), "title", m.Title, 1, maxModalTitle)
	top := m.Components
	if n := len(top); n < 1 || n > maxModalComponents {
		v.report(field("components"), rules.BaseTypeBadLength, "a modal holds 1 to "+strconv.Itoa(maxModalComponents)+
			" components, has "+strconv.Itoa(n)+onlyFirst(n, maxModalComponents))
		top = top[:min(n, maxModalComponents)]
	}
	v.top(top, ctxModalTop)
	return v.finish()
}

// MaxViolations is the most violations ValidateMessage and ValidateModal
// return. When a body breaks more rules, the last of them is replaced by
// one of code rules.ViolationsTruncated that says how many are left out,
// so that a body made to break rules many times over costs little time
// and memory, and its report stays readable.
const MaxViolations = 100

// onlyFirst says, in a violation of a list of n elements that holds at
// most limit, that only the first limit elements are checked: the list is
// refused as a whole, and checking every element would let a long list
// cost time in proportion to its length, and with it the report.
func onlyFirst(n, limit int) string {
	if n <= limit {
		return ""
	}
	return "; only the first " + strconv.Itoa(limit) + " are checked"
}

// validator walks the components of one message or modal and collects
// violations. It builds places and pointers only when it reports, so that
// valid components cost no text.
type validator struct {
	layout bool // a message with IS_COMPONENTS_V2
	modal  bool
	out    rules.Violations
	// steps[:depth] are the components from the top down to the current
	// one. The validator holds no pointer into itself, so that it can
	// live on the stack.
	steps [maxDepth + 2]step
	depth int
	// count is the number of components so far, nested ones counted.
	count int
	// counting is set once a message with IS_COMPONENTS_V2 has more
	// components than it may hold: the walk then counts the components
	// of the lists it is in, without looking into them, and checks no
	// more.
	counting bool
	// textChars is the number of characters of the text displays so far.
	textChars int
	// customIDs and ids are those seen so far, for uniqueness.
	customIDs seen[string]
	ids       seen[int]
	// dropped is the number of violations past MaxViolations.
	dropped int
}

func (v *validator) init(layout, modal bool) { v.layout, v.modal = layout, modal }

// path returns the components from the top down to the current one.
func (v *validator) path() []step { return v.steps[:v.depth] }

// seen is a set of values, kept in an array, which costs no allocation,
// while it holds as few as the components of a message: the walk checks
// at most maxLayoutComponents components. A map takes the values past
// them, so that uniqueness stays linear if ever more are checked.
type seen[T comparable] struct {
	small [maxLayoutComponents]T
	n     int // values in small
	more  map[T]struct{}
}

// add adds x and reports whether it was not there yet.
func (s *seen[T]) add(x T) bool {
	for _, y := range s.small[:s.n] {
		if y == x {
			return false
		}
	}
	if s.n < len(s.small) {
		s.small[s.n] = x
		s.n++
		return true
	}
	if _, ok := s.more[x]; ok {
		return false
	}
	if s.more == nil {
		s.more = make(map[T]struct{})
	}
	s.more[x] = struct{}{}
	return true
}

// step is one level of the walk: a component, reached through a field of
// its parent ("components" with an index, or "accessory" or "component").
type step struct {
	field string
	index int // -1 for a field that holds one component
	c     interaction.Component
}

// at is a place inside the current component: one of its fields, an
// element of a list field, or a field of that element. The zero at is the
// component itself.
type at struct {
	field string
	index int // -1 when the field as a whole is meant
	sub   string
}

func field(name string) at                      { return at{field: name, index: -1} }
func fieldOf(name, sub string) at               { return at{field: name, index: -1, sub: sub} }
func elem(name string, i int) at                { return at{field: name, index: i} }
func elemField(name string, i int, f string) at { return at{field: name, index: i, sub: f} }

// context is where a component is, which decides the types it may have.
type context int

const (
	ctxMessageTop context = iota // a message without IS_COMPONENTS_V2
	ctxLayoutTop                 // a message with IS_COMPONENTS_V2
	ctxModalTop
	ctxRow
	ctxSectionText
	ctxAccessory
	ctxContainer
	ctxLabel
)

// top checks the top-level components of the body.
func (v *validator) top(cs []interaction.Component, ctx context) {
	for i, c := range cs {
		v.child(c, "components", i, ctx)
	}
}

// child parses (where it is raw) and checks c, found in the field of the
// current component (of the body, at the top), at index i or -1.
func (v *validator) child(c interaction.Component, fieldName string, i int, ctx context) {
	if v.depth > maxDepth {
		// Deeper than any layout: the misplaced parent is reported.
		return
	}
	if v.layout && v.count >= maxLayoutComponents {
		// The message holds too many components already: the rest are
		// counted, so that the violation says how many there are at
		// least, and not checked, so that a long list costs little.
		v.count++
		v.counting = true
		return
	}
	v.steps[v.depth] = step{field: fieldName, index: i, c: c}
	v.depth++
	v.checkChild(c, ctx)
	v.depth--
}

// checkChild checks c, the component at the end of the path.
func (v *validator) checkChild(c interaction.Component, ctx context) {
	if !isTyped(c) {
		// The components of a typed container are parsed one by one as
		// the walk reaches them, so only what is not typed needs parsing.
		parsed, _, err := parse(c, nil, v.depth)
		if err != nil {
			v.parseFailure(err)
			return
		}
		c = parsed
		v.steps[v.depth-1].c = c
	}
	v.count++
	if c == nil {
		v.report(at{}, rules.BaseTypeRequired, "a component is required here, found none")
		return
	}
	if !v.allowed(c.ComponentType(), ctx) {
		return
	}
	v.numericID(c)
	v.check(c, ctx)
}

// parseFailure reports a raw component that does not parse.
func (v *validator) parseFailure(err error) {
	var pe *ParseError
	if !errors.As(err, &pe) {
		v.report(at{}, rules.ComponentMalformed, err.Error())
		return
	}
	msg := "the component does not parse: " + pe.Reason
	if pe.Pointer != "" {
		msg += " at " + pe.Pointer[1:]
	}
	if v.full() {
		return
	}
	v.out = append(v.out, rules.Violation{
		Place:   v.place(),
		Pointer: v.pointer(at{}) + pe.Pointer,
		Code:    rules.ComponentMalformed,
		Message: msg,
	})
}

// report records a violation at a of the current component.
func (v *validator) report(a at, code, msg string) {
	if v.full() {
		return
	}
	v.out = append(v.out, rules.Violation{Place: v.place(), Pointer: v.pointer(a), Code: code, Message: msg})
}

// full reports whether the violations have reached MaxViolations, and
// then counts the one that is left out, without building its place.
func (v *validator) full() bool {
	if len(v.out) < MaxViolations {
		return false
	}
	v.dropped++
	return true
}

// finish returns the violations, the last one of them replaced by a count
// of those left out when there are more than MaxViolations.
func (v *validator) finish() rules.Violations {
	if v.dropped > 0 {
		v.out[MaxViolations-1] = rules.Violation{
			Place:   v.body(),
			Code:    rules.ViolationsTruncated,
			Message: strconv.Itoa(v.dropped+1) + " more violations are not reported",
		}
	}
	return v.out
}

func (v *validator) pointer(a at) string {
	var b strings.Builder
	for _, s := range v.path() {
		b.WriteByte('/')
		b.WriteString(s.field)
		if s.index >= 0 {
			b.WriteByte('/')
			b.WriteString(strconv.Itoa(s.index))
		}
	}
	if a.field != "" {
		b.WriteByte('/')
		b.WriteString(a.field)
		if a.index >= 0 {
			b.WriteByte('/')
			b.WriteString(strconv.Itoa(a.index))
		}
		if a.sub != "" {
			b.WriteByte('/')
			b.WriteString(a.sub)
		}
	}
	return b.String()
}

// place names the current component for a person, from the top down.
func (v *validator) place() string {
	var b strings.Builder
	for i, s := range v.path() {
		if i > 0 {
			b.WriteString(" › ")
		}
		kind, name := describe(s.c)
		b.WriteString(kind)
		switch {
		case name != "":
			b.WriteByte(' ')
			b.WriteString(quoteName(name))
		case s.index >= 0:
			b.WriteByte(' ')
			b.WriteString(strconv.Itoa(s.index + 1))
		}
	}
	if b.Len() == 0 {
		if v.modal {
			return "modal"
		}
		return "message"
	}
	return b.String()
}

// describe returns the word for the kind of c and the name that tells it
// from its siblings, if it has one: a button's label (or custom_id), an
// input's custom_id, a label's text.
func describe(c interaction.Component) (kind, name string) {
	if c == nil {
		return "component", ""
	}
	// A raw component reaches a place only when it does not parse: its
	// type, if it names one, is all there is to tell.
	kind = kindOf(c.ComponentType())
	switch c := c.(type) {
	case Button:
		name = c.Label
		if name == "" {
			name = c.CustomID
		}
	case Label:
		name = c.Label
	default:
		name = customID(c)
	}
	return kind, name
}

// kindOf is the word for a component of type t.
func kindOf(t interaction.ComponentType) string {
	switch t {
	case interaction.ComponentActionRow:
		return "row"
	case interaction.ComponentButton:
		return "button"
	case interaction.ComponentStringSelect:
		return "select"
	case interaction.ComponentUserSelect:
		return "user select"
	case interaction.ComponentRoleSelect:
		return "role select"
	case interaction.ComponentMentionableSelect:
		return "mentionable select"
	case interaction.ComponentChannelSelect:
		return "channel select"
	case interaction.ComponentTextInput:
		return "text input"
	case interaction.ComponentLabel:
		return "label"
	case interaction.ComponentFileUpload:
		return "file upload"
	case interaction.ComponentSection:
		return "section"
	case interaction.ComponentTextDisplay:
		return "text"
	case interaction.ComponentThumbnail:
		return "thumbnail"
	case interaction.ComponentMediaGallery:
		return "gallery"
	case interaction.ComponentFile:
		return "file"
	case interaction.ComponentSeparator:
		return "separator"
	case interaction.ComponentContainer:
		return "container"
	case interaction.ComponentRadioGroup:
		return "radio group"
	case interaction.ComponentCheckboxGroup:
		return "checkbox group"
	case interaction.ComponentCheckbox:
		return "checkbox"
	}
	return "component"
}

// quoteName quotes a name for a place, shortened to its first
// maxPlaceName characters: a place names a component, it does not repeat
// its text.
func quoteName(s string) string {
	n := 0
	for i := range s {
		if n == maxPlaceName {
			return strconv.Quote(s[:i] + "…")
		}
		n++
	}
	return strconv.Quote(s)
}

// textFault is what is wrong with a text.
type textFault int

const (
	textOK textFault = iota
	textBadUTF8
	textMissing
	textBadLength
)

// checkText checks that s is valid UTF-8 of minimum to maximum
// characters, where a minimum of 1 makes it required, and returns its
// number of characters.
func checkText(s string, minimum, maximum int) (int, textFault) {
	n := utf8.RuneCountInString(s)
	switch {
	case !utf8.ValidString(s):
		return n, textBadUTF8
	case n == 0 && minimum > 0:
		return n, textMissing
	case n < minimum || n > maximum:
		return n, textBadLength
	}
	return n, textOK
}

// text checks a text field of the current component, named name in
// messages, and returns its number of characters.
func (v *validator) text(a at, name, s string, minimum, maximum int) int {
	n, fault := checkText(s, minimum, maximum)
	if fault != textOK {
		v.textFault(a, name, n, minimum, maximum, fault)
	}
	return n
}

// textFault reports what checkText found.
func (v *validator) textFault(a at, name string, n, minimum, maximum int, fault textFault) {
	switch fault {
	case textBadUTF8:
		v.report(a, rules.StringInvalidUTF8, name+" must be valid UTF-8")
	case textMissing:
		v.report(a, rules.BaseTypeRequired, name+" is required")
	case textBadLength:
		v.report(a, rules.BaseTypeBadLength, name+" must have "+lengthRange(minimum, maximum)+" characters, has "+strconv.Itoa(n))
	}
}

func lengthRange(minimum, maximum int) string {
	if minimum <= 0 {
		return "at most " + strconv.Itoa(maximum)
	}
	return strconv.Itoa(minimum) + " to " + strconv.Itoa(maximum)
}

// number checks a number field of the current component.
func (v *validator) number(a at, name string, n, minimum, maximum int) bool {
	switch {
	case n < minimum:
		v.report(a, rules.NumberTypeMin, name+" must be at least "+strconv.Itoa(minimum)+", is "+strconv.Itoa(n))
	case n > maximum:
		v.report(a, rules.NumberTypeMax, name+" must be at most "+strconv.Itoa(maximum)+", is "+strconv.Itoa(n))
	default:
		return true
	}
	return false
}

// customID checks the custom_id of the current component, and that no
// other component of the body has it.
func (v *validator) customID(id string) {
	if v.text(field("custom_id"), "custom_id", id, 1, maxCustomID) == 0 {
		return
	}
	if !v.customIDs.add(id) {
		v.report(field("custom_id"), rules.ComponentCustomIDDuplicated,
			"custom_id must be unique in the "+v.body()+"; another component has it")
	}
}

// numericID checks the optional numeric id of c: a non-negative 32-bit
// integer (0 to 2147483647, as the service's OpenAPI description types
// it), unique in the body. 0 is no id: the service numbers such
// components itself, and 0 is never a duplicate.
func (v *validator) numericID(c interaction.Component) {
	id, ok := NumericID(c)
	if !ok || !v.number(field("id"), "id", id, 0, maxComponentID) {
		return
	}
	if !v.ids.add(id) {
		v.report(field("id"), rules.ComponentIDDuplicated, "id "+strconv.Itoa(id)+" must be unique in the "+v.body())
	}
}

func (v *validator) body() string {
	if v.modal {
		return "modal"
	}
	return "message"
}
