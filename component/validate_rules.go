package component

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// allowed reports whether a component of type t may be where ctx says,
// and reports it when it may not. The facts of the service say where each
// type goes; the layouts inside a section, a container and a label are
// from the public documentation.
func (v *validator) allowed(t interaction.ComponentType, ctx context) bool {
	var ok bool
	switch ctx {
	case ctxMessageTop:
		ok = t == interaction.ComponentActionRow
	case ctxLayoutTop:
		ok = t == interaction.ComponentActionRow || isLayout(t) && t != interaction.ComponentThumbnail
	case ctxModalTop:
		ok = t == interaction.ComponentActionRow || t == interaction.ComponentLabel || t == interaction.ComponentTextDisplay
	case ctxRow:
		if v.modal {
			ok = t == interaction.ComponentTextInput
		} else {
			ok = t == interaction.ComponentButton || t.IsSelect()
		}
	case ctxSectionText:
		ok = t == interaction.ComponentTextDisplay
	case ctxAccessory:
		ok = t == interaction.ComponentButton || t == interaction.ComponentThumbnail
	case ctxContainer:
		ok = t == interaction.ComponentActionRow || isLayout(t) && t != interaction.ComponentThumbnail &&
			t != interaction.ComponentContainer
	case ctxLabel:
		ok = t.IsModalInput()
	}
	if !ok {
		v.report(field("type"), rules.UnionTypeChoices, t.String()+" is not allowed here: "+v.placement(t, ctx))
	}
	return ok
}

// placement states the rule of where components go that t breaks.
func (v *validator) placement(t interaction.ComponentType, ctx context) string {
	if !v.modal && isModalOnly(t) {
		return "a " + t.String() + " belongs to modals, never to messages"
	}
	switch ctx {
	case ctxMessageTop:
		if isLayout(t) {
			return "a " + t.String() + " needs the message flag " + componentsV2FlagName
		}
		return "a message without " + componentsV2FlagName + " holds only ACTION_ROW components at the top level"
	case ctxLayoutTop:
		return "the top level of a message holds ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR and CONTAINER components"
	case ctxModalTop:
		return "the top level of a modal holds LABEL, TEXT_DISPLAY and ACTION_ROW components"
	case ctxRow:
		if v.modal {
			return "a row of a modal holds one TEXT_INPUT"
		}
		return "a row of a message holds buttons or a select"
	case ctxSectionText:
		return "the components of a section are TEXT_DISPLAY components"
	case ctxAccessory:
		return "the accessory of a section is a BUTTON or a THUMBNAIL"
	case ctxContainer:
		return "a container holds ACTION_ROW, TEXT_DISPLAY, SECTION, MEDIA_GALLERY, SEPARATOR and FILE components"
	}
	return "a label holds one input: a TEXT_INPUT, a select, a FILE_UPLOAD, a RADIO_GROUP, a CHECKBOX_GROUP or a CHECKBOX"
}

// isModalOnly reports whether t is a component of modals that never
// appears in messages.
func isModalOnly(t interaction.ComponentType) bool {
	switch t {
	case interaction.ComponentTextInput, interaction.ComponentLabel, interaction.ComponentFileUpload,
		interaction.ComponentRadioGroup, interaction.ComponentCheckboxGroup, interaction.ComponentCheckbox:
		return true
	}
	return false
}

// isLayout reports whether t is a layout component of IS_COMPONENTS_V2
// messages.
func isLayout(t interaction.ComponentType) bool {
	switch t {
	case interaction.ComponentSection, interaction.ComponentTextDisplay, interaction.ComponentThumbnail,
		interaction.ComponentMediaGallery, interaction.ComponentFile, interaction.ComponentSeparator,
		interaction.ComponentContainer:
		return true
	}
	return false
}

// check checks the fields and the components of c, which is allowed
// where it is.
func (v *validator) check(c interaction.Component, ctx context) {
	switch c := c.(type) {
	case ActionRow:
		v.row(c)
	case Button:
		v.button(c)
	case StringSelect:
		v.stringSelect(c)
	case UserSelect:
		v.entitySelect(selectFields{c.CustomID, c.Placeholder, c.MinValues, c.MaxValues, c.Required, c.Disabled},
			c.DefaultValues, userDefaults)
	case RoleSelect:
		v.entitySelect(selectFields{c.CustomID, c.Placeholder, c.MinValues, c.MaxValues, c.Required, c.Disabled},
			c.DefaultValues, roleDefaults)
	case MentionableSelect:
		v.entitySelect(selectFields{c.CustomID, c.Placeholder, c.MinValues, c.MaxValues, c.Required, c.Disabled},
			c.DefaultValues, mentionableDefaults)
	case ChannelSelect:
		v.entitySelect(selectFields{c.CustomID, c.Placeholder, c.MinValues, c.MaxValues, c.Required, c.Disabled},
			c.DefaultValues, channelDefaults)
		v.channelTypes(c.ChannelTypes)
	case TextInput:
		v.textInput(c, ctx == ctxRow)
	case Label:
		v.label(c)
	case FileUpload:
		v.fileUpload(c)
	case RadioGroup:
		v.radioGroup(c)
	case CheckboxGroup:
		v.checkboxGroup(c)
	case Checkbox:
		v.checkbox(c)
	case Section:
		v.section(c)
	case TextDisplay:
		v.textDisplay(c)
	case Thumbnail:
		v.media(field("media"), fieldOf("media", "url"), "the thumbnail", c.Media.URL)
		v.text(field("description"), "description", c.Description, 0, maxMediaDescription)
	case MediaGallery:
		v.gallery(c)
	case File:
		v.file(c)
	case Separator:
		if c.Spacing != 0 && c.Spacing != SpacingSmall && c.Spacing != SpacingLarge {
			v.report(field("spacing"), rules.EnumTypeCoerce,
				"spacing must be 1 (small) or 2 (large), is "+strconv.Itoa(int(c.Spacing)))
		}
	case Container:
		v.container(c)
	}
}

// row checks an action row: one to five buttons, or one select, or (in a
// modal) one text input. Buttons are one fifth of a row wide, the others
// the whole row. Components past the fifth, which no row holds, are not
// checked.
func (v *validator) row(r ActionRow) {
	n := len(r.Components)
	if n == 0 {
		v.report(field("components"), rules.BaseTypeBadLength, "a row holds 1 to "+strconv.Itoa(maxRowWidth)+" components, has 0")
	}
	width := 0
	for i, c := range r.Components {
		if c != nil && c.ComponentType() == interaction.ComponentButton {
			width++
		} else {
			width += maxRowWidth
		}
		if width > maxRowWidth {
			rule := "a row holds up to 5 buttons or one select, never both"
			if v.modal {
				rule = "a row of a modal holds one text input"
			}
			if i == maxRowWidth {
				rule += "; it has " + strconv.Itoa(n) + " components" + onlyFirst(n, maxRowWidth)
			}
			v.report(elem("components", i), rules.ComponentLayoutWidthExceeded, "the row is full: "+rule)
		}
		if i == maxRowWidth {
			return
		}
		v.child(c, "components", i, ctxRow)
	}
}

func (v *validator) button(b Button) {
	style := b.Style.String()
	switch b.Style {
	case ButtonPrimary, ButtonSecondary, ButtonSuccess, ButtonDanger:
		if b.CustomID == "" {
			v.report(field("custom_id"), rules.ButtonComponentCustomIDRequired, "custom_id is required on a "+style+" button")
		} else {
			v.customID(b.CustomID)
		}
		if b.URL != "" {
			v.report(field("url"), rules.ComponentFieldNotAllowed, "url is allowed only on LINK buttons, not on a "+style+" button")
		}
		if b.SKUID != 0 {
			v.report(field("sku_id"), rules.ComponentFieldNotAllowed, "sku_id is allowed only on PREMIUM buttons, not on a "+style+" button")
		}
	case ButtonLink:
		if b.CustomID != "" {
			v.report(field("custom_id"), rules.ButtonComponentCustomIDURLMutuallyExclusive, "a LINK button has a url and no custom_id")
		}
		if n := v.text(field("url"), "url", b.URL, 1, maxButtonURL); n > 0 && n <= maxButtonURL {
			v.link(field("url"), b.URL)
		}
		if b.SKUID != 0 {
			v.report(field("sku_id"), rules.ComponentFieldNotAllowed, "sku_id is allowed only on PREMIUM buttons, not on a LINK button")
		}
	case ButtonPremium:
		if b.SKUID == 0 {
			v.report(field("sku_id"), rules.BaseTypeRequired, "sku_id is required on a PREMIUM button")
		}
		for _, f := range [...]struct {
			name string
			set  bool
		}{{"label", b.Label != ""}, {"emoji", b.Emoji != PartialEmoji{}}, {"custom_id", b.CustomID != ""}, {"url", b.URL != ""}} {
			if f.set {
				v.report(field(f.name), rules.ComponentFieldNotAllowed,
					"a PREMIUM button has no "+f.name+": the service shows the SKU's name and price")
			}
		}
		return
	default:
		v.report(field("style"), rules.EnumTypeCoerce, "style must be a button style (1-6), is "+strconv.Itoa(int(b.Style)))
	}
	if b.Label == "" && b.Emoji == (PartialEmoji{}) {
		v.report(field("label"), rules.BaseTypeRequired, "a "+style+" button needs a label or an emoji")
	}
	v.text(field("label"), "label", b.Label, 0, maxButtonLabel)
	v.emoji(field("emoji"), b.Emoji)
}

// emoji checks an emoji that is set: a custom emoji has an id, a Unicode
// one a name.
func (v *validator) emoji(a at, e PartialEmoji) {
	if e == (PartialEmoji{}) || e.ID != 0 || e.Name != "" {
		return
	}
	a.sub = "name"
	v.report(a, rules.BaseTypeRequired, "an emoji needs an id (a custom emoji) or a name (a Unicode emoji)")
}

// selectFields are the fields every select has.
type selectFields struct {
	customID    string
	placeholder string
	min, max    *int
	required    *bool
	disabled    bool
}

// selectCommon checks the fields every select has and returns its
// max_values, or -1 when it is out of bounds.
func (v *validator) selectCommon(s selectFields) int {
	v.customID(s.customID)
	v.text(field("placeholder"), "placeholder", s.placeholder, 0, maxPlaceholder)
	hi := v.valueBounds(s.min, s.max, maxSelectValues, 1)
	if v.modal {
		// Messages ignore required; modals hold it to min_values.
		v.requiredMin(s.required, s.min)
	}
	if s.disabled && v.modal {
		// The public documentation: a select of a modal cannot be
		// disabled.
		v.report(field("disabled"), rules.ComponentFieldNotAllowed, "a select in a modal cannot be disabled")
	}
	return hi
}

// valueBounds checks min_values (0 to limit, default 1) and max_values (1
// to limit, default defMax) and returns max_values, -1 when it is out of
// bounds.
func (v *validator) valueBounds(minV, maxV *int, limit, defMax int) int {
	lo, hi := 1, defMax
	if minV != nil {
		lo = *minV
		if !v.number(field("min_values"), "min_values", lo, 0, limit) {
			lo = -1
		}
	}
	if maxV != nil {
		hi = *maxV
		if !v.number(field("max_values"), "max_values", hi, 1, limit) {
			hi = -1
		}
	}
	if lo >= 0 && hi >= 0 && lo > hi {
		v.report(field("min_values"), rules.ComponentMinAboveMax, "min_values ("+strconv.Itoa(lo)+
			") must not be above max_values ("+strconv.Itoa(hi)+defaultNote(maxV)+")")
	}
	return hi
}

func defaultNote(p *int) string {
	if p == nil {
		return ", its default"
	}
	return ""
}

func (v *validator) stringSelect(s StringSelect) {
	hi := v.selectCommon(selectFields{s.CustomID, s.Placeholder, s.MinValues, s.MaxValues, s.Required, s.Disabled})
	n := len(s.Options)
	if n < 1 || n > maxOptions {
		v.report(field("options"), rules.BaseTypeBadLength, "a string select has 1 to "+strconv.Itoa(maxOptions)+
			" options, has "+strconv.Itoa(n)+onlyFirst(n, maxOptions))
	} else if hi > n {
		v.report(field("options"), rules.BaseTypeMinLength, "a select that lets a user choose "+strconv.Itoa(hi)+
			" options needs at least "+strconv.Itoa(hi)+", has "+strconv.Itoa(n))
	}
	// Options are at most maxOptions, so comparing each value with the
	// earlier ones costs little.
	opts := s.Options[:min(n, maxOptions)]
	defaults := 0
	for i, o := range opts {
		v.elemText("options", i, "label", "option", o.Label, 1, maxOptionText)
		v.elemText("options", i, "value", "option", o.Value, 1, maxOptionText)
		v.elemText("options", i, "description", "option", o.Description, 0, maxOptionText)
		v.emoji(elemField("options", i, "emoji"), o.Emoji)
		for j := range i {
			if opts[j].Value == o.Value {
				v.report(elemField("options", i, "value"), rules.SelectComponentOptionValueDuplicated,
					"option "+strconv.Itoa(i+1)+" has the value of option "+strconv.Itoa(j+1)+"; values must be unique")
				break
			}
		}
		if o.Default {
			defaults++
		}
	}
	if hi >= 0 && defaults > hi {
		v.report(field("options"), rules.SelectComponentTooManyDefaultValues, strconv.Itoa(defaults)+
			" options are preselected, more than max_values ("+strconv.Itoa(hi)+")")
	}
}

// defaultKinds is a set of the kinds of default values an entity select
// takes.
type defaultKinds int

const (
	userDefaults defaultKinds = 1 << iota
	roleDefaults
	channelDefaults
	mentionableDefaults = userDefaults | roleDefaults
)

func (k defaultKinds) has(t DefaultValueType) bool {
	switch t {
	case DefaultUser:
		return k&userDefaults != 0
	case DefaultRole:
		return k&roleDefaults != 0
	case DefaultChannel:
		return k&channelDefaults != 0
	}
	return false
}

func (k defaultKinds) String() string {
	var names []string
	for _, t := range [...]DefaultValueType{DefaultUser, DefaultRole, DefaultChannel} {
		if k.has(t) {
			names = append(names, strconv.Quote(string(t)))
		}
	}
	return strings.Join(names, " or ")
}

func (v *validator) entitySelect(s selectFields, defaults []DefaultValue, kinds defaultKinds) {
	hi := v.selectCommon(s)
	n := len(defaults)
	for i, d := range defaults[:min(n, maxSelectValues)] {
		if d.ID == 0 {
			v.report(elemField("default_values", i, "id"), rules.BaseTypeRequired, "default value "+strconv.Itoa(i+1)+" needs an id")
		}
		if !kinds.has(d.Type) {
			v.report(elemField("default_values", i, "type"), rules.EnumTypeCoerce, "the type of default value "+
				strconv.Itoa(i+1)+" must be "+kinds.String())
		}
	}
	switch {
	case hi >= 0 && n > hi:
		v.report(field("default_values"), rules.SelectComponentTooManyDefaultValues, strconv.Itoa(n)+
			" default values, more than max_values ("+strconv.Itoa(hi)+")"+onlyFirst(n, maxSelectValues))
	case n > maxSelectValues:
		// max_values is out of bounds, and no select takes more defaults
		// than the most it may be.
		v.report(field("default_values"), rules.SelectComponentTooManyDefaultValues, strconv.Itoa(n)+
			" default values, more than a select takes ("+strconv.Itoa(maxSelectValues)+")"+onlyFirst(n, maxSelectValues))
	}
}

func (v *validator) channelTypes(ts []interaction.ChannelType) {
	for i, t := range ts {
		if !t.IsKnown() {
			v.report(elem("channel_types", i), rules.EnumTypeCoerce, "channel_types must hold channel types, has "+
				strconv.Itoa(int(t)))
		}
	}
}

// textInput checks a text input; inRow says it sits in a row, where it
// needs a label of its own, and not in a Label, where it has none.
func (v *validator) textInput(t TextInput, inRow bool) {
	v.customID(t.CustomID)
	if t.Style != TextInputShort && t.Style != TextInputParagraph {
		v.report(field("style"), rules.EnumTypeCoerce, "style must be 1 (short) or 2 (paragraph), is "+strconv.Itoa(int(t.Style)))
	}
	if inRow {
		v.text(field("label"), "label", t.Label, 1, maxInputLabel)
	} else if t.Label != "" {
		// The input's own label is the older layout's; in a Label, the
		// Label titles it (the facts of components).
		v.report(field("label"), rules.ComponentFieldNotAllowed, "a text input in a label has no label of its own; the label titles it")
	}
	lo, hi := t.MinLength, maxInputLength
	if !v.number(field("min_length"), "min_length", lo, 0, maxInputLength) {
		lo = -1
	}
	if t.MaxLength != nil {
		hi = *t.MaxLength
		if !v.number(field("max_length"), "max_length", hi, 1, maxInputLength) {
			hi = -1
		}
	}
	if lo >= 0 && hi >= 0 && lo > hi {
		v.report(field("min_length"), rules.ComponentMinAboveMax, "min_length ("+strconv.Itoa(lo)+
			") must not be above max_length ("+strconv.Itoa(hi)+")")
	}
	n := v.text(field("value"), "value", t.Value, 0, maxInputLength)
	if t.Value != "" && lo >= 0 && hi >= 0 && lo <= hi && n <= maxInputLength && (n < lo || n > hi) {
		v.report(field("value"), rules.BaseTypeBadLength, "value must have "+strconv.Itoa(lo)+" to "+strconv.Itoa(hi)+
			" characters, as min_length and max_length say, has "+strconv.Itoa(n))
	}
	v.text(field("placeholder"), "placeholder", t.Placeholder, 0, maxInputPlaceholder)
}

func (v *validator) label(l Label) {
	v.text(field("label"), "label", l.Label, 1, maxInputLabel)
	v.text(field("description"), "description", l.Description, 0, maxLabelDescription)
	if l.Component == nil {
		v.report(field("component"), rules.BaseTypeRequired, "a label needs a component")
		return
	}
	v.child(l.Component, "component", -1, ctxLabel)
}

func (v *validator) section(s Section) {
	n := len(s.Components)
	if n < 1 || n > maxSectionTexts {
		v.report(field("components"), rules.BaseTypeBadLength, "a section holds 1 to "+strconv.Itoa(maxSectionTexts)+
			" text displays, has "+strconv.Itoa(n)+onlyFirst(n, maxSectionTexts))
	}
	for i, c := range s.Components[:min(n, maxSectionTexts)] {
		v.child(c, "components", i, ctxSectionText)
	}
	if s.Accessory == nil {
		v.report(field("accessory"), rules.BaseTypeRequired, "a section needs an accessory, a button or a thumbnail")
		return
	}
	v.child(s.Accessory, "accessory", -1, ctxAccessory)
}

func (v *validator) textDisplay(t TextDisplay) {
	n := v.text(field("content"), "content", t.Content, 1, maxLayoutText)
	if v.modal {
		return
	}
	before := v.textChars
	v.textChars += n
	if before <= maxLayoutText && v.textChars > maxLayoutText {
		v.report(field("content"), rules.BaseTypeBadLength, "the text displays of a message hold at most "+
			strconv.Itoa(maxLayoutText)+" characters together; this one brings them to "+strconv.Itoa(v.textChars))
	}
}

// elemText checks a text field sub of the element i of the list field
// list, an element of the kind elem ("option", "item"), and names the
// element only when it reports.
func (v *validator) elemText(list string, i int, sub, elem, s string, minimum, maximum int) {
	n, fault := checkText(s, minimum, maximum)
	if fault != textOK {
		v.textFault(elemField(list, i, sub), sub+" of "+elem+" "+strconv.Itoa(i+1), n, minimum, maximum, fault)
	}
}

// media checks the url of a piece of media: its presence at a, the
// object that holds the url, which may be left out of a raw component as
// a whole, and the URL itself at u (mediaURL).
func (v *validator) media(a, u at, what, url string) bool {
	switch {
	case url == "":
		v.report(a, rules.BaseTypeRequired, what+" needs a url")
	case !utf8.ValidString(url):
		v.report(a, rules.StringInvalidUTF8, "the url of "+what+" must be valid UTF-8")
	default:
		return v.mediaURL(u, what, url)
	}
	return false
}

func (v *validator) gallery(g MediaGallery) {
	n := len(g.Items)
	if n < 1 || n > maxGalleryItems {
		v.report(field("items"), rules.BaseTypeBadLength, "a media gallery holds 1 to "+strconv.Itoa(maxGalleryItems)+
			" items, has "+strconv.Itoa(n)+onlyFirst(n, maxGalleryItems))
	}
	for i, it := range g.Items[:min(n, maxGalleryItems)] {
		v.media(elemField("items", i, "media"), elemField("items", i, "media/url"), "item "+strconv.Itoa(i+1), it.Media.URL)
		v.elemText("items", i, "description", "item", it.Description, 0, maxMediaDescription)
	}
}

// file checks a file component, which shows an attachment of the message
// (public documentation).
func (v *validator) file(f File) {
	if f.File.URL == "" || !utf8.ValidString(f.File.URL) {
		v.media(field("file"), fieldOf("file", "url"), "the file", f.File.URL)
		return
	}
	if !strings.HasPrefix(f.File.URL, attachmentURLPrefix) || len(f.File.URL) == len(attachmentURLPrefix) {
		v.report(fieldOf("file", "url"), rules.ComponentFileAttachmentOnly,
			"a file component shows an attachment of the message: its url is "+attachmentURLPrefix+"name")
	}
}

func (v *validator) container(c Container) {
	if len(c.Components) == 0 {
		v.report(field("components"), rules.BaseTypeBadLength, "a container holds at least one component, has 0")
	}
	if c.AccentColor != nil {
		v.number(field("accent_color"), "accent_color", *c.AccentColor, 0, maxAccentColor)
	}
	for i, k := range c.Components {
		v.child(k, "components", i, ctxContainer)
	}
}
