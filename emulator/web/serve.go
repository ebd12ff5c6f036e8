package web

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
)

// DefaultAddr is where Listen serves the playground when given no
// address: a free port of the loopback interface, which only this
// machine reaches.
const DefaultAddr = "127.0.0.1:0"

// Server is a playground served on a port of its own.
type Server struct {
	// URL is the address of the page, as http://127.0.0.1:port/.
	URL string
	h   *Handler
	srv *http.Server
}

// Listen serves the playground of emu on addr (DefaultAddr when empty),
// in the background, until Close.
func Listen(addr string, emu *emulator.Server, cfg Config) (*Server, error) {
	if addr == "" {
		addr = DefaultAddr
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	return Serve(ln, emu, cfg), nil
}

// Serve serves the playground of emu on ln, in the background, until
// Close. A program that prints the page's address before the emulator is
// ready listens first, prints PageURL, and serves once it is.
func Serve(ln net.Listener, emu *emulator.Server, cfg Config) *Server {
	h := NewHandler(emu, cfg)
	s := &Server{URL: PageURL(ln.Addr()), h: h, srv: &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}}
	go s.srv.Serve(ln) //nolint:errcheck // ends with Close
	return s
}

// PageURL is the address of the page served on a listener at a: for one
// on every interface, its loopback address.
func PageURL(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if ok && tcp.IP.IsUnspecified() {
		return "http://" + net.JoinHostPort("127.0.0.1", strconv.Itoa(tcp.Port)) + "/"
	}
	return "http://" + a.String() + "/"
}

// Exposed reports whether a listener at a takes connections from other
// machines: a TCP address that is not a loopback one. The playground answers
// whoever reaches it, so a program serving it so should say so.
func Exposed(a net.Addr) bool {
	tcp, ok := a.(*net.TCPAddr)
	return ok && !tcp.IP.IsLoopback()
}

// Close ends the event streams and stops serving, letting requests under
// way finish for a moment; the error says when some did not, and were cut
// short.
func (s *Server) Close() error {
	s.h.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	err := s.srv.Shutdown(ctx)
	if err != nil {
		s.srv.Close()
	}
	return err
}
