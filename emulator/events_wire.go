package emulator

import (
	"github.com/switchboard-go/switchboard/event"
)

// pingBody returns the PING that checks a webhook events URL, a body of
// type 0 without an event. The caller holds s.st.mu.
func (s *Server) pingBody() []byte {
	b, err := event.Ping(s.st.app.id).AppendJSON(nil)
	if err != nil {
		// A PING has nothing but the application's id, which is never 0.
		panic("emulator: writing a PING: " + err.Error())
	}
	return b
}
