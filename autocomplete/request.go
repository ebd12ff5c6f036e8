package autocomplete

import (
	"context"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
)

// Request is an autocomplete interaction, taken apart.
type Request struct {
	// Interaction is the whole interaction as received.
	Interaction *interaction.Interaction
	// Command, SubcommandGroup and Subcommand are the path of the command
	// being typed; SubcommandGroup and Subcommand are "" where there is
	// none.
	Command, SubcommandGroup, Subcommand string
	// Focused is the option the user is typing into.
	Focused Focused
	// Options are the options of the command or subcommand as filled in so
	// far, the focused one included. Options the command requires may be
	// missing.
	Options option.Values
	// Locale is the user's client language: suggestions may be localized.
	Locale interaction.Locale
}

// Focused is the option being typed.
type Focused struct {
	Name string
	Type interaction.OptionType
	// Value is the partial value exactly as the service sent it. The client
	// checks input only loosely while typing: for a NUMBER or INTEGER option
	// it may be a string such as "12." or "-", and for any option it may be
	// empty.
	Value interaction.Value
}

// Text returns the partial value as text, whatever kind it arrived as.
func (f Focused) Text() string { return f.Value.Text() }

// NewRequest takes an autocomplete interaction apart. ok is false when no
// option is focused.
func NewRequest(ix *interaction.Interaction) (req Request, ok bool) {
	group, sub, leaf := ix.Data.Route()
	req = Request{
		Interaction:     ix,
		Command:         ix.Data.Name,
		SubcommandGroup: group,
		Subcommand:      sub,
		Options:         option.New(leaf, ix.Data.Resolved),
		Locale:          ix.Locale,
	}
	for _, o := range leaf {
		if o.Focused {
			req.Focused = Focused{Name: o.Name, Type: o.Type, Value: o.Value}
			return req, true
		}
	}
	return req, false
}

// Handler suggests choices for a focused option.
type Handler interface {
	Complete(ctx context.Context, req *Request) ([]interaction.Choice, error)
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(ctx context.Context, req *Request) ([]interaction.Choice, error)

// Complete calls f.
func (f HandlerFunc) Complete(ctx context.Context, req *Request) ([]interaction.Choice, error) {
	return f(ctx, req)
}
