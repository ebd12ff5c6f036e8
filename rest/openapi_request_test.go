package rest_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The requests of the channel, guild and member calls are held to the
// service's OpenAPI description: each body must match the request schema
// the description gives for its operation.

const specFile = "../emulator/testdata/openapi/openapi.json"

// spec is the description, compiled once per test binary.
type spec struct {
	doc map[string]any
	c   *jsonschema.Compiler
}

var loadSpec = sync.OnceValues(func() (*spec, error) {
	raw, err := os.ReadFile(specFile)
	if err != nil {
		return nil, err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	doc, _ := v.(map[string]any)
	// The description's message reference types stop at DEFAULT; the
	// documentation's "Message Reference Types" (resources/message) has
	// FORWARD, 1, too, which forwards send.
	schemas, _ := doc["components"].(map[string]any)["schemas"].(map[string]any)
	ref, _ := schemas["MessageReferenceType"].(map[string]any)
	if ref == nil {
		return nil, errors.New("the description has no MessageReferenceType")
	}
	ref["oneOf"] = append(ref["oneOf"].([]any), map[string]any{"title": "FORWARD", "const": json.Number("1")})
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("openapi.json", v); err != nil {
		return nil, err
	}
	return &spec{doc: doc, c: c}, nil
})

// pointerEscape escapes a JSON pointer token, and then for a URL fragment.
func pointerEscape(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
	return url.PathEscape(s)
}

// checkRequestBody checks body, sent with contentType, against the
// request schema of the description's operation method on path (as the
// description spells it, "/channels/{channel_id}/messages"). A multipart
// body is checked by its payload_json part, or its first part.
func checkRequestBody(t *testing.T, method, path, contentType string, body []byte) {
	t.Helper()
	s, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	paths, _ := s.doc["paths"].(map[string]any)
	op, _ := paths[path].(map[string]any)[strings.ToLower(method)].(map[string]any)
	if op == nil {
		t.Fatalf("the description has no operation %s %s", method, path)
	}
	rb, _ := op["requestBody"].(map[string]any)
	if rb == nil {
		if len(body) > 0 {
			t.Errorf("%s %s: the description takes no body, sent %s", method, path, body)
		}
		return
	}
	mt, params, _ := mime.ParseMediaType(contentType)
	if mt == "multipart/form-data" {
		r := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		p, err := r.NextPart()
		if err != nil {
			t.Fatalf("%s %s: reading the multipart body: %v", method, path, err)
		}
		if p.FormName() != "payload_json" {
			t.Errorf("%s %s: the first part is %q, not payload_json", method, path, p.FormName())
		}
		if body, err = io.ReadAll(p); err != nil {
			t.Fatal(err)
		}
		mt = "application/json"
	}
	if mt != "application/json" {
		t.Fatalf("%s %s: content type %q", method, path, contentType)
	}
	content, _ := rb["content"].(map[string]any)
	if _, ok := content[mt]; !ok {
		t.Fatalf("%s %s: the description takes no %s", method, path, mt)
	}
	loc := "openapi.json#/paths/" + pointerEscape(path) + "/" + strings.ToLower(method) + "/requestBody/content/" + pointerEscape(mt) + "/schema"
	sch, err := s.c.Compile(loc)
	if err != nil {
		t.Fatalf("compiling %s: %v", loc, err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("%s %s: the body is not JSON: %v: %s", method, path, err, body)
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("%s %s: the body %s does not match the description: %v", method, path, body, err)
	}
}

// received is a request a test server took.
type received struct {
	method, path, query string
	header              http.Header
	body                []byte
}

// recorder is a test server that keeps the requests it takes and answers
// each with the status and body its reply gives.
type recorder struct {
	*httptest.Server
	mu    sync.Mutex
	got   []received
	reply func(r *http.Request) (int, string)
}

func newRecorder(t *testing.T, reply func(r *http.Request) (int, string)) *recorder {
	rec := &recorder{reply: reply}
	rec.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		rec.mu.Lock()
		rec.got = append(rec.got, received{r.Method, r.URL.EscapedPath(), r.URL.RawQuery, r.Header.Clone(), b})
		rec.mu.Unlock()
		status, body := rec.reply(r)
		if status == http.StatusNoContent {
			w.WriteHeader(status)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(rec.Close)
	return rec
}

// requests returns the requests taken so far, and forgets them.
func (rec *recorder) requests() []received {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	got := rec.got
	rec.got = nil
	return got
}

// TestAnswerFixturesMatchDescription: the answers the test servers give
// are shapes the description's responses have.
func TestAnswerFixturesMatchDescription(t *testing.T) {
	s, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct{ schema, body string }{
		{"MessageResponse", messageJSON},
		{"GuildChannelResponse", channelJSON},
		{"PrivateChannelResponse", dmJSON},
		{"ThreadResponse", threadJSON},
		{"GuildMemberResponse", memberJSON},
		{"GuildWithCountsResponse", guildJSON},
		{"GuildBanResponse", banJSON},
	} {
		sch, err := s.c.Compile("openapi.json#/components/schemas/" + f.schema)
		if err != nil {
			t.Fatal(err)
		}
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(f.body))
		if err != nil {
			t.Fatalf("%s: %v", f.schema, err)
		}
		if err := sch.Validate(v); err != nil {
			t.Errorf("%s: %v", f.schema, err)
		}
	}
}
