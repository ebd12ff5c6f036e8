package router

import (
	"context"

	"github.com/switchboard-go/switchboard/interaction"
)

// DispatchInto is the dispatch step as the endpoint runs it, with the
// request stored in the per-request block instead of allocated.
func (m *Mux) DispatchInto(ctx context.Context, ix *interaction.Interaction, req *Request) (interaction.Response, error) {
	return m.dispatch(ctx, ix, req, false)
}
