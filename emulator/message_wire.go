package emulator

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

// A message keeps its components and embeds as the bot sent them; the
// service returns them completed, with what it fills in written out (the
// description's *ComponentResponse and MessageEmbedResponse require it):
// every component has its id, and every field its value or default.

// componentsJSON returns the components of a message as the service
// returns them: each with its id (its own, or the number the service
// gives it, as a modal's are numbered), select menus with min_values and
// max_values, and the other fields the service always writes with their
// defaults; media named attachment://name point to the message's
// attachment of that name. Components are otherwise as the bot sent them.
func componentsJSON(cs interaction.Components, atts []Attachment, message interaction.Snowflake) []any {
	out := []any{}
	if len(cs) == 0 {
		return out
	}
	raw, err := json.Marshal(cs)
	if err != nil {
		return out
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&out) != nil {
		return []any{}
	}
	f := componentFiller{ids: componentIDs(cs), atts: atts, message: message}
	f.list(out, "/components")
	return out
}

// componentIDs returns the id of each component of cs by its path, as
// component.Numbered numbers them; none when cs does not parse, which the
// components of a message the emulator accepted always do.
func componentIDs(cs []interaction.Component) map[component.Path]int {
	numbered, err := component.Numbered(cs)
	if err != nil {
		return nil
	}
	ids := make(map[component.Path]int)
	for p, c := range component.Walk(numbered) {
		ids[p], _ = component.NumericID(c)
	}
	return ids
}

// componentFiller completes the components of one message.
type componentFiller struct {
	ids     map[component.Path]int
	atts    []Attachment
	message interaction.Snowflake
}

func (f *componentFiller) list(v any, ptr string) {
	cs, _ := v.([]any)
	for i, c := range cs {
		f.one(c, ptr+"/"+strconv.Itoa(i))
	}
}

func (f *componentFiller) one(v any, ptr string) {
	c, ok := v.(map[string]any)
	if !ok {
		return
	}
	if id := f.ids[component.Path(ptr)]; id != 0 {
		c["id"] = id
	}
	t, _ := c["type"].(json.Number)
	switch n, _ := t.Int64(); interaction.ComponentType(n) {
	case interaction.ComponentStringSelect, interaction.ComponentUserSelect, interaction.ComponentRoleSelect,
		interaction.ComponentMentionableSelect, interaction.ComponentChannelSelect:
		// One value, unless the menu says otherwise (the facts of
		// components: min_values and max_values default to 1).
		setDefault(c, "min_values", 1)
		setDefault(c, "max_values", 1)
	case interaction.ComponentSection:
		f.one(c["accessory"], ptr+"/accessory")
	case interaction.ComponentThumbnail:
		c["media"] = f.media(c["media"], ptr)
		setDefault(c, "description", nil)
		setDefault(c, "spoiler", false)
	case interaction.ComponentMediaGallery:
		items, _ := c["items"].([]any)
		for i, it := range items {
			if m, ok := it.(map[string]any); ok {
				m["media"] = f.media(m["media"], ptr+"/items/"+strconv.Itoa(i))
				setDefault(m, "description", nil)
				setDefault(m, "spoiler", false)
			}
		}
	case interaction.ComponentFile:
		file := f.media(c["file"], ptr)
		c["file"] = file
		a := f.attachment(file)
		if a != nil {
			setDefault(c, "name", a.Filename)
			setDefault(c, "size", a.Size)
		}
		setDefault(c, "name", nil)
		setDefault(c, "size", nil)
		setDefault(c, "spoiler", false)
	case interaction.ComponentSeparator:
		setDefault(c, "spacing", 1)
		setDefault(c, "divider", true)
	case interaction.ComponentContainer:
		setDefault(c, "accent_color", nil)
		setDefault(c, "spoiler", false)
	case interaction.ComponentLabel:
		f.one(c["component"], ptr+"/component")
	}
	if _, ok := c["components"]; ok {
		f.list(c["components"], ptr+"/components")
	}
}

// media completes an unfurled media item: the attachment an
// attachment:// URL names, or the URL itself, proxied, with an id.
func (f *componentFiller) media(v any, ptr string) map[string]any {
	m, _ := v.(map[string]any)
	if m == nil {
		m = map[string]any{}
	}
	url, _ := m["url"].(string)
	if a := f.attachmentNamed(url); a != nil {
		m["url"], m["proxy_url"], m["attachment_id"] = a.URL, a.ProxyURL, a.ID.String()
		setDefault(m, "id", a.ID.String())
		setDefault(m, "content_type", a.ContentType)
	}
	// Media the service unfurls has an id of its own; the emulator's is
	// the message's id with the component's place in it, stable across
	// reads.
	setDefault(m, "id", mediaID(f.message, ptr))
	setDefault(m, "proxy_url", url)
	setDefault(m, "width", nil)
	setDefault(m, "height", nil)
	setDefault(m, "content_type", nil)
	return m
}

// attachment returns the attachment a completed media item points to.
func (f *componentFiller) attachment(media map[string]any) *Attachment {
	id, _ := media["attachment_id"].(string)
	for i := range f.atts {
		if f.atts[i].ID.String() == id {
			return &f.atts[i]
		}
	}
	return nil
}

// attachmentNamed returns the attachment an attachment://name URL names.
func (f *componentFiller) attachmentNamed(url string) *Attachment {
	name, ok := strings.CutPrefix(url, "attachment://")
	if !ok {
		return nil
	}
	for i := range f.atts {
		if f.atts[i].Filename == name {
			return &f.atts[i]
		}
	}
	return nil
}

// mediaID is the id of an unfurled media item: the message's id with a
// number of the item's place in the message added to its sequence.
func mediaID(message interaction.Snowflake, ptr string) string {
	var h uint64
	for i := 0; i < len(ptr); i++ {
		h = h*31 + uint64(ptr[i])
	}
	return (message + interaction.Snowflake(h%1024)).String()
}

// setDefault sets key to v unless c has it.
func setDefault(c map[string]any, key string, v any) {
	if _, ok := c[key]; !ok {
		c[key] = v
	}
}

// embedsJSON returns the embeds of a message as the service returns them:
// of type "rich", their fields with inline false unless set. The service
// takes every field of a bot's embed "except type (it will be rich
// regardless of if you try to set it), provider, video, and any height,
// width, or proxy_url values for images" (its documentation of Execute
// Webhook, whose rules the messages of interactions follow): those are
// dropped, not refused.
func embedsJSON(es []interaction.Embed) []any {
	out := []any{}
	if len(es) == 0 {
		return out
	}
	raw, err := json.Marshal(es)
	if err != nil {
		return out
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&out) != nil {
		return []any{}
	}
	for _, e := range out {
		m, _ := e.(map[string]any)
		if m == nil {
			continue
		}
		m["type"] = "rich"
		delete(m, "provider")
		delete(m, "video")
		for _, picture := range []string{"image", "thumbnail"} {
			if p, ok := m[picture].(map[string]any); ok {
				delete(p, "width")
				delete(p, "height")
			}
		}
		fields, _ := m["fields"].([]any)
		for _, fl := range fields {
			if fm, ok := fl.(map[string]any); ok {
				setDefault(fm, "inline", false)
			}
		}
	}
	return out
}
