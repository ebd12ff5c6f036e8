package playground

import (
	"context"
	"sync"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// watcher prints what the bot does after its first answer: completing a
// deferred answer, editing or deleting it, sending follow-ups. The bot
// does these through the service's API at its own pace, so the watcher
// looks at the emulator's records of the interactions it follows.
type watcher struct {
	s    *Session
	done chan struct{}
	wg   sync.WaitGroup

	mu      sync.Mutex
	seen    map[interaction.Snowflake]*seenState
	order   []interaction.Snowflake
	changed time.Time // when the watcher last printed something
}

// seenState is what was printed of one interaction.
type seenState struct {
	// pending is a deferred answer printed as "thinking…".
	pending bool
	// original is the answer's message as last printed; nil if none.
	original  *emulator.Message
	followups []emulator.Message
}

// pollEvery is how often the watcher looks; quick enough to read as
// immediate, slow enough to cost nothing.
const pollEvery = 40 * time.Millisecond

func newWatcher(s *Session) *watcher {
	w := &watcher{s: s, done: make(chan struct{}), seen: map[interaction.Snowflake]*seenState{}}
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		t := time.NewTicker(pollEvery)
		defer t.Stop()
		for {
			select {
			case <-w.done:
				return
			case <-t.C:
				w.poll()
			}
		}
	}()
	return w
}

func (w *watcher) stop() {
	close(w.done)
	w.wg.Wait()
}

// follow starts watching an interaction whose answer was just printed.
// What was printed is the answer itself, so anything the bot did since
// (it may be quick) is still to print.
func (w *watcher) follow(id interaction.Snowflake, answer interaction.Response) {
	st := &seenState{}
	switch answer.Type {
	case interaction.CallbackDeferredChannelMessageWithSource:
		st.pending = true
	case interaction.CallbackChannelMessageWithSource:
		if rec, ok := w.s.emu.Interaction(id); ok && rec.Original != nil {
			o := *rec.Original
			o.Edited, o.Deleted = time.Time{}, false
			st.original = &o
		}
	}
	w.mu.Lock()
	w.seen[id] = st
	w.order = append(w.order, id)
	w.mu.Unlock()
}

// poll prints what changed since the last look.
func (w *watcher) poll() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, id := range w.order {
		rec, ok := w.s.emu.Interaction(id)
		if !ok {
			continue
		}
		st := w.seen[id]
		if o := rec.Original; o != nil {
			switch {
			case st.pending:
				if !o.Loading() {
					w.print("completes its answer", o)
					st.pending = false
				}
			case st.original == nil:
			case o.Deleted && !st.original.Deleted:
				w.print("answer", o)
			case !o.Deleted && !o.Edited.Equal(st.original.Edited):
				w.print("edits its answer", o)
			}
			if !st.pending {
				c := *o
				st.original = &c
			}
		}
		for i := range rec.Followups {
			f := &rec.Followups[i]
			switch {
			case i >= len(st.followups):
				w.print("follow-up", f)
			case f.Deleted && !st.followups[i].Deleted:
				w.print("follow-up", f)
			case !f.Deleted && !f.Edited.Equal(st.followups[i].Edited):
				w.print("edits a follow-up", f)
			}
		}
		st.followups = append(st.followups[:0], rec.Followups...)
	}
}

func (w *watcher) print(kind string, m *emulator.Message) {
	w.s.out.event(kind, m)
	w.changed = time.Now()
}

// settle waits until no deferred answer is still loading and nothing has
// changed for a moment, or at most max: the end of a script, where the
// bot's work after its answers should still be seen.
func (w *watcher) settle(ctx context.Context, max time.Duration) {
	const quiet = 300 * time.Millisecond
	deadline := time.Now().Add(max)
	for time.Now().Before(deadline) {
		w.poll()
		w.mu.Lock()
		calm := time.Since(w.changed) >= quiet && !w.loading()
		w.mu.Unlock()
		if calm {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(pollEvery):
		}
	}
	w.s.out.comment("the bot has not completed every deferred answer; it has 15 minutes to")
}

// loading reports whether a followed interaction still shows the
// "thinking…" message. The caller holds w.mu.
func (w *watcher) loading() bool {
	for _, st := range w.seen {
		if st.pending {
			return true
		}
	}
	return false
}

// lastMessage is the id of the last message the bot sent, for a MESSAGE
// command's target.
func (w *watcher) lastMessage() (interaction.Snowflake, bool) {
	recs := w.s.emu.Interactions()
	for i := len(recs) - 1; i >= 0; i-- {
		r := recs[i]
		for j := len(r.Followups) - 1; j >= 0; j-- {
			if !r.Followups[j].Deleted {
				return r.Followups[j].ID, true
			}
		}
		if r.Original != nil && !r.Original.Deleted {
			return r.Original.ID, true
		}
	}
	return 0, false
}
