package gopool

import "time"

// DefaultIdle is how long a goroutine waits for another function before
// it ends, when New is given no idle time.
const DefaultIdle = 10 * time.Second

// A Pool runs functions on goroutines it keeps for a while after they
// finish. The zero Pool is not usable; make one with New. A Pool is safe
// for concurrent use and needs no closing: its goroutines end once idle.
type Pool struct {
	// handoff is unbuffered: a send succeeds only when a goroutine waits
	// on it, which then runs what was sent.
	handoff chan func()
	idle    time.Duration
	// started and ended, when set (tests), are called as a goroutine
	// starts and ends.
	started, ended func()
}

// New returns a Pool whose goroutines end after idle without work; zero
// or less means DefaultIdle.
func New(idle time.Duration) *Pool {
	if idle <= 0 {
		idle = DefaultIdle
	}
	return &Pool{handoff: make(chan func()), idle: idle}
}

// Go runs f on a goroutine of the pool: one that waits for work, or a new
// one when none does. It never blocks. A goroutine whose f ends it
// (runtime.Goexit) is not reused.
func (p *Pool) Go(f func()) {
	select {
	case p.handoff <- f:
	default:
		go p.work(f)
	}
}

// work runs f, then each function handed to it, until it has waited idle
// for the pool's idle time.
func (p *Pool) work(f func()) {
	if p.started != nil {
		p.started()
	}
	if p.ended != nil {
		defer p.ended()
	}
	f()
	timer := time.NewTimer(p.idle)
	defer timer.Stop()
	for {
		select {
		case f = <-p.handoff:
			f()
			timer.Reset(p.idle)
		case <-timer.C:
			return
		}
	}
}
