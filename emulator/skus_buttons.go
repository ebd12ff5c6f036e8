package emulator

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// checkPremiumButtons adds to e the premium buttons (style 6) of m whose
// sku_id names no SKU of the application, at their sku_id under prefix,
// the pointer of the message in the request body: the service refuses
// them with 50035 BUTTON_COMPONENT_INVALID_APPLICATION, "The application
// for this SKU does not exist or does not match the message author". Its
// SUBSCRIPTION_GROUPs are the application's SKUs too. A button whose
// sku_id is missing or no snowflake is package component's to report.
// Only the emulator can check this: a bot's own check does not know the
// application's SKUs. The caller holds the state's lock.
func (s *Server) checkPremiumButtons(e *apiError, prefix string, m *interaction.MessageData) {
	if len(m.Components) == 0 {
		return
	}
	raw, err := json.Marshal(m.Components)
	if err != nil {
		return
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var tree any
	if dec.Decode(&tree) != nil {
		return
	}
	s.walkPremiumButtons(e, prefix+"/components", tree)
}

// walkPremiumButtons checks the premium buttons in v, the JSON at pointer,
// and in everything v holds.
func (s *Server) walkPremiumButtons(e *apiError, pointer string, v any) {
	switch v := v.(type) {
	case []any:
		for i, c := range v {
			s.walkPremiumButtons(e, pointer+"/"+strconv.Itoa(i), c)
		}
	case map[string]any:
		if v["type"] == json.Number("2") && v["style"] == json.Number("6") {
			var text string
			switch id := v["sku_id"].(type) {
			case string:
				text = id
			case json.Number:
				text = id.String()
			}
			at := pointer + "/sku_id"
			if id, err := interaction.ParseSnowflake(text); err == nil && s.st.sku(id) == nil && !e.has(at) {
				e.add(at, rules.ButtonComponentInvalidApplication, "The application for this SKU does not exist or does not match the message author")
			}
		}
		for k, c := range v {
			if _, nested := c.([]any); nested || isObject(c) {
				s.walkPremiumButtons(e, pointer+"/"+k, c)
			}
		}
	}
}

func isObject(v any) bool {
	_, ok := v.(map[string]any)
	return ok
}
