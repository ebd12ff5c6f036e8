package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// What the user does on the page, the emulator does as the client would:
// it checks the input, sends the bot the signed interaction and checks
// its answer. Each action answers with what was sent and what came back,
// or with the refusal the client or the service made.

// invocationJSON is a command used from the message box: by its path
// and options as laid out, or as the user typed it (line), which
// ParseCommand reads.
type invocationJSON struct {
	place
	Command string    `json:"command"`
	Options []argJSON `json:"options"`
	Line    string    `json:"line"`
	// Focused names the option being typed, for autocomplete.
	Focused string `json:"focused"`
	// Type is the command's type, CHAT_INPUT when zero; Target the user
	// of a USER command or the message of a MESSAGE command.
	Type   interaction.CommandType `json:"type"`
	Target interaction.Snowflake   `json:"target"`
}

// argJSON is an option's value as laid out in the page.
type argJSON struct {
	Name  string          `json:"name"`
	Value json.RawMessage `json:"value"`
	// Shown is the name of the bot's suggestion the user picked, whose
	// value Value is: the channel shows the command with it.
	Shown string `json:"shown"`
}

// maxChoiceName is the most characters a choice's name has.
const maxChoiceName = 100

// invocation reads what the page sent into what Invoke takes.
func (h *Handler) invocation(in invocationJSON, partial bool) (emulator.Invocation, error) {
	in.User, in.Locale = h.who(in.User, in.Locale)
	inv := in.place.invocation()
	if in.Line != "" {
		if in.Command != "" || len(in.Options) > 0 || in.Focused != "" || in.Type != 0 || in.Target != 0 {
			return inv, &emulator.InvocationError{Kind: emulator.ErrInvalidInput, Reason: "give either line or command, options and focused, not both"}
		}
		if partial {
			return h.emu.ParsePartial(inv, in.Line)
		}
		return h.emu.ParseCommand(inv, in.Line)
	}
	inv.Command, inv.Focused, inv.Type, inv.Target = in.Command, in.Focused, in.Type, in.Target
	for i, o := range in.Options {
		v, err := emulator.ArgValue(o.Value)
		if err != nil {
			return inv, &emulator.InvocationError{Kind: emulator.ErrInvalidInput, Reason: "/options/" + strconv.Itoa(i) + "/value: " + err.Error()}
		}
		if n := utf8.RuneCountInString(o.Shown); n > maxChoiceName {
			return inv, &emulator.InvocationError{Kind: emulator.ErrInvalidInput,
				Reason: "/options/" + strconv.Itoa(i) + "/shown: a choice's name is at most 100 characters, not " + strconv.Itoa(n)}
		}
		inv.Options = append(inv.Options, emulator.Arg{Name: o.Name, Value: v})
	}
	return inv, nil
}

// keepPicks remembers the names of the suggestions the user picked for
// the command in, for the channel to show (see picks).
func (h *Handler) keepPicks(inv emulator.Invocation, in invocationJSON) {
	for _, o := range in.Options {
		var v interaction.Value
		if o.Shown == "" || json.Unmarshal(o.Value, &v) != nil {
			continue
		}
		h.picks.keep(pickKey{user: inv.User, command: inv.Command, option: o.Name, value: string(v.AppendJSON(nil))}, o.Shown)
	}
}

// invoke is POST /api/invoke: the user sends a command.
func (h *Handler) invoke(w http.ResponseWriter, r *http.Request) {
	var in invocationJSON
	if !readJSON(w, r, &in) {
		return
	}
	inv, err := h.invocation(in, false)
	if err != nil {
		writeRefusal(w, err)
		return
	}
	// Before the bot hears of it: its answer may reach the channel
	// before Invoke returns.
	h.keepPicks(inv, in)
	res, err := retried(r.Context(), h.emu.Invoke, inv)
	writeResult(w, res, err, inv.Locale)
}

// autocomplete is POST /api/autocomplete: the user types into an option
// whose suggestions the bot makes.
func (h *Handler) autocomplete(w http.ResponseWriter, r *http.Request) {
	var in invocationJSON
	if !readJSON(w, r, &in) {
		return
	}
	inv, err := h.invocation(in, true)
	if err != nil {
		writeRefusal(w, err)
		return
	}
	res, err := retried(r.Context(), h.emu.Autocomplete, inv)
	writeResult(w, res, err, inv.Locale)
}

// who fills in the user and the locale of an action a body leaves out,
// from the Handler's Config.
func (h *Handler) who(user interaction.Snowflake, locale interaction.Locale) (interaction.Snowflake, interaction.Locale) {
	if user == 0 {
		user = h.cfg.User
	}
	if locale == "" {
		locale = h.cfg.Locale
	}
	return user, locale
}

// retried invokes, and when the client had an old version of the command
// sends it again, as the client does once it has reloaded the command.
func retried(ctx context.Context, invoke func(context.Context, emulator.Invocation) (*emulator.Result, error), inv emulator.Invocation) (*emulator.Result, error) {
	res, err := invoke(ctx, inv)
	if errors.Is(err, emulator.ErrStale) {
		res, err = invoke(ctx, inv)
	}
	return res, err
}

// clickJSON is a button pressed.
type clickJSON struct {
	User    interaction.Snowflake `json:"user"`
	Locale  interaction.Locale    `json:"locale"`
	Message interaction.Snowflake `json:"message"`
	Button  string                `json:"button"`
}

// click is POST /api/click: the user presses a button of a message.
func (h *Handler) click(w http.ResponseWriter, r *http.Request) {
	var in clickJSON
	if !readJSON(w, r, &in) {
		return
	}
	in.User, in.Locale = h.who(in.User, in.Locale)
	res, err := h.emu.Click(r.Context(), emulator.Click{User: in.User, Locale: in.Locale, Message: in.Message, Button: in.Button})
	writeResult(w, res, err, in.Locale)
}

// chooseJSON is a choice made in a select menu.
type chooseJSON struct {
	User    interaction.Snowflake `json:"user"`
	Locale  interaction.Locale    `json:"locale"`
	Message interaction.Snowflake `json:"message"`
	Select  string                `json:"select"`
	Values  []string              `json:"values"`
}

// choose is POST /api/choose: the user chooses in a select menu of a
// message.
func (h *Handler) choose(w http.ResponseWriter, r *http.Request) {
	var in chooseJSON
	if !readJSON(w, r, &in) {
		return
	}
	in.User, in.Locale = h.who(in.User, in.Locale)
	res, err := h.emu.Choose(r.Context(), emulator.Choose{User: in.User, Locale: in.Locale, Message: in.Message, Select: in.Select, Values: in.Values})
	writeResult(w, res, err, in.Locale)
}

// submitJSON is a modal filled in and submitted.
type submitJSON struct {
	User    interaction.Snowflake               `json:"user"`
	Locale  interaction.Locale                  `json:"locale"`
	Modal   string                              `json:"modal"`
	Fields  map[string]string                   `json:"fields"`
	Values  map[string][]string                 `json:"values"`
	Checked map[string]bool                     `json:"checked"`
	Files   map[string][]interaction.Attachment `json:"files"`
}

// submit is POST /api/submit: the user submits the modal open before
// them.
func (h *Handler) submit(w http.ResponseWriter, r *http.Request) {
	var in submitJSON
	if !readJSON(w, r, &in) {
		return
	}
	in.User, in.Locale = h.who(in.User, in.Locale)
	res, err := h.emu.Submit(r.Context(), emulator.Submit{User: in.User, Locale: in.Locale, Modal: in.Modal,
		Fields: in.Fields, Values: in.Values, Checked: in.Checked, Files: in.Files})
	writeResult(w, res, err, in.Locale)
}

// dismissJSON is a modal the user closes without submitting it.
type dismissJSON struct {
	User  interaction.Snowflake `json:"user"`
	Modal string                `json:"modal"`
}

// dismiss is POST /api/dismiss: the user closes the modal open before
// them, and the bot hears nothing.
func (h *Handler) dismiss(w http.ResponseWriter, r *http.Request) {
	var in dismissJSON
	if !readJSON(w, r, &in) {
		return
	}
	in.User, _ = h.who(in.User, "")
	if !h.emu.CloseModal(in.User, in.Modal) {
		writeRefusal(w, &emulator.InvocationError{Kind: emulator.ErrUnknownTarget, Reason: "no such modal is open before the user"})
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// modal is GET /api/modal: the modal open before the user, or null.
func (h *Handler) modal(w http.ResponseWriter, r *http.Request) {
	p, err := h.placeOf(r.URL.Query())
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	m, ok := h.emu.OpenModal(p.User)
	if !ok {
		writeJSON(w, http.StatusOK, map[string]any{"modal": nil})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"modal": m})
}

// resultJSON is what came of an action: the interaction sent and the
// answer received, raw, as the side panel shows them, and how the
// answer broke the service's rules.
type resultJSON struct {
	ID interaction.Snowflake `json:"id,omitzero"`
	// Interaction is the JSON sent to the bot; null when the service
	// launched an Activity itself and sent nothing.
	Interaction json.RawMessage `json:"interaction"`
	// Status is the bot's HTTP status, 0 when no answer came or the
	// interaction went over the gateway.
	Status int `json:"status"`
	// Gateway reports an interaction sent to the bot on its gateway
	// connection, which answered through the callback endpoint.
	Gateway bool `json:"gateway"`
	// Answer is the JSON the bot answered, or the answer it sent through
	// the callback endpoint; null when none came. RawAnswer is the body
	// when it was not JSON (files in multipart/form-data).
	Answer     json.RawMessage `json:"answer"`
	RawAnswer  string          `json:"raw_answer,omitempty"`
	Violations []string        `json:"violations"`
	Elapsed    float64         `json:"elapsed"`
	OK         bool            `json:"ok"`
	Launched   bool            `json:"launched"`
	// Choices are the bot's suggestions, for autocomplete, each by the
	// name the user sees.
	Choices []choiceJSON `json:"choices,omitempty"`
}

// writeResult writes what came of an action: the refusal, or the result.
func writeResult(w http.ResponseWriter, res *emulator.Result, err error, l interaction.Locale) {
	if err != nil {
		writeRefusal(w, err)
		return
	}
	out := resultJSON{Interaction: json.RawMessage("null"), Answer: json.RawMessage("null"), Status: res.Status,
		Violations: append([]string{}, res.Violations...), Elapsed: res.Took.Seconds(), OK: res.OK(), Launched: res.Launched, Gateway: res.Gateway}
	if res.Interaction != nil {
		out.ID, out.Interaction = res.Interaction.ID, res.Body
	}
	switch {
	case res.Status == http.StatusAccepted || len(bytes.TrimSpace(res.RawAnswer)) == 0:
		if res.Answer.Type != 0 {
			if b, err := json.Marshal(res.Answer); err == nil {
				out.Answer = b
			}
		}
	case json.Valid(res.RawAnswer):
		out.Answer = res.RawAnswer
	default:
		out.RawAnswer = string(res.RawAnswer)
	}
	if res.Answer.Type == interaction.CallbackAutocompleteResult && res.OK() {
		out.Choices = []choiceJSON{}
		for _, c := range res.Answer.Choices {
			out.Choices = append(out.Choices, choiceJSON{Name: l.Localized(c.NameLocalizations, c.Name), Value: c.Value})
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// writeRefusal writes an action the client or the service refused, as
// {"error": kind, "message": reason}: 403 permission_denied, or 400
// unknown_command, invalid_input or unknown_target.
func writeRefusal(w http.ResponseWriter, err error) {
	var ie *emulator.InvocationError
	if !errors.As(err, &ie) {
		writeError(w, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	switch {
	case errors.Is(err, emulator.ErrPermissionDenied):
		writeError(w, http.StatusForbidden, "permission_denied", ie.Reason)
	case errors.Is(err, emulator.ErrUnknownCommand):
		writeError(w, http.StatusBadRequest, "unknown_command", ie.Reason)
	case errors.Is(err, emulator.ErrUnknownTarget):
		writeError(w, http.StatusBadRequest, "unknown_target", ie.Reason)
	case errors.Is(err, emulator.ErrStale):
		writeError(w, http.StatusBadRequest, "stale", ie.Reason)
	default:
		writeError(w, http.StatusBadRequest, "invalid_input", ie.Reason)
	}
}
