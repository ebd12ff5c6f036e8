package main

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// A Reminder is what a user asked to be reminded of, and where.
type Reminder struct {
	// ID names the reminder: the id of the interaction that asked for
	// it, unique, and known to the user's Cancel button.
	ID interaction.Snowflake `json:"id"`
	// User asked for it; Channel is where they asked, where it is posted
	// unless DM sends it to the user's direct messages.
	User    interaction.Snowflake `json:"user"`
	Channel interaction.Snowflake `json:"channel"`
	DM      bool                  `json:"dm,omitempty"`
	Text    string                `json:"text"`
	Due     time.Time             `json:"due"`
}

// A Book keeps the reminders until they are posted. Claim hands each due
// reminder to one caller at a time, for lease: a caller that posts it
// calls Done; one that stops before (a crash, a deploy) lets the lease
// run out, and the reminder is due again, for whoever claims next. A
// reminder is thus posted at least once, whatever stops.
type Book interface {
	// Add keeps r.
	Add(ctx context.Context, r Reminder) error
	// Claim returns at most max reminders due at now, oldest first, and
	// makes them due again at now+lease.
	Claim(ctx context.Context, now time.Time, lease time.Duration, max int) ([]Reminder, error)
	// Done forgets the reminder id, posted or given up.
	Done(ctx context.Context, id interaction.Snowflake) error
	// Of returns user's reminders, soonest first.
	Of(ctx context.Context, user interaction.Snowflake) ([]Reminder, error)
	// Cancel forgets user's reminder id, and reports whether there was
	// one: a user cancels only their own.
	Cancel(ctx context.Context, user, id interaction.Snowflake) (bool, error)
}

// memoryBook is a Book in the bot's memory, lost when it stops.
type memoryBook struct {
	mu sync.Mutex
	// reminders are by id; due is when each is due, or due again after
	// a claim.
	reminders map[interaction.Snowflake]Reminder
	due       map[interaction.Snowflake]time.Time
}

func newMemoryBook() *memoryBook {
	return &memoryBook{reminders: map[interaction.Snowflake]Reminder{}, due: map[interaction.Snowflake]time.Time{}}
}

func (b *memoryBook) Add(_ context.Context, r Reminder) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.reminders[r.ID], b.due[r.ID] = r, r.Due
	return nil
}

func (b *memoryBook) Claim(_ context.Context, now time.Time, lease time.Duration, max int) ([]Reminder, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []Reminder
	for id, at := range b.due {
		if !at.After(now) {
			out = append(out, b.reminders[id])
		}
	}
	slices.SortFunc(out, func(a, c Reminder) int { return cmp.Or(b.due[a.ID].Compare(b.due[c.ID]), cmp.Compare(a.ID, c.ID)) })
	out = out[:min(len(out), max)]
	for _, r := range out {
		b.due[r.ID] = now.Add(lease)
	}
	return out, nil
}

func (b *memoryBook) Done(_ context.Context, id interaction.Snowflake) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.reminders, id)
	delete(b.due, id)
	return nil
}

func (b *memoryBook) Of(_ context.Context, user interaction.Snowflake) ([]Reminder, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []Reminder
	for _, r := range b.reminders {
		if r.User == user {
			out = append(out, r)
		}
	}
	sortByDue(out)
	return out, nil
}

func (b *memoryBook) Cancel(_ context.Context, user, id interaction.Snowflake) (bool, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	r, ok := b.reminders[id]
	if !ok || r.User != user {
		return false, nil
	}
	delete(b.reminders, id)
	delete(b.due, id)
	return true, nil
}

// sortByDue sorts rs soonest first, then by id.
func sortByDue(rs []Reminder) {
	slices.SortFunc(rs, func(a, b Reminder) int { return cmp.Or(a.Due.Compare(b.Due), cmp.Compare(a.ID, b.ID)) })
}
