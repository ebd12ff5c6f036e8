package storecall

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// TestCallsPauseAStoreThatKeepsFailing follows one store through a
// breaker of two failures and a minute's pause, on a clock the test
// moves.
func TestCallsPauseAStoreThatKeepsFailing(t *testing.T) {
	var told []Failure
	c := New("cooldown store", "cooldown", WithBreaker(2, time.Minute),
		WithOnFailure(func(kind string, why Failure) {
			if kind != "cooldown" {
				t.Errorf("OnFailure told of kind %q", kind)
			}
			told = append(told, why)
		}))
	now := time.Unix(1_700_000_000, 0)
	c.now = func() time.Time { return now }
	var logged strings.Builder
	log := zerolog.New(&logged)
	down := errors.New("connection refused")

	steps := []struct {
		do     string // "fail", "time out", "answer", "call", "wait"
		paused bool   // for "call": whether Paused reports true
		wait   time.Duration
	}{
		{do: "fail"},
		{do: "answer"}, // an answer between failures starts the count anew
		{do: "fail"},
		{do: "time out"}, // the second in a row: paused
		{do: "call", paused: true},
		{do: "wait", wait: time.Minute - time.Nanosecond},
		{do: "call", paused: true},
		{do: "wait", wait: time.Nanosecond},
		{do: "call", paused: false}, // the one call that tries the store again
		{do: "call", paused: true},  // while the others still skip it
		{do: "answer"},
		{do: "call", paused: false},
	}
	for i, s := range steps {
		switch s.do {
		case "fail":
			c.Done(down, &log)
		case "time out":
			c.Done(context.DeadlineExceeded, &log)
		case "answer":
			c.Done(nil, &log)
		case "wait":
			now = now.Add(s.wait)
		case "call":
			if got := c.Paused(); got != s.paused {
				t.Fatalf("step %d: Paused() = %v, want %v", i, got, s.paused)
			}
		}
	}
	want := []Failure{Failed, Failed, TimedOut, Paused, Paused, Paused}
	if strings.Join(failures(told), " ") != strings.Join(failures(want), " ") {
		t.Errorf("OnFailure was told %v, want %v", told, want)
	}
	if n := strings.Count(logged.String(), "\n"); n != 2 || !strings.Contains(logged.String(), "too many times") || !strings.Contains(logged.String(), "answers again") {
		t.Errorf("logged %d lines, want the pause and the store answering again:\n%s", n, logged.String())
	}
}

func failures(fs []Failure) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = string(f)
	}
	return out
}

func TestACallEndsAtItsTimeoutOrSoonerWhenAsked(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	for _, tt := range []struct {
		name string
		by   time.Time
		want time.Time
	}{
		{"no bound: the timeout", time.Time{}, now.Add(DefaultTimeout)},
		{"a bound after the timeout: the timeout", now.Add(time.Second), now.Add(DefaultTimeout)},
		{"a bound before the timeout: the bound", now.Add(10 * time.Millisecond), now.Add(10 * time.Millisecond)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := New("replay guard", "replay")
			c.now = func() time.Time { return now }
			ctx, cancel := c.Context(context.Background(), tt.by)
			defer cancel()
			if d, ok := ctx.Deadline(); !ok || !d.Equal(tt.want) {
				t.Errorf("deadline %v, want %v", d, tt.want)
			}
		})
	}
}
