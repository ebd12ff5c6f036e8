package interaction

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"mime"
	"strconv"
	"strings"
)

// A message with files travels as multipart/form-data, as the service
// takes uploads on its webhook endpoints and, since it documented them
// there, on the endpoint that answers an interaction: a payload_json part
// holds what would otherwise be the JSON body, and a files[n] part each
// file, n being the file's index in MessageData.Files. The JSON's
// attachments list names each file by that index (see
// MessageData.AppendJSON), with its filename and description.
//
// The body is built whole in memory, each file read once: a sender can
// send the same bytes again after a rate limit or a broken connection,
// and a file that cannot be read, or is over the limit, is refused before
// anything is sent, never halfway through a body.

// ErrFileTooLarge reports a file larger than the attachment size limit of
// the interaction it answers (see Interaction.AttachmentLimit).
var ErrFileTooLarge = errors.New("file larger than the attachment size limit")

// ErrTooManyFiles reports a message with more than MaxFiles files.
var ErrTooManyFiles = errors.New("more files than a message carries")

// FileError reports the files of a message that cannot be sent: a file
// over the limit (ErrFileTooLarge), more files than a message carries
// (ErrTooManyFiles), a file whose content could not be read or whose
// content type is not a media type, or files with an answer that makes no
// message. Nothing was sent.
type FileError struct {
	// Where names what carries the files: "answer" for an answer to an
	// interaction, "message" for a follow-up or an edit.
	Where string
	// Index is the file's index in the message's Files, the n of its
	// files[n] part; -1 when the error is of the list as a whole.
	Index int
	// Name is the file's name.
	Name string
	// Size is the file's size in bytes when it is known; -1 when the
	// file was refused after reading more than the limit, and its size
	// is not.
	Size int64
	// Limit is the attachment size limit in bytes.
	Limit int64
	// Files is how many files the message has.
	Files int
	// Err is ErrFileTooLarge, ErrTooManyFiles, or what else went wrong,
	// such as the error reading the file.
	Err error
}

// Error names the file by its place, as package answer names the places
// of its violations (levels separated by " › ", the file by its position
// counting from 1), and by its name, and says what is wrong with it, as
// in
//
//	answer › file 1 "report.pdf": 12.0 MiB, more than the 10 MiB limit
//
// An error of the list as a whole names "answer › files".
func (e *FileError) Error() string {
	where := e.Where + " › files"
	if e.Index >= 0 {
		where = e.Where + " › file " + strconv.Itoa(e.Index+1) + " " + strconv.Quote(e.Name)
	}
	return where + ": " + e.Problem()
}

// Problem says what is wrong with the file, without naming it, as in
// "12.0 MiB, more than the 10 MiB limit".
func (e *FileError) Problem() string {
	switch {
	case errors.Is(e.Err, ErrFileTooLarge) && e.Size >= 0:
		return sizeOver(e.Size, e.Limit) + ", more than the " + sizeText(e.Limit) + " limit"
	case errors.Is(e.Err, ErrFileTooLarge):
		return "more than the " + sizeText(e.Limit) + " limit"
	case errors.Is(e.Err, ErrTooManyFiles):
		return strconv.Itoa(e.Files) + " files, more than the " + strconv.Itoa(MaxFiles) + " a message carries"
	case e.Err != nil:
		return e.Err.Error()
	}
	return "cannot be sent"
}

// Unwrap returns Err.
func (e *FileError) Unwrap() error { return e.Err }

// Byte counts that sizes are written in.
const (
	kib = 1 << 10
	mib = 1 << 20
)

// sizeText writes a size as people read it: "10 MiB", "1.5 KiB", "300
// bytes".
func sizeText(n int64) string {
	switch {
	case n >= mib && n%mib == 0:
		return strconv.FormatInt(n/mib, 10) + " MiB"
	case n >= mib:
		return strconv.FormatFloat(float64(n)/mib, 'f', 1, 64) + " MiB"
	case n >= kib && n%kib == 0:
		return strconv.FormatInt(n/kib, 10) + " KiB"
	case n >= kib:
		return strconv.FormatFloat(float64(n)/kib, 'f', 1, 64) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// sizeOver writes the size of a file over the limit with one decimal, and
// in bytes too when rounding would make it read as the limit itself.
func sizeOver(n, limit int64) string {
	unit, name := float64(1), " bytes"
	switch {
	case n >= mib:
		unit, name = mib, " MiB"
	case n >= kib:
		unit, name = kib, " KiB"
	}
	if unit == 1 {
		return strconv.FormatInt(n, 10) + name
	}
	text := strconv.FormatFloat(float64(n)/unit, 'f', 1, 64)
	if text == strconv.FormatFloat(float64(limit)/unit, 'f', 1, 64) {
		return text + name + " (" + strconv.FormatInt(n, 10) + " bytes)"
	}
	return text + name
}

// AppendMultipart appends the answer, and the files of its message, to b
// as a multipart/form-data body, and returns the body and its content
// type. Only CHANNEL_MESSAGE_WITH_SOURCE and UPDATE_MESSAGE answers have
// a message to carry files.
//
// Each file's Content is read once, and never more than limit and one
// byte of it: a larger file, more than MaxFiles files, or content that
// cannot be read is a *FileError naming the file by its place in the
// answer, as "answer › file 1", and nothing is appended. A limit of zero or less is
// DefaultAttachmentSizeLimit; an interaction's is its AttachmentLimit.
func (r Response) AppendMultipart(b []byte, limit int64) (body []byte, contentType string, err error) {
	files := r.Message.Files
	if len(files) > 0 && r.Type != CallbackChannelMessageWithSource && r.Type != CallbackUpdateMessage {
		return nil, "", &FileError{Where: "answer", Index: -1, Size: -1, Files: len(files),
			Err: errors.New("a " + r.Type.String() + " answer has no message to carry files")}
	}
	return appendMultipart(b, "answer", files, limit, r.AppendJSON)
}

// AppendMultipart appends the message, with its files, to b as a
// multipart/form-data body, as a follow-up or an edit sends it, and
// returns the body and its content type. It reads the files as
// Response.AppendMultipart does, and its errors name them by their place
// in the message, as "message › file 1".
func (m *MessageData) AppendMultipart(b []byte, limit int64) (body []byte, contentType string, err error) {
	return appendMultipart(b, "message", m.Files, limit, m.AppendJSON)
}

// AppendMultipartWithin appends a request that carries the message inside
// another object, such as the first message of a forum post, to b as a
// multipart/form-data body with the message's files, and returns the body
// and its content type. appendJSON appends the whole object, the
// message's JSON (AppendJSON) within it; the files are read as
// AppendMultipart reads them.
func (m *MessageData) AppendMultipartWithin(b []byte, limit int64, appendJSON func([]byte) ([]byte, error)) (body []byte, contentType string, err error) {
	return appendMultipart(b, "message", m.Files, limit, appendJSON)
}

// appendMultipart appends the body of a message whose JSON appendJSON
// appends, with files, to b. where names the message in errors.
func appendMultipart(b []byte, where string, files []File, limit int64, appendJSON func([]byte) ([]byte, error)) ([]byte, string, error) {
	if limit <= 0 {
		limit = DefaultAttachmentSizeLimit
	}
	known, err := checkFiles(where, files, limit)
	if err != nil {
		return nil, "", err
	}
	// 26 characters of base32, 130 random bits: no file will hold the
	// line that ends its part by chance.
	boundary := rand.Text()
	// Room for the files whose sizes are known, the parts' headers and
	// the JSON of most messages, so that the bytes read go where they
	// stay.
	need := known + 640
	for _, f := range files {
		need += 160 + 2*int64(len(f.Name)) + int64(len(f.ContentType))
	}
	b = reserve(b, need)
	b = appendPartHeader(b, boundary, -1, "", "application/json")
	if b, err = appendJSON(b); err != nil {
		return nil, "", err
	}
	// A JSON larger than its room moved the body: room again for the
	// rest.
	b = reserve(b, need-640)
	for i, f := range files {
		b = append(b, "\r\n"...)
		ct := f.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		b = appendPartHeader(b, boundary, i, f.Name, ct)
		var n int64
		b, n, err = appendContent(b, f.Content, limit+1)
		switch {
		case err != nil:
			return nil, "", &FileError{Where: where, Index: i, Name: f.Name, Size: -1, Limit: limit, Files: len(files),
				Err: fmt.Errorf("reading it: %w", err)}
		case n > limit:
			return nil, "", &FileError{Where: where, Index: i, Name: f.Name, Size: -1, Limit: limit, Files: len(files), Err: ErrFileTooLarge}
		}
	}
	b = append(b, "\r\n--"...)
	b = append(b, boundary...)
	b = append(b, "--\r\n"...)
	return b, "multipart/form-data; boundary=" + boundary, nil
}

// checkFiles refuses what can be refused before reading anything: too
// many files, a file whose size is known to be over the limit, a content
// type that is not a media type. It returns the sum of the sizes known.
func checkFiles(where string, files []File, limit int64) (known int64, err error) {
	if len(files) > MaxFiles {
		return 0, &FileError{Where: where, Index: -1, Size: -1, Limit: limit, Files: len(files), Err: ErrTooManyFiles}
	}
	for i, f := range files {
		if size, ok := f.Size(); ok {
			if size > limit {
				return 0, &FileError{Where: where, Index: i, Name: f.Name, Size: size, Limit: limit, Files: len(files), Err: ErrFileTooLarge}
			}
			known += size
		}
		if f.ContentType != "" {
			// A header is written with it: a line break in it would
			// end the header there.
			if _, _, err := mime.ParseMediaType(f.ContentType); err != nil || strings.ContainsAny(f.ContentType, "\r\n") {
				return 0, &FileError{Where: where, Index: i, Name: f.Name, Size: -1, Limit: limit, Files: len(files),
					Err: errors.New("content type " + strconv.Quote(f.ContentType) + " is not a media type")}
			}
		}
	}
	return known, nil
}

// reserve returns b with room for n more bytes.
func reserve(b []byte, n int64) []byte {
	if int64(cap(b)-len(b)) >= n {
		return b
	}
	grown := make([]byte, len(b), int64(len(b))+n)
	copy(grown, b)
	return grown
}

// appendPartHeader appends the boundary that opens a part and the part's
// headers: its form name, payload_json or files[index] when index is not
// negative, with the file's name, and the content type.
func appendPartHeader(b []byte, boundary string, index int, filename, contentType string) []byte {
	b = append(b, "--"...)
	b = append(b, boundary...)
	if index < 0 {
		b = append(b, "\r\nContent-Disposition: form-data; name=\"payload_json\""...)
	} else {
		b = append(b, "\r\nContent-Disposition: form-data; name=\"files["...)
		b = strconv.AppendInt(b, int64(index), 10)
		b = append(b, "]\"; filename=\""...)
		b = appendQuotedName(b, filename)
		b = append(b, '"')
	}
	b = append(b, "\r\nContent-Type: "...)
	b = append(b, contentType...)
	return append(b, "\r\n\r\n"...)
}

// appendQuotedName appends a file name inside the quotes of a
// Content-Disposition parameter: a backslash before each quote and
// backslash, which mime.ParseMediaType reads back, and each control
// character, which no header may hold, as an underscore. The name in the
// attachments list, which the service prefers, is the exact one.
func appendQuotedName(b []byte, name string) []byte {
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20 || c == 0x7f:
			b = append(b, '_')
		default:
			b = append(b, c)
		}
	}
	return b
}

// appendContent appends what r holds, up to max bytes, to b, and returns
// how many bytes it appended. A nil r holds nothing.
func appendContent(b []byte, r io.Reader, max int64) ([]byte, int64, error) {
	if r == nil {
		return b, 0, nil
	}
	start := len(b)
	lr := io.LimitedReader{R: r, N: max}
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := lr.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, int64(len(b) - start), nil
		}
		if err != nil {
			return b, int64(len(b) - start), err
		}
	}
}
