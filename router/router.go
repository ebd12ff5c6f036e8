package router

import (
	"errors"
	"strings"

	"github.com/switchboard-go/switchboard/autocomplete"
)

// Router collects the handlers of a bot. Register everything, then call
// Build once; a Router is not safe for concurrent registration.
type Router struct {
	root    *Group
	user    []*leaf
	message []*leaf
	entry   []*leaf
	// components and modals are routed by custom_id, in the order they
	// were registered.
	components []*idRoute
	modals     []*idRoute

	notFound        Handler
	onError         ErrorHandler
	completeDefault autocomplete.Handler
	options

	seq  int // registration order, which definitions keep
	errs []error
}

// New returns an empty Router. (A command's options are declared with
// Options.)
func New(opts ...Option) *Router {
	r := &Router{options: defaultOptions()}
	r.root = &Group{router: r}
	for _, o := range opts {
		o(&r.options)
	}
	return r
}

// Group is a chat-input command with subcommands ("mod"), or a subcommand
// group within one ("mod user"). Its middleware wraps every handler under it.
type Group struct {
	router *Router
	parent *Group
	name   string
	path   string
	depth  int // 0 the router's top level, 1 a command, 2 a subcommand group
	mw     []Middleware
	kids   []*leaf
	groups []*Group
	decl   decl
	seq    int
}

// leaf is a declared command or subcommand.
type leaf struct {
	name     string
	path     string
	handler  Handler
	complete map[string]autocomplete.Handler
	group    *Group // the group it belongs to, for middleware
	decl     decl
	seq      int
}

// deferral returns the leaf's deferral, else the nearest group's, else
// deferPublic.
func (l *leaf) deferral() deferral {
	if l.decl.deferral != deferInherit {
		return l.decl.deferral
	}
	for g := l.group; g != nil; g = g.parent {
		if g.decl.deferral != deferInherit {
			return g.decl.deferral
		}
	}
	return deferPublic
}

// queued reports whether the leaf, or a group above it, declared Queued.
func (l *leaf) queued() bool {
	if l.decl.queued {
		return true
	}
	for g := l.group; g != nil; g = g.parent {
		if g.decl.queued {
			return true
		}
	}
	return false
}

// Route is a declared command or subcommand.
type Route struct {
	l *leaf
}

// Path returns the route's path: "mod user ban", or the name of a user,
// message or entry point command.
func (rt *Route) Path() string { return rt.l.path }

// Use adds middleware that wraps every handler of the router: those of
// commands, components and modals.
func (r *Router) Use(mw ...Middleware) { r.root.mw = append(r.root.mw, mw...) }

// NotFound sets the handler for the commands, components and modals
// nobody registered; req.Interaction.Type tells which. The default answers
// with an ephemeral message saying the command, component or form is not
// available.
func (r *Router) NotFound(h HandlerFunc) { r.notFound = h }

// OnError sets how handler errors are answered, for commands, components
// and modals alike. The default logs the error and answers with an
// ephemeral message, so the user never sees "the application did not
// respond".
func (r *Router) OnError(h ErrorHandler) { r.onError = h }

// AutocompleteDefault sets the handler for autocomplete requests that no
// Autocomplete registration matches. Without it they are answered with no
// suggestions.
func (r *Router) AutocompleteDefault(h autocomplete.HandlerFunc) { r.completeDefault = h }

// Command registers the handler of a chat-input command path: "ping",
// "mod ban" (subcommand ban of mod) or "mod user ban" (subcommand ban of the
// group user of mod).
//
// decls declare the command's definition: its description, options,
// localizations and, for a command without subcommands, its permissions,
// contexts and scope.
func (r *Router) Command(path string, h HandlerFunc, decls ...Decl) *Route {
	return r.Handle(path, h, decls...)
}

// Handle is Command for a Handler.
func (r *Router) Handle(path string, h Handler, decls ...Decl) *Route {
	g, name, ok := r.resolve(path)
	if !ok {
		return &Route{l: &leaf{path: path}}
	}
	return g.Handle(name, h, decls...)
}

// Group returns the chat-input command name as a group of subcommands,
// creating it on first use; decls declare the command's description,
// localizations, permissions, contexts and scope.
func (r *Router) Group(name string, decls ...Decl) *Group { return r.root.Group(name, decls...) }

// Autocomplete registers the handler that suggests values for the option of
// a chat-input command path while the user types into it.
func (r *Router) Autocomplete(path, option string, h autocomplete.HandlerFunc) {
	g, name, ok := r.resolve(path)
	if !ok {
		return
	}
	g.Autocomplete(name, option, h)
}

// UserCommand registers the handler of a USER command, shown in a user's
// context menu. Its name may have capitals and spaces.
func (r *Router) UserCommand(name string, h HandlerFunc, decls ...Decl) *Route {
	return r.contextMenu(&r.user, "user command", name, h, decls)
}

// MessageCommand registers the handler of a MESSAGE command, shown in a
// message's context menu.
func (r *Router) MessageCommand(name string, h HandlerFunc, decls ...Decl) *Route {
	return r.contextMenu(&r.message, "message command", name, h, decls)
}

// EntryPoint registers the handler of the application's PRIMARY_ENTRY_POINT
// command, for the APP_HANDLER handler type. An application has at most one,
// so every entry point interaction reaches it whatever the name.
func (r *Router) EntryPoint(name string, h HandlerFunc, decls ...Decl) *Route {
	return r.contextMenu(&r.entry, "entry point command", name, h, decls)
}

func (r *Router) contextMenu(list *[]*leaf, kind, name string, h HandlerFunc, decls []Decl) *Route {
	l := &leaf{name: name, path: name, handler: h, group: r.root, seq: r.next()}
	l.decl.apply(decls)
	if strings.TrimSpace(name) == "" {
		r.fail(kind, "name is empty")
	}
	if h == nil {
		r.fail(name, kind+" handler is nil")
	}
	for _, other := range *list {
		if other.name == name {
			r.fail(name, kind+" registered twice")
		}
	}
	*list = append(*list, l)
	return &Route{l: l}
}

// resolve splits a path into its group and last name, creating groups.
func (r *Router) resolve(path string) (*Group, string, bool) {
	parts := strings.Fields(path)
	if len(parts) == 0 || strings.Join(parts, " ") != path {
		r.fail(path, "path must be one to three names separated by single spaces")
		return nil, "", false
	}
	g := r.root
	for _, p := range parts[:len(parts)-1] {
		g = g.Group(p)
	}
	return g, parts[len(parts)-1], true
}

func (r *Router) next() int {
	r.seq++
	return r.seq
}

func (r *Router) fail(path, problem string) {
	r.errs = append(r.errs, &RouteError{Path: path, Problem: problem})
}

// RouteError is a problem with a registration, reported by Build.
type RouteError struct {
	Path    string
	Problem string
}

// Error returns the path and the problem.
func (e *RouteError) Error() string { return e.Path + ": " + e.Problem }

// Use adds middleware that wraps every handler in the group.
func (g *Group) Use(mw ...Middleware) { g.mw = append(g.mw, mw...) }

// Group returns the subcommand group name within g, creating it on first
// use. Groups nest one level only: a group inside a subcommand group is an
// error Build reports.
func (g *Group) Group(name string, decls ...Decl) *Group {
	for _, sub := range g.groups {
		if sub.name == name {
			sub.decl.apply(decls)
			return sub
		}
	}
	sub := &Group{router: g.router, parent: g, name: name, path: join(g.path, name), depth: g.depth + 1, seq: g.router.next()}
	sub.decl.apply(decls)
	if sub.depth > 2 {
		g.router.fail(sub.path, "a subcommand group cannot contain another group (nesting is one level deep)")
	}
	checkName(g.router, sub.path, name)
	g.groups = append(g.groups, sub)
	return sub
}

// Command registers the handler of a command or subcommand in the group.
func (g *Group) Command(name string, h HandlerFunc, decls ...Decl) *Route {
	return g.Handle(name, h, decls...)
}

// Handle is Command for a Handler.
func (g *Group) Handle(name string, h Handler, decls ...Decl) *Route {
	l := g.leaf(name)
	l.decl.apply(decls)
	if h == nil || isNilFunc(h) {
		g.router.fail(l.path, "handler is nil")
	} else if l.handler != nil {
		g.router.fail(l.path, "registered twice")
	}
	l.handler = h
	return &Route{l: l}
}

// Autocomplete registers the autocomplete handler of an option of the
// command or subcommand name in the group.
func (g *Group) Autocomplete(name, option string, h autocomplete.HandlerFunc) {
	l := g.leaf(name)
	if h == nil {
		g.router.fail(l.path, "autocomplete handler for option "+quote(option)+" is nil")
		return
	}
	if l.complete == nil {
		l.complete = make(map[string]autocomplete.Handler)
	}
	if _, dup := l.complete[option]; dup {
		g.router.fail(l.path, "autocomplete for option "+quote(option)+" registered twice")
	}
	l.complete[option] = h
}

func (g *Group) leaf(name string) *leaf {
	for _, l := range g.kids {
		if l.name == name {
			return l
		}
	}
	l := &leaf{name: name, path: join(g.path, name), group: g, seq: g.router.next()}
	checkName(g.router, l.path, name)
	g.kids = append(g.kids, l)
	return l
}

func checkName(r *Router, path, name string) {
	if name == "" || strings.ContainsAny(name, " \t\n") {
		r.fail(path, "name must be one word")
	}
}

func isNilFunc(h Handler) bool {
	f, ok := h.(HandlerFunc)
	return ok && f == nil
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + " " + name
}

func quote(s string) string { return `"` + s + `"` }

// Build checks every registration and returns the Mux that dispatches to
// them. It reports every problem at once: a path registered twice, a group
// inside a group, a command that is both invoked directly and has
// subcommands, autocomplete wired one way only (an autocomplete handler
// for a command with no handler, or for an option the command does not
// declare or mark Autocomplete, with the nearest declared name for a
// misspelt one; an option marked Autocomplete that nothing serves), a
// malformed custom_id pattern, two patterns of components (or of modals)
// that overlap.
func (r *Router) Build() (*Mux, error) {
	m := &Mux{
		chat:     make(map[string]*node, len(r.root.kids)+len(r.root.groups)),
		user:     make(map[string]*node, len(r.user)),
		message:  make(map[string]*node, len(r.message)),
		notFound: r.notFound,
		onError:  r.onError,

		options: r.options,
		logger:  r.logger,
	}
	errs := append([]error(nil), r.errs...)
	fail := func(path, problem string) { errs = append(errs, &RouteError{Path: path, Problem: problem}) }

	for _, l := range r.root.kids {
		m.chat[l.name] = r.leafNode(l, fail)
	}
	for _, g := range r.root.groups {
		if _, clash := m.chat[g.name]; clash {
			fail(g.path, "a command with subcommands cannot be invoked by itself: remove its handler or its subcommands")
			continue
		}
		m.chat[g.name] = r.groupNode(g, fail)
	}
	for _, l := range r.user {
		m.user[l.name] = r.leafNode(l, fail)
	}
	for _, l := range r.message {
		m.message[l.name] = r.leafNode(l, fail)
	}
	if len(r.entry) > 1 {
		fail(r.entry[1].path, "an application has at most one entry point command")
	}
	if len(r.entry) > 0 {
		m.entry = r.leafNode(r.entry[0], fail)
	}
	if r.completeDefault != nil {
		m.completeDefault = wrap(completer(r.completeDefault), r.root)
	}
	m.components = newIDTree("component", r.wrapAll(r.components), fail)
	m.modals = newIDTree("modal", r.wrapAll(r.modals), fail)
	if len(errs) == 0 && !r.dispatchOnly {
		defs, problems := r.definitions()
		errs = append(errs, problems...)
		m.definitions = defs
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return m, nil
}

func (r *Router) groupNode(g *Group, fail func(path, problem string)) *node {
	n := &node{kids: make(map[string]*node, len(g.kids)+len(g.groups)), group: g.depth == 2}
	for _, l := range g.kids {
		n.kids[l.name] = r.leafNode(l, fail)
	}
	for _, sub := range g.groups {
		if _, clash := n.kids[sub.name]; clash {
			fail(sub.path, "is both a subcommand and a subcommand group")
			continue
		}
		if sub.depth > 2 {
			continue // reported when the group was made
		}
		n.kids[sub.name] = r.groupNode(sub, fail)
	}
	if len(g.kids) == 0 && len(g.groups) == 0 {
		// A group emptied by a problem reported above is not reported again.
		fail(g.path, "group has no subcommands")
	}
	return n
}

func (r *Router) leafNode(l *leaf, fail func(path, problem string)) *node {
	if l.handler == nil {
		if len(l.complete) > 0 {
			fail(l.path, "autocomplete registered for a command that has no handler")
		}
		return &node{}
	}
	if l.deferral() == deferUpdate {
		fail(l.path, "DeferUpdate, declared on the command or its group, applies to components and modals: a command cannot be answered with DEFERRED_UPDATE_MESSAGE")
	}
	if l.queued() && l.deferral() == deferNever {
		fail(l.path, queuedNever)
	}
	if !r.dispatchOnly {
		// Without definitions, the options may be declared elsewhere.
		r.checkAutocomplete(l, fail)
	}
	n := &node{handler: wrap(l.handler, l.group), deferral: l.deferral(), queued: l.queued(), path: l.path}
	for option, c := range l.complete {
		if n.completers == nil {
			n.completers = make(map[string]Handler, len(l.complete))
		}
		n.completers[option] = wrap(completer(c), l.group)
	}
	return n
}

// wrap returns h wrapped in the middleware of g and of every group above
// it, from the innermost outwards, so that the router's middleware runs
// first and each Use list runs in order.
func wrap(h Handler, g *Group) Handler {
	for ; g != nil; g = g.parent {
		for i := len(g.mw) - 1; i >= 0; i-- {
			h = g.mw[i](h)
		}
	}
	return h
}
