package main

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/bench/endpoint/internal/fixture"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/gopool"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/storecall"
)

// Parts of the endpoint's path too small for BenchmarkEndpoint's
// differences to show, each measured alone. Run them as the served
// endpoint runs, on one core:
//
//	go test ./bench/endpoint/switchboard -run '^$' -bench 'HandOff|LogLine|Clock|Claim|BoundedCall' -cpu 1 -count 6

// BenchmarkHandOff is what an endpoint that may defer (one given a
// client) adds to a handler that answers at once, step for step as the
// endpoint takes them: a channel for the result, the run handed to a
// goroutine of a gopool.Pool, a timer for the deferral, and the wait for
// whichever comes first. With one core, the goroutine runs only once the
// request's goroutine waits: two switches a request.
func BenchmarkHandOff(b *testing.B) {
	// result stands for the endpoint's: the answer, whether the
	// handler panicked.
	type result struct {
		answer   []byte
		panicked bool
	}
	pool := gopool.New(0)
	answer := []byte(fixture.Answer)
	b.ReportAllocs()
	defer fixture.CountCPU(b)()
	for b.Loop() {
		done := make(chan result, 1)
		pool.Go(func() {
			r := result{panicked: true}
			defer func() { done <- r }()
			r = result{answer: answer}
		})
		timer := time.NewTimer(2500 * time.Millisecond)
		select {
		case r := <-done:
			timer.Stop()
			if r.panicked || r.answer == nil {
				b.Fatal("no answer")
			}
		case <-timer.C:
			b.Fatal("the run took the deferral's time")
		}
	}
}

// BenchmarkLogLine is a line the endpoint writes at level debug for each
// request it answers, on the default logger, which writes from info up:
// zerolog hands back no event, and each call on it returns at once.
func BenchmarkLogLine(b *testing.B) {
	log := zerolog.New(io.Discard).Level(zerolog.InfoLevel).With().Timestamp().Logger()
	b.ReportAllocs()
	defer fixture.CountCPU(b)()
	for b.Loop() {
		ev := log.Debug()
		if ev.Enabled() {
			ev = ev.Str("command", "mod ban")
		}
		ev.Str("type", "APPLICATION_COMMAND").Str("interaction", "1311209000000000009").
			Str("callback", "CHANNEL_MESSAGE_WITH_SOURCE").Msg("answered")
	}
}

// BenchmarkClock is one reading of the clock and one of the time since,
// as an endpoint with an observer takes at each step it times: when the
// request arrived, verification, the handler, the whole answer.
func BenchmarkClock(b *testing.B) {
	var took time.Duration
	defer fixture.CountCPU(b)()
	for b.Loop() {
		start := time.Now()
		took += time.Since(start)
	}
	_ = took
}

// BenchmarkClaim is the replay guard's part of a request on an endpoint
// given a replay.MemoryGuard of the default capacity: each interaction
// claimed once, remembered as long as a copy of it could verify. Once the
// guard holds its capacity, as it soon does at this pace, each claim also
// forgets the id that expires first.
func BenchmarkClaim(b *testing.B) {
	g := replay.NewMemoryGuard(0)
	ctx := context.Background()
	remember := interaction.DefaultTimestampWindow + replay.ClockAllowance
	id := interaction.Snowflake(1311209000000000009)
	b.ReportAllocs()
	defer fixture.CountCPU(b)()
	for b.Loop() {
		id++
		if first, err := g.Claim(ctx, id, time.Now().Add(remember)); !first || err != nil {
			b.Fatalf("claim of a new id: %v, %v", first, err)
		}
	}
}

// BenchmarkBoundedCall is what an endpoint adds to each call to a guard
// that is not a replay.MemoryGuard (one in Redis, say), beside the call
// itself: a context that ends after storecall.DefaultTimeout, whose timer
// is started and stopped, as package store bounds every call.
func BenchmarkBoundedCall(b *testing.B) {
	parent := context.Background()
	b.ReportAllocs()
	defer fixture.CountCPU(b)()
	for b.Loop() {
		ctx, cancel := context.WithDeadline(parent, time.Now().Add(storecall.DefaultTimeout))
		if ctx.Err() != nil {
			b.Fatal("ended at once")
		}
		cancel()
	}
}
