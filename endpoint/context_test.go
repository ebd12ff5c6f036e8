package endpoint

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

type key struct{}

func TestDeadlineContextEndsAtItsDeadline(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var c deadlineContext
		parent := context.WithValue(context.Background(), key{}, "v")
		c.init(parent, time.Now().Add(time.Second))
		if d, ok := c.Deadline(); !ok || time.Until(d) != time.Second {
			t.Fatalf("Deadline() = %v, %v", d, ok)
		}
		if c.Value(key{}) != "v" {
			t.Fatal("values of the parent are lost")
		}
		if c.Err() != nil {
			t.Fatal("Err before the deadline")
		}
		done := c.Done()
		time.Sleep(time.Second - time.Nanosecond)
		synctest.Wait()
		select {
		case <-done:
			t.Fatal("Done closed before the deadline")
		default:
		}
		<-done
		if !errors.Is(c.Err(), context.DeadlineExceeded) {
			t.Fatalf("Err() = %v", c.Err())
		}
		c.cancel() // after the deadline: no effect
		if !errors.Is(c.Err(), context.DeadlineExceeded) {
			t.Fatalf("Err() after cancel = %v", c.Err())
		}
	})
}

func TestDeadlineContextExpiresWithoutATimerWhenNobodyWaits(t *testing.T) {
	var c deadlineContext
	c.init(context.Background(), time.Now().Add(-time.Millisecond))
	if !errors.Is(c.Err(), context.DeadlineExceeded) {
		t.Fatalf("Err() = %v", c.Err())
	}
	if c.timer != nil {
		t.Fatal("Err started a timer")
	}
	select {
	case <-c.Done():
	default:
		t.Fatal("Done is open after the deadline passed")
	}
}

func TestDeadlineContextStartsNoTimerUntilSomebodyWaits(t *testing.T) {
	var c deadlineContext
	c.init(context.Background(), time.Now().Add(time.Hour))
	if c.Err() != nil || c.Value(key{}) != nil {
		t.Fatal("a fresh context has ended or has values")
	}
	c.Deadline()
	if c.timer != nil {
		t.Fatal("Err, Value or Deadline started a timer")
	}
	c.cancel()
	if c.timer != nil || c.done != nil {
		t.Fatal("ending the context made a timer or a channel")
	}
}

func TestDeadlineContextIsCanceledWhenTheHandlerReturns(t *testing.T) {
	var c deadlineContext
	c.init(context.Background(), time.Now().Add(time.Hour))
	done := c.Done() // a goroutine of the handler waiting
	c.cancel()
	select {
	case <-done:
	default:
		t.Fatal("Done stayed open after cancel")
	}
	if !errors.Is(c.Err(), context.Canceled) {
		t.Fatalf("Err() = %v", c.Err())
	}
	// Waiting after the end returns a closed channel.
	select {
	case <-c.Done():
	default:
		t.Fatal("Done after cancel is open")
	}
	var fresh deadlineContext
	fresh.init(context.Background(), time.Now().Add(time.Hour))
	fresh.cancel()
	select {
	case <-fresh.Done():
	default:
		t.Fatal("Done made after cancel is open")
	}
}

// derivations are the ways a handler derives a context from its own.
var derivations = []struct {
	name   string
	derive func(context.Context) (context.Context, func())
}{
	{"WithCancel", func(ctx context.Context) (context.Context, func()) {
		return context.WithCancel(ctx)
	}},
	{"WithCancelCause", func(ctx context.Context) (context.Context, func()) {
		c, cancel := context.WithCancelCause(ctx)
		return c, func() { cancel(nil) }
	}},
	{"WithTimeout", func(ctx context.Context) (context.Context, func()) {
		return context.WithTimeout(ctx, time.Minute)
	}},
	{"WithDeadline past the parent's", func(ctx context.Context) (context.Context, func()) {
		return context.WithDeadline(ctx, time.Now().Add(24*time.Hour))
	}},
	{"WithTimeoutCause", func(ctx context.Context) (context.Context, func()) {
		return context.WithTimeoutCause(ctx, time.Minute, errors.New("slow"))
	}},
	{"AfterFunc", func(ctx context.Context) (context.Context, func()) {
		stop := context.AfterFunc(ctx, func() {})
		return ctx, func() { stop() }
	}},
}

// goroutinesWhileDerived derives n contexts from ctx and reports how many
// more goroutines there are while they live. Then, when end is not nil,
// it cancels half the children, ends ctx with end and waits for the
// other half to end with ctx; otherwise it cancels them all.
func goroutinesWhileDerived(t *testing.T, ctx context.Context, end func(), n int, derive func(context.Context) (context.Context, func())) int {
	t.Helper()
	children := make([]context.Context, n)
	cancels := make([]func(), n)
	before := runtime.NumGoroutine()
	for i := range n {
		children[i], cancels[i] = derive(ctx)
	}
	grew := runtime.NumGoroutine() - before
	if end == nil {
		for _, cancel := range cancels {
			cancel()
		}
		return grew
	}
	for _, cancel := range cancels[:n/2] {
		cancel()
	}
	end()
	for _, child := range children[n/2:] {
		<-child.Done()
	}
	for _, cancel := range cancels[n/2:] {
		cancel()
	}
	return grew
}

func TestDerivedContextsStartNoGoroutine(t *testing.T) {
	const n, slack = 100, 10
	for _, d := range derivations {
		t.Run(d.name, func(t *testing.T) {
			var c deadlineContext
			c.init(context.Background(), time.Now().Add(time.Hour))
			end := func() { c.cancel() }
			if grew := goroutinesWhileDerived(t, &c, end, n, d.derive); grew > slack {
				t.Errorf("%d contexts derived from the interaction's context started %d goroutines", n, grew)
			}
		})
	}
}

// TestTheGoroutineCountIsMeaningful derives from the same context with
// its AfterFunc hidden: package context then starts a goroutine for each
// child, which the count must see.
func TestTheGoroutineCountIsMeaningful(t *testing.T) {
	const n = 100
	var c deadlineContext
	c.init(context.Background(), time.Now().Add(time.Hour))
	hidden := struct{ context.Context }{&c}
	end := func() { c.cancel() }
	grew := goroutinesWhileDerived(t, hidden, end, n, derivations[2].derive)
	if grew < n/2 {
		t.Fatalf("%d children of a context without AfterFunc grew the goroutines by %d, want about %d: the count does not measure what the other tests think", n, grew, n)
	}
}

// TestAHandlersDerivedContextsStartNoGoroutine serves an interaction
// whose handler derives timeouts from its context, as calls to the
// service and to stores do, and counts the goroutines while they live.
func TestAHandlersDerivedContextsStartNoGoroutine(t *testing.T) {
	const n, slack = 100, 10
	var grew int
	r := router.New(router.DispatchOnly())
	r.Command("fetch", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		if _, ok := ctx.(*deadlineContext); !ok {
			t.Errorf("the handler's context is a %T, not the lazy context this test is about", ctx)
		}
		grew = goroutinesWhileDerived(t, ctx, nil, n, derivations[2].derive)
		return interaction.Reply("fetched"), nil
	})
	m, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	k := interactiontest.NewKey("derive")
	e, err := New(m, k.Verifier())
	if err != nil {
		t.Fatal(err)
	}
	body := interactiontest.Command("fetch").JSON()
	sig, ts := k.Sign(body)
	var rc fasthttp.RequestCtx
	rc.Request.Header.SetMethod("POST")
	rc.Request.Header.Set(HeaderSignature, sig)
	rc.Request.Header.Set(HeaderTimestamp, ts)
	rc.Request.SetBody(body)
	e.ServeFastHTTP(&rc)
	if rc.Response.StatusCode() != 200 {
		t.Fatalf("status %d: %s", rc.Response.StatusCode(), rc.Response.Body())
	}
	if grew > slack {
		t.Errorf("%d timeouts derived from the handler's context started %d goroutines", n, grew)
	}
}

func TestDeadlineContextAfterFunc(t *testing.T) {
	// Each case arranges AfterFuncs, from fs, on a context whose deadline
	// is a second away, and ends it or not, and lets the goroutines
	// settle; it returns what the stop functions reported.
	tests := []struct {
		name    string
		arrange func(c *deadlineContext, fs []func()) (stopped []bool)
		stopped []bool
		ran     []int // how many times each f ran
		err     error
	}{
		{
			name: "f runs once the handler returns",
			arrange: func(c *deadlineContext, fs []func()) []bool {
				stop := c.AfterFunc(fs[0])
				c.cancel()
				synctest.Wait()
				return []bool{stop()}
			},
			stopped: []bool{false}, ran: []int{1}, err: context.Canceled,
		},
		{
			name: "f runs at the deadline",
			arrange: func(c *deadlineContext, fs []func()) []bool {
				stop := c.AfterFunc(fs[0])
				time.Sleep(time.Second)
				synctest.Wait()
				return []bool{stop()}
			},
			stopped: []bool{false}, ran: []int{1}, err: context.DeadlineExceeded,
		},
		{
			name: "f does not run before the deadline",
			arrange: func(c *deadlineContext, fs []func()) []bool {
				c.AfterFunc(fs[0])
				time.Sleep(time.Second - time.Nanosecond)
				synctest.Wait()
				return nil
			},
			ran: []int{0}, err: nil,
		},
		{
			name: "stop before the end keeps f from running",
			arrange: func(c *deadlineContext, fs []func()) []bool {
				stop := c.AfterFunc(fs[0])
				stopped := stop()
				c.cancel()
				synctest.Wait()
				return []bool{stopped, stop()}
			},
			stopped: []bool{true, false}, ran: []int{0}, err: context.Canceled,
		},
		{
			name: "stop before the deadline keeps f from running",
			arrange: func(c *deadlineContext, fs []func()) []bool {
				stop := c.AfterFunc(fs[0])
				stopped := stop()
				time.Sleep(time.Second)
				synctest.Wait()
				return []bool{stopped}
			},
			stopped: []bool{true}, ran: []int{0}, err: context.DeadlineExceeded,
		},
		{
			name: "stop once the context ended reports false",
			arrange: func(c *deadlineContext, fs []func()) []bool {
				stop := c.AfterFunc(fs[0])
				c.cancel()
				stopped := stop() // whether f has started yet or not
				synctest.Wait()
				return []bool{stopped}
			},
			stopped: []bool{false}, ran: []int{1}, err: context.Canceled,
		},
		{
			name: "f on an ended context runs at once",
			arrange: func(c *deadlineContext, fs []func()) []bool {
				c.cancel()
				stop := c.AfterFunc(fs[0])
				synctest.Wait()
				return []bool{stop()}
			},
			stopped: []bool{false}, ran: []int{1}, err: context.Canceled,
		},
		{
			name: "f on a context past its deadline runs at once",
			arrange: func(c *deadlineContext, fs []func()) []bool {
				time.Sleep(time.Second) // nobody waited: no timer ran
				stop := c.AfterFunc(fs[0])
				synctest.Wait()
				return []bool{stop()}
			},
			stopped: []bool{false}, ran: []int{1}, err: context.DeadlineExceeded,
		},
		{
			name: "functions arranged together run independently",
			arrange: func(c *deadlineContext, fs []func()) []bool {
				var stops []func() bool
				for _, f := range fs {
					stops = append(stops, c.AfterFunc(f))
				}
				// The middle of the list, its first and its last.
				stopped := []bool{stops[2](), stops[4](), stops[0]()}
				c.cancel()
				synctest.Wait()
				for _, stop := range stops {
					stopped = append(stopped, stop())
				}
				return stopped
			},
			stopped: []bool{true, true, true, false, false, false, false, false},
			ran:     []int{0, 1, 0, 1, 0}, err: context.Canceled,
		},
		{
			name: "context.AfterFunc arranges f with the method",
			arrange: func(c *deadlineContext, fs []func()) []bool {
				before := runtime.NumGoroutine()
				stop := context.AfterFunc(c, fs[0])
				waiting := runtime.NumGoroutine() - before
				c.cancel()
				synctest.Wait()
				return []bool{waiting == 0, stop()}
			},
			stopped: []bool{true, false}, ran: []int{1}, err: context.Canceled,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var c deadlineContext
				c.init(context.Background(), time.Now().Add(time.Second))
				ran := make([]atomic.Int32, len(tt.ran))
				fs := make([]func(), len(tt.ran))
				for i := range fs {
					fs[i] = func() { ran[i].Add(1) }
				}
				stopped := tt.arrange(&c, fs)
				if err := c.Err(); err != tt.err {
					t.Errorf("Err() = %v, want %v", err, tt.err)
				}
				if !slices.Equal(stopped, tt.stopped) {
					t.Errorf("stop reported %v, want %v", stopped, tt.stopped)
				}
				for i, want := range tt.ran {
					if got := int(ran[i].Load()); got != want {
						t.Errorf("f[%d] ran %d times, want %d", i, got, want)
					}
				}
				c.cancel()
				synctest.Wait()
			})
		})
	}
}

// TestAfterFuncStopRacesTheEnd stops functions while the context ends:
// each either ran or was stopped, never both and never neither.
func TestAfterFuncStopRacesTheEnd(t *testing.T) {
	const n = 200
	synctest.Test(t, func(t *testing.T) {
		var c deadlineContext
		c.init(context.Background(), time.Now().Add(time.Hour))
		var ran [n]atomic.Int32
		var stopped [n]bool
		var wg sync.WaitGroup
		for i := range n {
			stop := c.AfterFunc(func() { ran[i].Add(1) })
			wg.Go(func() { stopped[i] = stop() })
		}
		wg.Go(func() { c.cancel() })
		wg.Wait()
		synctest.Wait()
		for i := range n {
			if r := ran[i].Load(); (r == 1) == stopped[i] || r > 1 {
				t.Errorf("f[%d] ran %d times, and stop reported %v", i, r, stopped[i])
			}
		}
	})
}

// TestCauseOfAContextDerivedFromTheInteractionsContext: a child ends with
// the interaction's context and reports why, as context.Cause documents
// for a parent without a cause of its own: its Err.
func TestCauseOfAContextDerivedFromTheInteractionsContext(t *testing.T) {
	slow := errors.New("the store is slow")
	tests := []struct {
		name   string
		derive func(context.Context) (context.Context, func())
		end    func(c *deadlineContext, cancel func())
		err    error
		cause  error
	}{
		{
			name:   "the handler returned",
			derive: derivations[2].derive,
			end:    func(c *deadlineContext, _ func()) { c.cancel() },
			err:    context.Canceled, cause: context.Canceled,
		},
		{
			name:   "the interaction's deadline passed",
			derive: derivations[2].derive,
			end:    func(*deadlineContext, func()) { time.Sleep(time.Second) },
			err:    context.DeadlineExceeded, cause: context.DeadlineExceeded,
		},
		{
			name: "the child's own deadline passed first, with a cause",
			derive: func(ctx context.Context) (context.Context, func()) {
				return context.WithTimeoutCause(ctx, time.Second/2, slow)
			},
			end: func(*deadlineContext, func()) { time.Sleep(time.Second / 2) },
			err: context.DeadlineExceeded, cause: slow,
		},
		{
			name: "the child was canceled with a cause",
			derive: func(ctx context.Context) (context.Context, func()) {
				c, cancel := context.WithCancelCause(ctx)
				return c, func() { cancel(slow) }
			},
			end: func(_ *deadlineContext, cancel func()) { cancel() },
			err: context.Canceled, cause: slow,
		},
		{
			name: "the child of a child, when the handler returned",
			derive: func(ctx context.Context) (context.Context, func()) {
				mid, cancelMid := context.WithCancelCause(ctx)
				c, cancel := context.WithTimeout(mid, time.Minute)
				return c, func() { cancel(); cancelMid(nil) }
			},
			end: func(c *deadlineContext, _ func()) { c.cancel() },
			err: context.Canceled, cause: context.Canceled,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var c deadlineContext
				c.init(context.WithValue(context.Background(), key{}, "v"), time.Now().Add(time.Second))
				child, cancel := tt.derive(&c)
				defer cancel()
				if child.Value(key{}) != "v" {
					t.Error("the child lost the values of the interaction's context")
				}
				if d, ok := child.Deadline(); !ok || d.After(c.deadline) {
					t.Errorf("the child's deadline is %v, %v, past the interaction's %v", d, ok, c.deadline)
				}
				if context.Cause(child) != nil {
					t.Fatal("the child has a cause before it ended")
				}
				tt.end(&c, cancel)
				<-child.Done()
				if err := child.Err(); err != tt.err {
					t.Errorf("Err() = %v, want %v", err, tt.err)
				}
				if cause := context.Cause(child); cause != tt.cause {
					t.Errorf("Cause() = %v, want %v", cause, tt.cause)
				}
				if cause, err := context.Cause(&c), c.Err(); cause != err {
					t.Errorf("Cause of the interaction's context = %v, not its Err %v", cause, err)
				}
				c.cancel()
			})
		})
	}
}

func TestAContextDerivedAfterTheEndEndsAtOnce(t *testing.T) {
	var c deadlineContext
	c.init(context.Background(), time.Now().Add(time.Hour))
	c.cancel()
	child, cancel := context.WithTimeout(&c, time.Minute)
	defer cancel()
	select {
	case <-child.Done():
	default:
		t.Fatal("a child of an ended context is open")
	}
	if err, cause := child.Err(), context.Cause(child); err != context.Canceled || cause != context.Canceled {
		t.Errorf("Err() = %v, Cause() = %v, want %v", err, cause, context.Canceled)
	}
}

// TestStoppedFunctionsLeaveNothingBehind: a handler that derives and
// cancels contexts in a loop, on a context that has not ended, keeps
// nothing of them.
func TestStoppedFunctionsLeaveNothingBehind(t *testing.T) {
	var c deadlineContext
	c.init(context.Background(), time.Now().Add(time.Hour))
	defer c.cancel()
	for range 1000 {
		_, cancel := context.WithTimeout(&c, time.Minute)
		cancel()
	}
	stops := make([]func() bool, 10)
	for i := range stops {
		stops[i] = c.AfterFunc(func() { t.Error("a stopped function ran") })
	}
	for i := range stops {
		if !stops[(i*7)%len(stops)]() {
			t.Fatal("stop of a waiting function reported false")
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.afters != nil {
		t.Fatal("the list of functions to run holds stopped ones")
	}
}
