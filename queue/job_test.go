package queue_test

import (
	"encoding/base64"
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
		Proof:     []byte{1, 2, 3},
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
	// The body is in base64, not a value re-encoded nor a string
	// JSON's escapes lengthen.
	var wire map[string]any
	if err := json.Unmarshal(data, &wire); err != nil {
		t.Fatal(err)
	}
	if b, ok := wire["body"].(string); !ok || b != base64.StdEncoding.EncodeToString(job.Body) {
		t.Errorf("the body is %v in %s, want it in base64", wire["body"], data)
	}
}

// A body that is not UTF-8, which the service never sends, still comes
// back as it was.
func TestAJobThatIsNotUTF8ComesBackAsItWas(t *testing.T) {
	job := sampleJob()
	job.Body = []byte{'{', 0xff, '}'}
	data, err := json.Marshal(job)
	if err != nil {
		t.Fatal(err)
	}
	got, err := queue.DecodeJob(data)
	if err != nil || string(got.Body) != string(job.Body) {
		t.Errorf("DecodeJob = %q, %v", got.Body, err)
	}
}

func TestAJobLackingWhatAWorkerNeedsIsRefused(t *testing.T) {
	for _, tc := range []struct {
		name, json, where string
	}{
		{"without a body", `{"signature":"ab","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":5,"proof":"AQID"}`, "/body"},
		{"without a signature", `{"body":"e30=","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":5,"proof":"AQID"}`, "/signature"},
		{"without a timestamp", `{"body":"e30=","signature":"ab","received":"2025-11-22T08:26:40Z","deferral":5,"proof":"AQID"}`, "/timestamp"},
		{"without the time it was received", `{"body":"e30=","signature":"ab","timestamp":"1","deferral":5,"proof":"AQID"}`, "/received"},
		{"whose answer is no deferral", `{"body":"e30=","signature":"ab","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":4,"proof":"AQID"}`, "/deferral"},
		{"ephemeral after a deferred update", `{"body":"e30=","signature":"ab","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":6,"ephemeral":true,"proof":"AQID"}`, "/ephemeral"},
		{"without a proof", `{"body":"e30=","signature":"ab","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":5}`, "/proof"},
		{"of a field of the wrong type", `{"body":{},"signature":"ab","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":5,"proof":"AQID"}`, "body"},
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

func TestDecodeJobRefusesWhatIsNoJobAsInvalid(t *testing.T) {
	good, err := json.Marshal(sampleJob())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, data string
		syntax     bool // whether the error is also the JSON decoder's *json.SyntaxError
	}{
		{"that is empty", "", true},
		{"that is not JSON", "hello", true},
		{"that is cut short", string(good[:len(good)/2]), true},
		{"followed by more", string(good) + " {}", true},
		{"that is a string", `"a job"`, false},
		{"that is a number", `42`, false},
		{"that is an array", `[]`, false},
		{"that is null", `null`, false},
		{"of an empty object", `{}`, false},
		{"of a field of the wrong type", `{"body":{},"signature":"ab","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":5,"proof":"AQID"}`, false},
		{"of a time that is no time", `{"body":"e30=","signature":"ab","timestamp":"1","received":"yesterday","deferral":5,"proof":"AQID"}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			job, err := queue.DecodeJob([]byte(tc.data))
			if !errors.Is(err, queue.ErrInvalidJob) {
				t.Fatalf("DecodeJob(%q) = %v, want ErrInvalidJob", tc.data, err)
			}
			if _, ok := errors.AsType[*json.SyntaxError](err); ok != tc.syntax {
				t.Errorf("DecodeJob(%q) = %v: a *json.SyntaxError in it is %v, want %v", tc.data, err, ok, tc.syntax)
			}
			if !reflect.DeepEqual(job, queue.Job{}) {
				t.Errorf("DecodeJob(%q) returned %+v with its error", tc.data, job)
			}
		})
	}
	job, err := queue.DecodeJob(good)
	if err != nil || job.Signature != sampleJob().Signature {
		t.Errorf("DecodeJob of a job = %+v, %v", job, err)
	}
}

func FuzzJobJSON(f *testing.F) {
	data, err := json.Marshal(sampleJob())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"body":"e30=","signature":"ab","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":6,"proof":"AQID"}`))
	f.Add([]byte(`{}`))
	f.Add([]byte(`hello`))
	f.Fuzz(func(t *testing.T, data []byte) {
		job, err := queue.DecodeJob(data)
		if err != nil {
			if !errors.Is(err, queue.ErrInvalidJob) {
				t.Fatalf("DecodeJob(%q) = %v, which does not wrap ErrInvalidJob", data, err)
			}
			return
		}
		// A job that decodes is whole, and encodes to what decodes to
		// it again.
		if err := job.Check(); err != nil {
			t.Fatalf("decoded a job Check refuses: %v", err)
		}
		again, err := json.Marshal(job)
		if err != nil {
			t.Fatalf("a job decoded does not encode: %v", err)
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
