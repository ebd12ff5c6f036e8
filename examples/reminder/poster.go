package main

import (
	"context"
	"errors"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
)

// A Poster posts the reminders of a Book as they fall due, with the bot's
// REST client: in the channel where each was asked for, mentioning its
// user, or in the user's direct messages. It needs no interaction, whose
// token would have expired 15 minutes after it was used.
type Poster struct {
	Book Book
	API  *rest.Client
	// Now is the clock; Lease how long a claimed reminder waits for its
	// post before it is due again (a replica that stopped mid-post);
	// Log hears of the reminders that could not be posted.
	Now   func() time.Time
	Lease time.Duration
	Log   zerolog.Logger
}

// batch is the most reminders one round claims: the others wait for the
// next round, a second later, rather than hold a claim they cannot post
// in its lease.
const batch = 50

// Run posts due reminders on every tick, until ctx ends.
func (p *Poster) Run(ctx context.Context, tick <-chan time.Time) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick:
			if _, err := p.PostDue(ctx); err != nil && ctx.Err() == nil {
				p.Log.Error().Err(err).Msg("reminders: reading the due ones")
			}
		}
	}
}

// PostDue posts the reminders due now, and returns how many it posted.
// A reminder the service refuses for good (the channel is gone, the bot
// may no longer post there, the user takes no direct messages from it)
// is dropped, and logged; one that failed otherwise (the service or the
// network down) is due again when its lease ends.
func (p *Poster) PostDue(ctx context.Context) (int, error) {
	rs, err := p.Book.Claim(ctx, p.Now(), p.Lease, batch)
	if err != nil {
		return 0, err
	}
	posted := 0
	for _, r := range rs {
		err := p.post(ctx, r)
		switch {
		case err == nil:
			posted++
		case refusedForGood(err):
			p.Log.Warn().Err(err).Stringer("reminder", r.ID).Stringer("user", r.User).Msg("reminders: dropped, the service refuses it")
		default:
			p.Log.Error().Err(err).Stringer("reminder", r.ID).Msg("reminders: not posted; trying again when its lease ends")
			continue
		}
		if err := p.Book.Done(ctx, r.ID); err != nil {
			// Posted, and not forgotten: posted again when the lease
			// ends, which is the lesser evil than never.
			p.Log.Error().Err(err).Stringer("reminder", r.ID).Msg("reminders: posted but not forgotten")
		}
	}
	return posted, nil
}

// post posts r where it goes.
func (p *Poster) post(ctx context.Context, r Reminder) error {
	if r.DM {
		_, err := p.API.SendDM(ctx, r.User, interaction.MessageData{
			Content: "⏰ You asked me to remind you: " + r.Text, AllowedMentions: interaction.NoMentions(),
		})
		return err
	}
	// The user is pinged, and no one else whatever the text says.
	_, err := p.API.CreateMessage(ctx, r.Channel, interaction.MessageData{
		Content:         "⏰ <@" + r.User.String() + ">, you asked me to remind you: " + r.Text,
		AllowedMentions: &interaction.AllowedMentions{Parse: []string{}, Users: []interaction.Snowflake{r.User}},
	})
	return err
}

// refusedForGood reports an error of the service that posting again will
// not mend.
func refusedForGood(err error) bool {
	for _, code := range []rest.ErrorCode{
		rest.ErrMissingAccess, rest.ErrMissingPermissions, rest.ErrUnknownChannel,
		rest.ErrCannotDM, rest.ErrNoMutualGuild, rest.ErrUnknownUser,
	} {
		if errors.Is(err, code) {
			return true
		}
	}
	return false
}
