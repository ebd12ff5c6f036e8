package interaction

import "time"

// A message may carry a poll: a question, up to ten answers, and how long
// it stays open. A bot sends it as a PollRequest, in an answer, a
// follow-up, or the edit that completes a deferred answer; the service
// makes of it a Poll, with the answers numbered and the time it closes.
// After that the message cannot be edited, and a message laid out with
// components (FlagIsComponentsV2) carries no poll. Package answer checks
// these rules before a message is sent.

// Limits of a poll (the service's public documentation of polls).
const (
	// MaxPollQuestion is the most characters of a poll's question.
	MaxPollQuestion = 300
	// MaxPollAnswers is the most answers a poll offers; it offers at
	// least one.
	MaxPollAnswers = 10
	// MaxPollAnswerText is the most characters of an answer's text.
	MaxPollAnswerText = 55
	// MaxPollDuration is the longest a poll stays open, in hours: 32 days.
	MaxPollDuration = 768
	// DefaultPollDuration is how long, in hours, a poll whose request
	// gives no duration stays open.
	DefaultPollDuration = 24
)

// PollLayout is how a poll is laid out. The service has one layout.
type PollLayout int

// PollLayoutDefault is the one layout of polls, and what a request that
// names none gets.
const PollLayoutDefault PollLayout = 1

// PollMedia is the question of a poll, or one of its answers: a text and,
// for an answer, an emoji. The service shows only the text of a question.
type PollMedia struct {
	Text  string     `json:"text,omitempty"`
	Emoji *PollEmoji `json:"emoji,omitempty"`
}

// PollEmoji is the emoji of a poll's answer: a Unicode emoji by its Name
// (the character itself), or a custom emoji by its ID. A request needs
// only the one or the other; a poll the service returns has the name of a
// custom emoji too, when it knows it.
type PollEmoji struct {
	ID       Snowflake `json:"id,omitzero"`
	Name     string    `json:"name,omitempty"`
	Animated bool      `json:"animated,omitzero"`
}

// PollAnswer is an answer a poll offers.
type PollAnswer struct {
	// AnswerID numbers the answer in a poll the service returns, from 1
	// in the order of the request; a request leaves it zero.
	AnswerID int       `json:"answer_id,omitzero"`
	Media    PollMedia `json:"poll_media"`
}

// PollRequest is the poll of a message a bot sends. Build it with NewPoll.
type PollRequest struct {
	Question PollMedia    `json:"question"`
	Answers  []PollAnswer `json:"answers"`
	// Duration is how many hours the poll stays open, 1 to
	// MaxPollDuration; zero leaves it to the service's default,
	// DefaultPollDuration.
	Duration int `json:"duration,omitzero"`
	// AllowMultiselect lets a user choose several answers.
	AllowMultiselect bool `json:"allow_multiselect,omitzero"`
	// LayoutType is zero or PollLayoutDefault.
	LayoutType PollLayout `json:"layout_type,omitzero"`
}

// NewPoll returns a poll that asks question, with an answer for each of
// answers, open for DefaultPollDuration hours:
//
//	interaction.Reply("Where shall we eat?").WithPoll(
//		interaction.NewPoll("Lunch", "Pizza", "Sushi").Lasting(2))
func NewPoll(question string, answers ...string) PollRequest {
	p := PollRequest{Question: PollMedia{Text: question}}
	return p.WithAnswers(answers...)
}

// WithAnswers returns the poll with an answer added for each text.
func (p PollRequest) WithAnswers(texts ...string) PollRequest {
	// A poll built from another never shares its answers.
	as := make([]PollAnswer, len(p.Answers), len(p.Answers)+len(texts))
	copy(as, p.Answers)
	for _, t := range texts {
		as = append(as, PollAnswer{Media: PollMedia{Text: t}})
	}
	p.Answers = as
	return p
}

// WithEmojiAnswer returns the poll with an answer added that shows emoji
// before its text, such as PollEmoji{Name: "🍕"}.
func (p PollRequest) WithEmojiAnswer(emoji PollEmoji, text string) PollRequest {
	p = p.WithAnswers(text)
	p.Answers[len(p.Answers)-1].Media.Emoji = &emoji
	return p
}

// Lasting returns the poll open for hours, 1 to MaxPollDuration.
func (p PollRequest) Lasting(hours int) PollRequest {
	p.Duration = hours
	return p
}

// Multiselect returns the poll letting each user choose several answers.
func (p PollRequest) Multiselect() PollRequest {
	p.AllowMultiselect = true
	return p
}

// Hours returns how many hours the poll stays open: its Duration, or
// DefaultPollDuration when it gives none.
func (p *PollRequest) Hours() int {
	if p.Duration == 0 {
		return DefaultPollDuration
	}
	return p.Duration
}

// Clone returns a copy of the poll that shares nothing with it, for
// keeping a poll that its owner may change; nil for nil.
func (p *PollRequest) Clone() *PollRequest {
	if p == nil {
		return nil
	}
	c := *p
	c.Question.Emoji = clonePtr(p.Question.Emoji)
	c.Answers = cloneAnswers(p.Answers)
	return &c
}

// WithPoll returns the message with a poll. The message may have nothing
// else: a poll shows something, as content does.
func (m MessageData) WithPoll(p PollRequest) MessageData {
	m.Poll = p.Clone()
	return m
}

// WithPoll adds a poll to the message of a CHANNEL_MESSAGE_WITH_SOURCE
// answer. An UPDATE_MESSAGE takes no poll: the message it updates exists,
// and a poll comes only with a new message.
func (r Response) WithPoll(p PollRequest) Response {
	r.Message = r.Message.WithPoll(p)
	return r
}

// Poll is a poll as the service holds it, on a message it returns.
type Poll struct {
	Question PollMedia    `json:"question"`
	Answers  []PollAnswer `json:"answers"`
	// Expiry is when the poll closes. The service writes it as nullable
	// for polls that might never close; every poll closes today.
	Expiry           time.Time  `json:"expiry,omitzero"`
	AllowMultiselect bool       `json:"allow_multiselect"`
	LayoutType       PollLayout `json:"layout_type"`
	// Results counts the votes; nil when the service left them out,
	// which means they are not known, not that nobody voted.
	Results *PollResults `json:"results,omitempty"`
}

// Clone returns a copy of the poll that shares nothing with it; nil for
// nil.
func (p *Poll) Clone() *Poll {
	if p == nil {
		return nil
	}
	c := *p
	c.Question.Emoji = clonePtr(p.Question.Emoji)
	c.Answers = cloneAnswers(p.Answers)
	if p.Results != nil {
		r := *p.Results
		if r.AnswerCounts != nil {
			r.AnswerCounts = append([]PollAnswerCount{}, r.AnswerCounts...)
		}
		c.Results = &r
	}
	return &c
}

// Answer returns the answer numbered id.
func (p *Poll) Answer(id int) (PollAnswer, bool) {
	for _, a := range p.Answers {
		if a.AnswerID == id {
			return a, true
		}
	}
	return PollAnswer{}, false
}

// PollResults are the votes of a poll.
type PollResults struct {
	// IsFinalized reports that the votes have been counted exactly, as
	// they are some time after the poll closes; until then the counts
	// may be a little off.
	IsFinalized bool `json:"is_finalized"`
	// AnswerCounts has the votes of each answer that has any.
	AnswerCounts []PollAnswerCount `json:"answer_counts"`
}

// PollAnswerCount is the votes of an answer.
type PollAnswerCount struct {
	// ID is the answer's AnswerID.
	ID    int `json:"id"`
	Count int `json:"count"`
	// MeVoted reports whether the user reading the message voted for
	// the answer; a bot cannot vote.
	MeVoted bool `json:"me_voted"`
}

// Votes returns how many votes the answer numbered id has.
func (r *PollResults) Votes(id int) int {
	for _, c := range r.AnswerCounts {
		if c.ID == id {
			return c.Count
		}
	}
	return 0
}

func cloneAnswers(as []PollAnswer) []PollAnswer {
	if as == nil {
		return nil
	}
	out := make([]PollAnswer, len(as))
	for i, a := range as {
		a.Media.Emoji = clonePtr(a.Media.Emoji)
		out[i] = a
	}
	return out
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}
