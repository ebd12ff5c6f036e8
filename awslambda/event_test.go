package awslambda_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
)

// event reads the sample event in testdata/name, as the platform
// documents it, into v.
func event(t testing.TB, name string, v any) {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("testdata/%s: %v", name, err)
	}
}

// invoke runs h on event as the Lambda runtime does, through the
// library's JSON, and decodes its response into out.
func invoke(t testing.TB, h lambda.Handler, event, out any) {
	t.Helper()
	payload, err := json.Marshal(event)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := h.Invoke(context.Background(), payload)
	if err != nil {
		t.Fatalf("the function failed: %v", err)
	}
	if err := json.Unmarshal(resp, out); err != nil {
		t.Fatalf("the function's response %s: %v", resp, err)
	}
}

// functionURL serves h as a Lambda function URL does: each request
// becomes an event shaped as testdata/function-url-request.json, its
// headers' names in lower case and a body that is not text in base64,
// and the function's response the HTTP answer. answered is told each
// response.
func functionURL(t testing.TB, h lambda.Handler, answered func(events.LambdaFunctionURLResponse)) http.Handler {
	var template events.LambdaFunctionURLRequest
	event(t, "function-url-request.json", &template)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ev := template
		ev.Headers = map[string]string{}
		for name, values := range r.Header {
			ev.Headers[strings.ToLower(name)] = strings.Join(values, ",")
		}
		body := new(bytes.Buffer)
		if _, err := body.ReadFrom(http.MaxBytesReader(w, r.Body, 6<<20)); err != nil {
			http.Error(w, err.Error(), http.StatusRequestEntityTooLarge)
			return
		}
		ev.Body, ev.IsBase64Encoded = body.String(), false
		if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			ev.Body, ev.IsBase64Encoded = base64.StdEncoding.EncodeToString(body.Bytes()), true
		}
		ev.RawPath = r.URL.Path
		ev.RequestContext.HTTP.Method, ev.RequestContext.HTTP.Path = r.Method, r.URL.Path
		now := time.Now()
		ev.RequestContext.TimeEpoch = now.UnixMilli()
		ev.RequestContext.Time = now.UTC().Format("02/Jan/2006:15:04:05 -0700")
		payload, err := json.Marshal(ev)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		out, err := h.Invoke(r.Context(), payload)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		var resp events.LambdaFunctionURLResponse
		if err := json.Unmarshal(out, &resp); err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		if answered != nil {
			answered(resp)
		}
		for name, value := range resp.Headers {
			w.Header().Set(name, value)
		}
		b := []byte(resp.Body)
		if resp.IsBase64Encoded {
			if b, err = base64.StdEncoding.DecodeString(resp.Body); err != nil {
				http.Error(w, err.Error(), http.StatusBadGateway)
				return
			}
		}
		w.WriteHeader(resp.StatusCode)
		w.Write(b)
	})
}
