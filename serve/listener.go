package serve

import (
	"errors"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/internal/receive"
)

// Pauses between failed accepts: short enough that a passing shortage of
// descriptors costs little, long enough that a lasting one does not spin.
const (
	firstAcceptRetry = 5 * time.Millisecond
	maxAcceptRetry   = time.Second
)

// steadyListener is a net.Listener whose Accept outlasts the errors of a
// busy or attacked server, such as running out of file descriptors: it
// logs each and tries again after a pause that doubles up to a second.
// fasthttp's Serve returns on any accept error but a timeout, which would
// end serving for good on a shortage that passes in a moment. Only Close
// ends Accept.
type steadyListener struct {
	net.Listener
	log    zerolog.Logger
	closed chan struct{}
	once   sync.Once
}

func newSteadyListener(ln net.Listener, log zerolog.Logger) *steadyListener {
	return &steadyListener{Listener: ln, log: log, closed: make(chan struct{})}
}

func (l *steadyListener) Accept() (net.Conn, error) {
	var pause time.Duration
	for {
		c, err := l.Listener.Accept()
		if err == nil {
			return &lingerConn{Conn: c}, nil
		}
		if errors.Is(err, net.ErrClosed) || l.isClosed() {
			return nil, net.ErrClosed
		}
		pause = min(max(2*pause, firstAcceptRetry), maxAcceptRetry)
		l.log.Error().Err(err).Str("addr", l.Addr().String()).Stringer("retry_in", pause).
			Msg("accepting a connection failed")
		t := time.NewTimer(pause)
		select {
		case <-t.C:
		case <-l.closed:
			t.Stop()
			return nil, net.ErrClosed
		}
	}
}

// Close closes the listener once; fasthttp closes it again as it shuts
// down, which is not an error.
func (l *steadyListener) Close() error {
	var err error
	l.once.Do(func() {
		close(l.closed)
		err = l.Listener.Close()
	})
	return err
}

func (l *steadyListener) isClosed() bool {
	select {
	case <-l.closed:
		return true
	default:
		return false
	}
}

// Bounds on what a lingering close reads of a client still sending: a
// body over the limit that a client writes whole before it reads the
// answer, as most do, gets its answer read rather than reset.
const (
	lingerTimeout  = receive.LingerTimeout
	lingerMaxBytes = receive.LingerMaxBytes
)

// lingerConn is a connection the server may close while its client is
// still sending, after refusing a request it did not read whole (a body
// over the limit). Closing a socket with unread bytes resets it, and the
// client's next write fails before it can read the answer already sent.
// Such a connection closes lingering: it sends its end of the stream,
// then reads and discards what the client still sends, for a bounded time
// and amount, before it closes.
type lingerConn struct {
	net.Conn
	linger atomic.Bool
}

// lingerOnClose makes Close linger.
func (c *lingerConn) lingerOnClose() { c.linger.Store(true) }

// Close closes the connection, lingering when asked to.
func (c *lingerConn) Close() error {
	if c.linger.Load() {
		if hc, ok := c.Conn.(interface{ CloseWrite() error }); ok && hc.CloseWrite() == nil {
			_ = c.Conn.SetReadDeadline(time.Now().Add(lingerTimeout))
			_, _ = io.CopyN(io.Discard, c.Conn, lingerMaxBytes)
		}
	}
	return c.Conn.Close()
}

// lingerAfter returns the error handler onError, which also makes the
// connection of a request fasthttp could not read whole linger as it
// closes.
func lingerAfter(onError func(*fasthttp.RequestCtx, error)) func(*fasthttp.RequestCtx, error) {
	return func(rc *fasthttp.RequestCtx, err error) {
		onError(rc, err)
		if c, ok := rc.Conn().(*lingerConn); ok {
			c.lingerOnClose()
		}
	}
}
