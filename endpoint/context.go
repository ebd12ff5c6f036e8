package endpoint

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
// timer only when Done or AfterFunc is first called.
//
// Its parent gives it values only: the parent must never be canceled
// (its Done is nil), as the endpoint sees to.
type deadlineContext struct {
	context.Context // the parent, for values
	deadline        time.Time

	mu    sync.Mutex
	done  chan struct{} // made by the first Done
	timer *time.Timer   // started by the first Done or AfterFunc
	// afters is the list of functions AfterFunc arranged to run when the
	// context ends and whose stop has not been called.
	afters *afterFunc
	// ended says whether and why the context ended: a byte, not an
	// error, to keep the interaction's whole block (flight) in its
	// allocation size class.
	ended ending
}

// ending is whether and why a deadlineContext ended.
type ending uint8

const (
	open     ending = iota
	canceled        // the handler returned
	expired         // the deadline passed
)

// err is the error of the context's Err for e.
func (e ending) err() error {
	switch e {
	case canceled:
		return context.Canceled
	case expired:
		return context.DeadlineExceeded
	}
	return nil
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
		if c.ended != open {
			close(c.done)
		} else {
			c.watch()
		}
	}
	return c.done
}

func (c *deadlineContext) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ended == open && c.timer == nil && !time.Now().Before(c.deadline) {
		// Nobody waits: expire without a timer.
		c.end(expired)
	}
	return c.ended.err()
}

// AfterFunc arranges to call f in its own goroutine once c has ended,
// as context.AfterFunc documents; stop reports whether it kept f from
// running. Package context looks for this method: a context derived
// from c (context.WithTimeout, WithCancel) registers here instead of
// starting a goroutine that waits on Done for as long as the child lives.
func (c *deadlineContext) AfterFunc(f func()) (stop func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ended == open {
		c.watch()
	}
	if c.ended != open {
		go f()
		return stoppedNothing
	}
	a := &afterFunc{c: c, f: f, next: c.afters, listed: true}
	if a.next != nil {
		a.next.prev = a
	}
	c.afters = a
	return a.stop
}

// stoppedNothing is the stop function of an AfterFunc on a context that
// had already ended: f has been started.
func stoppedNothing() bool { return false }

// watch starts the timer that ends c at its deadline, unless it runs
// already, or ends c at once when the deadline has passed. c.mu is held
// and c has not ended.
func (c *deadlineContext) watch() {
	if c.timer != nil {
		return
	}
	d := time.Until(c.deadline)
	if d <= 0 {
		c.end(expired)
		return
	}
	c.timer = time.AfterFunc(d, func() { c.endOnce(expired) })
}

// cancel ends the context, as canceled, unless it has ended already: the
// handler has returned.
func (c *deadlineContext) cancel() { c.endOnce(canceled) }

// endOnce ends the context for why unless it has ended already.
func (c *deadlineContext) endOnce(why ending) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ended == open {
		c.end(why)
	}
}

// end ends the context for why: it closes Done and starts the functions
// AfterFunc arranged. c.mu is held and c has not ended.
func (c *deadlineContext) end(why ending) {
	c.ended = why
	if c.timer != nil {
		c.timer.Stop()
	}
	if c.done != nil {
		close(c.done)
	}
	for a := c.afters; a != nil; {
		next := a.next
		go a.f()
		a.forget()
		a = next
	}
	c.afters = nil
}

func (c *deadlineContext) String() string { return "switchboard.interactionContext" }

// An afterFunc is a function arranged by deadlineContext.AfterFunc, an
// element of its context's list while it waits.
type afterFunc struct {
	c          *deadlineContext // set once; the other fields under c.mu
	f          func()
	prev, next *afterFunc
	listed     bool
}

// stop takes a out of its context's list: it reports whether a was still
// there, and so kept from running.
func (a *afterFunc) stop() bool {
	c := a.c
	c.mu.Lock()
	defer c.mu.Unlock()
	if !a.listed {
		return false
	}
	if a.prev != nil {
		a.prev.next = a.next
	} else {
		c.afters = a.next
	}
	if a.next != nil {
		a.next.prev = a.prev
	}
	a.forget()
	return true
}

// forget marks a as out of its context's list, and lets go of f.
// Its context's mu is held.
func (a *afterFunc) forget() {
	a.f, a.prev, a.next, a.listed = nil, nil, nil, false
}
