package receive

import (
	"context"
	"time"
)

// receivedKey is the context key of when a request was received.
type receivedKey struct{}

// WithReceived returns ctx carrying t, when the platform in front of an
// endpoint received the request ctx is the context of: on a platform
// that starts the process for the request (a function's cold start), the
// service's window runs from then, not from when the endpoint sees it.
func WithReceived(ctx context.Context, t time.Time) context.Context {
	return context.WithValue(ctx, receivedKey{}, t)
}

// Received returns when the request whose context ctx is was received:
// the time WithReceived put in ctx, or now; never later than now, which a
// platform's clock ahead of this one's would make it.
func Received(ctx context.Context, now time.Time) time.Time {
	if t, ok := ctx.Value(receivedKey{}).(time.Time); ok && t.Before(now) {
		return t
	}
	return now
}
