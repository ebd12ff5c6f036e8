package playground

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"os"
	"path/filepath"
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
// submit title:"Broken link" details:"…". An input is named by its
// custom_id or its label, which may hold colons themselves
// (report:title:"…"), and takes what its kind takes: a text input its
// text; a select or a checkbox group its options, by value or label,
// separated by commas (kind:bug,docs), users, roles and channels named
// as in options (@ada, @moderators, #general); a radio group its one
// option, or nothing (size:); a checkbox yes or no; a file upload the
// paths of files to upload, separated by commas.
func (s *Session) submit(ctx context.Context, args []string) error {
	modal, ok := s.emu.OpenModal(s.user)
	if !ok {
		return errors.New("no form is open; a bot opens one in answer to a command or a component")
	}
	inputs := inputsOf(modal)
	sub := emulator.Submit{User: s.user, Locale: s.locale, Modal: modal.CustomID, Fields: map[string]string{},
		Values: map[string][]string{}, Checked: map[string]bool{}, Files: map[string][]interaction.Attachment{}}
	for _, a := range args {
		name, value, found := splitField(a, inputs)
		if !found || name == "" {
			return fmt.Errorf("submit takes fields as name:value, as in title:%q; %q is not one", "Broken link", a)
		}
		var err error
		switch t := inputs[name]; {
		case t == interaction.ComponentCheckbox:
			sub.Checked[name], err = yesOrNo(name, value)
		case t == interaction.ComponentFileUpload:
			sub.Files[name], err = localFiles(name, value)
		case t == interaction.ComponentRadioGroup:
			// One option, whole: its label may hold a comma.
			sub.Values[name] = nil
			if value != "" {
				sub.Values[name] = []string{value}
			}
		case t == interaction.ComponentCheckboxGroup:
			sub.Values[name] = commaList(value)
		case t.IsSelect():
			sub.Values[name], err = s.entities(commaList(value))
		default:
			sub.Fields[name] = value
		}
		if err != nil {
			return err
		}
	}
	return s.act(func() (*emulator.Result, error) { return s.emu.Submit(ctx, sub) })
}

// commaList splits a list of values at its commas; an empty text is an
// empty list.
func commaList(text string) []string {
	if text == "" {
		return nil
	}
	parts := strings.Split(text, ",")
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
	}
	return parts
}

// entities turns each @name and #name of values into an id.
func (s *Session) entities(values []string) ([]string, error) {
	out := make([]string, 0, len(values))
	for _, v := range values {
		id, err := s.entity(v)
		if err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, nil
}

// yesOrNo reads whether a checkbox is ticked.
func yesOrNo(name, value string) (bool, error) {
	switch strings.ToLower(value) {
	case "yes", "true":
		return true, nil
	case "no", "false":
		return false, nil
	}
	return false, fmt.Errorf("checkbox %s takes yes or no, not %q", name, value)
}

// localFiles reads the files a file upload is given, paths separated by
// commas, as the client uploads them: each by its name and size, with the
// type of its extension. The bot receives no contents.
func localFiles(name, value string) ([]interaction.Attachment, error) {
	var out []interaction.Attachment
	for _, path := range commaList(value) {
		fi, err := os.Stat(path)
		if err != nil {
			return nil, fmt.Errorf("file upload %s takes the paths of files to upload: %w", name, err)
		}
		if !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("file upload %s takes the paths of files to upload: %s is not a file", name, path)
		}
		out = append(out, interaction.Attachment{Filename: filepath.Base(path), Size: fi.Size(),
			ContentType: mime.TypeByExtension(filepath.Ext(path))})
	}
	return out, nil
}

// splitField splits name:value at the colon after the longest name of
// the form's inputs that the argument starts with, or else at its first
// colon.
func splitField(arg string, inputs map[string]interaction.ComponentType) (name, value string, found bool) {
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
// mapped to the input's type.
func inputsOf(m interaction.Modal) map[string]interaction.ComponentType {
	parsed, err := component.ParseAll(m.Components)
	if err != nil {
		return nil
	}
	out := map[string]interaction.ComponentType{}
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
		if id, ok := component.CustomID(c); ok {
			out[id] = c.ComponentType()
		}
		if label != "" {
			out[label] = c.ComponentType()
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
