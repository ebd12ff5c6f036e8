package queue

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// Job is an interaction an endpoint deferred and handed to a queue: the
// request as the service signed it, and what a worker needs to complete
// it.
type Job struct {
	// Body is the interaction as the service sent it, and Signature and
	// Timestamp are the request's X-Signature-Ed25519 and
	// X-Signature-Timestamp headers: the worker verifies the signature
	// again, so that what can write to the queue cannot make the bot
	// run a handler for an interaction the service never sent.
	Body                 []byte
	Signature, Timestamp string
	// Received is when the endpoint received the request. The worker
	// checks the signed timestamp against it, and the handler's context
	// ends when the interaction's token expires, interaction.TokenLifetime
	// after it.
	Received time.Time
	// Deferral is the answer the endpoint gave the service:
	// DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, only the user seeing it when
	// Ephemeral is set, or DEFERRED_UPDATE_MESSAGE. How the handler's
	// answer completes the deferral depends on it.
	Deferral  interaction.CallbackType
	Ephemeral bool
	// Late is set when the endpoint ran the handler until shortly
	// before the service stopped waiting, then canceled that run and
	// handed the interaction over: the handler runs again in the worker.
	// It is unset for a route declared router.Queued, whose handler runs
	// in the worker only.
	Late bool
	// Proof is the endpoint's proof that it handed the job over, as it
	// stands: a tag, by a key the endpoint and its workers share, of
	// everything else the job holds (Keys.Prove). A worker refuses a
	// job it does not prove (Keys.Verify).
	Proof []byte
}

// wireJob is a Job as JSON. The body is in base64, not a nested value
// or a string: its bytes are what the signature covers, which base64
// keeps as they are, and its length is a third more than theirs, where
// a JSON string's escapes could make it six times as long, so that a
// worker bounds a job by its endpoint's bound on a body
// (DefaultMaxJobSize).
type wireJob struct {
	Body      []byte    `json:"body"`
	Signature string    `json:"signature"`
	Timestamp string    `json:"timestamp"`
	Received  time.Time `json:"received"`
	Deferral  int       `json:"deferral"`
	Ephemeral bool      `json:"ephemeral,omitempty"`
	Late      bool      `json:"late,omitempty"`
	Proof     []byte    `json:"proof"`
}

// ErrInvalidJob is wrapped by the errors of a job that cannot be
// completed as it stands: one that does not decode, or lacks what a
// worker needs.
var ErrInvalidJob = errors.New("queue: invalid job")

// MarshalJSON encodes the job as a JSON object, with the body and the
// proof in base64.
func (j Job) MarshalJSON() ([]byte, error) {
	return json.Marshal(wireJob{
		Body: j.Body, Signature: j.Signature, Timestamp: j.Timestamp,
		Received: j.Received, Deferral: int(j.Deferral), Ephemeral: j.Ephemeral, Late: j.Late, Proof: j.Proof,
	})
}

// UnmarshalJSON decodes a job MarshalJSON encoded, and checks it with
// Check. Its errors wrap ErrInvalidJob; but json.Unmarshal refuses data
// that is not JSON before it calls UnmarshalJSON, with an error of its
// own: DecodeJob wraps that one too.
func (j *Job) UnmarshalJSON(data []byte) error {
	var w wireJob
	if err := json.Unmarshal(data, &w); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidJob, err)
	}
	job := Job{
		Body: w.Body, Signature: w.Signature, Timestamp: w.Timestamp,
		Received: w.Received, Deferral: interaction.CallbackType(w.Deferral), Ephemeral: w.Ephemeral, Late: w.Late,
		Proof: w.Proof,
	}
	if err := job.Check(); err != nil {
		return err
	}
	*j = job
	return nil
}

// DecodeJob decodes the job in data, the JSON MarshalJSON encodes, as a
// worker receives it from a queue. Every error it returns wraps
// ErrInvalidJob, data that is not JSON at all included, and names what is
// wrong without quoting the job, whose body holds the interaction's
// token.
func DecodeJob(data []byte) (Job, error) {
	var job Job
	if err := json.Unmarshal(data, &job); err != nil {
		if !errors.Is(err, ErrInvalidJob) {
			err = fmt.Errorf("%w: %w", ErrInvalidJob, err)
		}
		return Job{}, err
	}
	return job, nil
}

// Check reports what the job lacks for a worker to complete it, as an
// error wrapping ErrInvalidJob that names the field, or nil. It does not
// verify the proof, which takes the keys (Keys.Verify), nor the
// signature, which takes the application's public key.
func (j *Job) Check() error {
	switch {
	case len(j.Body) == 0:
		return fmt.Errorf("%w: /body is empty", ErrInvalidJob)
	case j.Signature == "":
		return fmt.Errorf("%w: /signature is empty", ErrInvalidJob)
	case j.Timestamp == "":
		return fmt.Errorf("%w: /timestamp is empty", ErrInvalidJob)
	case j.Received.IsZero():
		return fmt.Errorf("%w: /received is missing", ErrInvalidJob)
	case len(j.Proof) == 0:
		return fmt.Errorf("%w: /proof is missing", ErrInvalidJob)
	case j.Deferral != interaction.CallbackDeferredChannelMessageWithSource && j.Deferral != interaction.CallbackDeferredUpdateMessage:
		return fmt.Errorf("%w: /deferral is %d, not a deferral (%d or %d)", ErrInvalidJob, j.Deferral,
			interaction.CallbackDeferredChannelMessageWithSource, interaction.CallbackDeferredUpdateMessage)
	case j.Ephemeral && j.Deferral != interaction.CallbackDeferredChannelMessageWithSource:
		return fmt.Errorf("%w: /ephemeral is set on a deferred update, which shows no message", ErrInvalidJob)
	}
	return nil
}
