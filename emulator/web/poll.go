package web

import (
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// pollJSON is a poll as the page shows it: the question, the answers in
// their order, each with its emoji (a Unicode emoji itself, a custom one
// by its name, or "" when the service knows none), and when it closes.
// Nobody votes in the playground, as no bot can.
type pollJSON struct {
	Question         string           `json:"question"`
	Answers          []pollAnswerJSON `json:"answers"`
	Expiry           time.Time        `json:"expiry"`
	AllowMultiselect bool             `json:"allow_multiselect"`
}

// pollAnswerJSON is an answer of a poll.
type pollAnswerJSON struct {
	ID    int    `json:"id"`
	Text  string `json:"text"`
	Emoji string `json:"emoji,omitempty"`
	// Custom reports a custom emoji, which the page names rather than
	// shows: its picture is elsewhere.
	Custom bool `json:"custom,omitempty"`
}

func pollView(p *interaction.Poll) *pollJSON {
	v := &pollJSON{Question: p.Question.Text, Answers: make([]pollAnswerJSON, len(p.Answers)), Expiry: p.Expiry.UTC(),
		AllowMultiselect: p.AllowMultiselect}
	for i, a := range p.Answers {
		v.Answers[i] = pollAnswerJSON{ID: a.AnswerID, Text: a.Media.Text}
		if e := a.Media.Emoji; e != nil {
			v.Answers[i].Emoji, v.Answers[i].Custom = e.Name, e.ID != 0
		}
	}
	return v
}
