package emulator

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// The control API's share of invoking: Invoke, Autocomplete and
// SetInteractionsURL for scripts.
func (s *Server) controlInvokeRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/invoke", func(w http.ResponseWriter, r *http.Request) {
		s.controlInvoke(w, r, s.Invoke, s.ParseCommand)
	})
	mux.HandleFunc("POST /_emulator/autocomplete", func(w http.ResponseWriter, r *http.Request) {
		s.controlInvoke(w, r, s.Autocomplete, s.ParsePartial)
	})
	mux.HandleFunc("POST /_emulator/interactions-url", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			URL         string                `json:"url"`
			Application interaction.Snowflake `json:"application"`
		}
		if !readControl(w, r, &in) || !s.controlApplication(w, in.Application) {
			return
		}
		if in.Application == 0 {
			in.Application = s.ApplicationID
		}
		if err := s.setInteractionsURL(r.Context(), in.Application, in.URL); err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]any{"message": err.Error()})
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// invocationJSON is an Invocation as the control API takes it.
type invocationJSON struct {
	User    interaction.Snowflake   `json:"user"`
	Guild   interaction.Snowflake   `json:"guild"`
	Channel interaction.Snowflake   `json:"channel"`
	Locale  interaction.Locale      `json:"locale"`
	Command string                  `json:"command"`
	Type    interaction.CommandType `json:"type"`
	Options []struct {
		Name  string          `json:"name"`
		Value json.RawMessage `json:"value"`
	} `json:"options"`
	Target  interaction.Snowflake `json:"target"`
	Focused string                `json:"focused"`
	// Line is the command as the user types it, instead of command,
	// type, options and focused: "/mod ban user:@bob reason:spam".
	Line string `json:"line"`
	// Application is the application whose command it is, required when
	// several have a command of that name (Invocation.Application).
	Application interaction.Snowflake `json:"application"`
}

// ArgValue reads an option's value from JSON into what Arg.Value holds,
// for a program that takes invocations as JSON (the control API, the
// browser playground): a string (ids included: the option's type says
// what it names), an int64 for a number without a fraction, a float64
// for another, a bool, or an interaction.Attachment for an object (the
// file's name, size and content type; the emulator uploads it). null and
// arrays are errors.
func ArgValue(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i, nil
		}
		return x.Float64()
	case map[string]any:
		var a interaction.Attachment
		err := decodeControl(raw, &a)
		return a, err
	case string, bool:
		return x, nil
	}
	return nil, errors.New("a value is a string, a number, a boolean or a file")
}

// invocationStatus is the status and name of each kind of refusal.
func invocationStatus(kind error) (int, string) {
	switch {
	case errors.Is(kind, ErrPermissionDenied):
		return http.StatusForbidden, "permission_denied"
	case errors.Is(kind, ErrUnknownCommand):
		return http.StatusBadRequest, "unknown_command"
	case errors.Is(kind, ErrStale):
		return http.StatusBadRequest, "stale"
	case errors.Is(kind, ErrUnknownTarget):
		return http.StatusBadRequest, "unknown_target"
	case errors.Is(kind, ErrInvalidScope):
		return http.StatusBadRequest, "invalid_scope"
	}
	return http.StatusBadRequest, "invalid_input"
}

func (s *Server) controlInvoke(w http.ResponseWriter, r *http.Request, invoke func(context.Context, Invocation) (*Result, error), parse func(Invocation, string) (Invocation, error)) {
	var in invocationJSON
	if !readControl(w, r, &in) {
		return
	}
	inv := Invocation{User: in.User, Guild: in.Guild, Channel: in.Channel, Locale: in.Locale,
		Command: in.Command, Type: in.Type, Target: in.Target, Focused: in.Focused, Application: in.Application}
	if in.Line != "" {
		if in.Command != "" || in.Type != 0 || len(in.Options) > 0 || in.Focused != "" {
			writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_input", "message": "give either line or command, type, options and focused, not both"})
			return
		}
		parsed, err := parse(inv, in.Line)
		if err != nil {
			writeRefusal(w, err)
			return
		}
		controlResult(w, r, invoke, parsed)
		return
	}
	for i, o := range in.Options {
		v, err := ArgValue(o.Value)
		if err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_input", "message": "/options/" + strconv.Itoa(i) + "/value: " + err.Error()})
			return
		}
		inv.Options = append(inv.Options, Arg{Name: o.Name, Value: v})
	}
	controlResult(w, r, invoke, inv)
}

// controlResult invokes and writes what came of it.
func controlResult(w http.ResponseWriter, r *http.Request, invoke func(context.Context, Invocation) (*Result, error), inv Invocation) {
	res, err := invoke(r.Context(), inv)
	writeResult(w, res, err)
}

// writeResult writes what came of an invocation, a use of a component
// or a submitted modal: the refusal, or the Result.
func writeResult(w http.ResponseWriter, res *Result, err error) {
	if err != nil {
		writeRefusal(w, err)
		return
	}
	writeJSON(w, http.StatusOK, resultJSON(res))
}

// writeRefusal writes a refused invocation as {"error": kind, "message":
// reason}, with the status of its kind.
func writeRefusal(w http.ResponseWriter, err error) { writeRefusalWith(w, err, 0) }

// writeSetupRefusal writes a refusal as writeRefusal does, with status
// 400 whatever its kind: the routes that set up the world a test needs
// (/_emulator/messages, /_emulator/roles) answer every refusal so.
func writeSetupRefusal(w http.ResponseWriter, err error) {
	writeRefusalWith(w, err, http.StatusBadRequest)
}

// writeRefusalWith writes err as a refusal, with status unless it is 0.
func writeRefusalWith(w http.ResponseWriter, err error, status int) {
	var ie *InvocationError
	if !errors.As(err, &ie) {
		writeJSON(w, http.StatusInternalServerError, map[string]any{"message": err.Error()})
		return
	}
	kindStatus, name := invocationStatus(ie.Kind)
	if status == 0 {
		status = kindStatus
	}
	writeJSON(w, status, map[string]any{"error": name, "message": ie.Reason})
}

// resultJSON is a Result as the control API answers it. The interaction
// is the JSON sent, and the answer the JSON received, or the answer the
// callback endpoint took when the HTTP response had no body (or was a 202
// acknowledgement), or null when none came or it was not JSON (raw_answer
// then holds what came).
func resultJSON(res *Result) map[string]any {
	out := map[string]any{
		"launched": res.Launched, "id": nil, "token": nil, "interaction": nil,
		"status": res.Status, "answer": nil, "violations": orEmpty(res.Violations),
		"elapsed": res.Took.Seconds(), "ok": res.OK(), "gateway": res.Gateway,
		"faults": faultNames(res.Faults), "copies": copiesJSON(res.Copies),
	}
	if res.Interaction != nil {
		out["id"], out["token"] = res.Interaction.ID, res.Interaction.Token
		out["interaction"] = json.RawMessage(res.Body)
	}
	switch {
	case res.Status == http.StatusAccepted || len(bytes.TrimSpace(res.RawAnswer)) == 0:
		if res.Answer.Type != 0 {
			out["answer"] = res.Answer
		}
	case json.Valid(res.RawAnswer):
		out["answer"] = json.RawMessage(res.RawAnswer)
	default:
		out["raw_answer"] = string(res.RawAnswer)
	}
	return out
}
