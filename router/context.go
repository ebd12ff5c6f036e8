package router

import (
	"context"
	"sync"
	"time"
)

// deadlineContext is the context of one interaction: it carries the
// service's answer deadline and is canceled when the handler returns.
//
// context.WithDeadline starts a timer for every request; most handlers
// answer in microseconds and never wait on Done, so this one starts its
// timer only when Done is first called.
type deadlineContext struct {
	context.Context // the parent, for values
	deadline        time.Time

	mu    sync.Mutex
	done  chan struct{}
	timer *time.Timer
	err   error
}

func (c *deadlineContext) init(parent context.Context, deadline time.Time) {
	c.Context, c.deadline = parent, deadline
}

func (c *deadlineContext) Deadline() (time.Time, bool) { return c.deadline, true }

func (c *deadlineContext) Done() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done == nil {
		c.done = make(chan struct{})
		if c.err != nil {
			close(c.done)
		} else if d := time.Until(c.deadline); d <= 0 {
			c.err = context.DeadlineExceeded
			close(c.done)
		} else {
			c.timer = time.AfterFunc(d, func() { c.cancel(context.DeadlineExceeded) })
		}
	}
	return c.done
}

func (c *deadlineContext) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil && c.done == nil && !time.Now().Before(c.deadline) {
		// Nobody waits on Done: expire without a timer.
		c.err = context.DeadlineExceeded
	}
	return c.err
}

// cancel ends the context with err unless it has ended already.
func (c *deadlineContext) cancel(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return
	}
	c.err = err
	if c.timer != nil {
		c.timer.Stop()
	}
	if c.done != nil {
		close(c.done)
	}
}

func (c *deadlineContext) String() string { return "switchboard.interactionContext" }
