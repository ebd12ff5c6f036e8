package emulator

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/rules"
)

// Error codes of the service's JSON error bodies (the specification leaves
// them unshown; these are the service's public ones).
const (
	codeGeneral             = 0
	codeUnknownApplication  = 10002
	codeUnauthorizedApp     = 20012
	codeUnknownGuild        = 10004
	codeUnknownMember       = 10007
	codeUnknownBan          = 10026
	codeUnknownInteraction  = 10062
	codeUnknownCommand      = 10063
	codeUnknownPermissions  = 10066
	codeBotsCannotUse       = 20001
	codeMaxCommands         = 30032
	codeMaxDailyCreates     = 30034
	codeAlreadyAcknowledged = 40060
	codeMissingAccess       = 50001
	codeMissingPermissions  = 50013
	codeInvalidOAuthToken   = 50025
	codeInvalidFormBody     = 50035
	codeInvalidJSON         = 50109
	codeInvalidWebhookToken = 50027
)

// apiError is an answer the service gives instead of a result: a status and
// the body {"code": N, "message": "..."}, with the errors tree of an invalid
// form body.
type apiError struct {
	status  int
	code    int
	message string
	errors  map[string]any
}

func (e *apiError) Error() string { return strconv.Itoa(e.status) + ": " + e.message }

func errUnauthorized() *apiError {
	return &apiError{status: http.StatusUnauthorized, code: codeGeneral, message: "401: Unauthorized"}
}

func errForbidden(code int, message string) *apiError {
	return &apiError{status: http.StatusForbidden, code: code, message: message}
}

func errNotFound(code int, message string) *apiError {
	return &apiError{status: http.StatusNotFound, code: code, message: message}
}

func errBadRequest(code int, message string) *apiError {
	return &apiError{status: http.StatusBadRequest, code: code, message: message}
}

// errInvalidBody is a 50035 whose errors tree holds one problem at a JSON
// pointer into the request body.
func errInvalidBody(pointer, code, message string) *apiError {
	e := &apiError{status: http.StatusBadRequest, code: codeInvalidFormBody, message: "Invalid Form Body", errors: map[string]any{}}
	e.add(pointer, code, message)
	return e
}

// errViolations turns the validator's violations into the service's 50035
// body: the errors tree mirrors the request, array indices as keys, and ends
// in _errors lists. Violations of the whole scope (no pointer) are reported
// at the root.
func errViolations(vs rules.Violations) *apiError {
	e := &apiError{status: http.StatusBadRequest, code: codeInvalidFormBody, message: "Invalid Form Body", errors: map[string]any{}}
	for _, v := range vs {
		e.add(v.Pointer, v.Code, v.Message)
	}
	return e
}

// add records a problem at a JSON pointer.
func (e *apiError) add(pointer, code, message string) {
	node := e.node(pointer, true)
	list, _ := node["_errors"].([]any)
	node["_errors"] = append(list, map[string]any{"code": code, "message": message})
}

// has reports whether a problem is recorded at a JSON pointer.
func (e *apiError) has(pointer string) bool {
	_, ok := e.node(pointer, false)["_errors"]
	return ok
}

// node returns the node of the errors tree at a JSON pointer. A node not
// in the tree is made when grow is set, and is nil otherwise.
func (e *apiError) node(pointer string, grow bool) map[string]any {
	node := e.errors
	if pointer == "" {
		return node
	}
	for _, part := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
		next, ok := node[part].(map[string]any)
		if !ok {
			if !grow {
				return nil
			}
			next = map[string]any{}
			node[part] = next
		}
		node = next
	}
	return node
}

// body returns the JSON object the service sends.
func (e *apiError) body() map[string]any {
	b := map[string]any{"code": e.code, "message": e.message}
	if e.errors != nil {
		b["errors"] = e.errors
	}
	return b
}
