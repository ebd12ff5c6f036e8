package component

import "github.com/switchboard-go/switchboard/interaction"

// The layout components below belong to messages with the flag
// IS_COMPONENTS_V2. The facts of the service name them and where they go;
// their fields follow the service's public documentation.

// UnfurledMedia names a piece of media by its URL: an https URL, or
// attachment://name for a file uploaded with the message. The service adds
// details (size, proxy URL) to the media of a message it returns; only the
// URL is sent.
type UnfurledMedia struct {
	URL string `json:"url"`
}

// Section is text beside an accessory: one to three text displays and a
// button or a thumbnail.
type Section struct {
	ID int `json:"id,omitzero"`
	// Components are the section's text displays.
	Components []interaction.Component `json:"components"`
	// Accessory is a Button or a Thumbnail.
	Accessory interaction.Component `json:"accessory"`
}

// ComponentType returns ComponentSection.
func (Section) ComponentType() interaction.ComponentType { return interaction.ComponentSection }

// TextDisplay is markdown text.
type TextDisplay struct {
	ID      int    `json:"id,omitzero"`
	Content string `json:"content"`
}

// ComponentType returns ComponentTextDisplay.
func (TextDisplay) ComponentType() interaction.ComponentType { return interaction.ComponentTextDisplay }

// Thumbnail is a small image, the accessory of a section.
type Thumbnail struct {
	ID    int           `json:"id,omitzero"`
	Media UnfurledMedia `json:"media"`
	// Description is the image's alternative text, at most 1024
	// characters.
	Description string `json:"description,omitempty"`
	Spoiler     bool   `json:"spoiler,omitzero"`
}

// ComponentType returns ComponentThumbnail.
func (Thumbnail) ComponentType() interaction.ComponentType { return interaction.ComponentThumbnail }

// MediaGalleryItem is an image or video of a media gallery.
type MediaGalleryItem struct {
	Media UnfurledMedia `json:"media"`
	// Description is the item's alternative text, at most 1024
	// characters.
	Description string `json:"description,omitempty"`
	Spoiler     bool   `json:"spoiler,omitzero"`
}

// MediaGallery is a grid of 1 to 10 images or videos.
type MediaGallery struct {
	ID    int                `json:"id,omitzero"`
	Items []MediaGalleryItem `json:"items"`
}

// ComponentType returns ComponentMediaGallery.
func (MediaGallery) ComponentType() interaction.ComponentType {
	return interaction.ComponentMediaGallery
}

// File shows a file uploaded with the message; its URL is
// attachment://name.
type File struct {
	ID      int           `json:"id,omitzero"`
	File    UnfurledMedia `json:"file"`
	Spoiler bool          `json:"spoiler,omitzero"`
}

// ComponentType returns ComponentFile.
func (File) ComponentType() interaction.ComponentType { return interaction.ComponentFile }

// SeparatorSpacing is the space a separator leaves.
type SeparatorSpacing int

// Separator spacings; the service's default is SpacingSmall.
const (
	SpacingSmall SeparatorSpacing = 1
	SpacingLarge SeparatorSpacing = 2
)

// Separator is vertical space between components, with or without a line.
type Separator struct {
	ID int `json:"id,omitzero"`
	// Divider says whether a line is drawn; nil means true.
	Divider *bool `json:"divider,omitempty"`
	// Spacing is the space left; 0 leaves the service's default, small.
	Spacing SeparatorSpacing `json:"spacing,omitzero"`
}

// ComponentType returns ComponentSeparator.
func (Separator) ComponentType() interaction.ComponentType { return interaction.ComponentSeparator }

// Container groups components in a box with an optional accent color: rows,
// sections, text displays, media galleries, separators and files.
type Container struct {
	ID         int                     `json:"id,omitzero"`
	Components []interaction.Component `json:"components"`
	// AccentColor is the color of the box's edge as 0xRRGGBB; nil draws
	// none (0 is black).
	AccentColor *int `json:"accent_color,omitempty"`
	Spoiler     bool `json:"spoiler,omitzero"`
}

// ComponentType returns ComponentContainer.
func (Container) ComponentType() interaction.ComponentType { return interaction.ComponentContainer }
