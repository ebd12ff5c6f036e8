package emulator

import (
	"net/http"

	"github.com/switchboard-go/switchboard/interaction"
)

// The control API's share of components and modals: Click, Choose, Submit
// and Modals for scripts.
func (s *Server) controlClickRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/click", func(w http.ResponseWriter, r *http.Request) {
		var in clickJSON
		if readControl(w, r, &in) {
			res, err := s.Click(r.Context(), Click(in))
			writeResult(w, res, err)
		}
	})
	mux.HandleFunc("POST /_emulator/choose", func(w http.ResponseWriter, r *http.Request) {
		var in chooseJSON
		if readControl(w, r, &in) {
			res, err := s.Choose(r.Context(), Choose(in))
			writeResult(w, res, err)
		}
	})
	mux.HandleFunc("POST /_emulator/submit", func(w http.ResponseWriter, r *http.Request) {
		var in submitJSON
		if readControl(w, r, &in) {
			res, err := s.Submit(r.Context(), Submit(in))
			writeResult(w, res, err)
		}
	})
	mux.HandleFunc("GET /_emulator/modals", s.controlModals)
	mux.HandleFunc("POST /_emulator/dismiss", func(w http.ResponseWriter, r *http.Request) {
		var in dismissJSON
		if !readControl(w, r, &in) {
			return
		}
		if !s.CloseModal(in.User, in.Modal) {
			writeRefusal(w, refuse(ErrUnknownTarget, "no such modal is open before the user"))
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// dismissJSON is a CloseModal as the control API takes it.
type dismissJSON struct {
	User  interaction.Snowflake `json:"user"`
	Modal string                `json:"modal"`
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
	User    interaction.Snowflake               `json:"user"`
	Locale  interaction.Locale                  `json:"locale"`
	Modal   string                              `json:"modal"`
	Fields  map[string]string                   `json:"fields"`
	Values  map[string][]string                 `json:"values"`
	Checked map[string]bool                     `json:"checked"`
	Files   map[string][]interaction.Attachment `json:"files"`
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
		out = append(out, openedModalJSON{User: m.User, Interaction: m.Interaction, Message: orNull(m.Message),
			Opened: m.Opened.UTC().Format(timestampLayout), Modal: m.Modal})
	}
	writeJSON(w, http.StatusOK, out)
}
