package emulator

import (
	"net/http"

	"github.com/switchboard-go/switchboard/interaction"
)

// webhookInteraction finds the answered interaction whose token a webhook
// request carries. An expired or unknown token is an invalid webhook token;
// an interaction not answered yet has no webhook.
func (s *Server) webhookInteraction(r *request) (*sentInteraction, *apiError) {
	si, e := s.webhookToken(r.PathValue("app"), r.PathValue("token"))
	if e != nil {
		return nil, e
	}
	if si.answer == nil {
		s.awaitSettled(r, si)
	}
	if si.answer == nil {
		return nil, errNotFound(codeUnknownWebhook, "Unknown Webhook")
	}
	return si, nil
}

// webhookToken returns the interaction whose token a webhook's path
// gives: the id of no application is an unknown webhook; an unknown or
// expired token, or one of another application's interaction, an invalid
// one. The caller holds s.st.mu.
func (s *Server) webhookToken(app, token string) (*sentInteraction, *apiError) {
	st := s.st
	id, err := interaction.ParseSnowflake(app)
	if err != nil || st.appByID(id) == nil {
		return nil, errNotFound(codeUnknownWebhook, "Unknown Webhook")
	}
	si := st.byToken[token]
	if si == nil || si.tokenExpired(st.now()) || si.ix.ApplicationID != id {
		return nil, &apiError{status: http.StatusUnauthorized, code: codeInvalidWebhookToken, message: "Invalid Webhook Token"}
	}
	return si, nil
}

// webhookMessage finds the message a request names: "@original" or the id
// of the original or of a follow-up.
func (s *Server) webhookMessage(r *request) (*sentInteraction, *Message, *apiError) {
	si, e := s.webhookInteraction(r)
	if e != nil {
		return nil, nil, e
	}
	var m *Message
	if name := r.PathValue("message"); name == "@original" {
		m = si.original
	} else if id, err := interaction.ParseSnowflake(name); err == nil {
		m = si.find(id)
	}
	if m == nil || m.Deleted {
		return nil, nil, errNotFound(codeUnknownMessage, "Unknown Message")
	}
	return si, m, nil
}

// find returns the message of the interaction with id.
func (si *sentInteraction) find(id interaction.Snowflake) *Message {
	if si.original != nil && si.original.ID == id {
		return si.original
	}
	for _, f := range si.followups {
		if f.ID == id {
			return f
		}
	}
	return nil
}

// awaitsContent reports whether m is the message of a deferred answer,
// still waiting for its content.
func (m *Message) awaitsContent() bool {
	return m != nil && !m.Deleted && m.Data.Flags&interaction.FlagLoading != 0
}

// maxUserInstallFollowups is how many follow-ups an interaction only the
// user's installation authorized may have.
const maxUserInstallFollowups = 5

// userInstallOnly reports whether only the user's own installation of the
// application authorized an interaction: its application is not installed
// where it was used. Such an interaction has at most 5 follow-ups, and the
// sixth is refused with 40094 (public facts of the service: its
// documentation of Create Followup Message, and its error codes).
func userInstallOnly(ix *interaction.Interaction) bool {
	_, byUser := ix.AuthorizingIntegrationOwners.Get(interaction.UserInstall)
	_, byGuild := ix.AuthorizingIntegrationOwners.Get(interaction.GuildInstall)
	return byUser && !byGuild
}

// createFollowup is POST /webhooks/{app}/{token}. It always answers with
// the message: for interaction tokens the service acts as if wait=true.
func (s *Server) createFollowup(r *request) (int, any, *apiError) {
	si, e := s.webhookInteraction(r)
	if e != nil {
		return 0, nil, e
	}
	var data interaction.MessageData
	files, e := decodeMessageBody(r, &data)
	if e != nil {
		return 0, nil, e
	}
	if e := s.checkFileRoom(si, files); e != nil {
		return 0, nil, e
	}
	// Right after a deferral, the service (for compatibility, and
	// deprecated) completes the loading message instead of sending a new
	// one, and keeps the deferral's ephemeral state.
	completes := si.original.awaitsContent()
	if !completes && userInstallOnly(si.ix) && len(si.followups) >= maxUserInstallFollowups {
		return 0, nil, errBadRequest(codeMaxFollowups, "This interaction has hit the maximum number of follow up messages")
	}
	if completes {
		data.Flags = data.Flags&^interaction.FlagEphemeral | si.original.Data.Flags&interaction.FlagEphemeral
	}
	inv := newInvalidBody()
	checkMessage(inv, "", &data, interaction.ResponseFlags)
	s.checkPremiumButtons(inv, "", &data)
	var atts []Attachment
	if len(files) > 0 || len(data.Attachments) > 0 {
		refs := refsOf(data.Attachments)
		atts = s.attachments(inv, "/attachments", &refs, files, nil, si.ix.ChannelID, data.Flags&interaction.FlagEphemeral != 0)
	}
	checkReferences(inv, "", &data, atts)
	if len(inv.errors) > 0 {
		return 0, nil, inv
	}
	if refused := checkVoice(&data, atts); refused != nil {
		return 0, nil, refused
	}
	if isEmpty(&data, len(atts)) {
		return 0, nil, errEmptyMessage()
	}
	data.Attachments = nil
	now := s.st.now()
	if completes {
		// The follow-up that completes a deferral is the edit that
		// completes it, which may add a poll.
		m := si.original
		m.Data, m.Attachments, m.Poll = data, atts, makePoll(data.Poll, now)
		s.st.logMessage(si, MessageCompleted, m, now)
		s.publishMessage(messageUpdated, m.ChannelID, m)
		return http.StatusOK, s.messageJSON(m), nil
	}
	m := &Message{ID: s.st.newID(), ChannelID: si.ix.ChannelID, Data: data, Attachments: atts, Poll: makePoll(data.Poll, now), Created: now}
	si.followups = append(si.followups, m)
	s.st.made(si, m)
	s.st.logMessage(si, MessageFollowedUp, m, m.Created)
	s.publishMessage(messageCreated, m.ChannelID, m)
	return http.StatusOK, s.messageJSON(m), nil
}

func (s *Server) getWebhookMessage(r *request) (int, any, *apiError) {
	_, m, e := s.webhookMessage(r)
	if e != nil {
		return 0, nil, e
	}
	return http.StatusOK, s.messageJSON(m), nil
}

// editWebhookMessage is PATCH …/messages/{message}. Editing the loading
// message of a deferral completes it; that is not an edit, so it leaves no
// edited_timestamp. Files are added to the attachments the message keeps.
func (s *Server) editWebhookMessage(r *request) (int, any, *apiError) {
	si, m, e := s.webhookMessage(r)
	if e != nil {
		return 0, nil, e
	}
	var edit messageEdit
	files, e := decodeMessageBody(r, &edit)
	if e != nil {
		return 0, nil, e
	}
	if e := s.checkFileRoom(si, files); e != nil {
		return 0, nil, e
	}
	completes := m.awaitsContent()
	if m.Data.Flags&interaction.FlagIsVoiceMessage != 0 {
		return 0, nil, errVoiceEdited()
	}
	inv := newInvalidBody()
	if refused := checkPollEdit(inv, "", m, edit.Poll); refused != nil {
		return 0, nil, refused
	}
	data := editedData(inv, "", m, &edit)
	s.checkPremiumButtons(inv, "", &data)
	atts := m.Attachments
	if len(files) > 0 || edit.Attachments != nil {
		atts = s.attachments(inv, "/attachments", edit.Attachments, files, m.Attachments, m.ChannelID, data.Flags&interaction.FlagEphemeral != 0)
	}
	checkReferences(inv, "", edit.sets(), atts)
	if len(inv.errors) > 0 {
		return 0, nil, inv
	}
	if refused := checkVoice(&data, atts); refused != nil {
		return 0, nil, refused
	}
	if isEmpty(&data, len(atts)) {
		return 0, nil, errEmptyMessage()
	}
	m.Data, m.Attachments = data, atts
	if completes {
		m.Poll = makePoll(data.Poll, s.st.now())
		s.logChange(si, MessageCompleted, m, s.st.now())
	} else {
		m.Edited = s.st.now()
		s.logChange(si, MessageEdited, m, m.Edited)
	}
	return http.StatusOK, s.messageJSON(m), nil
}

func (s *Server) deleteWebhookMessage(r *request) (int, any, *apiError) {
	si, m, e := s.webhookMessage(r)
	if e != nil {
		return 0, nil, e
	}
	m.Deleted = true
	s.st.unindex(m.ChannelID, m.ID)
	s.logChange(si, MessageDeleted, m, s.st.now())
	return http.StatusNoContent, nil, nil
}
