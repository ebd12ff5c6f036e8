package emulator

import (
	"net/http"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/review"
)

// The specification does not show the endpoints that answer interactions;
// these follow the public documentation of the real service ("Receiving and
// Responding"): the first answer goes to the callback endpoint within 3
// seconds, and the interaction token then works as a webhook for 15 minutes,
// to edit that answer and send follow-ups. The token authenticates these
// requests: they carry no Authorization header.
const (
	// tokenLife is how long an interaction token works as a webhook.
	tokenLife = 15 * time.Minute
)

// Error codes of the answer endpoints (public facts of the service).
const (
	codeUnknownMessage = 10008
	codeUnknownWebhook = 10015
	codeMaxFollowups   = 40094
	codeEmptyMessage   = 50006
)

// webhookRoutes registers the interaction callback and follow-up endpoints.
func (s *Server) webhookRoutes(mux *http.ServeMux) {
	s.tokenRoute(mux, "POST /interactions/{id}/{token}/callback", "interaction-callback", s.admitCallback, s.answerInteraction)
	s.tokenRoute(mux, "POST /webhooks/{app}/{token}", "webhook", s.admitWebhook, s.createFollowup)
	s.tokenRoute(mux, "GET /webhooks/{app}/{token}", "webhook", s.admitWebhook, s.getInteractionWebhook)
	s.tokenRoute(mux, "GET /webhooks/{app}/{token}/messages/{message}", "webhook", s.admitWebhook, s.getWebhookMessage)
	s.tokenRoute(mux, "PATCH /webhooks/{app}/{token}/messages/{message}", "webhook", s.admitWebhook, s.editWebhookMessage)
	s.tokenRoute(mux, "DELETE /webhooks/{app}/{token}/messages/{message}", "webhook", s.admitWebhook, s.deleteWebhookMessage)
}

// admitCallback refuses an answer whose path names no interaction sent,
// before its body is read, as the handler would after; otherwise the
// token is the bucket's major parameter. The caller holds s.st.mu.
func (s *Server) admitCallback(r *http.Request) (admission, *apiError) {
	si := s.callbackInteraction(r.PathValue("id"), r.PathValue("token"))
	if si == nil {
		return admission{}, errUnknownInteraction()
	}
	return s.admit(r, si), nil
}

// admitWebhook refuses a webhook request whose token is not a live
// interaction's, before its body is read, as the handler would after;
// otherwise the token is the bucket's major parameter ("webhook_id +
// webhook_token"). The caller holds s.st.mu.
func (s *Server) admitWebhook(r *http.Request) (admission, *apiError) {
	si, e := s.webhookToken(r.PathValue("app"), r.PathValue("token"))
	if e != nil {
		return admission{}, e
	}
	return s.admit(r, si), nil
}

// admit admits a request whose token names si: the token is the bucket's
// major parameter, and the files its body may carry are those si may
// still keep. The caller holds s.st.mu.
func (s *Server) admit(r *http.Request, si *sentInteraction) admission {
	return admission{major: r.PathValue("token"), fileRoom: max(0, s.st.limits.InteractionFiles-si.fileBytes)}
}

// callbackInteraction returns the interaction sent whose id and token a
// callback's path gives, or nil. The caller holds s.st.mu.
func (s *Server) callbackInteraction(id, token string) *sentInteraction {
	ix, err := interaction.ParseSnowflake(id)
	si := s.st.interactions[ix]
	if err != nil || si == nil || si.ix.Token != token {
		return nil
	}
	return si
}

func errUnknownInteraction() *apiError {
	return errNotFound(codeUnknownInteraction, "Unknown interaction")
}

// answerInteraction is POST /interactions/{id}/{token}/callback: the first
// and only answer to an interaction. It answers 204, or with
// with_response=true 200 and the interaction callback response.
func (s *Server) answerInteraction(r *request) (int, any, *apiError) {
	st := s.st
	si := s.callbackInteraction(r.PathValue("id"), r.PathValue("token"))
	if si == nil {
		return 0, nil, errUnknownInteraction()
	}
	if si.answer != nil {
		return 0, nil, errBadRequest(codeAlreadyAcknowledged, "Interaction has already been acknowledged.")
	}
	now := st.now()
	// The real service invalidates the token when the window passes, so a
	// late answer finds no interaction at all. An answer is in time when
	// its request arrives in time, however long its files take to upload.
	// A token a fault made expire early has no window left either.
	if r.arrived.Sub(si.sent) > s.window || si.tokenExpired(r.arrived) {
		return 0, nil, errUnknownInteraction()
	}
	var body answerBody
	files, e := decodeMessageBody(r, &body)
	if e != nil {
		return 0, nil, e
	}
	atts, e := s.checkReply(si, &body, files)
	if e != nil {
		return 0, nil, e
	}
	s.acknowledge(si, &body, atts, now)
	if !queryTrue(r.URL.Query().Get("with_response")) {
		return http.StatusNoContent, nil, nil
	}
	return http.StatusOK, s.callbackResponse(si), nil
}

// acknowledge records an answer as the answer to si, checked by
// checkReply, and does what it asks: makes the message of a reply, with
// atts, or the loading message of a deferral, which keeps only its
// ephemeral flag; updates the message of the component used; opens a
// modal. The caller holds the state's lock.
func (s *Server) acknowledge(si *sentInteraction, body *answerBody, atts []Attachment, now time.Time) {
	resp := body.Response
	si.answer, si.answered = &resp, now
	close(si.acked)
	switch resp.Type {
	case interaction.CallbackChannelMessageWithSource:
		data := cloneMessageData(resp.Message)
		data.Attachments = nil
		si.original = &Message{ID: s.st.newID(), ChannelID: si.ix.ChannelID, Data: data, Attachments: atts,
			Poll: makePoll(data.Poll, now), Created: now}
		s.st.made(si, si.original)
		s.st.logMessage(si, MessageReplied, si.original, now)
		s.publishMessage(messageCreated, si.original.ChannelID, si.original)
	case interaction.CallbackDeferredChannelMessageWithSource:
		flags := resp.Message.Flags&interaction.FlagEphemeral | interaction.FlagLoading
		si.original = &Message{ID: s.st.newID(), ChannelID: si.ix.ChannelID, Data: interaction.MessageData{Flags: flags}, Created: now}
		s.st.made(si, si.original)
		s.st.logMessage(si, MessageDeferred, si.original, now)
		s.publishMessage(messageCreated, si.original.ChannelID, si.original)
	case interaction.CallbackDeferredUpdateMessage:
		// Nothing changes yet; the interaction's original message is now
		// the component's, which editing @original edits.
		si.original = si.message
	case interaction.CallbackUpdateMessage:
		m := si.message
		m.Data, m.Attachments, m.Edited = body.update, atts, now
		si.original = m
		s.logChange(si, MessageEdited, m, now)
	case interaction.CallbackModal:
		s.openModal(si, *resp.Modal, now)
	}
}

// logChange records a change to m, made through si, in the history of si
// and of the interaction that made m, when that is another. The caller
// holds the state's lock.
func (s *Server) logChange(si *sentInteraction, kind MessageEventKind, m *Message, at time.Time) {
	s.recordChange(si, kind, m, at)
	s.publishMessage(messageChangeOf(kind), m.ChannelID, m)
}

// recordChange is logChange but for the gateway's event, which a change
// among many (a bulk delete) leaves to one event of its own.
func (s *Server) recordChange(si *sentInteraction, kind MessageEventKind, m *Message, at time.Time) {
	s.st.logMessage(si, kind, m, at)
	if owner := s.st.messages[m.ID]; owner != nil && owner != si {
		s.st.logMessage(owner, kind, m, at)
	}
}

// checkReply checks an answer to si and the files of its request, and
// returns the attachments of the message the answer makes or updates. The
// errors point into the body of the answer. The caller holds the state's
// lock.
func (s *Server) checkReply(si *sentInteraction, body *answerBody, files []upload) ([]Attachment, *apiError) {
	if e := s.checkCallbackType(si.ix, body.Type); e != nil {
		return nil, e
	}
	if e := s.checkFileRoom(si, files); e != nil {
		return nil, e
	}
	atts, e := s.answerAttachments(si, body, files)
	if e != nil {
		return nil, e
	}
	if e := s.checkAnswer(si, body, atts); e != nil {
		return nil, e
	}
	return atts, nil
}

// answerAttachments returns the attachments of the message an answer makes
// or updates, from the files of its request and its attachments list. A
// reply makes a message; an update keeps the attachments of the message it
// updates that its list names (all of them without a list) and adds the
// files. Files with any other answer are refused. The caller holds the
// state's lock.
func (s *Server) answerAttachments(si *sentInteraction, body *answerBody, files []upload) ([]Attachment, *apiError) {
	m := &body.Message
	if body.Type == interaction.CallbackUpdateMessage {
		old := si.message
		if len(files) == 0 && body.edit.Attachments == nil {
			return old.Attachments, nil
		}
		e := newInvalidBody()
		atts := s.attachments(e, "/data/attachments", body.edit.Attachments, files, old.Attachments, old.ChannelID, old.Data.Flags&interaction.FlagEphemeral != 0)
		if len(e.errors) > 0 {
			return nil, e
		}
		return atts, nil
	}
	if len(files) == 0 && len(m.Attachments) == 0 {
		return nil, nil
	}
	e := newInvalidBody()
	if body.Type != interaction.CallbackChannelMessageWithSource {
		e.add("/data/attachments", codeUnexpectedAttachment, "Only an answer with a message (type 4 or 7) carries files.")
		return nil, e
	}
	refs := refsOf(m.Attachments)
	atts := s.attachments(e, "/data/attachments", &refs, files, nil, si.ix.ChannelID, m.Flags&interaction.FlagEphemeral != 0)
	if len(e.errors) > 0 {
		return nil, e
	}
	return atts, nil
}

// checkAnswer checks the body of an answer whose type si allows, whether
// it came by the callback endpoint or as the HTTP response to the
// interaction; the message it makes or updates has the attachments atts.
// An UPDATE_MESSAGE gets the message it leaves in body.update. The rules
// are package answer's, in the service's words: those the bots' own
// check follows. The caller holds the state's lock.
func (s *Server) checkAnswer(si *sentInteraction, body *answerBody, atts []Attachment) *apiError {
	resp := &body.Response
	e := newInvalidBody()
	attachments := len(atts)
	switch resp.Type {
	case interaction.CallbackChannelMessageWithSource:
		checkMessage(e, "/data", &resp.Message, interaction.ResponseFlags)
		checkReferences(e, "/data", &resp.Message, atts)
		s.checkPremiumButtons(e, "/data", &resp.Message)
		if len(e.errors) == 0 {
			if refused := checkVoice(&resp.Message, atts); refused != nil {
				return refused
			}
		}
		if len(e.errors) == 0 && isEmpty(&resp.Message, attachments) {
			return errEmptyMessage()
		}
	case interaction.CallbackUpdateMessage:
		// An update edits the message the component is on, which exists:
		// it adds no poll, and a message with a poll takes no edit; nor
		// does a voice message.
		if si.message.Data.Flags&interaction.FlagIsVoiceMessage != 0 {
			return errVoiceEdited()
		}
		if refused := checkPollEdit(e, "/data", si.message, body.edit.Poll); refused != nil {
			return refused
		}
		body.update = editedData(e, "/data", si.message, &body.edit)
		checkReferences(e, "/data", body.edit.sets(), atts)
		s.checkPremiumButtons(e, "/data", &body.update)
		if len(e.errors) == 0 && isEmpty(&body.update, attachments) {
			return errEmptyMessage()
		}
	default:
		// A deferral's flags, suggestions (of the type of the option
		// being typed) and a modal. The answer's type is one the
		// emulator allows, which the service's table allows too.
		vs, _ := review.Answer(si.ix, resp, review.AsService)
		addViolations(e, "", vs)
	}
	if len(e.errors) > 0 {
		return e
	}
	return nil
}
