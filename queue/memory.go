package queue

import (
	"bytes"
	"context"
	"fmt"
	"sync"
)

// Memory is a Queue in the process's memory: a bounded buffer of jobs
// that a worker takes with Next or Serve. It serves tests, and running
// locally a bot deployed with a real queue, the way it is deployed; in
// production it is no safer than the endpoint's own goroutines, since
// its jobs are lost with the process. It is safe for concurrent use.
type Memory struct {
	jobs chan Job
}

// NewMemory returns a Memory that holds up to capacity jobs (at least
// one) waiting, and whose Serve runs up to as many at once. Beyond that
// Enqueue waits for room, until its context ends: an endpoint's ends
// before the service stops waiting, and the endpoint then completes the
// job itself (endpoint.WithQueue).
func NewMemory(capacity int) *Memory {
	return &Memory{jobs: make(chan Job, max(capacity, 1))}
}

// Enqueue adds a copy of job, waiting for room until ctx ends.
func (m *Memory) Enqueue(ctx context.Context, job Job) error {
	job.Body = bytes.Clone(job.Body)
	select {
	case m.jobs <- job:
		return nil
	default:
	}
	select {
	case m.jobs <- job:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Len returns how many jobs wait.
func (m *Memory) Len() int { return len(m.jobs) }

// Next takes the oldest job, waiting for one until ctx ends.
func (m *Memory) Next(ctx context.Context) (Job, error) {
	// A job waiting is taken though ctx has ended, as it would be
	// before.
	select {
	case job := <-m.jobs:
		return job, nil
	default:
	}
	select {
	case job := <-m.jobs:
		return job, nil
	case <-ctx.Done():
		return Job{}, ctx.Err()
	}
}

// Serve completes the jobs with w as they come, each on a goroutine of
// its own, no more at once than the queue's capacity: while that many
// run, it takes no other, which waits in the queue, and Enqueue waits for
// room once the queue is full. It serves until ctx ends; then it waits
// for the jobs it started, whose contexts carry ctx's values but do not
// end with it, and returns ctx's error. The errors of jobs w refuses go
// to refused, if it is not nil. Each call of Serve runs up to the
// capacity on its own. A worker that says it cannot complete jobs (see
// Worker) is an error, returned at once.
func (m *Memory) Serve(ctx context.Context, w Worker, refused func(Job, error)) error {
	if err := ready(w); err != nil {
		return fmt.Errorf("queue: serving a queue in memory: %w", err)
	}
	var running sync.WaitGroup
	defer running.Wait()
	jobCtx := context.WithoutCancel(ctx)
	slots := make(chan struct{}, cap(m.jobs))
	for {
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		job, err := m.Next(ctx)
		if err != nil {
			return err
		}
		running.Go(func() {
			defer func() { <-slots }()
			if err := w.Complete(jobCtx, job); err != nil && refused != nil {
				refused(job, err)
			}
		})
	}
}
