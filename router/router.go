package router

import (
	"errors"
	"strconv"
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
func (r *Router) Use(mw ...Middleware) { r.root.use(mw) }

// NotFound sets the handler for the commands, components and modals
// nobody registered; req.Interaction.Type tells which. The default answers
// with an ephemeral message saying the command, component or form is not
// available; a nil h restores it.
func (r *Router) NotFound(h HandlerFunc) {
	r.notFound = nil
	if h != nil {
		r.notFound = h
	}
}

// OnError sets how handler errors are answered, for commands, components
// and modals alike. The default logs the error and answers with an
// ephemeral message, so the user never sees "the application did not
// respond".
func (r *Router) OnError(h ErrorHandler) { r.onError = h }

// AutocompleteDefault sets the handler for autocomplete requests that no
// Autocomplete registration matches. Without it, or with a nil h, they
// are answered with no suggestions.
func (r *Router) AutocompleteDefault(h autocomplete.HandlerFunc) {
	r.completeDefault = nil
	if h != nil {
		r.completeDefault = h
	}
}

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
	// Path is the route's: a command's path, or the custom_id pattern of
	// a component or modal.
	Path    string
	Problem string
	// Err is the error the problem was found as, such as the one a
	// handler's CheckRoute returned; nil for most.
	Err error
}

// Error returns the path and the problem.
func (e *RouteError) Error() string { return e.Path + ": " + e.Problem }

// Unwrap returns Err.
func (e *RouteError) Unwrap() error { return e.Err }

// Use adds middleware that wraps every handler in the group.
func (g *Group) Use(mw ...Middleware) { g.use(mw) }

// use adds mw to the middleware of g, but a nil one, which it reports.
func (g *Group) use(mw []Middleware) {
	given := len(g.mw)
	for i, m := range mw {
		if m == nil {
			if g.parent == nil {
				g.router.fail("Router.Use", "middleware "+strconv.Itoa(given+i+1)+" is nil")
			} else {
				g.router.fail(g.path, "Group.Use: middleware "+strconv.Itoa(len(g.mw)+i+1)+" is nil")
			}
			continue
		}
		g.mw = append(g.mw, m)
	}
}

// useName names the Use of g, in errors.
func (g *Group) useName() string {
	if g.parent == nil {
		return "Router.Use"
	}
	return "the Use of the group " + quote(g.path)
}

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
	} else {
		if l.handler != nil {
			g.router.fail(l.path, "registered twice")
		}
		g.router.checkRoute(h, RouteInfo{kind: CommandRoute, path: l.path})
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

// subgroup returns the subcommand group name of g, or nil; nil for a nil
// g.
func (g *Group) subgroup(name string) *Group {
	if g == nil {
		return nil
	}
	for _, sub := range g.groups {
		if sub.name == name {
			return sub
		}
	}
	return nil
}

// firstSubcommand returns the path of the first subcommand under g, or
// of g itself when it has none, for hints.
func (g *Group) firstSubcommand() string {
	if len(g.kids) > 0 {
		return g.kids[0].path
	}
	for _, sub := range g.groups {
		if len(sub.kids) > 0 {
			return sub.kids[0].path
		}
	}
	return g.path
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
// that overlap, a route declared Queued and NoAutoDefer, which is never
// deferred, a nil middleware or
// one that returns no handler, and what a handler finds wrong with its
// route (RouteChecker), such as a handler of package state on a pattern
// that does not name the part it reads the key from.
func (r *Router) Build() (*Mux, error) {
	m := &Mux{
		chat:     make(map[string]*node, len(r.root.kids)+len(r.root.groups)),
		user:     make(map[string]*node, len(r.user)),
		message:  make(map[string]*node, len(r.message)),
		notFound: r.notFound,
		onError:  r.onError,

		logger:      r.logger,
		loggerGiven: r.loggerGiven,
	}
	errs := append([]error(nil), r.errs...)
	fail := func(path, problem string) { errs = append(errs, &RouteError{Path: path, Problem: problem}) }
	w := &wrapping{fail: fail}

	for _, l := range r.root.kids {
		m.chat[l.name] = r.leafNode(l, w)
	}
	for _, g := range r.root.groups {
		if n, clash := m.chat[g.name]; clash {
			if n.handler != nil { // else its nil handler or its autocomplete was reported
				fail(g.path, "a command with subcommands cannot be invoked by itself: remove its handler or its subcommands")
			}
			continue
		}
		m.chat[g.name] = r.groupNode(g, w)
	}
	for _, l := range r.user {
		m.user[l.name] = r.leafNode(l, w)
	}
	for _, l := range r.message {
		m.message[l.name] = r.leafNode(l, w)
	}
	if len(r.entry) > 1 {
		fail(r.entry[1].path, "an application has at most one entry point command")
	}
	if len(r.entry) > 0 {
		m.entry = r.leafNode(r.entry[0], w)
	}
	if r.completeDefault != nil {
		m.completeDefault = w.wrap("AutocompleteDefault", completer(r.completeDefault), r.root)
	}
	m.components = newIDTree("component", r.wrapAll(r.components, w), fail)
	m.modals = newIDTree("modal", r.wrapAll(r.modals, w), fail)
	m.queued = w.queued
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

func (r *Router) groupNode(g *Group, w *wrapping) *node {
	fail := w.fail
	n := &node{kids: make(map[string]*node, len(g.kids)+len(g.groups)), group: g.depth == 2}
	for _, l := range g.kids {
		n.kids[l.name] = r.leafNode(l, w)
	}
	for _, sub := range g.groups {
		if kid, clash := n.kids[sub.name]; clash {
			if kid.handler != nil { // else its nil handler or its autocomplete was reported
				fail(sub.path, "is both a subcommand and a subcommand group")
			}
			continue
		}
		if sub.depth > 2 {
			continue // reported when the group was made
		}
		n.kids[sub.name] = r.groupNode(sub, w)
	}
	if len(g.kids) == 0 && len(g.groups) == 0 {
		// A group emptied by a problem reported above is not reported again.
		fail(g.path, "group has no subcommands")
	}
	return n
}

func (r *Router) leafNode(l *leaf, w *wrapping) *node {
	fail := w.fail
	if l.handler == nil {
		switch sub := l.group.subgroup(l.name); {
		case len(l.complete) > 0 && sub != nil:
			fail(l.path, "autocomplete registered for a command with subcommands, which has no options of its own: "+
				"register it for the subcommand that declares the option, as in Autocomplete("+strconv.Quote(sub.firstSubcommand())+", ...)")
		case len(l.complete) > 0:
			fail(l.path, "autocomplete registered for a command that has no handler")
		}
		return &node{}
	}
	if l.deferral() == deferUpdate {
		fail(l.path, "DeferUpdate, declared on the command or its group, applies to components and modals: a command cannot be answered with DEFERRED_UPDATE_MESSAGE")
	}
	if l.queued() {
		if problem := queuedProblem(l.deferral()); problem != "" {
			fail(l.path, problem)
		}
	}
	if !r.dispatchOnly {
		// Without definitions, the options may be declared elsewhere.
		r.checkAutocomplete(l, fail)
	}
	n := &node{handler: w.wrap(l.path, l.handler, l.group), deferral: l.deferral(), queued: l.queued(), path: l.path}
	if n.queued {
		w.queued = append(w.queued, l.path)
	}
	for option, c := range l.complete {
		if n.completers == nil {
			n.completers = make(map[string]Handler, len(l.complete))
		}
		n.completers[option] = w.wrap(l.path, completer(c), l.group)
	}
	return n
}

// wrapping wraps handlers in middleware for Build, and reports, once
// each, the middleware that return no handler.
type wrapping struct {
	fail     func(path, problem string)
	reported map[*Middleware]bool
	// queued collects the paths and patterns of the routes declared
	// Queued.
	queued []string
}

// wrap returns h, the handler of the route path, wrapped in the
// middleware of g and of every group above it, from the innermost
// outwards, so that the router's middleware runs first and each Use list
// runs in order. A middleware that returns nil is reported, and left
// out.
func (w *wrapping) wrap(path string, h Handler, g *Group) Handler {
	for ; g != nil; g = g.parent {
		for i := len(g.mw) - 1; i >= 0; i-- {
			next := g.mw[i](h)
			if next != nil {
				h = next
				continue
			}
			if w.reported[&g.mw[i]] {
				continue
			}
			if w.reported == nil {
				w.reported = make(map[*Middleware]bool)
			}
			w.reported[&g.mw[i]] = true
			w.fail(path, "middleware "+strconv.Itoa(i+1)+" given to "+g.useName()+" returned a nil Handler: "+
				"a middleware returns the handler that serves the request in next's place, such as one that calls next")
		}
	}
	return h
}
