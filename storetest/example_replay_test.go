package storetest_test

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/storetest"
)

// server stands in for a server that replicas share: it keeps time by
// its own clock, which a test cannot move.
type server struct {
	mu  sync.Mutex
	ids map[string]time.Time
}

// setUnlessHeld keeps key until expires unless it is held, and reports
// whether it kept it.
func (s *server) setUnlessHeld(key string, expires time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if until, ok := s.ids[key]; ok && time.Now().Before(until) {
		return false
	}
	s.ids[key] = expires
	return true
}

// guard is a replay.Guard of one's own, each replica a client of the
// server under one prefix.
type guard struct {
	srv    *server
	prefix string
}

func (g guard) Claim(_ context.Context, id interaction.Snowflake, expires time.Time) (bool, error) {
	return g.srv.setUnlessHeld(g.prefix+id.String(), expires), nil
}

// testGuard is the test of the guard, as its package's
// TestGuardKeepsTheContract would be: each check opens a new guard
// through two clients under a prefix of its own, as two replicas hold
// it, and, with no Clock, waits for the times it checks to pass.
func testGuard(t *testing.T) {
	srv := &server{ids: map[string]time.Time{}}
	n := 0
	storetest.TestReplayGuard(t, func(t *testing.T) storetest.Handles[replay.Guard] {
		n++
		prefix := "test" + strconv.Itoa(n) + ":"
		return storetest.Handles[replay.Guard]{A: guard{srv, prefix}, B: guard{srv, prefix}}
	})
}

// A package that writes a replay.Guard on a server checks it against
// the contract on the real clock.
func ExampleTestReplayGuard() {}
