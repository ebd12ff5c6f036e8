package router

import (
	"errors"
	"net"
	"sync"
	"time"

	"github.com/rs/zerolog"
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
			return c, nil
		}
		if errors.Is(err, net.ErrClosed) || l.isClosed() {
			return nil, net.ErrClosed
		}
		pause = min(max(2*pause, firstAcceptRetry), maxAcceptRetry)
		l.log.Error().Err(err).Str("addr", l.Addr().String()).Dur("retry_in", pause).
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
