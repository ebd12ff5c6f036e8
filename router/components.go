package router

import (
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
)

// Component registers the handler of the message components (buttons and
// select menus) whose custom_id matches pattern, such as
// "poll:{id}:vote"; req.Params holds the parts the pattern names. See
// Params for how patterns match, and which wins when several do.
//
// decls may declare how the endpoint defers the handler's answer
// (DeferUpdate, the default for components, DeferReply, DeferEphemeral,
// NoAutoDefer); the declarations of a command's definition do not apply.
// A handler that may answer with a modal declares NoAutoDefer.
func (r *Router) Component(pattern string, h HandlerFunc, decls ...Decl) {
	r.HandleComponent(pattern, h, decls...)
}

// HandleComponent is Component for a Handler, such as one from package
// state, which reads the state whose key the custom_id carries. A
// handler that needs something of its route says so (RouteChecker), and
// a route that lacks it is a problem Build reports.
func (r *Router) HandleComponent(pattern string, h Handler, decls ...Decl) {
	r.addIDRoute(&r.components, ComponentRoute, pattern, h, decls)
}

// Modal registers the handler of the submissions of the modals whose
// custom_id matches pattern, as Component does for components. decls may
// declare how the endpoint defers the handler's answer (see DeferUpdate).
func (r *Router) Modal(pattern string, h HandlerFunc, decls ...Decl) {
	r.HandleModal(pattern, h, decls...)
}

// HandleModal is Modal for a Handler, as HandleComponent is Component
// for one.
func (r *Router) HandleModal(pattern string, h Handler, decls ...Decl) {
	r.addIDRoute(&r.modals, ModalRoute, pattern, h, decls)
}

func (r *Router) addIDRoute(list *[]*idRoute, kind RouteKind, text string, h Handler, decls []Decl) {
	var d decl
	d.apply(decls)
	p, problem := parsePattern(text)
	switch {
	case text == "":
		r.fail(kind.String(), "custom_id pattern is empty")
		return
	case problem != "":
		r.fail(text, kind.String()+" pattern: "+problem)
		return
	case h == nil || isNilFunc(h):
		r.fail(text, kind.String()+" handler is nil")
		return
	}
	if names := d.commandOnly(); len(names) > 0 {
		r.fail(text, strings.Join(names, ", ")+" declare commands and do not apply to a "+kind.String())
	}
	if d.queued {
		if problem := queuedProblem(d.deferral); problem != "" {
			r.fail(text, problem)
		}
	}
	r.checkRoute(h, RouteInfo{kind: kind, path: text, pattern: p})
	*list = append(*list, &idRoute{pattern: p, handler: h, deferral: d.deferral, queued: d.queued})
}

// wrapAll returns the routes with their handlers wrapped in the router's
// middleware, leaving the registrations as they are.
func (r *Router) wrapAll(routes []*idRoute, w *wrapping) []*idRoute {
	out := make([]*idRoute, len(routes))
	for i, rt := range routes {
		wrapped := *rt
		wrapped.handler = w.wrap(rt.pattern.text, rt.handler, r.root)
		if rt.queued {
			w.queued = append(w.queued, rt.pattern.text)
		}
		out[i] = &wrapped
	}
	return out
}

// componentDeferral returns how the endpoint defers the handler of a
// component or modal route that declared d, for ix: with
// DEFERRED_UPDATE_MESSAGE unless ix has no message to update.
func componentDeferral(d deferral, ix *interaction.Interaction) deferral {
	if d != deferInherit && d != deferUpdate {
		return d
	}
	if ix.Type == interaction.TypeMessageComponent || ix.Message != nil {
		return deferUpdate
	}
	return deferPublic
}
