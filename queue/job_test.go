package queue_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/queue"
)

// sampleJob is a job as an endpoint hands it over, its body with the
// characters JSON escapes, which must come back as they were signed.
func sampleJob() queue.Job {
	return queue.Job{
		Body:      []byte(`{"type":2,"id":"1","data":{"name":"say","options":[{"name":"text","value":"<b>&\u2028é"}]}}`),
		Signature: strings.Repeat("ab", 64),
		Timestamp: "1763800000",
		Received:  time.Date(2025, 11, 22, 8, 26, 40, 123456789, time.UTC),
		Deferral:  interaction.CallbackDeferredChannelMessageWithSource,
		Ephemeral: true,
		Late:      true,
	}
}

func TestAJobComesBackFromJSONAsItWasSigned(t *testing.T) {
	job := sampleJob()
	data, err := json.Marshal(job)
	if err != nil {
		t.Fatal(err)
	}
	var got queue.Job
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("decoding %s: %v", data, err)
	}
	if !got.Received.Equal(job.Received) {
		t.Errorf("received %v, want %v", got.Received, job.Received)
	}
	got.Received = job.Received
	if !reflect.DeepEqual(got, job) {
		t.Errorf("decoded %+v\nwant %+v", got, job)
	}
	// The body is a string, not a value re-encoded.
	var wire map[string]any
	if err := json.Unmarshal(data, &wire); err != nil {
		t.Fatal(err)
	}
	if _, ok := wire["body"].(string); !ok {
		t.Errorf("the body is %T in %s, want a string", wire["body"], data)
	}
}

func TestAJobThatIsNotUTF8IsNotEncoded(t *testing.T) {
	job := sampleJob()
	job.Body = []byte{'{', 0xff, '}'}
	if _, err := json.Marshal(job); !errors.Is(err, queue.ErrInvalidJob) {
		t.Errorf("Marshal = %v, want ErrInvalidJob", err)
	}
}

func TestAJobLackingWhatAWorkerNeedsIsRefused(t *testing.T) {
	for _, tc := range []struct {
		name, json, where string
	}{
		{"without a body", `{"signature":"ab","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":5}`, "/body"},
		{"without a signature", `{"body":"{}","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":5}`, "/signature"},
		{"without a timestamp", `{"body":"{}","signature":"ab","received":"2025-11-22T08:26:40Z","deferral":5}`, "/timestamp"},
		{"without the time it was received", `{"body":"{}","signature":"ab","timestamp":"1","deferral":5}`, "/received"},
		{"whose answer is no deferral", `{"body":"{}","signature":"ab","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":4}`, "/deferral"},
		{"ephemeral after a deferred update", `{"body":"{}","signature":"ab","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":6,"ephemeral":true}`, "/ephemeral"},
		{"of a field of the wrong type", `{"body":{},"signature":"ab","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":5}`, "body"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var job queue.Job
			err := json.Unmarshal([]byte(tc.json), &job)
			if !errors.Is(err, queue.ErrInvalidJob) || !strings.Contains(err.Error(), tc.where) {
				t.Errorf("Unmarshal = %v, want ErrInvalidJob naming %s", err, tc.where)
			}
		})
	}
}

func FuzzJobJSON(f *testing.F) {
	data, err := json.Marshal(sampleJob())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"body":"{}","signature":"ab","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":6}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var job queue.Job
		if err := json.Unmarshal(data, &job); err != nil {
			return
		}
		// A job that decodes is whole, and encodes to what decodes to
		// it again.
		if err := job.Check(); err != nil {
			t.Fatalf("decoded a job Check refuses: %v", err)
		}
		again, err := json.Marshal(job)
		if err != nil {
			return // a body that is not UTF-8 once decoded
		}
		var back queue.Job
		if err := json.Unmarshal(again, &back); err != nil {
			t.Fatalf("%s does not decode: %v", again, err)
		}
		if string(back.Body) != string(job.Body) || back.Signature != job.Signature || !back.Received.Equal(job.Received) {
			t.Fatalf("%s came back as %+v", again, back)
		}
	})
}
