package browsertest

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
)

// fence is the proxy the browser is told to send every request through. The
// browser never sends requests for the loopback address to a proxy, so pages
// served by the test reach their server, while everything else comes here and
// is refused: neither the page nor the browser itself reaches the network.
type fence struct {
	srv *httptest.Server

	mu    sync.Mutex
	hosts []string // refused, each once, in the order first asked for
}

// newFence starts a fence on 127.0.0.1. Its caller closes it.
func newFence() *fence {
	f := new(fence)
	f.srv = httptest.NewServer(http.HandlerFunc(f.refuse))
	return f
}

// refuse answers a proxied request, plain or CONNECT, with 403.
func (f *fence) refuse(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	if !slices.Contains(f.hosts, r.Host) {
		f.hosts = append(f.hosts, r.Host)
	}
	f.mu.Unlock()
	w.Header().Set("Connection", "close")
	http.Error(w, "browsertest: no network beyond 127.0.0.1", http.StatusForbidden)
}

// refused returns the hosts refused so far: the browser's own, such as its
// update checks, as well as its pages'.
func (f *fence) refused() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.hosts)
}

// addr returns the host:port the browser is to use as its proxy.
func (f *fence) addr() string {
	return f.srv.Listener.Addr().String()
}

func (f *fence) close() {
	f.srv.Close()
}
