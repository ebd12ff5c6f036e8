package interaction

import "strings"

// Attachment flags, the bits of Attachment.Flags (the service's public
// documentation of the attachment object).
const (
	// AttachmentIsClip marks a clip from a stream.
	AttachmentIsClip uint64 = 1 << 0
	// AttachmentIsThumbnail marks the thumbnail of a thread in a media
	// channel.
	AttachmentIsThumbnail uint64 = 1 << 1
	// AttachmentIsRemix marks an attachment edited with the remix
	// feature (deprecated).
	AttachmentIsRemix uint64 = 1 << 2
	// AttachmentIsSpoiler marks a spoiler, which clients blur until it
	// is clicked: an attachment sent with is_spoiler, or whose name
	// starts with SpoilerPrefix.
	AttachmentIsSpoiler uint64 = 1 << 3
	// AttachmentIsAnimated marks an animated image.
	AttachmentIsAnimated uint64 = 1 << 5
)

// SpoilerPrefix starts the name of a file the service takes as a spoiler,
// the older way of marking one: is_spoiler (File.Spoiler) is the newer,
// and not every spoiler's name has the prefix.
const SpoilerPrefix = "SPOILER_"

// IsSpoiler reports whether the attachment is a spoiler: its flags say
// so, or, as a message from before the flag shows it, its name starts
// with SpoilerPrefix.
func (a Attachment) IsSpoiler() bool {
	return a.Flags&AttachmentIsSpoiler != 0 || strings.HasPrefix(a.Filename, SpoilerPrefix)
}
