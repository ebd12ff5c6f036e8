package router

import (
	"context"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
)

// Registrar is where commands are registered: a *Router or a *Group.
type Registrar interface {
	Handle(path string, h Handler, decls ...Decl) *Route
	owner() *Router
}

func (r *Router) owner() *Router { return r }
func (g *Group) owner() *Router  { return g.router }

// Bind registers a command whose options are the fields of T, declared by
// their tags (see option.Struct), and whose handler receives them filled in:
//
//	type BanOptions struct {
//		User   option.ResolvedUser `option:"user" description:"Who to ban"`
//		Reason *string             `option:"reason" description:"Why"`
//	}
//
//	router.Bind(r, "mod ban", func(ctx context.Context, req *router.Request, o BanOptions) (interaction.Response, error) {
//		return interaction.Reply("banned " + o.User.Username), nil
//	}, router.Description("Ban a member"))
//
// The struct is read once, here; a request fills it without reflection. A
// struct that cannot be an option.Struct is reported by Build, and an interaction whose
// options do not fit the struct reaches the error handler with an
// *option.BindError naming the field.
func Bind[T any](r Registrar, path string, h func(ctx context.Context, req *Request, opts T) (interaction.Response, error), decls ...Decl) *Route {
	st, err := option.NewStruct[T]()
	if err != nil {
		r.owner().fail(path, err.Error())
		return &Route{l: &leaf{path: path}}
	}
	handler := HandlerFunc(func(ctx context.Context, req *Request) (interaction.Response, error) {
		var opts T
		if err := st.Bind(req.Options, &opts); err != nil {
			return interaction.Response{}, err
		}
		return h(ctx, req, opts)
	})
	return r.Handle(path, handler, append([]Decl{Options(st.Options()...)}, decls...)...)
}
