package playground

import (
	"fmt"
	"strings"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/caption"
)

// componentLines renders a message's components the way a reader of the
// terminal can act on them: a row of buttons as [Label] [Label], a select
// as ‹placeholder: option · option›, layout components as indented text.
// Disabled components are dimmed; what does not parse is named, not
// hidden.
func (p *printer) componentLines(cs interaction.Components) []string {
	parsed, err := component.ParseAll(cs)
	if err != nil {
		return []string{p.style(red, "(components the client cannot show: "+err.Error()+")")}
	}
	var lines []string
	for _, c := range parsed {
		lines = append(lines, p.componentLine(c, "")...)
	}
	return lines
}

func (p *printer) componentLine(c interaction.Component, indent string) []string {
	switch c := c.(type) {
	case component.ActionRow:
		var parts []string
		for _, kid := range c.Components {
			parts = append(parts, p.control(kid))
		}
		return []string{indent + strings.Join(parts, " ")}
	case component.TextDisplay:
		var out []string
		for _, line := range strings.Split(c.Content, "\n") {
			out = append(out, indent+line)
		}
		return out
	case component.Section:
		var out []string
		for _, kid := range c.Components {
			out = append(out, p.componentLine(kid, indent)...)
		}
		if len(out) == 0 {
			out = []string{indent}
		}
		out[len(out)-1] += "  " + p.control(c.Accessory)
		return out
	case component.Container:
		out := []string{indent + p.style(dim, "┌")}
		for _, kid := range c.Components {
			for _, line := range p.componentLine(kid, "") {
				out = append(out, indent+p.style(dim, "│ ")+line)
			}
		}
		return append(out, indent+p.style(dim, "└"))
	case component.Separator:
		return []string{indent + p.style(dim, "──────")}
	case component.MediaGallery:
		return []string{indent + p.style(dim, fmt.Sprintf("(a gallery of %d)", len(c.Items)))}
	case component.File:
		return []string{indent + p.style(dim, "(file "+c.File.URL+")")}
	case component.Thumbnail:
		return []string{indent + p.style(dim, "(thumbnail)")}
	}
	return []string{indent + p.control(c)}
}

// control renders one button or select.
func (p *printer) control(c interaction.Component) string {
	var text string
	disabled := false
	switch c := c.(type) {
	case component.Button:
		label := c.Label
		if label == "" && c.Emoji.Name != "" {
			label = c.Emoji.Name
		}
		switch c.Style {
		case component.ButtonLink:
			label += " ↗"
		case component.ButtonPremium:
			label = "premium " + c.SKUID.String()
		}
		text, disabled = "["+label+"]", c.Disabled
	case component.StringSelect:
		labels := make([]string, len(c.Options))
		for i, o := range c.Options {
			labels[i] = o.Label
		}
		text, disabled = "‹"+selectName(c)+": "+strings.Join(labels, " · ")+"›", c.Disabled
	case component.UserSelect:
		text, disabled = "‹"+selectName(c)+": a user›", c.Disabled
	case component.RoleSelect:
		text, disabled = "‹"+selectName(c)+": a role›", c.Disabled
	case component.MentionableSelect:
		text, disabled = "‹"+selectName(c)+": a user or role›", c.Disabled
	case component.ChannelSelect:
		text, disabled = "‹"+selectName(c)+": a channel›", c.Disabled
	case component.Thumbnail:
		text = "(thumbnail)"
	default:
		text = fmt.Sprintf("(%v)", c.ComponentType())
	}
	if disabled {
		return p.style(dim, text+" (disabled)")
	}
	return p.style(cyan, text)
}

// selectName is what names a select menu at the prompt: what the client
// shows on it, else its custom_id.
func selectName(c interaction.Component) string {
	if name := caption.Of(c); name != "" {
		return name
	}
	id, _ := component.CustomID(c)
	return id
}

// modal prints a form the bot opened, and how to fill it in.
func (p *printer) modal(b *strings.Builder, m *interaction.Modal) {
	if m == nil {
		b.WriteString("  " + p.style(red, "bot opens a form without its contents") + "\n")
		return
	}
	fmt.Fprintf(b, "  %s\n", p.style(green, fmt.Sprintf("bot opens a form %q", m.Title)))
	parsed, err := component.ParseAll(m.Components)
	if err != nil {
		b.WriteString("    " + p.style(red, "(fields the client cannot show: "+err.Error()+")") + "\n")
		return
	}
	var hint []string
	for _, c := range parsed {
		label, input := "", c
		switch c := c.(type) {
		case component.Label:
			label, input = c.Label, c.Component
		case component.ActionRow:
			if len(c.Components) == 1 {
				input = c.Components[0]
			}
		case component.TextDisplay:
			b.WriteString("    " + c.Content + "\n")
			continue
		}
		switch in := input.(type) {
		case component.TextInput:
			if label == "" {
				label = in.Label
			}
			kind := "short text"
			if in.Style == component.TextInputParagraph {
				kind = "paragraph"
			}
			if in.Required == nil || *in.Required {
				kind += ", required"
			}
			fmt.Fprintf(b, "    %s %s\n", p.style(bold, label), p.style(dim, "("+in.CustomID+": "+kind+")"))
			hint = append(hint, in.CustomID+`:"…"`)
		case component.StringSelect:
			fmt.Fprintf(b, "    %s %s\n", p.style(bold, label), p.control(in))
			hint = append(hint, in.CustomID+`:…`)
		case component.RadioGroup:
			kind := "pick one of " + optionLabels(in.Options)
			if in.Required != nil && !*in.Required {
				kind += ", or none"
			}
			fmt.Fprintf(b, "    %s %s\n", p.style(bold, label), p.style(dim, "("+in.CustomID+": "+kind+")"))
			hint = append(hint, in.CustomID+`:…`)
		case component.CheckboxGroup:
			lo, hi := 1, len(in.Options)
			if in.MinValues != nil {
				lo = *in.MinValues
			}
			if in.MaxValues != nil {
				hi = *in.MaxValues
			}
			kind := fmt.Sprintf("tick %d to %d of %s", lo, hi, optionLabels(in.Options))
			if lo == hi {
				kind = fmt.Sprintf("tick %d of %s", lo, optionLabels(in.Options))
			}
			if in.Required != nil && !*in.Required {
				kind += ", or none"
			}
			fmt.Fprintf(b, "    %s %s\n", p.style(bold, label), p.style(dim, "("+in.CustomID+": "+kind+")"))
			hint = append(hint, in.CustomID+`:…,…`)
		case component.Checkbox:
			kind := "a checkbox"
			if in.Default {
				kind += ", ticked"
			}
			fmt.Fprintf(b, "    %s %s\n", p.style(bold, label), p.style(dim, "("+in.CustomID+": "+kind+")"))
			hint = append(hint, in.CustomID+`:yes`)
		case component.FileUpload:
			lo, hi := 1, 1
			if in.MinValues != nil {
				lo = *in.MinValues
			}
			if in.MaxValues != nil {
				hi = *in.MaxValues
			}
			kind := fmt.Sprintf("%d to %d files", lo, hi)
			switch {
			case lo == hi && lo == 1:
				kind = "a file"
			case lo == hi:
				kind = fmt.Sprintf("%d files", lo)
			}
			if len(in.FileTypes) > 0 {
				kind += ", " + strings.Join(in.FileTypes, ", ") + " only"
			}
			if in.Required != nil && !*in.Required {
				kind += ", optional"
			}
			fmt.Fprintf(b, "    %s %s\n", p.style(bold, label), p.style(dim, "("+in.CustomID+": "+kind+")"))
			hint = append(hint, in.CustomID+`:path`)
		case component.UserSelect, component.RoleSelect, component.MentionableSelect, component.ChannelSelect:
			fmt.Fprintf(b, "    %s %s\n", p.style(bold, label), p.control(input))
			id, _ := component.CustomID(input)
			mark := "@"
			if _, ok := input.(component.ChannelSelect); ok {
				mark = "#"
			}
			hint = append(hint, id+":"+mark+"…")
		default:
			fmt.Fprintf(b, "    %s %s\n", p.style(bold, label), p.control(input))
		}
	}
	if len(hint) > 0 {
		b.WriteString("    " + p.style(dim, "fill it in with: submit "+strings.Join(hint, " ")) + "\n")
	}
}

// optionLabels lists the labels of a group's options as the terminal
// shows a select's: Red · Blue.
func optionLabels(opts []component.GroupOption) string {
	labels := make([]string, len(opts))
	for i, o := range opts {
		labels[i] = o.Label
	}
	return strings.Join(labels, " · ")
}
