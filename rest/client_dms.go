package rest

import (
	"context"
	"errors"
	"net/http"
	"sync"

	"github.com/switchboard-go/switchboard/interaction"
)

// CreateDM opens the DM channel of the bot and user, and returns it. The
// service has one such channel per user, and returns the same one each
// time. Opening it succeeds for most users; whether they take the bot's
// messages shows when one is sent (ErrCannotDM, ErrNoMutualGuild).
func (c *Client) CreateDM(ctx context.Context, user interaction.Snowflake) (*interaction.Channel, error) {
	if user == 0 {
		return nil, errors.New("rest: CreateDM: no user id")
	}
	k, err := jsonCall(http.MethodPost, "POST /users/@me/channels", "", "/users/@me/channels", struct {
		RecipientID interaction.Snowflake `json:"recipient_id"`
	}{user})
	if err != nil {
		return nil, err
	}
	out := new(interaction.Channel)
	if _, err := c.do(ctx, k, out); err != nil {
		return nil, err
	}
	c.dms.put(user, out.ID)
	return out, nil
}

// SendDM sends m to user in their DM channel, as CreateDM and
// CreateMessage do, and returns the message. The Client remembers the
// channel of the users it wrote to last, and opens it again only for
// others, or when the service no longer knows it.
func (c *Client) SendDM(ctx context.Context, user interaction.Snowflake, m interaction.MessageData) (*interaction.Message, error) {
	if user == 0 {
		return nil, errors.New("rest: SendDM: no user id")
	}
	if ch, ok := c.dms.get(user); ok {
		msg, err := c.CreateMessage(ctx, ch, m)
		if !errors.Is(err, ErrUnknownChannel) {
			return msg, err
		}
		c.dms.forget(user)
	}
	ch, err := c.CreateDM(ctx, user)
	if err != nil {
		return nil, err
	}
	return c.CreateMessage(ctx, ch.ID, m)
}

// maxDMChannels bounds how many users' DM channels a Client remembers.
const maxDMChannels = 1024

// dmChannels remembers the DM channel of each user a Client opened one
// with, up to maxDMChannels of them; one more forgets the one used
// longest ago.
type dmChannels struct {
	mu   sync.Mutex
	ids  map[interaction.Snowflake]interaction.Snowflake // user → channel
	used map[interaction.Snowflake]uint64                // user → tick of last use
	tick uint64
}

func newDMChannels() *dmChannels {
	return &dmChannels{ids: map[interaction.Snowflake]interaction.Snowflake{}, used: map[interaction.Snowflake]uint64{}}
}

func (d *dmChannels) get(user interaction.Snowflake) (interaction.Snowflake, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	ch, ok := d.ids[user]
	if ok {
		d.tick++
		d.used[user] = d.tick
	}
	return ch, ok
}

func (d *dmChannels) put(user, channel interaction.Snowflake) {
	if channel == 0 {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.ids[user]; !ok && len(d.ids) >= maxDMChannels {
		var oldest interaction.Snowflake
		least := ^uint64(0)
		for u, t := range d.used {
			if t < least {
				oldest, least = u, t
			}
		}
		delete(d.ids, oldest)
		delete(d.used, oldest)
	}
	d.tick++
	d.ids[user], d.used[user] = channel, d.tick
}

func (d *dmChannels) forget(user interaction.Snowflake) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.ids, user)
	delete(d.used, user)
}
