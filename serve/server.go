package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/rs/zerolog"
	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/webhook"
)

// Defaults of a Server.
const (
	// DefaultReadTimeout bounds reading a request, headers and body, from
	// its first byte, and a new connection's wait for that byte. The
	// service sends a few kilobytes at once; a client that dribbles them
	// is holding a connection, not sending a request.
	DefaultReadTimeout = 5 * time.Second
	// DefaultWriteTimeout bounds writing an answer once the handler has
	// returned.
	DefaultWriteTimeout = 5 * time.Second
	// DefaultIdleTimeout is how long a kept-alive connection may wait for
	// its next request. It is longer than the 60 seconds load balancers
	// commonly keep an idle connection, so that the balancer closes it
	// first and never sends a request on a connection the bot is closing.
	DefaultIdleTimeout = 90 * time.Second
	// DefaultMaxHeaderBytes bounds a request's headers: the service's are a
	// few hundred bytes, and proxies add little.
	DefaultMaxHeaderBytes = 8 << 10
	// DefaultMaxConns bounds the connections served at once.
	DefaultMaxConns = 4096
	// DefaultShutdownTimeout is how long a shutdown waits for the requests
	// under way: more than the service's 3 seconds to answer, so a handler
	// that keeps to its deadline always finishes.
	DefaultShutdownTimeout = 10 * time.Second
)

// Server serves an interactions endpoint (endpoint.Endpoint) over HTTP with fasthttp, configured for a
// public address: each request is read, and each answer written, within a
// timeout; headers and bodies are bounded, the body at the endpoint's own
// limit; connections are bounded below the process's descriptor limit; an
// accept error (too many open files, say) is logged and retried, never the
// end of serving; only the service's verified requests keep a connection
// alive, every refusal closing its own, so that strangers cannot hold the
// connections for their idle timeout; a body refused as too large is read
// and dropped, for a bounded time and amount, before its connection
// closes, so that its client reads the 413 rather than a reset; and it
// stops gracefully when its context ends or the
// process receives SIGINT or SIGTERM, letting the requests under way get
// their answers. It logs to the endpoint's logger (router.WithLogger,
// webhook.WithLogger): a line at info as it starts, before it answers
// anything, with the address it listens on, the port the system chose
// when the address asked for port 0; and a line as it stops. Given an events
// endpoint as well (Events), or alone, it serves the webhook events URL on
// one path and waits, as it stops, for the event handlers running.
//
// Server is shaped like net/http's Server, which a Go programmer knows:
// a struct whose zero fields mean the defaults, so that one limit can be
// changed without restating the others, with ListenAndServe and Serve; the
// ListenAndServe function is the one-call form. Its methods take a context
// and handle the signals themselves, because a bot's main has nothing else
// to do on them than stop serving. As the context stops it, a Server needs
// no Shutdown method and holds no state: one may serve several listeners
// at once.
type Server struct {
	// Addr is the TCP address ListenAndServe listens on, such as ":8080".
	Addr string
	// Endpoint answers every request but the health check's and, when
	// Events is set, those to EventsPath. Serve refuses one that serves
	// no HTTP, made by endpoint.NewGateway for a bot that receives its
	// interactions from the gateway.
	Endpoint *endpoint.Endpoint
	// Events, when set, answers the requests to EventsPath: the
	// application's webhook events URL. A Server may serve Events alone,
	// answering 404 on every other path but the health check's.
	Events *webhook.Endpoint
	// EventsPath is the path Events serves; webhook.DefaultPath when empty.
	EventsPath string
	// HealthPath, when set, is a path where GET and HEAD are answered 200
	// "ok" without a signature, for a load balancer's or an orchestrator's
	// health check. It must differ from the paths the service posts to.
	HealthPath string

	// ReadTimeout, WriteTimeout and IdleTimeout are DefaultReadTimeout,
	// DefaultWriteTimeout and DefaultIdleTimeout when zero.
	ReadTimeout  time.Duration
	WriteTimeout time.Duration
	IdleTimeout  time.Duration
	// MaxHeaderBytes bounds a request's headers, with the request line;
	// larger ones are answered 431. DefaultMaxHeaderBytes when zero. The
	// body's limit is the endpoint's (Endpoint.MaxBodySize).
	MaxHeaderBytes int
	// MaxConns bounds the connections served at once; one more is answered
	// 503 and closed. When zero it is DefaultMaxConns, or three quarters of
	// the process's open-file limit if that is lower, so that the server
	// turns connections away before the process runs out of descriptors
	// for its own files and outgoing requests.
	MaxConns int
	// ShutdownTimeout bounds the wait for the requests under way when the
	// server stops, for the answers the endpoint deferred, and for the
	// event handlers running; DefaultShutdownTimeout when zero.
	ShutdownTimeout time.Duration
	// IgnoreSignals makes Serve stop only when its context ends, for a
	// program that handles SIGINT and SIGTERM itself.
	IgnoreSignals bool
}

// ListenAndServe serves e on the TCP address addr with a Server's
// defaults, until ctx ends or the process receives SIGINT or SIGTERM. It
// logs where it listens, at info, to e's logger, as it starts. See Server.
func ListenAndServe(ctx context.Context, addr string, e *endpoint.Endpoint) error {
	s := &Server{Addr: addr, Endpoint: e}
	return s.ListenAndServe(ctx)
}

// ListenAndServe listens on s.Addr and serves as Serve does.
func (s *Server) ListenAndServe(ctx context.Context) error {
	if s.Addr == "" {
		return errors.New("serve: Server.Addr is empty")
	}
	ln, err := net.Listen("tcp", s.Addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	return s.Serve(ctx, ln)
}

// Serve serves connections accepted on ln until ctx ends or the process
// receives SIGINT or SIGTERM, then closes ln, waits up to the shutdown
// timeout for the requests under way to be answered, and returns nil. It
// returns an error when the requests outlast that timeout, or when ln is
// closed by someone else. A second signal during the wait ends the process
// as the signal does by default.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	if err := s.check(); err != nil {
		ln.Close()
		return err
	}
	log := s.logger()
	stopSignals := func() {}
	if !s.IgnoreSignals {
		ctx, stopSignals = signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	}
	defer stopSignals()

	addr := ln.Addr().String()
	steady := newSteadyListener(ln, log)
	srv := s.fastHTTP(log)
	ev := log.Info().Str("addr", addr).Int("max_conns", srv.Concurrency)
	if s.HealthPath != "" {
		ev = ev.Str("health", s.HealthPath)
	}
	if s.Events != nil {
		ev = ev.Str("events", s.eventsPath())
	}
	// Logged before the first request can be served: the listener holds
	// connections until then, and a log read after an answer has this line.
	if s.Endpoint != nil {
		ev.Msg("serving interactions")
	} else {
		ev.Msg("serving webhook events")
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(steady) }()

	select {
	case err := <-served:
		// steady retries every error but its listener being closed.
		steady.Close()
		if err == nil {
			err = net.ErrClosed
		}
		return fmt.Errorf("serve: serving on %s: %w", addr, err)
	case <-ctx.Done():
	}
	stopSignals()
	timeout := orDefault(s.ShutdownTimeout, DefaultShutdownTimeout)
	log.Info().Str("addr", addr).Stringer("timeout", timeout).Msg("shutting down; answering the requests under way")
	// Closing the listener first stops accepting even if fasthttp has not
	// yet registered it, which would make its shutdown return at once.
	steady.Close()
	shutdown, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	err := srv.ShutdownWithContext(shutdown)
	<-served
	if err != nil {
		return fmt.Errorf("serve: shutting down on %s: requests still under way after %v: %w", addr, timeout, err)
	}
	// Handlers the endpoint deferred are still working on their answers,
	// and event handlers run after their requests were answered.
	if s.Endpoint != nil {
		if err := s.Endpoint.WaitDeferred(shutdown); err != nil {
			return fmt.Errorf("serve: shutting down on %s: deferred answers still under way after %v: %w", addr, timeout, err)
		}
	}
	if s.Events != nil {
		if err := s.Events.Wait(shutdown); err != nil {
			return fmt.Errorf("serve: shutting down on %s: event handlers still running after %v: %w", addr, timeout, err)
		}
	}
	log.Info().Str("addr", addr).Msg("stopped")
	return nil
}

// check reports what keeps s from serving.
func (s *Server) check() error {
	if s.Endpoint == nil && s.Events == nil {
		return errors.New("serve: Server.Endpoint and Server.Events are both nil")
	}
	if s.Endpoint != nil {
		// An endpoint for the gateway alone would refuse every request.
		if err := s.Endpoint.CanServeHTTP(); err != nil {
			return fmt.Errorf("serve: Server.Endpoint: %w", err)
		}
	}
	if s.Events != nil {
		p := s.eventsPath()
		if !strings.HasPrefix(p, "/") {
			return fmt.Errorf("serve: Server.EventsPath %q does not begin with /", p)
		}
		if p == s.HealthPath {
			return fmt.Errorf("serve: Server.EventsPath and HealthPath are both %q", p)
		}
	}
	return nil
}

// logger is the logger of the interactions endpoint, or of the events
// endpoint when it serves alone.
func (s *Server) logger() zerolog.Logger {
	if s.Endpoint != nil {
		return s.Endpoint.Logger()
	}
	return s.Events.Logger()
}

func (s *Server) eventsPath() string {
	if s.EventsPath == "" {
		return webhook.DefaultPath
	}
	return s.EventsPath
}

// fastHTTP returns the fasthttp server s describes.
func (s *Server) fastHTTP(log zerolog.Logger) *fasthttp.Server {
	// fasthttp reads a request before it knows which endpoint it is for:
	// it reads up to the larger limit, and each endpoint checks its own.
	var (
		onError func(*fasthttp.RequestCtx, error)
		maxBody int
	)
	if e := s.Events; e != nil {
		onError, maxBody = e.FastHTTPErrorHandler, e.MaxBodySize()
	}
	if e := s.Endpoint; e != nil {
		onError, maxBody = e.FastHTTPErrorHandler, max(maxBody, e.MaxBodySize())
	}
	return &fasthttp.Server{
		Handler:            s.handler(),
		ErrorHandler:       lingerAfter(onError),
		Logger:             fastHTTPLog{log},
		ReadTimeout:        orDefault(s.ReadTimeout, DefaultReadTimeout),
		WriteTimeout:       orDefault(s.WriteTimeout, DefaultWriteTimeout),
		IdleTimeout:        orDefault(s.IdleTimeout, DefaultIdleTimeout),
		ReadBufferSize:     orDefault(s.MaxHeaderBytes, DefaultMaxHeaderBytes),
		MaxRequestBodySize: maxBody,
		Concurrency:        s.maxConns(),
		// The endpoint reads the raw body, which the signature covers.
		DisablePreParseMultipartForm: true,
		// A client kept alive learns, with its last answer, to reconnect
		// (to another replica) rather than wait on a closing one.
		CloseOnShutdown:       true,
		SecureErrorLogMessage: true,
		NoDefaultServerHeader: true,
	}
}

func (s *Server) maxConns() int {
	if s.MaxConns > 0 {
		return s.MaxConns
	}
	n := DefaultMaxConns
	if limit, ok := openFileLimit(); ok {
		n = min(n, max(limit/4*3, 1))
	}
	return n
}

var (
	bodyHealthy      = []byte("ok\n")
	bodyHealthMethod = []byte(`{"message":"the health check accepts GET and HEAD only"}`)
	bodyNotFound     = []byte(`{"message":"not found: this server serves webhook events only"}`)
)

// handler is the interactions endpoint on every path, or the events
// endpoint on its own, with the health check in front when there is one.
func (s *Server) handler() fasthttp.RequestHandler {
	serve := s.endpoints()
	if s.HealthPath == "" {
		return serve
	}
	health := []byte(s.HealthPath)
	return func(rc *fasthttp.RequestCtx) {
		if !bytes.Equal(rc.Path(), health) {
			serve(rc)
			return
		}
		// The health check is no verified request: it keeps no
		// connection alive either (probes open one each time).
		rc.SetConnectionClose()
		if !rc.IsGet() && !rc.IsHead() {
			rc.Response.Header.Set("Allow", "GET, HEAD")
			rc.SetContentType("application/json")
			rc.SetStatusCode(fasthttp.StatusMethodNotAllowed)
			rc.SetBody(bodyHealthMethod)
			return
		}
		rc.SetContentType("text/plain; charset=utf-8")
		rc.SetBody(bodyHealthy)
	}
}

// endpoints is the interactions endpoint, on every path but the events
// endpoint's when there is one.
func (s *Server) endpoints() fasthttp.RequestHandler {
	other := notFound
	if s.Endpoint != nil {
		other = s.Endpoint.ServeFastHTTP
	}
	if s.Events == nil {
		return other
	}
	events, path := s.Events.ServeFastHTTP, []byte(s.eventsPath())
	return func(rc *fasthttp.RequestCtx) {
		if bytes.Equal(rc.Path(), path) {
			events(rc)
			return
		}
		other(rc)
	}
}

// notFound answers a path a Server serving only events does not serve.
func notFound(rc *fasthttp.RequestCtx) {
	rc.SetContentType("application/json")
	rc.SetStatusCode(fasthttp.StatusNotFound)
	rc.SetBody(bodyNotFound)
	rc.SetConnectionClose()
}

// fastHTTPLog writes what fasthttp logs to a zerolog logger.
type fastHTTPLog struct{ l zerolog.Logger }

// Printf logs a fasthttp message as a warning (a connection turned away at
// the limit, say), except a client's broken connection, which the error
// handler has answered and is not the server's fault.
func (f fastHTTPLog) Printf(format string, args ...any) {
	ev := f.l.Warn()
	if strings.HasPrefix(format, "error when serving connection") {
		ev = f.l.Debug()
	}
	ev.Msgf(format, args...)
}

func orDefault[T int | time.Duration](v, def T) T {
	if v > 0 {
		return v
	}
	return def
}
