package review

// Wording is the words of a violation's Message.
type Wording uint8

const (
	// ForBot words a violation for the bot's developer, as in "at most 25
	// fields, has 26".
	ForBot Wording = iota
	// AsService words it as the service's error body does, as in "Must be
	// 25 or fewer in length.", so that a server that answers as the
	// service does fills its errors tree from the same rules. The
	// violations of components keep package component's words.
	AsService
)

// Kind is what a message sent through an interaction's token is, which
// decides the rules it follows.
type Kind uint8

const (
	// Followup is a new message: a follow-up, or the first message after
	// a deferral, which completes it. It must show something.
	Followup Kind = iota
	// Edit is an edit of the first answer or of a follow-up, which
	// changes the fields it sets and leaves the others: whether the
	// message it leaves shows something depends on the message.
	Edit
)
