package interaction

import (
	"io"
	"io/fs"
	"time"
)

// DefaultAttachmentSizeLimit is the largest file, in bytes, a message may
// carry when the interaction does not say otherwise: 10 MiB since 16
// January 2025, checked per file and not per message (the
// specification's Limits). An interaction's attachment_size_limit, when
// present, is the limit for its answers (boosted guilds allow more).
const DefaultAttachmentSizeLimit = 10 << 20

// MaxFiles is how many files one message carries (a public fact of the
// service; the specification does not state it).
const MaxFiles = 10

// AttachmentLimit returns the largest file, in bytes, an answer to the
// interaction may carry: its AttachmentSizeLimit, or
// DefaultAttachmentSizeLimit when the interaction has none.
func (ix *Interaction) AttachmentLimit() int64 {
	if ix == nil || ix.AttachmentSizeLimit <= 0 {
		return DefaultAttachmentSizeLimit
	}
	return ix.AttachmentSizeLimit
}

// File is a file uploaded with a message: an answer, a follow-up or an
// edit. A message with files is sent as multipart/form-data, its JSON in
// a payload_json part and each file in a files[n] part, n being the
// file's index in MessageData.Files; the message's attachments list
// names each one by that index.
type File struct {
	// Name is the file's name as the message shows it, such as
	// "report.csv". The extension decides how clients show the file.
	Name string
	// ContentType is the file's media type, such as "text/csv"; when
	// empty, "application/octet-stream" is sent.
	ContentType string
	// Title is the file's title, which clients may show in place of its
	// name (at most 1024 characters).
	Title string
	// Description is the attachment's alternative text (at most 1024
	// characters).
	Description string
	// Spoiler marks the file a spoiler: clients blur it until it is
	// clicked. (The service also takes a name that starts with
	// "SPOILER_" as a spoiler, the older way.)
	Spoiler bool
	// Duration and Waveform make the file the recording of a voice
	// message (see VoiceMessage), which needs both: its length, and its
	// waveform, samples of its loudness a byte each from start to end
	// (clients take one at most every 100 ms, and at most 256), sent in
	// base64. Other audio files may carry a duration too.
	Duration time.Duration
	Waveform []byte
	// Content is read once, when the message is sent, and never more than
	// the attachment size limit and one byte: a larger file is refused
	// before anything is sent. A sender that may send the message again
	// (after a rate limit, say) keeps the bytes it read.
	Content io.Reader
}

// Size returns the file's size in bytes when it can be known without
// reading it: Content is a *bytes.Reader, *strings.Reader, *bytes.Buffer
// (anything with a Len method) or a file (anything with a Stat method
// returning fs.FileInfo, read from its start).
func (f File) Size() (n int64, known bool) {
	switch c := f.Content.(type) {
	case nil:
		return 0, true
	case interface{ Len() int }:
		return int64(c.Len()), true
	case interface{ Stat() (fs.FileInfo, error) }:
		info, err := c.Stat()
		if err != nil || !info.Mode().IsRegular() {
			return 0, false
		}
		return info.Size(), true
	}
	return 0, false
}

// WithFile adds a file to the message of a CHANNEL_MESSAGE_WITH_SOURCE
// or UPDATE_MESSAGE answer:
//
//	interaction.Reply("Here is the report.").WithFile("report.csv", "text/csv", bytes.NewReader(csv))
//
// In an UPDATE_MESSAGE the files take the place of the attachments the
// message has, but for those MessageData.Attachments names: the list the
// files make is the whole list of the message's attachments.
func (r Response) WithFile(name, contentType string, content io.Reader) Response {
	r.Message = r.Message.WithFile(name, contentType, content)
	return r
}

// WithFile returns the message with a file added to its Files.
func (m MessageData) WithFile(name, contentType string, content io.Reader) MessageData {
	m.Files = append(m.Files[:len(m.Files):len(m.Files)], File{Name: name, ContentType: contentType, Content: content})
	return m
}

// WithSpoilerFile adds a file to the message of a
// CHANNEL_MESSAGE_WITH_SOURCE or UPDATE_MESSAGE answer as a spoiler, which
// clients blur until it is clicked:
//
//	interaction.Reply("The ending:").WithSpoilerFile("ending.png", "image/png", bytes.NewReader(png))
func (r Response) WithSpoilerFile(name, contentType string, content io.Reader) Response {
	r.Message = r.Message.WithSpoilerFile(name, contentType, content)
	return r
}

// WithSpoilerFile returns the message with a file added to its Files as a
// spoiler.
func (m MessageData) WithSpoilerFile(name, contentType string, content io.Reader) MessageData {
	m = m.WithFile(name, contentType, content)
	m.Files[len(m.Files)-1].Spoiler = true
	return m
}

// VoiceMessage returns a voice message: the flag FlagIsVoiceMessage and
// its recording, an audio file (a ContentType such as "audio/ogg") with
// its Duration and Waveform. A voice message carries nothing else (no
// content, embeds, components or poll), and cannot be edited; it may be
// an answer, a follow-up or a message sent to a channel:
//
//	rec := interaction.File{Name: "hello.ogg", ContentType: "audio/ogg",
//		Duration: 2 * time.Second, Waveform: samples, Content: bytes.NewReader(ogg)}
//	return interaction.ReplyMessage(interaction.VoiceMessage(rec))
func VoiceMessage(recording File) MessageData {
	return MessageData{Flags: FlagIsVoiceMessage, Files: []File{recording}}
}
