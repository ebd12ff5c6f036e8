package emulator

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
)

// The control API's share of components and modals: Click, Choose, Submit
// and Modals for scripts.
func (s *Server) controlClickRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/click", func(w http.ResponseWriter, r *http.Request) {
		c, err := decodeClick(readControl(r))
		if err != nil {
			writeInvalidControl(w, err)
			return
		}
		res, err := s.Click(r.Context(), c)
		writeResult(w, res, err)
	})
	mux.HandleFunc("POST /_emulator/choose", func(w http.ResponseWriter, r *http.Request) {
		c, err := decodeChoose(readControl(r))
		if err != nil {
			writeInvalidControl(w, err)
			return
		}
		res, err := s.Choose(r.Context(), c)
		writeResult(w, res, err)
	})
	mux.HandleFunc("POST /_emulator/submit", func(w http.ResponseWriter, r *http.Request) {
		sub, err := decodeSubmit(readControl(r))
		if err != nil {
			writeInvalidControl(w, err)
			return
		}
		res, err := s.Submit(r.Context(), sub)
		writeResult(w, res, err)
	})
	mux.HandleFunc("GET /_emulator/modals", s.controlModals)
}

// readControl reads the body of a control request, of at most 1 MiB.
func readControl(r *http.Request) []byte {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	return body
}

// writeInvalidControl answers a control request whose body does not
// decode.
func writeInvalidControl(w http.ResponseWriter, err error) {
	writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_input", "message": "invalid body: " + err.Error()})
}

// writeResult writes what came of a use of a component or a modal, as
// /_emulator/invoke writes what came of an invocation.
func writeResult(w http.ResponseWriter, res *Result, err error) {
	if err != nil {
		writeRefusal(w, err)
		return
	}
	writeJSON(w, http.StatusOK, resultJSON(res))
}

// clickJSON is a Click as the control API takes it.
type clickJSON struct {
	User    interaction.Snowflake `json:"user"`
	Locale  interaction.Locale    `json:"locale"`
	Message interaction.Snowflake `json:"message"`
	Channel interaction.Snowflake `json:"channel"`
	Button  string                `json:"button"`
}

// chooseJSON is a Choose as the control API takes it.
type chooseJSON struct {
	User    interaction.Snowflake `json:"user"`
	Locale  interaction.Locale    `json:"locale"`
	Message interaction.Snowflake `json:"message"`
	Channel interaction.Snowflake `json:"channel"`
	Select  string                `json:"select"`
	Values  []string              `json:"values"`
}

// submitJSON is a Submit as the control API takes it.
type submitJSON struct {
	User   interaction.Snowflake               `json:"user"`
	Locale interaction.Locale                  `json:"locale"`
	Modal  string                              `json:"modal"`
	Fields map[string]string                   `json:"fields"`
	Values map[string][]string                 `json:"values"`
	Files  map[string][]interaction.Attachment `json:"files"`
}

// decodeStrict decodes one JSON object into v, refusing fields v does not
// have: a misspelt field would otherwise be left out without a word.
func decodeStrict(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value")
	}
	return nil
}

// checkLocale refuses a locale that is not text: the locale decoder keeps
// the bytes it is given, which the interaction could not carry as they
// are.
func checkLocale(l interaction.Locale) error {
	if !utf8.ValidString(string(l)) {
		return errors.New("locale: not valid UTF-8")
	}
	return nil
}

// decodeClick reads the body of POST /_emulator/click.
func decodeClick(body []byte) (Click, error) {
	var in clickJSON
	if err := decodeStrict(body, &in); err != nil {
		return Click{}, err
	}
	return Click(in), checkLocale(in.Locale)
}

// decodeChoose reads the body of POST /_emulator/choose.
func decodeChoose(body []byte) (Choose, error) {
	var in chooseJSON
	if err := decodeStrict(body, &in); err != nil {
		return Choose{}, err
	}
	return Choose(in), checkLocale(in.Locale)
}

// decodeSubmit reads the body of POST /_emulator/submit.
func decodeSubmit(body []byte) (Submit, error) {
	var in submitJSON
	if err := decodeStrict(body, &in); err != nil {
		return Submit{}, err
	}
	return Submit(in), checkLocale(in.Locale)
}

// openedModalJSON is an OpenedModal as the control API shows it.
type openedModalJSON struct {
	User        interaction.Snowflake  `json:"user"`
	Interaction interaction.Snowflake  `json:"interaction"`
	Message     *interaction.Snowflake `json:"message"`
	Opened      string                 `json:"opened"`
	Modal       interaction.Modal      `json:"modal"`
}

// controlModals is GET /_emulator/modals: every modal open, or with
// ?user=id the one open before that user.
func (s *Server) controlModals(w http.ResponseWriter, r *http.Request) {
	var user interaction.Snowflake
	if q := r.URL.Query().Get("user"); q != "" {
		id, err := interaction.ParseSnowflake(q)
		if err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_input", "message": "user: " + err.Error()})
			return
		}
		user = id
	}
	out := []openedModalJSON{}
	for _, m := range s.Modals() {
		if user != 0 && m.User != user {
			continue
		}
		j := openedModalJSON{User: m.User, Interaction: m.Interaction, Opened: m.Opened.UTC().Format(timestampLayout), Modal: m.Modal}
		if m.Message != 0 {
			id := m.Message
			j.Message = &id
		}
		out = append(out, j)
	}
	writeJSON(w, http.StatusOK, out)
}
