package router

import (
	"context"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// DispatchInto is the dispatch step as the endpoint runs it, with the
// request stored in the per-request block instead of allocated.
func (m *Mux) DispatchInto(ctx context.Context, ix *interaction.Interaction, req *Request) (interaction.Response, error) {
	return m.dispatch(ctx, ix, req)
}

// SetClock makes the guard read time from now.
func (g *MemoryReplayGuard) SetClock(now func() time.Time) { g.now = now }
