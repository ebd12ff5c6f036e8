package web_test

import (
	"runtime"
	"testing"
	"time"
)

// mallocsPerTimeout is how many allocations the process makes, on the
// average of a few, for a member timed out and the stream that sends the
// guild changed.
func (c *crowd) mallocsPerTimeout(tb testing.TB, s *stream) uint64 {
	tb.Helper()
	const changes = 8
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range changes {
		until := time.Now().Add(time.Hour + time.Duration(i)*time.Minute)
		if err := c.p.emu.SetTimeout(c.p.emu.GuildID, c.p.emu.Member, until); err != nil {
			tb.Fatal(err)
		}
		if ev := s.next(tb); ev.name != "guild" {
			tb.Fatalf("after a timeout: %s %s", ev.name, ev.data)
		}
	}
	runtime.ReadMemStats(&after)
	return (after.Mallocs - before.Mallocs) / changes
}

// A change of the guild costs the stream what the guild holds, not what
// the channel holds: it looks at no message that did not change.
func TestAGuildChangeCostsTheStreamTheSameHoweverLongTheChannel(t *testing.T) {
	c := startCrowd(t)
	c.grow(t, 40)
	short := c.open(t)
	few := c.mallocsPerTimeout(t, short)
	short.stop()
	c.grow(t, 600)
	long := c.open(t)
	many := c.mallocsPerTimeout(t, long)
	t.Logf("allocations per guild change: %d with 40 messages, %d with 640", few, many)
	if many > few+few/2 {
		t.Errorf("a guild change allocates %d times with 640 messages in the channel, %d with 40", many, few)
	}
}
