package emulator

import (
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// callbackAllowed reports whether ix may be answered with an answer of
// type t: the service's table (interaction.Interaction.CheckCallback), less
// PREMIUM_REQUIRED, which is deprecated and which the emulated
// application, selling nothing, never needs, and less LAUNCH_ACTIVITY for
// an application without an Activity. The caller holds the state's lock.
func (s *Server) callbackAllowed(ix *interaction.Interaction, t interaction.CallbackType) bool {
	if ix.CheckCallback(t) != nil {
		return false
	}
	switch t {
	case interaction.CallbackPremiumRequired:
		return false
	case interaction.CallbackLaunchActivity:
		return s.st.app.activities
	}
	return true
}

// checkCallbackType refuses an answer type ix does not allow, with the
// service's 50035 at the answer's type, listing those it allows. The
// caller holds the state's lock.
func (s *Server) checkCallbackType(ix *interaction.Interaction, t interaction.CallbackType) *apiError {
	if s.callbackAllowed(ix, t) {
		return nil
	}
	var allowed []interaction.CallbackType
	for _, c := range interaction.CallbackTypes() {
		if s.callbackAllowed(ix, c) {
			allowed = append(allowed, c)
		}
	}
	return errInvalidBody("/type", rules.BaseTypeChoices, "Value must be one of "+callbackList(allowed)+".")
}
