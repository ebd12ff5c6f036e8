package review

import (
	"slices"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/urlrule"
	"github.com/switchboard-go/switchboard/rules"
)

// References returns the violations, worded as w says, of the
// attachment://name URLs of m that name none of attached, the names of
// the attachments the message has once m is sent: in the images,
// thumbnails and icons of its embeds, and in the media of its components
// (thumbnails, gallery items and files). It returns nil when there is
// none. Only m's embeds and components are read.
//
// Answer and Message apply this rule to a new message, whose attachments
// are its files, and to an edit or an UPDATE_MESSAGE when the attachments
// it leaves are known. A server that knows which attachments an edit
// leaves applies it to the fields the edit sets, as package emulator
// does.
func References(m *interaction.MessageData, attached []string, w Wording) rules.Violations {
	var c checker
	c.init(w, "message", "")
	c.references(m, attached)
	return c.finish()
}

// references reports the attachment://name URLs of the embeds and
// components of m, the data of the body, that name none of attached.
// Embeds, components and items past their limits, which are reported as
// such, are not read. Pointers are built only for a URL reported, so that
// a message without such URLs costs no text.
func (c *checker) references(m *interaction.MessageData, attached []string) {
	for i := range m.Embeds[:min(len(m.Embeds), maxEmbeds)] {
		e := &m.Embeds[i]
		if e.Author != nil && missing(e.Author.IconURL, attached) {
			c.notAttached(c.embedPointer(i, "/author/icon_url"), e.Author.IconURL)
		}
		if e.Footer != nil && missing(e.Footer.IconURL, attached) {
			c.notAttached(c.embedPointer(i, "/footer/icon_url"), e.Footer.IconURL)
		}
		if e.Image != nil && missing(e.Image.URL, attached) {
			c.notAttached(c.embedPointer(i, "/image/url"), e.Image.URL)
		}
		if e.Thumbnail != nil && missing(e.Thumbnail.URL, attached) {
			c.notAttached(c.embedPointer(i, "/thumbnail/url"), e.Thumbnail.URL)
		}
	}
	w := mediaWalk{c: c, attached: attached}
	w.list(m.Components, "components", 0)
}

// missing reports whether raw is an attachment://name URL that names
// none of attached. A URL without a name is not well formed, which the
// rule of URLs reports.
func missing(raw string, attached []string) bool {
	name, ok := urlrule.AttachmentName(raw)
	return ok && name != "" && !slices.Contains(attached, name)
}

// notAttached reports raw, at ptr, an attachment://name URL that names no
// file of the message.
func (c *checker) notAttached(ptr, raw string) {
	if c.room() {
		c.add(ptr, rules.UnfurledMediaItemReferencedAttachmentNotFound, c.say(
			"names no file of the message: attachment://name names a file sent with it",
			urlrule.ServiceNotAttached(raw)))
	}
}

// Limits of the walk through components for their media: those of a
// message with IS_COMPONENTS_V2 (the facts of components), past which
// package component reports the message.
const (
	maxLayoutComponents = 40
	maxGalleryItems     = 10
	// maxMediaDepth is the depth of the deepest media: a thumbnail, the
	// accessory of a section in a container.
	maxMediaDepth = 3
)

// mediaWalk finds the media of components: those of thumbnails, gallery
// items and files, at the top or in sections and containers (rows hold
// none). It keeps the place it is at as steps, to build a pointer only
// for a URL it reports.
type mediaWalk struct {
	c        *checker
	attached []string
	path     [maxMediaDepth]step
	// seen counts the components reached.
	seen int
}

// step is a step of a pointer: a field, and an index in it when the
// field is a list (index ≥ 0).
type step struct {
	field string
	index int
}

// list walks the components cs, the list field of the component at
// depth.
func (w *mediaWalk) list(cs []interaction.Component, field string, depth int) {
	for i, k := range cs {
		if w.seen >= maxLayoutComponents || depth >= maxMediaDepth {
			return
		}
		w.path[depth] = step{field, i}
		w.one(k, depth+1)
	}
}

// one walks k, at depth (its path is w.path[:depth]). A raw component is
// read only when it is of a type that holds media.
func (w *mediaWalk) one(k interaction.Component, depth int) {
	w.seen++
	if raw, ok := k.(interaction.RawComponent); ok {
		switch raw.ComponentType() {
		case interaction.ComponentSection, interaction.ComponentContainer, interaction.ComponentThumbnail,
			interaction.ComponentMediaGallery, interaction.ComponentFile:
			if p, err := component.Parse(raw); err == nil {
				k = p
			}
		}
	}
	switch k := k.(type) {
	case component.Container:
		w.list(k.Components, "components", depth)
	case component.Section:
		if depth < maxMediaDepth && k.Accessory != nil {
			w.path[depth] = step{"accessory", -1}
			w.one(k.Accessory, depth+1)
		}
	case component.Thumbnail:
		w.refer(depth, -1, "/media/url", k.Media.URL)
	case component.MediaGallery:
		for j, it := range k.Items[:min(len(k.Items), maxGalleryItems)] {
			w.refer(depth, j, "/media/url", it.Media.URL)
		}
	case component.File:
		w.refer(depth, -1, "/file/url", k.File.URL)
	}
}

// refer reports raw, the URL at tail in the component at depth (in its
// item item when item ≥ 0), when it names no file of the message.
func (w *mediaWalk) refer(depth, item int, tail, raw string) {
	if !missing(raw, w.attached) {
		return
	}
	var b strings.Builder
	b.WriteString(w.c.data)
	for _, s := range w.path[:depth] {
		b.WriteString("/" + s.field)
		if s.index >= 0 {
			b.WriteString("/" + strconv.Itoa(s.index))
		}
	}
	if item >= 0 {
		b.WriteString("/items/" + strconv.Itoa(item))
	}
	b.WriteString(tail)
	w.c.notAttached(b.String(), raw)
}

// attachedNames returns the names of the attachments a message has once
// m is sent, and whether they are known. A new message (fresh) has its
// files. An edit, or an UPDATE_MESSAGE, keeps the attachments of the
// message it changes that its attachments list names (all of them
// without a list and without files) and adds its files; kept holds the
// message's attachments when they are known (the message of the
// interaction, for an UPDATE_MESSAGE), and is nil otherwise, when only a
// list that names by name every attachment it keeps tells them. Files
// past the limit of a message are not counted.
func attachedNames(m *interaction.MessageData, kept []interaction.Attachment, fresh bool) ([]string, bool) {
	files := m.Files[:min(len(m.Files), interaction.MaxFiles)]
	if !fresh && m.Attachments == nil && len(files) == 0 {
		if kept == nil {
			return nil, false
		}
		names := make([]string, 0, len(kept))
		for _, a := range kept {
			names = append(names, a.Filename)
		}
		return names, true
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	for _, ref := range m.Attachments[:min(len(m.Attachments), interaction.MaxFiles)] {
		if ref.Filename != "" {
			names = append(names, ref.Filename)
			continue
		}
		i := slices.IndexFunc(kept, func(a interaction.Attachment) bool { return a.ID == ref.ID })
		switch {
		case i >= 0:
			names = append(names, kept[i].Filename)
		case !fresh:
			// An attachment the message keeps, whose name is unknown.
			return nil, false
		}
	}
	return names, true
}
