package awslambda

import (
	"bytes"
	"encoding/base64"
	"mime"
	"net/http"
	"strings"
)

// responseWriter keeps what the endpoint writes, for the platform's
// response.
type responseWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *responseWriter) Header() http.Header {
	if w.header == nil {
		w.header = make(http.Header)
	}
	return w.header
}

func (w *responseWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *responseWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(p)
}

// Headers the platform sets itself, or that concern a connection the
// function does not hold: Lambda and API Gateway refuse or replace them.
var platformHeaders = map[string]bool{"Connection": true, "Content-Length": true, "Transfer-Encoding": true}

// answer returns the response written: a JSON body as it is, any other
// (the multipart answer of a message with files) in base64, as the
// platform takes a binary body.
func (w *responseWriter) answer() answer {
	a := answer{status: w.status, headers: make(map[string]string, len(w.header))}
	if a.status == 0 {
		a.status = http.StatusOK
	}
	for name, values := range w.header {
		if !platformHeaders[name] && len(values) > 0 {
			a.headers[name] = strings.Join(values, ", ")
		}
	}
	if w.body.Len() == 0 {
		return a
	}
	if isText(w.header.Get("Content-Type")) {
		a.body = w.body.String()
	} else {
		a.body, a.base64 = base64.StdEncoding.EncodeToString(w.body.Bytes()), true
	}
	return a
}

// isText reports whether a body of content type ct is text the platform
// can carry as a string: JSON, or text/*.
func isText(ct string) bool {
	t, _, err := mime.ParseMediaType(ct)
	return err == nil && (t == "application/json" || strings.HasPrefix(t, "text/"))
}
