package main

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/queue"
)

// fakeSQS keeps the messages sent, or fails.
type fakeSQS struct {
	sent []*sqs.SendMessageInput
	err  error
}

func (f *fakeSQS) SendMessage(ctx context.Context, in *sqs.SendMessageInput, opts ...func(*sqs.Options)) (*sqs.SendMessageOutput, error) {
	if f.err != nil {
		return nil, f.err
	}
	f.sent = append(f.sent, in)
	return &sqs.SendMessageOutput{}, nil
}

func TestTheQueueSendsEachJobAsAMessageTheWorkerReads(t *testing.T) {
	fake := &fakeSQS{}
	q := sqsQueue(fake, "https://sqs.eu-west-1.amazonaws.com/123456789012/Deferred")
	job := queue.Job{Body: []byte(`{"type":2}`), Signature: "ab", Timestamp: "1", Received: time.Unix(1, 0).UTC(),
		Deferral: interaction.CallbackDeferredUpdateMessage, Late: true}
	queue.RandomKeys().Prove(&job)
	if err := q.Enqueue(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	if len(fake.sent) != 1 || *fake.sent[0].QueueUrl != "https://sqs.eu-west-1.amazonaws.com/123456789012/Deferred" {
		t.Fatalf("sent %+v", fake.sent)
	}
	var got queue.Job
	if err := json.Unmarshal([]byte(*fake.sent[0].MessageBody), &got); err != nil {
		t.Fatalf("the message is no job: %v", err)
	}
	if string(got.Body) != string(job.Body) || got.Deferral != job.Deferral || !got.Late || !got.Received.Equal(job.Received) ||
		string(got.Proof) != string(job.Proof) {
		t.Errorf("the message carries %+v, want %+v", got, job)
	}
	fake.err = errors.New("throttled")
	if err := q.Enqueue(context.Background(), job); !errors.Is(err, fake.err) {
		t.Errorf("a failed send: %v", err)
	}
}
