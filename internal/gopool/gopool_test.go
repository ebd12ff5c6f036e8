package gopool

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// Functions run one after another reuse one goroutine: each finds the
// last one's goroutine waiting.
func TestAGoroutineIsReused(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := New(time.Hour)
		var started atomic.Int32
		p.started = func() { started.Add(1) }
		for range 10 {
			done := make(chan struct{})
			p.Go(func() { close(done) })
			<-done
			// The goroutine waits again once f has returned, blocked
			// on the hand-off and its idle timer; the next Go must
			// find it there.
			synctest.Wait()
		}
		if n := started.Load(); n != 1 {
			t.Errorf("10 functions, one after another, started %d goroutines", n)
		}
		// The bubble's clock lets the idle hour pass at once, and the
		// goroutine ends.
		time.Sleep(time.Hour)
		synctest.Wait()
	})
}

// Functions that run at once each get a goroutine: Go never waits for one
// to be free.
func TestGoNeverBlocks(t *testing.T) {
	p := New(time.Hour)
	release := make(chan struct{})
	var running sync.WaitGroup
	running.Add(5)
	for range 5 {
		p.Go(func() {
			running.Done()
			<-release
		})
	}
	running.Wait() // all five run together
	close(release)
}

// A goroutine with no work for the idle time ends.
func TestIdleGoroutinesEnd(t *testing.T) {
	p := New(time.Millisecond)
	ended := make(chan struct{}, 3)
	p.ended = func() { ended <- struct{}{} }
	release := make(chan struct{})
	for range 3 {
		p.Go(func() { <-release })
	}
	close(release)
	for range 3 {
		select {
		case <-ended:
		case <-time.After(10 * time.Second):
			t.Fatal("an idle goroutine did not end")
		}
	}
}

// A function that ends its goroutine does not take the pool with it.
func TestAFunctionThatEndsItsGoroutine(t *testing.T) {
	p := New(time.Hour)
	done := make(chan struct{})
	p.Go(func() {
		defer close(done)
		runtime.Goexit()
	})
	<-done
	ran := make(chan struct{})
	p.Go(func() { close(ran) })
	<-ran
}
