package emulator

import (
	"net/http"

	"github.com/switchboard-go/switchboard/interaction"
)

// overwritesJSON is the body of POST /_emulator/overwrites.
type overwritesJSON struct {
	Guild      interaction.Snowflake `json:"guild"`
	Channel    interaction.Snowflake `json:"channel"`
	Overwrites []Overwrite           `json:"overwrites"`
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
}
