package playground

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// click presses a button of the newest message that has it: click Approve,
// or click "Wave back".
func (s *Session) click(ctx context.Context, args []string) error {
	if len(args) != 1 {
		return errors.New(`click takes a button's label or custom_id: click Approve, click "Wave back"`)
	}
	return s.act(func() (*emulator.Result, error) {
		return s.emu.Click(ctx, emulator.Click{User: s.user, Locale: s.locale, Channel: s.channel, Button: args[0]})
	})
}

// choose chooses in a select menu of the newest message that has it:
// choose colour red blue. Users, roles and channels are named as in
// options: @ada, @moderators, #general.
func (s *Session) choose(ctx context.Context, args []string) error {
	if len(args) == 0 {
		return errors.New("choose takes a select menu's placeholder or custom_id, then what to choose: choose colour red blue")
	}
	values := make([]string, 0, len(args)-1)
	for _, v := range args[1:] {
		id, err := s.entity(v)
		if err != nil {
			return err
		}
		values = append(values, id)
	}
	return s.act(func() (*emulator.Result, error) {
		return s.emu.Choose(ctx, emulator.Choose{User: s.user, Locale: s.locale, Channel: s.channel, Select: args[0], Values: values})
	})
}

// entity turns @name or #name into the id of the user, role or channel,
// and leaves other values as they are.
func (s *Session) entity(v string) (string, error) {
	switch {
	case strings.HasPrefix(v, "#"):
		id, err := s.emu.FindChannel(s.guild, v)
		if err != nil {
			return "", err
		}
		return id.String(), nil
	case strings.HasPrefix(v, "@"):
		if id, err := s.emu.FindUser(s.guild, v); err == nil {
			return id.String(), nil
		}
		id, err := s.emu.FindRole(s.guild, v)
		if err != nil {
			return "", fmt.Errorf("%s is no member or role here", v)
		}
		return id.String(), nil
	}
	return v, nil
}

// submit fills in and submits the form open before the user:
// submit title:"Broken link" details:"…". A select of the form takes its
// values separated by commas, kind:bug,docs. An input is named by its
// custom_id or its label, which may hold colons themselves
// (report:title:"…").
func (s *Session) submit(ctx context.Context, args []string) error {
	modal, ok := s.emu.OpenModal(s.user)
	if !ok {
		return errors.New("no form is open; a bot opens one in answer to a command or a component")
	}
	inputs := inputsOf(modal)
	sub := emulator.Submit{User: s.user, Locale: s.locale, Modal: modal.CustomID,
		Fields: map[string]string{}, Values: map[string][]string{}}
	for _, a := range args {
		name, value, found := splitField(a, inputs)
		if !found || name == "" {
			return fmt.Errorf("submit takes fields as name:value, as in title:%q; %q is not one", "Broken link", a)
		}
		if !inputs[name] {
			sub.Fields[name] = value
			continue
		}
		var values []string
		if value != "" {
			for _, v := range strings.Split(value, ",") {
				id, err := s.entity(strings.TrimSpace(v))
				if err != nil {
					return err
				}
				values = append(values, id)
			}
		}
		sub.Values[name] = values
	}
	return s.act(func() (*emulator.Result, error) { return s.emu.Submit(ctx, sub) })
}

// splitField splits name:value at the colon after the longest name of
// the form's inputs that the argument starts with, or else at its first
// colon.
func splitField(arg string, inputs map[string]bool) (name, value string, found bool) {
	best := ""
	for n := range inputs {
		if len(n) > len(best) && strings.HasPrefix(arg, n+":") {
			best = n
		}
	}
	if best != "" {
		return best, arg[len(best)+1:], true
	}
	return strings.Cut(arg, ":")
}

// inputsOf returns the custom_ids and labels of a form's inputs, each
// mapped to whether it is a select menu.
func inputsOf(m interaction.Modal) map[string]bool {
	parsed, err := component.ParseAll(m.Components)
	if err != nil {
		return nil
	}
	out := map[string]bool{}
	for _, c := range parsed {
		label := ""
		switch l := c.(type) {
		case component.Label:
			label, c = l.Label, l.Component
		case component.ActionRow:
			if len(l.Components) != 1 {
				continue
			}
			c = l.Components[0]
			if t, ok := c.(component.TextInput); ok {
				label = t.Label
			}
		}
		if c == nil {
			continue
		}
		isSelect := c.ComponentType().IsSelect()
		if id, ok := component.CustomID(c); ok {
			out[id] = isSelect
		}
		if label != "" {
			out[label] = isSelect
		}
	}
	return out
}

// act runs a click, a choice or a submission, prints what came of it, and
// follows what the bot does after it. An update of the message printed
// with the answer is not printed again as an edit.
func (s *Session) act(do func() (*emulator.Result, error)) error {
	s.watch.hold()
	res, err := do()
	if err != nil || res.Interaction == nil {
		s.watch.release(0)
		if err != nil {
			return err
		}
		s.out.result(res, s.locale)
		return nil
	}
	if res.Answer.Type == interaction.CallbackUpdateMessage {
		// The answer sets what changes; the user sees the whole message
		// as it now stands.
		if rec, ok := s.emu.Interaction(res.Interaction.ID); ok && rec.Original != nil {
			shown := *res
			shown.Answer.Message = rec.Original.Data
			res = &shown
		}
	}
	s.out.result(res, s.locale)
	s.watch.release(res.Interaction.ID)
	s.watch.follow(res.Interaction.ID)
	return nil
}
