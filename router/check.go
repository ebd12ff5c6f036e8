package router

import (
	"slices"
	"strconv"
	"unicode/utf8"
)

// RouteChecker is implemented by a Handler that needs something of the
// route it is registered on, such as a part of the custom_id pattern to
// read: the handlers of package state read the key of a state from the
// part named after its kind. Registering the handler calls CheckRoute
// with the route, and Build reports the error it returns as a problem of
// the route, with the route's path or pattern, so that a route wired
// wrong fails at start rather than at its first use.
//
// Middleware given to Use wraps the handlers after they are checked,
// and hides nothing. A handler wrapped by hand before it is registered,
// as in r.HandleComponent(pattern, mw(h)), is checked through its
// wrapper when the wrapper has a method Unwrap() Handler that returns
// the handler it wraps (the middleware of package cooldown does);
// through another wrapper, the check is not made, and a handler that
// cannot serve its route fails when it runs.
type RouteChecker interface {
	CheckRoute(rt RouteInfo) error
}

// RouteKind is what a route serves.
type RouteKind uint8

// The kinds of route.
const (
	// CommandRoute serves a command: chat-input, user, message or entry
	// point.
	CommandRoute RouteKind = iota + 1
	// ComponentRoute serves the components whose custom_id its pattern
	// matches.
	ComponentRoute
	// ModalRoute serves the submissions of the modals whose custom_id its
	// pattern matches.
	ModalRoute
)

// String returns "command", "component" or "modal".
func (k RouteKind) String() string {
	switch k {
	case CommandRoute:
		return "command"
	case ComponentRoute:
		return "component"
	case ModalRoute:
		return "modal"
	}
	return "RouteKind(" + strconv.Itoa(int(k)) + ")"
}

// RouteInfo describes the route a handler is registered on, for its
// CheckRoute.
type RouteInfo struct {
	kind    RouteKind
	path    string
	pattern *pattern // nil for a command
}

// Kind returns what the route serves.
func (rt RouteInfo) Kind() RouteKind { return rt.kind }

// Path returns what Build names the route by: a command's path ("mod
// ban"), or the custom_id pattern of a component or modal.
func (rt RouteInfo) Path() string { return rt.path }

// Pattern returns the custom_id pattern of a component or modal route,
// "" for a command.
func (rt RouteInfo) Pattern() string {
	if rt.pattern == nil {
		return ""
	}
	return rt.pattern.text
}

// Parts returns the names of the parts the pattern names, in its order;
// none for a command. The slice is the caller's.
func (rt RouteInfo) Parts() []string {
	if rt.pattern == nil {
		return nil
	}
	return slices.Clone(rt.pattern.names)
}

// MaxPartLength returns the most characters the part may hold in a
// custom_id the pattern matches, which holds at most 100: what the
// pattern's text and its other parts, one character each, leave. It
// returns 0 when the pattern names no such part.
func (rt RouteInfo) MaxPartLength(part string) int {
	if rt.pattern == nil || !slices.Contains(rt.pattern.names, part) {
		return 0
	}
	shortest := len(rt.pattern.segments) - 1 // the separators
	for _, s := range rt.pattern.segments {
		if s.kind == segmentText {
			shortest += utf8.RuneCountInString(s.text)
		} else {
			shortest++
		}
	}
	return maxCustomIDLength - shortest + 1
}

// maxUnwrap bounds how many wrappers checkRoute looks through, so that
// a wrapper that unwraps to itself ends the search.
const maxUnwrap = 32

// checkRoute calls the CheckRoute of h, and of each handler h wraps (see
// RouteChecker), for the route rt, and reports through r what they find.
func (r *Router) checkRoute(h Handler, rt RouteInfo) {
	for range maxUnwrap {
		if c, ok := h.(RouteChecker); ok {
			if err := c.CheckRoute(rt); err != nil {
				r.errs = append(r.errs, &RouteError{Path: rt.path, Problem: rt.kind.String() + " handler: " + err.Error(), Err: err})
			}
		}
		u, ok := h.(interface{ Unwrap() Handler })
		if !ok {
			return
		}
		if h = u.Unwrap(); h == nil {
			return
		}
	}
}

// queuedNever is the problem of a route declared Queued and NoAutoDefer.
const queuedNever = "Queued defers at once and NoAutoDefer never defers: declare one of them"

// queuedProblem returns what keeps a route declared Queued, whose
// deferral is d, from being deferred and handed to a queue; "" when
// nothing does. That a transport defers nothing at all (package
// endpoint's WithoutAutoDefer) is the transport's to refuse
// (Mux.QueuedRoutes).
func queuedProblem(d deferral) string {
	if d == deferNever {
		return queuedNever
	}
	return ""
}
