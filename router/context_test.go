package router

import (
	"context"
	"errors"
	"testing"
	"time"
)

type key struct{}

func TestDeadlineContextEndsAtItsDeadline(t *testing.T) {
	var c deadlineContext
	parent := context.WithValue(context.Background(), key{}, "v")
	c.init(parent, time.Now().Add(20*time.Millisecond))
	if d, ok := c.Deadline(); !ok || time.Until(d) <= 0 {
		t.Fatalf("Deadline() = %v, %v", d, ok)
	}
	if c.Value(key{}) != "v" {
		t.Fatal("values of the parent are lost")
	}
	if c.Err() != nil {
		t.Fatal("Err before the deadline")
	}
	select {
	case <-c.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("Done never closed")
	}
	if !errors.Is(c.Err(), context.DeadlineExceeded) {
		t.Fatalf("Err() = %v", c.Err())
	}
	c.cancel(context.Canceled) // after the deadline: no effect
	if !errors.Is(c.Err(), context.DeadlineExceeded) {
		t.Fatalf("Err() after cancel = %v", c.Err())
	}
}

func TestDeadlineContextExpiresWithoutATimerWhenNobodyWaits(t *testing.T) {
	var c deadlineContext
	c.init(context.Background(), time.Now().Add(-time.Millisecond))
	if !errors.Is(c.Err(), context.DeadlineExceeded) {
		t.Fatalf("Err() = %v", c.Err())
	}
	select {
	case <-c.Done():
	default:
		t.Fatal("Done is open after the deadline passed")
	}
}

func TestDeadlineContextIsCanceledWhenTheHandlerReturns(t *testing.T) {
	var c deadlineContext
	c.init(context.Background(), time.Now().Add(time.Hour))
	done := c.Done() // a goroutine of the handler waiting
	c.cancel(context.Canceled)
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
	fresh.cancel(context.Canceled)
	select {
	case <-fresh.Done():
	default:
		t.Fatal("Done made after cancel is open")
	}
}
