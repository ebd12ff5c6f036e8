package discordgoroute

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard-go/switchboard/endpoint"
)

// interactionCreate is the dispatch that carries an interaction.
const interactionCreate = "INTERACTION_CREATE"

// An Adapter hands the interactions of the discordgo sessions it is
// registered on (Handle) to an endpoint. One Adapter may serve every
// shard's session of a bot. Its methods are safe for concurrent use.
type Adapter struct {
	e   *endpoint.Endpoint
	ctx context.Context

	mu sync.Mutex
	// stopped is set by Shutdown: interactions handed later are not
	// served.
	stopped bool
	// inFlight counts the Receive calls under way.
	inFlight sync.WaitGroup
}

// An Option configures an Adapter.
type Option func(*Adapter)

// WithContext makes ctx the parent of the context each interaction is
// served with, as an HTTP server's base context is of its requests': its
// values reach the handlers, and its end ends the post of a first answer
// and the handler of a route never deferred, as the end of a request's
// context does over HTTP. It is context.Background by default. To stop
// serving, close the session and call Shutdown rather than end ctx, which
// would cut short the answers under way.
func WithContext(ctx context.Context) Option {
	return func(a *Adapter) { a.ctx = ctx }
}

// New returns an Adapter that hands each interaction to e (Receive). It
// returns an error if e cannot answer what the gateway delivers
// (CanReceive), such as an endpoint without a REST client, so that a bot
// configured wrong fails as it starts rather than at its first
// interaction.
func New(e *endpoint.Endpoint, opts ...Option) (*Adapter, error) {
	if e == nil {
		return nil, errors.New("discordgoroute: New: no endpoint (a nil *endpoint.Endpoint); make one with endpoint.NewGateway")
	}
	if err := e.CanReceive(); err != nil {
		return nil, fmt.Errorf("discordgoroute: New: the endpoint cannot answer interactions from the gateway: %w", err)
	}
	a := &Adapter{e: e, ctx: context.Background()}
	for _, o := range opts {
		o(a)
	}
	if a.ctx == nil {
		return nil, errors.New("discordgoroute: New: WithContext was given a nil context")
	}
	return a, nil
}

// Handle is the handler to register on a session, s.AddHandler(a.Handle):
// discordgo calls it with every dispatch, and it hands the d of each
// INTERACTION_CREATE, unparsed, to the endpoint's Receive and ignores the
// others. It returns when Receive does, once the first answer is
// delivered, but on a session with SyncEvents, where it returns at once
// and Receive runs on a goroutine of its own. What goes wrong the
// endpoint logs. After Shutdown it serves no interaction.
func (a *Adapter) Handle(s *discordgo.Session, ev *discordgo.Event) {
	if ev == nil || ev.Type != interactionCreate {
		return
	}
	a.mu.Lock()
	if a.stopped {
		a.mu.Unlock()
		return
	}
	a.inFlight.Add(1)
	a.mu.Unlock()
	// discordgo decodes each dispatch into a new Event: RawData is this
	// call's own, and no one else writes it.
	if s != nil && s.SyncEvents {
		go a.receive(s, ev.RawData)
		return
	}
	a.receive(s, ev.RawData)
}

// receive serves one interaction, and counts it done.
func (a *Adapter) receive(s *discordgo.Session, d []byte) {
	defer a.inFlight.Done()
	a.e.Receive(context.WithValue(a.ctx, sessionKey{}, s), d) //nolint:errcheck // the endpoint has logged why
}

// Shutdown stops the Adapter from serving the interactions handed to it
// from then on, and waits for those under way to get their first answers
// (Receive to return), or for ctx to end, when it returns ctx's error.
// Close the sessions first, so that none is handed an interaction it
// would not serve; then wait for the answers the endpoint deferred with
// its WaitDeferred. Shutdown may be called more than once.
func (a *Adapter) Shutdown(ctx context.Context) error {
	a.mu.Lock()
	a.stopped = true
	a.mu.Unlock()
	done := make(chan struct{})
	go func() {
		a.inFlight.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// sessionKey is the context key of the session an interaction came
// from.
type sessionKey struct{}

// SessionFromContext returns the session that delivered the interaction
// a handler serves, from the handler's context: for its state cache
// (s.State), its shard (s.ShardID) or its own REST calls. It reports
// false for a context of an interaction that did not come through an
// Adapter, such as one POSTed over HTTP.
func SessionFromContext(ctx context.Context) (*discordgo.Session, bool) {
	s, ok := ctx.Value(sessionKey{}).(*discordgo.Session)
	return s, ok && s != nil
}
