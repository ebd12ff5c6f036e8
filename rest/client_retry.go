package rest

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"net/url"
	"syscall"
	"time"
)

// backoff is capped exponential backoff with full jitter: the nth retry
// waits a random time up to min(max, base·2ⁿ). Drawing the whole wait at
// random spreads out clients that failed at the same moment, which a fixed
// schedule would send back at the same moment.
type backoff struct {
	base, max time.Duration
}

// delay returns the wait before retry n, counted from zero.
func (b backoff) delay(n int) time.Duration {
	ceiling := b.base
	for i := 0; i < n && ceiling < b.max; i++ {
		ceiling *= 2
	}
	ceiling = min(ceiling, b.max)
	if ceiling <= 0 {
		return 0
	}
	return rand.N(ceiling) + 1
}

// sleep waits before retry n, or returns ctx.Err() when ctx ends first.
func (b backoff) sleep(ctx context.Context, n int) error {
	return sleepCtx(ctx, b.delay(n))
}

// sleepCtx waits for d, or returns ctx.Err() when ctx ends first.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// transient reports whether a request that failed with err, without an
// answer, may succeed when sent again: the connection was refused, reset or
// closed under it, or timed out. A bad URL or a certificate the client does
// not trust would fail the same way again.
func transient(err error) bool {
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		err = urlErr.Err
	}
	var certErr *tls.CertificateVerificationError
	if errors.As(err, &certErr) {
		return false
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.ECONNABORTED) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, net.ErrClosed) {
		return true
	}
	var opErr *net.OpError
	if errors.As(err, &opErr) {
		return true
	}
	var netErr net.Error
	return errors.As(err, &netErr) && netErr.Timeout()
}
