package main

import (
	"context"
	"encoding/json"

	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/switchboard-go/switchboard/queue"
)

// sender is the call of the AWS SDK's SQS client the queue makes.
type sender interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, opts ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

// sqsQueue is the queue of the endpoint: each job, in JSON, a message of
// the SQS queue at url, which the worker function's event source mapping
// delivers to it (awslambda.SQSWorker).
func sqsQueue(client sender, url string) queue.Func {
	return func(ctx context.Context, job queue.Job) error {
		body, err := json.Marshal(job)
		if err != nil {
			return err
		}
		text := string(body)
		_, err = client.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: &url, MessageBody: &text})
		return err
	}
}
