package switchboardtest

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/caption"
)

// An Exchange is one interaction the emulator sent the bot, and what came
// of it. Its accessors read the emulator's record as it stands when they
// are called: the messages a deferred answer or a follow-up makes later
// appear in them (Wait waits for them).
type Exchange struct {
	bot *Bot
	// Result is what the emulator sent and what the bot answered.
	Result *emulator.Result
	// line is how the user typed the command, if they did.
	line string
	who  who
}

func (b *Bot) exchange(line string, w who, res *emulator.Result) *Exchange {
	return &Exchange{bot: b, Result: res, line: line, who: w}
}

// Interaction returns the interaction the emulator sent.
func (x *Exchange) Interaction() *interaction.Interaction { return x.Result.Interaction }

// Answer returns the bot's first answer: a message, a deferral, a modal,
// an update of the component's message, or suggestions.
func (x *Exchange) Answer() interaction.Response { return x.Result.Answer }

// Record returns the interaction and what became of it as the emulator
// holds it now: the answer, the messages and their history.
func (x *Exchange) Record() emulator.InteractionRecord {
	x.bot.t.Helper()
	if x.Result.Interaction == nil {
		if x.Result.Launched {
			x.bot.fail(x, fmt.Errorf("the service launched the Activity itself: the bot was sent nothing, and answered nothing"))
		}
		x.bot.fail(x, fmt.Errorf("no interaction was sent"))
	}
	rec, ok := x.bot.Emulator.Interaction(x.Result.Interaction.ID)
	if !ok {
		x.bot.fail(x, fmt.Errorf("the emulator no longer holds interaction %v", x.Result.Interaction.ID))
	}
	return rec
}

// Message returns the message of the answer as it stands now: the reply,
// the loading message of a deferral or the message that completed it, or,
// for a component's update, the component's message. The test fails when
// the answer made none (a modal, suggestions).
func (x *Exchange) Message() emulator.Message {
	x.bot.t.Helper()
	rec := x.Record()
	if rec.Original == nil {
		x.bot.fail(x, fmt.Errorf("the answer, %v, made no message", x.Result.Answer.Type))
	}
	return *rec.Original
}

// Content returns the content of the answer's message as it stands now.
func (x *Exchange) Content() string {
	x.bot.t.Helper()
	return x.Message().Data.Content
}

// Ephemeral reports whether the answer's message is seen only by the
// user who acted.
func (x *Exchange) Ephemeral() bool {
	x.bot.t.Helper()
	return x.Message().Data.Flags&interaction.FlagEphemeral != 0
}

// Followups returns the follow-up messages as they stand now, oldest
// first, deleted ones included (Deleted says so).
func (x *Exchange) Followups() []emulator.Message { return x.Record().Followups }

// History returns every change to the exchange's messages, oldest first:
// the reply or deferral, its completion, follow-ups, edits and deletions.
func (x *Exchange) History() []emulator.MessageEvent { return x.Record().History }

// Modal returns the modal the answer opened; the test fails when it
// opened none.
func (x *Exchange) Modal() interaction.Modal {
	x.bot.t.Helper()
	if x.Result.Answer.Modal == nil {
		x.bot.fail(x, fmt.Errorf("the answer, %v, opened no modal", x.Result.Answer.Type))
	}
	return *x.Result.Answer.Modal
}

// Choices returns the suggestions of an autocomplete answer.
func (x *Exchange) Choices() []interaction.Choice { return x.Result.Answer.Choices }

// Shows fails the test unless each of texts is among what the user sees
// of the exchange's messages as they stand: their content, embeds, the
// text of their components and the labels of their buttons and menus,
// polls. It returns x, to go on with.
func (x *Exchange) Shows(texts ...string) *Exchange {
	x.bot.t.Helper()
	seen := x.seen()
	var missing []string
	for _, text := range texts {
		if !strings.Contains(seen, text) {
			missing = append(missing, fmt.Sprintf("%q", text))
		}
	}
	if len(missing) > 0 {
		x.bot.fail(x, fmt.Errorf("the messages do not show %s", strings.Join(missing, ", ")))
	}
	return x
}

// seen returns what the user sees of the exchange's messages that are
// not deleted.
func (x *Exchange) seen() string {
	rec := x.Record()
	var b strings.Builder
	for _, m := range messages(&rec) {
		if !m.Deleted {
			writeMessage(&b, m, "")
		}
	}
	return b.String()
}

// messages returns the exchange's messages: the answer's, then the
// follow-ups.
func messages(rec *emulator.InteractionRecord) []emulator.Message {
	var out []emulator.Message
	if rec.Original != nil {
		out = append(out, *rec.Original)
	}
	return append(out, rec.Followups...)
}

// As returns the exchange with another user acting on it: Click, Choose
// and Submit act as that user.
func (x *Exchange) As(user interaction.Snowflake) *Exchange {
	y := *x
	y.who.user = user
	return &y
}

// Wait waits until the answer is complete, and returns x: a deferred
// answer until the edit or follow-up that completes it, a component's
// deferred update until the bot has edited the message or followed up.
// Past the Bot's wait (WithWait), the test fails.
func (x *Exchange) Wait() *Exchange {
	x.bot.t.Helper()
	return x.waitFor("the deferred answer to be completed", complete)
}

// WaitFollowups waits until the exchange has at least n follow-ups, and
// returns x; past the Bot's wait, the test fails.
func (x *Exchange) WaitFollowups(n int) *Exchange {
	x.bot.t.Helper()
	return x.waitFor(fmt.Sprintf("%d follow-ups", n), func(rec *emulator.InteractionRecord) bool {
		return len(rec.Followups) >= n
	})
}

// WaitChanges waits until the exchange's messages have changed n times
// in all, counting the answer (History holds n events), and returns x:
// for work that goes on after the answer is complete, such as a
// follow-up edited or deleted once its job is done. Past the Bot's wait,
// the test fails.
func (x *Exchange) WaitChanges(n int) *Exchange {
	x.bot.t.Helper()
	return x.waitFor(fmt.Sprintf("%d changes to the messages", n), func(rec *emulator.InteractionRecord) bool {
		return len(rec.History) >= n
	})
}

// complete reports whether the answer of rec is complete.
func complete(rec *emulator.InteractionRecord) bool {
	if rec.Answer == nil {
		return false
	}
	switch rec.Answer.Type {
	case interaction.CallbackDeferredChannelMessageWithSource:
		return rec.Original != nil && !rec.Original.Loading() || len(rec.Followups) > 0
	case interaction.CallbackDeferredUpdateMessage:
		return slices.ContainsFunc(rec.History, func(e emulator.MessageEvent) bool { return e.At.After(rec.Answered) }) ||
			len(rec.Followups) > 0
	}
	return true
}

// waitFor waits until done holds of the record, failing the test past the
// Bot's wait.
func (x *Exchange) waitFor(what string, done func(*emulator.InteractionRecord) bool) *Exchange {
	x.bot.t.Helper()
	timer := time.NewTimer(x.bot.wait)
	defer timer.Stop()
	for {
		// Taken before the record is read, so that a change between
		// the two is not missed.
		changed := x.bot.Emulator.Changed()
		rec := x.Record()
		if done(&rec) {
			return x
		}
		select {
		case <-changed:
		case <-timer.C:
			x.bot.fail(x, fmt.Errorf("waited %v for %s", x.bot.wait, what))
		case <-x.bot.t.Context().Done():
			x.bot.fail(x, fmt.Errorf("the test ended while waiting for %s", what))
		}
	}
}

// find returns the newest of the exchange's messages, not deleted, that
// has a component named name (its custom_id or the text shown on it),
// and whether there is one.
func (x *Exchange) find(name string) (emulator.Message, bool) {
	rec := x.Record()
	ms := messages(&rec)
	for i := len(ms) - 1; i >= 0; i-- {
		m := ms[i]
		if m.Deleted {
			continue
		}
		for _, c := range component.Walk(m.Data.Components) {
			if id, _ := component.CustomID(c); id == name || caption.Of(c) == name {
				return m, true
			}
		}
	}
	return emulator.Message{}, false
}
