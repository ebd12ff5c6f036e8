package emulator

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// FaultKind is how an injected fault fails a request.
type FaultKind int

const (
	// FaultRateLimit answers 429 with the service's rate-limit body and
	// headers, as if the route's (or, with Global, every route's) limit
	// were used up.
	FaultRateLimit FaultKind = iota + 1
	// FaultServerError answers with a 5xx status.
	FaultServerError
	// FaultSlow holds the request for a while, then answers it normally.
	FaultSlow
	// FaultDrop closes the connection without answering.
	FaultDrop
)

// String returns the kind's name, as the control API spells it.
func (k FaultKind) String() string {
	switch k {
	case FaultRateLimit:
		return "rate_limit"
	case FaultServerError:
		return "server_error"
	case FaultSlow:
		return "slow"
	case FaultDrop:
		return "drop"
	}
	return "FaultKind(" + strconv.Itoa(int(k)) + ")"
}

// Fault is a failure the server answers some of the next requests with, for
// testing how a client copes.
type Fault struct {
	// Route is the rate-limit bucket of the requests to fail: "commands",
	// "guild-commands", "command_permissions", "command_permissions_edit",
	// "oauth2_token", "users_me", "interaction-callback", "webhook",
	// "entitlements", "skus"; "" matches every route.
	Route string
	// Count is how many of the matching requests to fail; zero means one.
	// After them the route answers normally again.
	Count int
	Kind  FaultKind
	// Status is the status of a FaultServerError; zero means 500.
	Status int
	// RetryAfter is how long a FaultRateLimit tells the client to wait;
	// zero means one second.
	RetryAfter time.Duration
	// Global makes a FaultRateLimit the global limit of the application
	// rather than the route's.
	Global bool
	// Delay is how long a FaultSlow holds the request.
	Delay time.Duration
}

// ErrTooManyFaults reports a fault injected while the emulator holds as
// many as it keeps (Limits.Faults).
var ErrTooManyFaults = errors.New("emulator: too many faults")

// faults answers requests with failures set up in advance. It has a lock
// of its own, apart from the state's, so that a slow fault never holds up
// the rest of the service. The faults of each route wait in a queue of
// their own, and those of every route in another, so that a request finds
// its fault among the heads of two queues, however many faults the other
// routes hold.
type faults struct {
	mu sync.Mutex
	// limit is how many faults it holds at most (Limits.Faults); held
	// is how many it holds.
	limit, held int
	// byRoute are the faults not yet used up, by their Route ("" for
	// every route), each queue in the order injected; a route's queue
	// goes once it is empty.
	byRoute map[string]*faultQueue
	// injected numbers the faults in the order injected, so that the
	// first of two queues is known.
	injected uint64
}

// faultQueue is the faults of one route, each with Count left, oldest
// first.
type faultQueue []queuedFault

type queuedFault struct {
	Fault
	n uint64 // the order it was injected in
}

// InjectFault makes the next f.Count requests on f.Route fail as f.Kind.
// Faults injected earlier are used first; a request meets at most one.
// While the emulator holds Limits.Faults faults not yet used up, it
// refuses another with ErrTooManyFaults.
func (s *Server) InjectFault(f Fault) error {
	if f.Count <= 0 {
		f.Count = 1
	}
	fs := &s.faults
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if fs.held >= fs.limit {
		return fmt.Errorf("%w: the emulator holds at most %d faults not yet used up (Limits.Faults)", ErrTooManyFaults, fs.limit)
	}
	if fs.byRoute == nil {
		fs.byRoute = map[string]*faultQueue{}
	}
	q := fs.byRoute[f.Route]
	if q == nil {
		q = new(faultQueue)
		fs.byRoute[f.Route] = q
	}
	fs.injected++
	*q = append(*q, queuedFault{Fault: f, n: fs.injected})
	fs.held++
	return nil
}

// ClearFaults drops the faults not yet used.
func (s *Server) ClearFaults() {
	s.faults.mu.Lock()
	s.faults.byRoute, s.faults.held = nil, 0
	s.faults.mu.Unlock()
}

// take uses up one request of the first fault for bucket: the older of
// the first of the bucket's faults and the first of every route's.
func (f *faults) take(bucket string) (Fault, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	route := bucket
	q := f.byRoute[bucket]
	if every := f.byRoute[""]; q == nil || every != nil && (*every)[0].n < (*q)[0].n {
		route, q = "", every
	}
	if q == nil {
		return Fault{}, false
	}
	p := &(*q)[0]
	fault := p.Fault
	if p.Count--; p.Count == 0 {
		(*q)[0] = queuedFault{}
		*q = (*q)[1:]
		f.held--
		if len(*q) == 0 {
			delete(f.byRoute, route)
		}
	}
	return fault, true
}

// inject answers r with a fault set up for its bucket, and reports whether
// it did. A slow fault delays r and lets it through.
func (f *faults) inject(w http.ResponseWriter, r *http.Request, bucket string) bool {
	fault, ok := f.take(bucket)
	if !ok {
		return false
	}
	switch fault.Kind {
	case FaultRateLimit:
		rateLimited(w, fault, bucket)
	case FaultServerError:
		status := fault.Status
		if status == 0 {
			status = http.StatusInternalServerError
		}
		writeJSON(w, status, map[string]any{"message": strconv.Itoa(status) + ": " + http.StatusText(status), "code": codeGeneral})
	case FaultSlow:
		return sleep(r.Context(), fault.Delay)
	case FaultDrop:
		drop(w)
	default:
		return false
	}
	return true
}

// rateLimited answers 429 as the service does. A global limit names no
// bucket: it is the application's, across routes.
func rateLimited(w http.ResponseWriter, f Fault, bucket string) {
	after := f.RetryAfter
	if after <= 0 {
		after = time.Second
	}
	h := w.Header()
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(after.Seconds()))))
	if f.Global {
		h.Set("X-RateLimit-Global", "true")
		h.Set("X-RateLimit-Scope", "global")
	} else {
		// The fault's clock is the wall clock: it knows nothing of the
		// configured one, and clients read Reset-After first.
		reset := time.Now().Add(after)
		h.Set("X-RateLimit-Limit", "1")
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(reset.UnixMilli())/1000, 'f', 3, 64))
		h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(after.Seconds(), 'f', 3, 64))
		h.Set("X-RateLimit-Bucket", bucketHash(bucket))
		h.Set("X-RateLimit-Scope", "user")
	}
	writeJSON(w, http.StatusTooManyRequests, map[string]any{
		"message":     "You are being rate limited.",
		"retry_after": math.Round(after.Seconds()*1000) / 1000,
		"global":      f.Global,
	})
}

// sleep waits for d, or until the client goes away; it reports whether
// the client went away.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return false
	case <-ctx.Done():
		return true
	}
}

// drop closes the connection under the request without a word, so the
// client sees a transport error rather than a status.
func drop(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			conn.Close()
			return
		}
	}
	// HTTP/2 cannot hand over its connection; aborting the handler resets
	// the stream instead.
	panic(http.ErrAbortHandler)
}
