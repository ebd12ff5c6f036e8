package awslambda

import (
	"context"
	"encoding/base64"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/internal/receive"
)

// FunctionURL returns the handler of a function whose URL the service
// posts interactions to, for lambda.Start:
//
//	lambda.Start(awslambda.FunctionURL(endpoint))
//
// The function URL's invoke mode is BUFFERED, the default.
func FunctionURL(e *endpoint.Endpoint) func(context.Context, events.LambdaFunctionURLRequest) (events.LambdaFunctionURLResponse, error) {
	return func(ctx context.Context, req events.LambdaFunctionURLRequest) (events.LambdaFunctionURLResponse, error) {
		a := serve(ctx, e, request{
			method: req.RequestContext.HTTP.Method, path: req.RawPath, headers: req.Headers,
			body: req.Body, base64: req.IsBase64Encoded, epoch: req.RequestContext.TimeEpoch,
		})
		return events.LambdaFunctionURLResponse{StatusCode: a.status, Headers: a.headers, Body: a.body, IsBase64Encoded: a.base64}, nil
	}
}

// HTTPAPI returns the handler of a function behind an API Gateway HTTP
// API, whose integration sends events of payload format 2.0, for
// lambda.Start:
//
//	lambda.Start(awslambda.HTTPAPI(endpoint))
func HTTPAPI(e *endpoint.Endpoint) func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	return func(ctx context.Context, req events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		a := serve(ctx, e, request{
			method: req.RequestContext.HTTP.Method, path: req.RawPath, headers: req.Headers,
			body: req.Body, base64: req.IsBase64Encoded, epoch: req.RequestContext.TimeEpoch,
		})
		return events.APIGatewayV2HTTPResponse{StatusCode: a.status, Headers: a.headers, Body: a.body, IsBase64Encoded: a.base64}, nil
	}
}

// request is what the two events hold of the request, alike in payload
// format 2.0.
type request struct {
	method, path string
	// headers are the request's, their names in lower case, the values
	// of one sent more than once joined with commas.
	headers map[string]string
	body    string
	base64  bool
	// epoch is when the platform received the request, in milliseconds
	// since the Unix epoch.
	epoch int64
}

// answer is the endpoint's answer, as the platform's response carries it.
type answer struct {
	status  int
	headers map[string]string
	body    string
	base64  bool
}

// staleEpoch is how old a request's time of arrival may be and still be
// taken for when the service sent it. A function starts in seconds; an
// event older than this is a test's, or one sent again by hand, whose
// window is counted from now.
const staleEpoch = time.Minute

// serve serves req with e's ServeHTTP, which reads the body through the
// endpoint's limit: a body sent in base64 is decoded as it is read, and
// never past the limit.
func serve(ctx context.Context, e *endpoint.Endpoint, req request) answer {
	now := time.Now()
	if req.epoch > 0 {
		if at := time.UnixMilli(req.epoch); now.Sub(at) < staleEpoch {
			ctx = receive.WithReceived(ctx, at)
		}
	}
	var body io.Reader = strings.NewReader(req.body)
	length := int64(len(req.body))
	if req.base64 {
		body = base64.NewDecoder(base64.StdEncoding, body)
		length = decodedLen(req.body)
	}
	path := req.path
	if path == "" {
		path = "/"
	}
	r, err := http.NewRequestWithContext(ctx, req.method, path, body)
	if err != nil {
		// A method or path net/http cannot take is no request of the
		// service's.
		return answer{status: http.StatusBadRequest, headers: jsonHeaders(), body: string(receive.BodyMalformed)}
	}
	r.ContentLength = length
	for name, value := range req.headers {
		r.Header.Set(name, value)
	}
	var w responseWriter
	e.ServeHTTP(&w, r)
	return w.answer()
}

// decodedLen returns the length of what the base64 text s decodes to, or
// -1 when s is not of a length base64 can have, which decoding then
// finds malformed.
func decodedLen(s string) int64 {
	if len(s)%4 != 0 {
		return -1
	}
	n := len(s) / 4 * 3
	if strings.HasSuffix(s, "==") {
		n -= 2
	} else if strings.HasSuffix(s, "=") {
		n--
	}
	return int64(n)
}

// jsonHeaders are the headers of a JSON answer.
func jsonHeaders() map[string]string { return map[string]string{"Content-Type": "application/json"} }
