// Command echo is a bot that answers every command with what it received:
// the command path, each option as the typed accessors read it, the invoking
// user and the locale. Autocomplete requests are answered with a choice that
// echoes the focused option and its partial value. A click or a choice in a
// component is answered by updating its message with what the component
// sent, and a submitted modal with a message of what was submitted in each
// input, typed as the service sent it (see ModalEcho). An echo is a message's content, which the service caps at 2,000
// characters: a select of many long values, or a long paragraph typed
// into a modal, makes an answer the service refuses. Webhook events
// POSTed to /events are verified, answered 204 and logged, one line each
// naming the event's type. Point a test application's interactions URL
// (and its webhook events URL, at /events) at it to see what a bot
// receives, or cmd/emulator's, as the README's "Trying a bot on
// cmd/emulator" shows. With -metrics ADDR it serves Prometheus metrics of
// its endpoints at ADDR/metrics, a listener apart from the bot's.
//
//	go run ./examples/echo -addr 127.0.0.1:8080 -public-key <hex>
//	go run ./examples/echo -addr 127.0.0.1:8080 -public-key <hex> -metrics 127.0.0.1:9090
//	go run ./examples/echo -demo    sends it a few interactions itself
package main

import (
	"context"
	"strconv"
	"unicode/utf8"

	jsonv2 "github.com/goccy/go-json/v2"
	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

// Echo is the content of every answer, as JSON.
type Echo struct {
	Path    string         `json:"path"`
	Options map[string]any `json:"options"`
	User    string         `json:"user"`
	Locale  string         `json:"locale"`
	// Target is the user or message a context-menu command was used on.
	Target string `json:"target,omitempty"`
}

// newRouter returns the echo bot's router: it has no commands of its own,
// so every command reaches the not-found handler.
func newRouter(log zerolog.Logger) *router.Router {
	r := router.New(router.WithLogger(log))
	r.NotFound(echo)
	r.AutocompleteDefault(echoFocused)
	// One pattern takes every custom_id.
	r.Component("{custom_id...}", echoComponent)
	r.Modal("{custom_id...}", echoModal)
	return r
}

// ComponentEcho is the content of the answer to a component: which one,
// of what type, the values chosen in a select (none for a button), and who
// used it.
type ComponentEcho struct {
	CustomID      string                    `json:"custom_id"`
	ComponentType interaction.ComponentType `json:"component_type"`
	Values        []string                  `json:"values"`
	User          string                    `json:"user"`
}

// ModalEcho is the content of the answer to a modal: which one, what was
// submitted in each input by custom_id, and who submitted it. Each input
// is echoed as the service typed it: a text input or a radio group as a
// string (null when no radio option was chosen), a checkbox as a boolean,
// a checkbox group, a select or a file upload as a list of strings (the
// values chosen, or the ids of the users, roles, channels or files).
type ModalEcho struct {
	CustomID string         `json:"custom_id"`
	Fields   map[string]any `json:"fields"`
	User     string         `json:"user"`
}

// echoComponent updates the message of the component with what the
// component sent.
func echoComponent(_ context.Context, req *router.Request) (interaction.Response, error) {
	values := req.Values()
	if values == nil {
		values = []string{}
	}
	content, err := jsonv2.Marshal(ComponentEcho{
		CustomID:      req.CustomID(),
		ComponentType: req.ComponentType(),
		Values:        values,
		User:          req.Invoker().ID.String(),
	})
	if err != nil {
		return interaction.Response{}, err
	}
	return interaction.Update(string(content)).WithAllowedMentions(interaction.NoMentions()), nil
}

// echoModal answers a submitted modal with what was entered into it.
func echoModal(_ context.Context, req *router.Request) (interaction.Response, error) {
	e := ModalEcho{CustomID: req.CustomID(), Fields: map[string]any{}, User: req.Invoker().ID.String()}
	for c := range req.Interaction.Data.Inputs {
		e.Fields[c.CustomID] = submitted(c)
	}
	content, err := jsonv2.Marshal(e, jsonv2.Deterministic(true))
	if err != nil {
		return interaction.Response{}, err
	}
	return interaction.Reply(string(content)).WithAllowedMentions(interaction.NoMentions()), nil
}

// submitted returns what an input of a modal holds, typed as the service
// sent it.
func submitted(c interaction.SubmittedComponent) any {
	switch c.Type {
	case interaction.ComponentTextInput:
		return c.Value
	case interaction.ComponentRadioGroup:
		if v, chosen := c.Choice(); chosen {
			return v
		}
		return nil
	case interaction.ComponentCheckbox:
		return c.Checked
	}
	if c.Values == nil {
		return []string{}
	}
	return c.Values
}

func echo(_ context.Context, req *router.Request) (interaction.Response, error) {
	ix := req.Interaction
	e := Echo{
		Path:    req.Path(),
		Options: make(map[string]any, req.Options.Len()),
		User:    req.Invoker().ID.String(),
		Locale:  string(req.Locale()),
	}
	if ix.Data.TargetID != 0 {
		e.Target = ix.Data.TargetID.String()
	}
	for _, o := range req.Options.All() {
		e.Options[o.Name] = typed(req.Options.Get(o.Name))
	}
	content, err := jsonv2.Marshal(e, jsonv2.Deterministic(true))
	if err != nil {
		return interaction.Response{}, err
	}
	return interaction.Reply(string(content)), nil
}

// typed reads an option with the accessor of its type. Users, channels,
// roles, mentionables and attachments are shown by id; a value that cannot
// be read is shown with the reason.
func typed(v option.Value) any {
	var (
		out any
		err error
	)
	switch v.Type() {
	case interaction.OptionString:
		out, err = v.Text()
	case interaction.OptionInteger:
		out, err = v.Int()
	case interaction.OptionNumber:
		out, err = v.Float()
	case interaction.OptionBoolean:
		out, err = v.Bool()
	case interaction.OptionUser, interaction.OptionChannel, interaction.OptionRole,
		interaction.OptionMentionable, interaction.OptionAttachment:
		var id interaction.Snowflake
		id, err = v.ID()
		out = id.String()
	default:
		return v.Raw().Text()
	}
	if err != nil {
		return "error: " + err.Error()
	}
	return out
}

// echoFocused answers autocomplete with one choice named after the focused
// option and its partial value, with that value when it is valid for the
// option's type.
func echoFocused(_ context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
	f := req.Focused
	partial := f.Text()
	name := truncate(f.Name+": "+partial, autocomplete.MaxNameLength)
	switch f.Type {
	case interaction.OptionString:
		return []interaction.Choice{interaction.StringChoice(name, truncate(partial, autocomplete.MaxStringValueLen))}, nil
	case interaction.OptionInteger:
		if i, err := strconv.ParseInt(partial, 10, 64); err == nil {
			return []interaction.Choice{interaction.IntChoice(name, i)}, nil
		}
	case interaction.OptionNumber:
		if n, err := strconv.ParseFloat(partial, 64); err == nil {
			return []interaction.Choice{interaction.FloatChoice(name, n)}, nil
		}
	}
	return nil, nil
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n])
}
