package emulator

import (
	"net/http"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// overwritesJSON is the body of POST /_emulator/overwrites.
type overwritesJSON struct {
	Guild      interaction.Snowflake `json:"guild"`
	Channel    interaction.Snowflake `json:"channel"`
	Overwrites []Overwrite           `json:"overwrites"`
}

// timeoutJSON is the body of POST /_emulator/timeouts.
type timeoutJSON struct {
	Guild interaction.Snowflake `json:"guild"`
	User  interaction.Snowflake `json:"user"`
	Until string                `json:"until"`
}

// controlGuildRoutes serves the control routes of the guilds' model.
func (s *Server) controlGuildRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/overwrites", func(w http.ResponseWriter, r *http.Request) {
		var in overwritesJSON
		if !readControl(w, r, &in) {
			return
		}
		if err := s.SetOverwrites(in.Guild, in.Channel, in.Overwrites...); err != nil {
			writeRefusal(w, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /_emulator/timeouts", func(w http.ResponseWriter, r *http.Request) {
		var in timeoutJSON
		if !readControl(w, r, &in) {
			return
		}
		var until time.Time
		if in.Until != "" {
			var err error
			if until, err = time.Parse(time.RFC3339Nano, in.Until); err != nil {
				writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_input", "message": "invalid body: until is not an RFC 3339 time"})
				return
			}
		}
		if err := s.SetTimeout(in.Guild, in.User, until); err != nil {
			writeRefusal(w, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}
