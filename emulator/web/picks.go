package web

import (
	"sync"

	"github.com/switchboard-go/switchboard/interaction"
)

// The bot's suggestions reach the page alone: the interaction a command
// sends carries the value of the one the user picked, never its name. The
// client that made the pick still shows the command with the name, and so
// does the channel here: the page says which names it showed, and the
// Handler keeps them, for the messages its streams send.

// pickLimit bounds the picks a Handler keeps; the oldest goes first. A
// message whose pick is forgotten shows the value that was sent.
const pickLimit = 1024

// pickKey is a value a user sent for an option of a command, the command
// by the path of its declared names ("weather", "mod user ban") and the
// value as its JSON, so that 1 and 1.0 are the same value.
type pickKey struct {
	user    interaction.Snowflake
	command string
	option  string
	value   string
}

// picks are the names of the suggestions users picked, by what they
// sent: the latest pickLimit of them.
type picks struct {
	mu    sync.Mutex
	names map[pickKey]string
	ring  [pickLimit]pickKey // the keys in the order kept, from next
	next  int
}

func newPicks() *picks {
	return &picks{names: make(map[pickKey]string)}
}

// keep remembers that a user picked the suggestion named name for the
// value key has; the latest pick of a value names it.
func (p *picks) keep(key pickKey, name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.names[key]; !ok {
		if len(p.names) == pickLimit {
			delete(p.names, p.ring[p.next])
		}
		p.ring[p.next] = key
		p.next = (p.next + 1) % pickLimit
	}
	p.names[key] = name
}

// name returns the name of the suggestion picked for key's value.
func (p *picks) name(key pickKey) (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	name, ok := p.names[key]
	return name, ok
}
