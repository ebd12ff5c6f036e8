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
// does these through the service's API at its own pace; the watcher reads
// them from the history the emulator keeps of each interaction it
// follows, so that every step prints, in order, however quick.
type watcher struct {
	s    *Session
	done chan struct{}
	wg   sync.WaitGroup

	mu      sync.Mutex
	printed map[interaction.Snowflake]int // the events of each interaction printed so far
	order   []interaction.Snowflake
	pending map[interaction.Snowflake]bool // deferred answers not yet complete
	changed time.Time                      // when the watcher last printed something
	// held is set while a user acts on a component: the answer, printed
	// when it comes, shows the update, which the watcher would print again
	// from the history of the message's interaction.
	held  bool
	shown map[shownChange]bool // changes printed with the answer that made them
	// since is the emulator's last change to messages looked at, and
	// posts the messages the bot posted through the channel endpoints,
	// outside any interaction, that were printed.
	since uint64
	posts map[interaction.Snowflake]bool
}

// shownChange is a change to a message, printed with the answer of the
// interaction that made it.
type shownChange struct {
	message interaction.Snowflake
	at      time.Time
}

// pollEvery is how often the watcher looks; quick enough to read as
// immediate, slow enough to cost nothing.
const pollEvery = 40 * time.Millisecond

func newWatcher(s *Session) *watcher {
	w := &watcher{s: s, done: make(chan struct{}), printed: map[interaction.Snowflake]int{},
		pending: map[interaction.Snowflake]bool{}, shown: map[shownChange]bool{}, posts: map[interaction.Snowflake]bool{}}
	_, w.since = s.emu.Messages()
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
func (w *watcher) follow(id interaction.Snowflake) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.printed[id]; !ok {
		w.printed[id] = 0
		w.order = append(w.order, id)
	}
	// The answer was just printed: the bot may follow it up in a moment,
	// which the end of a script waits for.
	w.changed = time.Now()
	w.pollOne(id)
}

// hold keeps the watcher from printing until release: see held.
func (w *watcher) hold() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.held = true
}

// release lets the watcher print again. The edits of messages that the
// interaction id made by its answer, just printed with it, are not
// printed again.
func (w *watcher) release(id interaction.Snowflake) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.held = false
	if rec, ok := w.s.emu.Interaction(id); ok && rec.Answer != nil && rec.Answer.Type == interaction.CallbackUpdateMessage {
		for _, e := range rec.History {
			if e.Kind == emulator.MessageEdited {
				w.shown[shownChange{e.Message.ID, e.At}] = true
			}
		}
	}
}

// poll prints what happened since the last look.
func (w *watcher) poll() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.held {
		return
	}
	live := w.order[:0]
	for _, id := range w.order {
		// After 15 minutes the token is dead and nothing more can
		// happen to the interaction's messages.
		if time.Since(id.Time()) > 16*time.Minute {
			delete(w.printed, id)
			delete(w.pending, id)
			continue
		}
		live = append(live, id)
		w.pollOne(id)
	}
	w.order = live
	w.pollPosts()
}

// pollPosts prints the messages the bot has posted with its REST client
// since the last look, outside any interaction: in a channel, or in a
// user's direct messages. The caller holds w.mu.
func (w *watcher) pollPosts() {
	emu := w.s.emu
	ids, last, ok := emu.MessageChanges(w.since)
	if !ok {
		// More changed than the emulator remembers: look at them all.
		var recs []emulator.MessageRecord
		recs, last = emu.Messages()
		ids = ids[:0]
		for _, r := range recs {
			ids = append(ids, r.ID)
		}
	}
	w.since = last
	for _, id := range ids {
		rec, ok := emu.Message(id)
		if !ok || !rec.Posted || rec.Author != emu.ApplicationID || rec.Deleted || w.posts[id] {
			continue
		}
		w.posts[id] = true
		w.s.out.event(w.postedWhere(rec.ChannelID), &rec.Message)
		w.changed = time.Now()
	}
}

// postedWhere says where the bot posted, in a channel of the session's
// guild or a user's direct messages.
func (w *watcher) postedWhere(channel interaction.Snowflake) string {
	emu := w.s.emu
	if c, ok := emu.Channel(emu.GuildID, channel); ok {
		return "posts in #" + c.Name
	}
	for _, u := range emu.Users() {
		if dms := emu.DirectMessages(u.ID); len(dms) > 0 && dms[0].ChannelID == channel {
			return "sends " + u.Username + " a direct message"
		}
	}
	return "posts in channel " + channel.String()
}

// pollOne prints the new events of one interaction. The caller holds w.mu.
func (w *watcher) pollOne(id interaction.Snowflake) {
	rec, ok := w.s.emu.Interaction(id)
	if !ok {
		return
	}
	// printed counts every change, those the emulator no longer keeps
	// (HistoryDropped) among them.
	for _, e := range rec.History[max(w.printed[id]-rec.HistoryDropped, 0):] {
		what := "follow-up"
		if e.Original {
			what = "answer"
		}
		switch e.Kind {
		case emulator.MessageReplied, emulator.MessageDeferred:
			// Printed with the answer itself.
			continue
		case emulator.MessageEdited:
			if w.shown[shownChange{e.Message.ID, e.At}] {
				continue
			}
		case emulator.MessageCompleted:
			what = "completes its answer"
		}
		switch e.Kind {
		case emulator.MessageEdited:
			what = "edits its " + what
			if !e.Original {
				what = "edits a follow-up"
			}
		}
		w.s.out.event(what, &e.Message)
		w.changed = time.Now()
	}
	w.printed[id] = rec.HistoryDropped + len(rec.History)
	w.pending[id] = rec.Original != nil && rec.Original.Loading() && !rec.Original.Deleted
}

// settle waits until no deferred answer is still loading and nothing has
// changed for a moment, or at most max: the end of a script, where the
// bot's work after its answers should still be seen. The moment is longer
// than the pauses of a bot that sends its messages one after the other,
// even on a busy machine; a bot that pauses longer needs "wait 2s".
func (w *watcher) settle(ctx context.Context, max time.Duration) {
	const quiet = 600 * time.Millisecond
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
	w.mu.Lock()
	loading := w.loading()
	w.mu.Unlock()
	if loading {
		w.s.out.note("the bot has not completed every deferred answer; it has 15 minutes to")
	} else {
		w.s.out.note("the bot is still sending messages; wait 2s waits longer")
	}
}

// loading reports whether a followed interaction still shows the
// "thinking…" message. The caller holds w.mu.
func (w *watcher) loading() bool {
	for _, p := range w.pending {
		if p {
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
