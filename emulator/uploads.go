package emulator

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Files come with a message as the service takes them (its public
// documentation, "Uploading Files"): a multipart/form-data body whose
// payload_json part holds what would otherwise be the JSON body, and whose
// files[n] parts hold the files. The message's attachments list describes
// them: an element whose id is n gives files[n] its filename and
// description. In an edit the list also names, by their ids, the
// attachments the message keeps; without a list it keeps them all, and the
// new files are added to them.
//
// The service takes a part of any other name as a file too, when it comes
// with a filename (discord/discord-api-docs#2064: any key but payload_json
// works as a file; the documentation once named them file0, file1, and
// clients still do, serenity file, file1, ...). Such a file is attached,
// but its name is no placeholder: an attachments element cannot name it,
// and one whose id is its number names no file (clients that moved from
// file0 to files[0] did so because the service answered such an element as
// an unknown attachment: bwmarrin/discordgo#1256, discordeno#4037).
// CONFORMANCE.md, D160.
//
// Each file may be as large as the upload limit (rule 18.11, 10 MiB);
// the service checks every file on its own, not the message as a whole,
// and answers a larger one 413 with its code 40005.
const (
	// maxAttachments is how many files a message carries (public fact of
	// the service).
	maxAttachments = 10
	// maxJSONBody bounds a JSON body, or the payload_json of a multipart
	// one.
	maxJSONBody = 8 << 20
	// maxRequestBody bounds every request: the JSON and the files of a
	// message with as many files as it may carry, each at the most the
	// upload limit may be.
	maxRequestBody = maxAttachments*DefaultUpload + maxJSONBody

	codeEntityTooLarge = 40005
)

// Codes of the errors tree for attachments the service's public answers do
// not cover; they are the emulator's own.
const (
	// codeUnknownAttachment: an element of attachments names neither a
	// file of the request nor an attachment of the message.
	codeUnknownAttachment = "MESSAGE_ATTACHMENT_UNKNOWN"
	// codeUnexpectedAttachment: files with an answer that makes no
	// message.
	codeUnexpectedAttachment = "MESSAGE_ATTACHMENT_UNEXPECTED"
)

func errEntityTooLarge() *apiError {
	return &apiError{status: http.StatusRequestEntityTooLarge, code: codeEntityTooLarge, message: "Request entity too large"}
}

// Attachment is a file a message carries: the attachment object the
// service made of an upload, and the bytes uploaded.
type Attachment struct {
	interaction.Attachment
	// Content is the bytes uploaded. The emulator never changes them, and
	// every record of the message shares them rather than copy them
	// (a playground asks for the records at every change): read them, do
	// not change them.
	Content []byte
}

// upload is a file part of a request.
type upload struct {
	// index is the n of a part named files[n], which attachments
	// elements name it by; noIndex for a file part of another name.
	index       int
	filename    string
	contentType string
	content     []byte
}

// decodeMessageBody decodes the body of a request that may carry files
// into v, and returns the files. A JSON body carries none.
func decodeMessageBody(r *request, v any) ([]upload, *apiError) {
	if ct := r.Header.Get("Content-Type"); isURLEncoded(ct) {
		return nil, decodeURLEncoded(r.body, v)
	}
	return decodeUploads(r.Header.Get("Content-Type"), r.body, r.upload, v)
}

// isMultipart reports whether a body of contentType is
// multipart/form-data.
func isMultipart(contentType string) bool {
	media, _, err := mime.ParseMediaType(contentType)
	return err == nil && media == "multipart/form-data"
}

// decodeUploads decodes a body of contentType that may carry files, each
// of at most limit bytes, into v, and returns the files: the body of a
// request, or a bot's answer in the HTTP response to an interaction. A
// JSON body carries none.
func decodeUploads(contentType string, body []byte, limit int64, v any) ([]upload, *apiError) {
	media, params, err := mime.ParseMediaType(contentType)
	if err != nil || media != "multipart/form-data" {
		return nil, decodeJSON(body, v)
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	var (
		payload     []byte
		files       []upload
		seen        = map[int]bool{}
		fieldNames  []string
		fieldValues = map[string]string{}
	)
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, errInvalidBody("", rules.BaseTypeBadType, "The body is not valid multipart/form-data: "+err.Error()+".")
		}
		name := p.FormName()
		if name == "payload_json" {
			if payload, err = readPart(p, maxJSONBody); err != nil {
				return nil, partError(err)
			}
			continue
		}
		n, ok := filePart(p)
		if !ok {
			// A field of the message, read when there is no
			// payload_json (formJSON).
			value, err := readPart(p, maxJSONBody)
			if err != nil {
				return nil, partError(err)
			}
			if _, dup := fieldValues[name]; !dup {
				fieldNames = append(fieldNames, name)
			}
			fieldValues[name] = string(value)
			continue
		}
		content, err := readPart(p, limit)
		if err != nil {
			return nil, partError(err)
		}
		if n != noIndex && seen[n] {
			return nil, errInvalidBody("/files/"+itoa(n), rules.BaseTypeDuplicate, "files["+itoa(n)+"] is given twice.")
		}
		seen[n] = true
		filename := p.FileName()
		if filename == "" {
			filename = "file"
		}
		files = append(files, upload{index: n, filename: filename, contentType: p.Header.Get("Content-Type"), content: content})
	}
	if len(files) > maxAttachments {
		return nil, errInvalidBody("/files", rules.BaseTypeMaxLength, "Must be "+itoa(maxAttachments)+" or fewer in length.")
	}
	if payload == nil {
		payload = formJSON(fieldNames, fieldValues)
	}
	return files, decodeJSON(payload, v)
}

// errPartTooLarge reports a part over its limit.
var errPartTooLarge = errors.New("part too large")

// readPart reads a part of at most limit bytes.
func readPart(p *multipart.Part, limit int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(p, limit+1))
	if err == nil && int64(len(b)) > limit {
		err = errPartTooLarge
	}
	return b, err
}

// partError is the answer to a part that could not be read: 413 with
// 40005 for one over its limit, and for one cut short, 50035.
func partError(err error) *apiError {
	if errors.Is(err, errPartTooLarge) {
		return errEntityTooLarge()
	}
	return errInvalidBody("", rules.BaseTypeBadType, "The body is not valid multipart/form-data: "+err.Error()+".")
}

// noIndex is the index of a file part not named files[n].
const noIndex = -1

// filePart reports whether p is a file of a message: a part named
// files[n], whose index n it returns, or a part of another name than
// payload_json that gives a filename, whose index is noIndex.
func filePart(p *multipart.Part) (int, bool) {
	name := p.FormName()
	if name == "payload_json" {
		return 0, false
	}
	if n, ok := fileIndex(name); ok {
		return n, true
	}
	return noIndex, hasFilename(p)
}

// hasFilename reports whether a part's Content-Disposition gives a
// filename, even an empty one: what makes a part of any name a file.
func hasFilename(p *multipart.Part) bool {
	_, params, err := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
	_, ok := params["filename"]
	return err == nil && ok
}

// fileIndex reads the n of a part named files[n].
func fileIndex(name string) (int, bool) {
	digits, prefixed := strings.CutPrefix(name, "files[")
	digits, suffixed := strings.CutSuffix(digits, "]")
	if !prefixed || !suffixed || digits == "" {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	return n, err == nil && n >= 0 && strconv.Itoa(n) == digits
}

// attachments returns the attachments of a message after a request: those
// of old that refs keeps (all of them when refs is nil), with the
// description and spoiler mark its element gives them, then one for each
// file, described by the element of refs that names its index (see
// spoilers.go). A new message has no old attachments. Problems are added
// to e, at the pointer at of the request's attachments list. The caller
// holds s.st.mu.
func (s *Server) attachments(e *apiError, at string, refs *[]attachmentRef, files []upload, old []Attachment, channel interaction.Snowflake, ephemeral bool) []Attachment {
	byIndex := map[int]attachmentRef{}
	keep := map[interaction.Snowflake]attachmentRef{}
	if refs != nil {
		for i, ref := range *refs {
			if idx := int(ref.ID); uint64(ref.ID) < 1<<31 && hasFile(files, idx) {
				byIndex[idx] = ref
				continue
			}
			if findAttachment(old, ref.ID) {
				keep[ref.ID] = ref
				continue
			}
			e.add(at+"/"+itoa(i)+"/id", codeUnknownAttachment,
				"Attachment "+ref.ID.String()+" is neither the index n of a files[n] part nor an attachment of the message.")
		}
	}
	var out []Attachment
	for _, a := range old {
		if refs == nil {
			out = append(out, a)
			continue
		}
		if ref, ok := keep[a.ID]; ok {
			if ref.Description != nil {
				a.Description = *ref.Description
			}
			a.Flags = spoilerFlags(a.Flags, a.Filename, ref.IsSpoiler)
			out = append(out, a)
		}
	}
	where := "attachments"
	if ephemeral {
		where = "ephemeral-attachments"
	}
	for _, f := range files {
		ref := byIndex[f.index]
		a := interaction.Attachment{ID: s.st.newID(), Filename: f.filename,
			ContentType: f.contentType, Size: int64(len(f.content)), Ephemeral: ephemeral}
		if ref.Description != nil {
			a.Description = *ref.Description
		}
		if ref.Filename != "" {
			a.Filename = ref.Filename
		}
		a.Title, a.DurationSecs, a.Waveform = ref.Title, ref.DurationSecs, ref.Waveform
		a.Flags = spoilerFlags(0, a.Filename, ref.IsSpoiler)
		if a.ContentType == "" || a.ContentType == "application/octet-stream" {
			a.ContentType = contentTypeOf(a.Filename, f.content)
		}
		a.URL = "https://cdn.emulator.invalid/" + where + "/" + channel.String() + "/" + a.ID.String() + "/" + a.Filename
		a.ProxyURL = "https://media.emulator.invalid/" + where + "/" + channel.String() + "/" + a.ID.String() + "/" + a.Filename
		out = append(out, Attachment{Attachment: a, Content: f.content})
	}
	if len(out) > maxAttachments {
		e.add(at, rules.BaseTypeMaxLength, "Must be "+itoa(maxAttachments)+" or fewer in length.")
	}
	return out
}

// contentTypeOf is the media type the service gives an uploaded file
// that came without one it could use: by its name's extension, else by
// its bytes (as net/http sniffs them; application/octet-stream when they
// say nothing, or are not known). Every attachment carries one.
func contentTypeOf(filename string, content []byte) string {
	if t := mime.TypeByExtension(path.Ext(filename)); t != "" {
		return t
	}
	if content == nil {
		return "application/octet-stream"
	}
	return http.DetectContentType(content)
}

func hasFile(files []upload, index int) bool {
	for _, f := range files {
		if f.index == index {
			return true
		}
	}
	return false
}

func findAttachment(as []Attachment, id interaction.Snowflake) bool {
	for _, a := range as {
		if a.ID == id {
			return true
		}
	}
	return false
}
