package rest

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/rules"
)

// ErrorCode is a numeric code of the service's JSON error bodies. The codes
// are errors themselves, so that errors.Is(err, ErrUnknownCommand) asks
// whether err is an *APIError with that code.
type ErrorCode int

// Codes the command endpoints answer with. The specification leaves them
// unshown; these are the service's public ones.
const (
	ErrGeneral            ErrorCode = 0
	ErrUnknownApplication ErrorCode = 10002
	ErrUnknownGuild       ErrorCode = 10004
	ErrUnknownCommand     ErrorCode = 10063
	ErrUnknownPermissions ErrorCode = 10066
	// ErrBotsCannotUse: a bot token on an endpoint that needs a user's,
	// such as setting command permissions.
	ErrBotsCannotUse ErrorCode = 20001
	// ErrMaxCommands: the scope holds as many commands of the type as
	// the service allows.
	ErrMaxCommands ErrorCode = 30032
	// ErrMaxDailyCreates: the 200 creates of the day are used up.
	ErrMaxDailyCreates    ErrorCode = 30034
	ErrMissingAccess      ErrorCode = 50001
	ErrMissingPermissions ErrorCode = 50013
	ErrInvalidOAuth2Token ErrorCode = 50025
	ErrMissingOAuth2Scope ErrorCode = 50026
	ErrInvalidFormBody    ErrorCode = 50035
	ErrInvalidRequestJSON ErrorCode = 50109
)

// ErrUnauthorized matches, with errors.Is, an APIError whose status is 401
// and an OAuthError refusing the client: the service refused the request's
// credentials (a wrong, revoked or expired token, a token of another
// application's bot, or a wrong client secret).
var ErrUnauthorized = errors.New("rest: the service refused the credentials")

// Error returns the code as a number.
func (c ErrorCode) Error() string { return "rest: service error code " + strconv.Itoa(int(c)) }

// APIError is an answer of the service that is not a success.
type APIError struct {
	// Method and Path are the request's; Path is relative to the base
	// URL.
	Method, Path string
	// Status is the HTTP status.
	Status int
	// Code is the code of the JSON error body; ErrGeneral (0) when the
	// body has none.
	Code ErrorCode
	// Message is the message of the body, or the status text when there
	// is none.
	Message string
	// Violations are the problems of a 50035 (Invalid Form Body) answer,
	// one per entry of its errors tree, in the order of the request body.
	// Pointer is the entry's path in the tree; Place, Command and the
	// rest name what the caller declared at that path, in the words
	// Validate uses, when the Client knows the body (the command
	// endpoints); otherwise Place is the pointer.
	Violations rules.Violations
	// RetryAfter is the wait a 429 asked for, when the Client gave up
	// waiting.
	RetryAfter time.Duration
}

// Error returns the request, the status, the message and the code, then
// the violations of an invalid body, separated by semicolons.
func (e *APIError) Error() string {
	var b strings.Builder
	b.WriteString("rest: ")
	b.WriteString(e.Method)
	b.WriteByte(' ')
	b.WriteString(e.Path)
	b.WriteString(": ")
	// The service's messages often begin with the status already, as
	// in "401: Unauthorized".
	if status := strconv.Itoa(e.Status); !strings.HasPrefix(e.Message, status) {
		b.WriteString(status)
		b.WriteByte(' ')
	}
	b.WriteString(e.Message)
	if e.Code != ErrGeneral {
		b.WriteString(" (code ")
		b.WriteString(strconv.Itoa(int(e.Code)))
		b.WriteByte(')')
	}
	for i, v := range e.Violations {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString("; ")
		}
		b.WriteString(v.Error())
	}
	return b.String()
}

// Is reports whether target is the ErrorCode of e, or ErrUnauthorized for
// a 401.
func (e *APIError) Is(target error) bool {
	if target == ErrUnauthorized {
		return e.Status == http.StatusUnauthorized
	}
	c, ok := target.(ErrorCode)
	return ok && c == e.Code
}

// Unwrap returns the violations, so that errors.As finds a Violation in an
// APIError.
func (e *APIError) Unwrap() error { return e.Violations.Err() }

// Retryable reports whether the same request may succeed later: after a
// rate limit or a failure of the service. The Client already retried it
// as often as it was told to.
func (e *APIError) Retryable() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// OAuthCode is an error code of the token endpoint (RFC 6749, section
// 5.2). The codes are errors themselves, so that errors.Is(err,
// ErrInvalidGrant) asks whether err is an *OAuthError with that code.
type OAuthCode string

// The token endpoint's error codes.
const (
	ErrInvalidRequest OAuthCode = "invalid_request"
	ErrInvalidClient  OAuthCode = "invalid_client"
	// ErrInvalidGrant: the code or refresh token is unknown, used,
	// expired or revoked. For a refresh token it means the user took
	// back the authorization; treat it like APPLICATION_DEAUTHORIZED.
	ErrInvalidGrant         OAuthCode = "invalid_grant"
	ErrUnauthorizedClient   OAuthCode = "unauthorized_client"
	ErrUnsupportedGrantType OAuthCode = "unsupported_grant_type"
	ErrInvalidScope         OAuthCode = "invalid_scope"
)

// Error returns the code as the token endpoint spells it.
func (c OAuthCode) Error() string { return "rest: oauth2 " + string(c) }

// OAuthError is a refusal of the token endpoint.
type OAuthError struct {
	Status      int
	Code        OAuthCode
	Description string
}

// Error returns the status, the code and the description.
func (e *OAuthError) Error() string {
	s := "rest: oauth2 token: " + strconv.Itoa(e.Status) + " " + string(e.Code)
	if e.Description != "" {
		s += ": " + e.Description
	}
	return s
}

// Is reports whether target is the OAuthCode of e, or ErrUnauthorized for
// a refused client (401, or invalid_client).
func (e *OAuthError) Is(target error) bool {
	if target == ErrUnauthorized {
		return e.Status == http.StatusUnauthorized || e.Code == ErrInvalidClient
	}
	c, ok := target.(OAuthCode)
	return ok && c == e.Code
}

// errorBody is every shape of error body the service sends: its own
// {"code","message","errors"}, the 429 body, and the token endpoint's
// {"error","error_description"}.
type errorBody struct {
	Code       *ErrorCode      `json:"code"`
	Message    string          `json:"message"`
	Errors     json.RawMessage `json:"errors"`
	RetryAfter float64         `json:"retry_after"`

	Error            string `json:"error"`
	ErrorDescription string `json:"error_description"`
}

// decodeError turns an answer that is not a success into an *APIError or,
// from the token endpoint, an *OAuthError. The call's origin maps a form
// body's errors back to what the caller declared.
func decodeError(k *call, resp *http.Response, body []byte) error {
	var eb errorBody
	_ = json.Unmarshal(body, &eb)
	if eb.Error != "" && eb.Code == nil {
		return &OAuthError{Status: resp.StatusCode, Code: OAuthCode(eb.Error), Description: eb.ErrorDescription}
	}
	e := &APIError{Method: k.method, Path: k.path, Status: resp.StatusCode, Message: eb.Message}
	if eb.Code != nil {
		e.Code = *eb.Code
	}
	if e.Message == "" {
		e.Message = http.StatusText(resp.StatusCode)
	}
	if resp.StatusCode == http.StatusTooManyRequests {
		e.RetryAfter = seconds(eb.RetryAfter)
	}
	if len(eb.Errors) > 0 {
		for _, p := range flattenErrors(eb.Errors) {
			e.Violations = append(e.Violations, k.origin.violation(p))
		}
	}
	return e
}
