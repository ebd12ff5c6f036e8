package emulator

import (
	"cmp"
	"slices"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// openModal is a modal before a user: the form, and the interaction whose
// MODAL answer opened it.
type openModal struct {
	modal  interaction.Modal
	opener *sentInteraction
	opened time.Time
}

// OpenedModal is a modal open before a user, waiting to be submitted.
type OpenedModal struct {
	User  interaction.Snowflake
	Modal interaction.Modal
	// Interaction is the interaction whose answer opened the modal;
	// Message is the message whose component was used, zero when a
	// command opened it.
	Interaction interaction.Snowflake
	Message     interaction.Snowflake
	Opened      time.Time
}

// openModal opens a modal, the answer to si, before the user of si. The
// client shows one modal at a time: it takes the place of any other that
// was open. The caller holds the state's lock.
func (s *Server) openModal(si *sentInteraction, m interaction.Modal, now time.Time) {
	m.Components = slices.Clone(m.Components)
	s.st.modals[si.ix.Invoker().ID] = &openModal{modal: m, opener: si, opened: now}
}

// view returns what is known of an open modal, for handing out of the lock.
func (o *openModal) view(user interaction.Snowflake) OpenedModal {
	v := OpenedModal{User: user, Modal: o.modal, Interaction: o.opener.ix.ID, Opened: o.opened}
	v.Modal.Components = slices.Clone(o.modal.Components)
	if o.opener.message != nil {
		v.Message = o.opener.message.ID
	}
	return v
}

// OpenModal returns the modal open before user (zero: the server's
// Member), if there is one.
func (s *Server) OpenModal(user interaction.Snowflake) (interaction.Modal, bool) {
	if user == 0 {
		user = s.Member
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	o := s.st.modals[user]
	if o == nil {
		return interaction.Modal{}, false
	}
	return o.view(user).Modal, true
}

// CloseModal closes the modal open before user (zero: the server's
// Member), as the user does who dismisses it: the bot hears nothing, and
// the modal can no longer be submitted. It reports whether a modal was
// open; the one named by customID only, unless customID is empty.
func (s *Server) CloseModal(user interaction.Snowflake, customID string) bool {
	if user == 0 {
		user = s.Member
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	o := s.st.modals[user]
	if o == nil || (customID != "" && o.modal.CustomID != customID) {
		return false
	}
	delete(s.st.modals, user)
	s.st.touch()
	return true
}

// Modals returns every modal open, by the id of its user, oldest first.
func (s *Server) Modals() []OpenedModal {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	out := make([]OpenedModal, 0, len(s.st.modals))
	for user, o := range s.st.modals {
		out = append(out, o.view(user))
	}
	slices.SortFunc(out, func(a, b OpenedModal) int { return cmp.Compare(a.Interaction, b.Interaction) })
	return out
}
