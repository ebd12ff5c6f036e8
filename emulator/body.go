package emulator

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
)

// maxRead is the most of a body one read asks for: what looks into the
// body as it comes (readUploads) stops within a read of where it would.
const maxRead = 1 << 20

// errBodyTooLarge is the error of a body read past its limit.
var errBodyTooLarge = errors.New("the body is too large")

// bodyReader reads the body of a request into memory, of at most limit
// bytes: into room of its length when it gives one, or room that doubles
// as it fills, up to the limit and no further, so that a refused body
// costs no more than that. It is an io.Reader of what it reads, for a
// reader that looks into the body as it comes (readUploads).
type bodyReader struct {
	r     io.Reader
	b     []byte
	limit int64
	// handed is how much of b Read has handed on.
	handed int
	// err is the error that ended the body: io.EOF at its end,
	// errBodyTooLarge past the limit.
	err error
}

// newBodyReader reads the body of r, of at most limit bytes, into room
// for room bytes at first.
func newBodyReader(r *http.Request, limit, room int64) *bodyReader {
	return &bodyReader{r: r.Body, b: make([]byte, 0, min(room, limit+1)), limit: limit}
}

// fill reads more of the body, until its end or an error, which it
// keeps.
func (br *bodyReader) fill() {
	if br.err != nil {
		return
	}
	b := br.b
	if len(b) == cap(b) {
		// Twice the room, made here rather than by append, whose
		// smaller steps would leave more behind; room enough for the
		// limit and a byte when twice would come to it.
		more := 2 * int64(cap(b))
		if more >= br.limit {
			more = br.limit + 1
		}
		grown := make([]byte, len(b), more)
		copy(grown, b)
		b = grown
	}
	// Never more than one byte past the limit, whatever room the
	// allocator gave, and never more than maxRead at once.
	n, err := br.r.Read(b[len(b):min(int64(cap(b)), br.limit+1, int64(len(b))+maxRead)])
	br.b = b[:len(b)+n]
	switch {
	case int64(len(br.b)) > br.limit:
		br.err = errBodyTooLarge
	case err != nil:
		br.err = err
	}
}

// Read hands on the body as it is read.
func (br *bodyReader) Read(p []byte) (int, error) {
	for br.handed == len(br.b) && br.err == nil {
		br.fill()
	}
	if br.handed == len(br.b) {
		return 0, br.err
	}
	n := copy(p, br.b[br.handed:])
	br.handed += n
	return n, nil
}

// finish reads the rest of the body, and returns it all, leaving
// r.Body reading it again: a body past the limit is 413 40005, one that
// could not be read 400.
func (br *bodyReader) finish(r *http.Request) ([]byte, *apiError) {
	for br.err == nil {
		br.fill()
	}
	switch {
	case errors.Is(br.err, errBodyTooLarge):
		return nil, errEntityTooLarge()
	case !errors.Is(br.err, io.EOF):
		return nil, errBadRequest(codeGeneral, "The request body could not be read.")
	}
	r.Body = io.NopCloser(bytes.NewReader(br.b))
	return br.b, nil
}

// readBody reads the body of a request, of at most limit bytes, and leaves
// r.Body reading it again. A larger body is 413 40005, refused by its
// Content-Length before any of it is read when it gives one. A body of a
// known length is read into that much room, and one byte more to see it
// end; one of unknown length into room that doubles as it fills.
func readBody(r *http.Request, limit int64) ([]byte, *apiError) {
	if r.ContentLength > limit {
		return nil, errEntityTooLarge()
	}
	room := int64(512)
	if r.ContentLength >= 0 {
		room = r.ContentLength + 1
	}
	return newBodyReader(r, limit, room).finish(r)
}

// readUploads reads a multipart body as readBody does, and refuses it as
// soon as its files come to more than fileRoom bytes, the room left of
// Limits.InteractionFiles (keep), before the rest is read: the handler
// would refuse it once all of it was read (checkFileRoom). The files are
// the parts decodeUploads takes as files, counted as it reads them; a body
// that is not multipart/form-data the parts can be read from is read
// whole, for the handler to say what is wrong with it.
func readUploads(r *http.Request, limit, fileRoom, keep int64) ([]byte, *apiError) {
	if r.ContentLength > limit {
		return nil, errEntityTooLarge()
	}
	// A body of a known length is read into that much room, up to room
	// for files that fit and a read more, however long it says it is: a
	// longer body that fits is mostly JSON and fields, which is rare.
	room := int64(512)
	if r.ContentLength >= 0 {
		room = min(r.ContentLength, fileRoom+maxRead) + 1
	}
	br := newBodyReader(r, limit, room)
	_, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return br.finish(r)
	}
	mr := multipart.NewReader(br, params["boundary"])
	var files int64
	for {
		p, err := mr.NextPart()
		if err != nil {
			break
		}
		if _, ok := filePart(p); !ok {
			if _, err := io.Copy(io.Discard, p); err != nil {
				break
			}
			continue
		}
		n, err := io.CopyN(io.Discard, p, fileRoom-files+1)
		if files += n; files > fileRoom {
			return nil, errNoFileRoom(keep)
		}
		if err != nil && !errors.Is(err, io.EOF) {
			break
		}
	}
	return br.finish(r)
}
