package component

import "github.com/switchboard-go/switchboard/interaction"

// Layout returns a message laid out with components only, with the flag
// IS_COMPONENTS_V2: it holds no content or embeds, and up to 40
// components counting nested ones.
func Layout(cs ...interaction.Component) interaction.MessageData {
	return interaction.MessageData{Flags: interaction.FlagIsComponentsV2, Components: cs}
}

// Text returns a text display of markdown.
func Text(content string) TextDisplay { return TextDisplay{Content: content} }

// Beside returns a section: one to three texts beside an accessory, a
// Button or a Thumbnail.
func Beside(accessory interaction.Component, texts ...string) Section {
	cs := make([]interaction.Component, len(texts))
	for i, t := range texts {
		cs[i] = TextDisplay{Content: t}
	}
	return Section{Components: cs, Accessory: accessory}
}

// Image returns a thumbnail of the image at url, the accessory of a
// section.
func Image(url string) Thumbnail { return Thumbnail{Media: UnfurledMedia{URL: url}} }

// Gallery returns a media gallery of the images or videos at urls.
func Gallery(urls ...string) MediaGallery {
	items := make([]MediaGalleryItem, len(urls))
	for i, u := range urls {
		items[i] = MediaGalleryItem{Media: UnfurledMedia{URL: u}}
	}
	return MediaGallery{Items: items}
}

// Attached returns a file component showing the file named name that is
// uploaded with the message.
func Attached(name string) File { return File{File: UnfurledMedia{URL: "attachment://" + name}} }

// Divider returns a separator drawn as a line, with the service's small
// spacing.
func Divider() Separator { return Separator{} }

// Spacer returns a separator that leaves space without a line.
func Spacer(s SeparatorSpacing) Separator { return Separator{Divider: new(false), Spacing: s} }

// Box returns a container of cs.
func Box(cs ...interaction.Component) Container { return Container{Components: cs} }

// WithAccentColor returns c with an edge of the color 0xRRGGBB.
func (c Container) WithAccentColor(rgb int) Container {
	c.AccentColor = &rgb
	return c
}
