package emulator

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
)

// The control API's share of delivery faults: ArmDeliveryFault,
// DeliveryFaults and ClearDeliveryFaults for scripts.
func (s *Server) controlDeliveryFaultRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/delivery-faults", s.controlArmDeliveryFault)
	mux.HandleFunc("GET /_emulator/delivery-faults", func(w http.ResponseWriter, _ *http.Request) {
		armed := s.DeliveryFaults()
		out := make([]deliveryFaultJSON, len(armed))
		for i, a := range armed {
			out[i] = toDeliveryFaultJSON(a.DeliveryFault)
			out[i].Draws, out[i].Fired = a.Draws, a.Fired
		}
		writeJSON(w, http.StatusOK, out)
	})
	mux.HandleFunc("DELETE /_emulator/delivery-faults", func(w http.ResponseWriter, _ *http.Request) {
		s.ClearDeliveryFaults()
		w.WriteHeader(http.StatusNoContent)
	})
}

// deliveryFaultJSON is a DeliveryFault as the control API takes it, its
// duration in seconds, and as it lists it, with how often it drew and
// fired.
type deliveryFaultJSON struct {
	Kind        string  `json:"kind"`
	Probability float64 `json:"probability"`
	Count       int     `json:"count"`
	After       int     `json:"after"`
	Seed        uint64  `json:"seed"`
	Duration    float64 `json:"duration"`
	Draws       int     `json:"draws,omitempty"`
	Fired       int     `json:"fired,omitempty"`
}

func toDeliveryFaultJSON(f DeliveryFault) deliveryFaultJSON {
	return deliveryFaultJSON{Kind: f.Kind.String(), Probability: f.Probability, Count: f.Count, After: f.After, Seed: f.Seed, Duration: f.Duration.Seconds()}
}

// readDeliveryFault reads the body of POST /_emulator/delivery-faults
// into a fault, checked, or says what is wrong with it.
func readDeliveryFault(body []byte) (DeliveryFault, error) {
	var in deliveryFaultJSON
	if err := decodeControl(body, &in); err != nil {
		return DeliveryFault{}, err
	}
	f := DeliveryFault{Kind: parseDeliveryFaultKind(in.Kind), Probability: in.Probability, Count: in.Count, After: in.After, Seed: in.Seed}
	switch {
	case f.Kind == 0:
		names := make([]string, len(deliveryFaultKinds))
		for i, k := range deliveryFaultKinds {
			names[i] = `"` + k.String() + `"`
		}
		return f, errors.New("kind must be one of " + strings.Join(names, ", "))
	case in.Draws != 0 || in.Fired != 0:
		return f, errors.New("draws and fired are counted by the emulator, not given")
	case !(in.Duration >= 0 && in.Duration <= maxFaultSeconds):
		return f, errors.New("duration must be seconds from 0 to a day")
	}
	f.Duration = seconds(in.Duration)
	if err := checkDeliveryFault(f); err != nil {
		return f, errors.New(strings.TrimPrefix(err.Error(), "emulator: "))
	}
	return f, nil
}

// maxFaultSeconds bounds a fault's duration, so that seconds does not
// overflow a time.Duration.
const maxFaultSeconds = 24 * 60 * 60

func (s *Server) controlArmDeliveryFault(w http.ResponseWriter, r *http.Request) {
	var raw json.RawMessage
	if !readControl(w, r, &raw) {
		return
	}
	f, err := readDeliveryFault(raw)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_input", "message": "invalid body: " + err.Error()})
		return
	}
	if err := s.ArmDeliveryFault(f); err != nil {
		// The emulator holds as many as it keeps: the state, not the
		// body, is in the way, until the faults are cleared.
		writeJSON(w, http.StatusConflict, map[string]any{"error": "too_many_faults", "message": strings.TrimPrefix(err.Error(), "emulator: ")})
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
