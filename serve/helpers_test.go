package serve_test

import (
	"io"
	"net/http"
	"sync"
)

// webhookRecorder stands for the service's webhook endpoints: it answers
// every request with a message and keeps what it was sent.
type webhookRecorder struct {
	mu   sync.Mutex
	sent []string // "METHOD path body"
}

func (w *webhookRecorder) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	w.mu.Lock()
	w.sent = append(w.sent, r.Method+" "+r.URL.Path+" "+string(body))
	w.mu.Unlock()
	if r.Method == http.MethodDelete {
		rw.WriteHeader(http.StatusNoContent)
		return
	}
	rw.Header().Set("Content-Type", "application/json")
	io.WriteString(rw, `{"id":"77","channel_id":"5","content":"ok"}`)
}
