package emulator

import (
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Polls, as the service's public documentation of polls and of its
// message endpoints describes them. A poll comes with a new message: an
// answer (CHANNEL_MESSAGE_WITH_SOURCE), a follow-up, or the edit that
// completes a deferred answer ("Polls can only be added when editing a
// deferred interaction response"). Its limits are package answer's, which
// checkMessage runs. The service numbers the answers from 1 and sets the
// expiry from the duration, 24 hours by default. "After creation, the
// poll message cannot be edited": every edit of it, and every update of
// it by a component's answer, is refused with the service's error 520003.
// Nobody votes in the emulator: the results count no votes, and are
// final once the poll has closed. The OpenAPI description allows an
// answer 300 characters where the documentation says 55; the
// documentation is followed (package answer).

// codeCannotEditPoll is the service's error for an edit of a message that
// has a poll.
const codeCannotEditPoll = 520003

func errCannotEditPoll() *apiError {
	return errBadRequest(codeCannotEditPoll, "Cannot edit a poll message")
}

// pollNotAddable is the problem of a poll an edit or an update would add
// to a message that exists, in the words package answer gives an update's
// (rules.MessagePollNotAddable): the service's answer is not public.
const pollNotAddable = "A poll can be added only to a new message, or by the edit that completes a deferred answer."

// makePoll returns the poll the service makes of p, made at now: nil
// without one. The question keeps only its text, the only part the
// service shows.
func makePoll(p *interaction.PollRequest, now time.Time) *interaction.Poll {
	if p == nil {
		return nil
	}
	layout := p.LayoutType
	if layout == 0 {
		layout = interaction.PollLayoutDefault
	}
	out := &interaction.Poll{
		Question:         interaction.PollMedia{Text: p.Question.Text},
		Answers:          make([]interaction.PollAnswer, len(p.Answers)),
		Expiry:           now.Add(time.Duration(p.Hours()) * time.Hour),
		AllowMultiselect: p.AllowMultiselect,
		LayoutType:       layout,
		Results:          &interaction.PollResults{AnswerCounts: []interaction.PollAnswerCount{}},
	}
	for i, a := range p.Answers {
		a.AnswerID = i + 1
		if e := a.Media.Emoji; e != nil {
			c := *e
			a.Media.Emoji = &c
		}
		out.Answers[i] = a
	}
	return out
}

// pollJSON is the poll object of a message, at now: the service's poll
// response, its emoji those of a reaction (a Unicode emoji's id null, a
// custom emoji's name null when the request gave none).
func pollJSON(p *interaction.Poll, now time.Time) map[string]any {
	answers := make([]any, len(p.Answers))
	for i, a := range p.Answers {
		media := map[string]any{"text": a.Media.Text}
		if e := a.Media.Emoji; e != nil {
			var id, name any
			if e.ID != 0 {
				id = e.ID.String()
			}
			if e.Name != "" {
				name = e.Name
			}
			media["emoji"] = map[string]any{"id": id, "name": name, "animated": e.Animated}
		}
		answers[i] = map[string]any{"answer_id": a.AnswerID, "poll_media": media}
	}
	counts := []any{}
	final := !now.Before(p.Expiry)
	if r := p.Results; r != nil {
		for _, c := range r.AnswerCounts {
			counts = append(counts, map[string]any{"id": c.ID, "count": c.Count, "me_voted": c.MeVoted})
		}
		final = final || r.IsFinalized
	}
	return map[string]any{
		"question":          map[string]any{"text": p.Question.Text},
		"answers":           answers,
		"expiry":            p.Expiry.UTC().Format(timestampLayout),
		"allow_multiselect": p.AllowMultiselect,
		"layout_type":       p.LayoutType,
		"results":           map[string]any{"answer_counts": counts, "is_finalized": final},
	}
}

// checkPollEdit checks an edit of m that would set poll (nil for none),
// adding the problem of a poll to e at prefix, the pointer of the
// message in the request's body. An edit of a message that has a poll is
// refused whole, with the error it returns.
func checkPollEdit(e *apiError, prefix string, m *Message, poll *interaction.PollRequest) *apiError {
	if m.Poll != nil {
		return errCannotEditPoll()
	}
	if poll != nil && !m.awaitsContent() {
		e.add(prefix+"/poll", rules.MessagePollNotAddable, pollNotAddable)
	}
	return nil
}
