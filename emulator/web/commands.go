package web

import (
	"net/http"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// The message box suggests what the user can type after "/": each
// command, subcommand or subcommand of a group the client lists, by the
// path the user types, in their language, with the options it takes.

// entryJSON is a CHAT_INPUT command, or one of its subcommands, as the
// message box suggests it.
type entryJSON struct {
	// Command is the path Invoke takes, by the names the bot declared:
	// "mod user ban".
	Command string `json:"command"`
	// Name is the path as the user sees it, in their locale.
	Name        string       `json:"name"`
	Description string       `json:"description"`
	Options     []optionJSON `json:"options"`
}

// optionJSON is an option as the message box lays it out.
type optionJSON struct {
	// Name is the option's name as the bot declared it, which Invoke
	// takes; Label is the name the user sees.
	Name         string                    `json:"name"`
	Label        string                    `json:"label"`
	Description  string                    `json:"description"`
	Type         interaction.OptionType    `json:"type"`
	TypeName     string                    `json:"type_name"`
	Required     bool                      `json:"required"`
	Autocomplete bool                      `json:"autocomplete"`
	Choices      []choiceJSON              `json:"choices"`
	MinValue     *interaction.Value        `json:"min_value,omitempty"`
	MaxValue     *interaction.Value        `json:"max_value,omitempty"`
	MinLength    *int                      `json:"min_length,omitempty"`
	MaxLength    *int                      `json:"max_length,omitempty"`
	ChannelTypes []interaction.ChannelType `json:"channel_types"`
}

// choiceJSON is a choice as the user sees it: its name in their locale,
// and the value the bot receives.
type choiceJSON struct {
	Name  string            `json:"name"`
	Value interaction.Value `json:"value"`
}

// commands is GET /api/commands: what the message box suggests to the
// user where the query says, or the refusal when the user cannot be
// there.
func (h *Handler) commands(w http.ResponseWriter, r *http.Request) {
	p, err := h.placeOf(r.URL.Query())
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	cmds, err := h.emu.Offered(p.invocation())
	if err != nil {
		writeRefusal(w, err)
		return
	}
	out, apps := []entryJSON{}, []appJSON{}
	for _, c := range cmds {
		if t := c.CommandType(); t == interaction.CommandChatInput {
			out = append(out, entries(c, p.Locale)...)
		} else {
			apps = append(apps, appJSON{Command: c.Name, Name: p.Locale.Localized(c.NameLocalizations, c.Name),
				Description: p.Locale.Localized(c.DescriptionLocalizations, c.Description), Type: t, TypeName: t.String()})
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"commands": out, "apps": apps})
}

// appJSON is a command used from a menu rather than typed: a USER command
// from a user's, a MESSAGE command from a message's, and the
// PRIMARY_ENTRY_POINT command from the App Launcher.
type appJSON struct {
	// Command is the name Invoke takes; Name the one the user sees.
	Command     string                  `json:"command"`
	Name        string                  `json:"name"`
	Description string                  `json:"description"`
	Type        interaction.CommandType `json:"type"`
	TypeName    string                  `json:"type_name"`
}

// entries lists what a command offers to be typed: itself, or each of its
// subcommands, with its groups' names before it.
func entries(c command.Command, l interaction.Locale) []entryJSON {
	var out []entryJSON
	var walk func(path, shown []string, desc string, opts []command.Option)
	walk = func(path, shown []string, desc string, opts []command.Option) {
		leaf := true
		for _, o := range opts {
			if o.Type == interaction.OptionSubCommand || o.Type == interaction.OptionSubCommandGroup {
				leaf = false
				walk(append(path[:len(path):len(path)], o.Name), append(shown[:len(shown):len(shown)], l.Localized(o.NameLocalizations, o.Name)),
					l.Localized(o.DescriptionLocalizations, o.Description), o.Options)
			}
		}
		if !leaf {
			return
		}
		e := entryJSON{Command: strings.Join(path, " "), Name: strings.Join(shown, " "), Description: desc, Options: []optionJSON{}}
		for _, o := range opts {
			e.Options = append(e.Options, optionView(o, l))
		}
		out = append(out, e)
	}
	walk([]string{c.Name}, []string{l.Localized(c.NameLocalizations, c.Name)}, l.Localized(c.DescriptionLocalizations, c.Description), c.Options)
	return out
}

func optionView(o command.Option, l interaction.Locale) optionJSON {
	v := optionJSON{
		Name: o.Name, Label: l.Localized(o.NameLocalizations, o.Name), Description: l.Localized(o.DescriptionLocalizations, o.Description),
		Type: o.Type, TypeName: o.Type.String(), Required: o.Required, Autocomplete: o.Autocomplete,
		Choices: []choiceJSON{}, MinLength: o.MinLength, MaxLength: o.MaxLength, ChannelTypes: o.ChannelTypes,
	}
	if v.ChannelTypes == nil {
		v.ChannelTypes = []interaction.ChannelType{}
	}
	for _, c := range o.Choices {
		v.Choices = append(v.Choices, choiceJSON{Name: l.Localized(c.NameLocalizations, c.Name), Value: c.Value})
	}
	if !o.MinValue.IsZero() {
		v.MinValue = &o.MinValue
	}
	if !o.MaxValue.IsZero() {
		v.MaxValue = &o.MaxValue
	}
	return v
}
