package queue_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/switchboard-go/switchboard/queue"
)

// workerFunc adapts a function to queue.Worker.
type workerFunc func(ctx context.Context, job queue.Job) error

func (f workerFunc) Complete(ctx context.Context, job queue.Job) error { return f(ctx, job) }

func TestMemoryKeepsACopyOfTheBody(t *testing.T) {
	q := queue.NewMemory(1)
	job := sampleJob()
	body := job.Body
	if err := q.Enqueue(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	want := string(body)
	body[0] = 'X' // the request's buffer, reused
	got, err := q.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Body) != want {
		t.Errorf("the job's body changed with the request's buffer: %s", got.Body)
	}
}

func TestMemoryWaitsForRoomUntilTheContextEnds(t *testing.T) {
	q := queue.NewMemory(1)
	if err := q.Enqueue(context.Background(), sampleJob()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := q.Enqueue(ctx, sampleJob()); !errors.Is(err, context.Canceled) {
		t.Errorf("Enqueue on a full queue = %v, want the context's error", err)
	}
	if q.Len() != 1 {
		t.Errorf("Len = %d, want 1", q.Len())
	}
	if _, err := q.Next(ctx); err != nil {
		t.Errorf("Next with a job waiting = %v", err)
	}
	if _, err := q.Next(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Next on an empty queue = %v, want the context's error", err)
	}
}

// Serve completes each job as it comes, reports those the worker
// refuses, and on its way out waits for the jobs it started, whose
// contexts outlive its own.
func TestServeCompletesTheJobsAndWaitsForThem(t *testing.T) {
	q := queue.NewMemory(4)
	started := make(chan struct{}, 2)
	release := make(chan struct{})
	var mu sync.Mutex
	var completed []string
	var refused []error
	w := workerFunc(func(ctx context.Context, job queue.Job) error {
		if job.Timestamp == "bad" {
			return queue.ErrInvalidJob
		}
		started <- struct{}{}
		<-release
		if ctx.Err() != nil {
			return ctx.Err()
		}
		mu.Lock()
		completed = append(completed, job.Timestamp)
		mu.Unlock()
		return nil
	})
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() {
		served <- q.Serve(ctx, w, func(job queue.Job, err error) {
			mu.Lock()
			refused = append(refused, err)
			mu.Unlock()
		})
	}()
	for _, ts := range []string{"1", "bad", "2"} {
		job := sampleJob()
		job.Timestamp = ts
		if err := q.Enqueue(context.Background(), job); err != nil {
			t.Fatal(err)
		}
	}
	<-started
	<-started
	stop()
	select {
	case err := <-served:
		t.Fatalf("Serve returned (%v) with jobs running", err)
	case <-time.After(20 * time.Millisecond):
	}
	close(release)
	if err := <-served; !errors.Is(err, context.Canceled) {
		t.Errorf("Serve = %v, want its context's error", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(completed) != 2 || len(refused) != 1 || !errors.Is(refused[0], queue.ErrInvalidJob) {
		t.Errorf("completed %q, refused %v", completed, refused)
	}
}

func TestFuncEnqueuesWithTheFunction(t *testing.T) {
	var got queue.Job
	q := queue.Func(func(ctx context.Context, job queue.Job) error { got = job; return nil })
	if err := q.Enqueue(context.Background(), sampleJob()); err != nil || got.Timestamp != sampleJob().Timestamp {
		t.Errorf("Enqueue = %v, the function got %+v", err, got)
	}
}

// Serve runs no more jobs at once than the queue's capacity, however
// many wait: the others wait in the queue, and Enqueue waits for room.
func TestServeRunsAtMostItsCapacityAtOnce(t *testing.T) {
	for _, capacity := range []int{1, 3} {
		t.Run("capacity "+string(rune('0'+capacity)), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				const jobs = 200
				q := queue.NewMemory(capacity)
				var running, most, done atomic.Int32
				step := make(chan struct{})
				w := workerFunc(func(ctx context.Context, job queue.Job) error {
					n := running.Add(1)
					for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
					}
					<-step
					running.Add(-1)
					done.Add(1)
					return nil
				})
				ctx, stop := context.WithCancel(context.Background())
				served := make(chan error, 1)
				go func() { served <- q.Serve(ctx, w, nil) }()
				go func() {
					for range jobs {
						if q.Enqueue(ctx, sampleJob()) != nil {
							return
						}
					}
				}()
				for {
					synctest.Wait()
					if n := running.Load(); n > int32(capacity) {
						t.Errorf("%d jobs run at once, over the capacity of %d", n, capacity)
						break
					}
					if done.Load() == jobs {
						break
					}
					step <- struct{}{}
				}
				stop()
				close(step)
				<-served
				if m := most.Load(); m != int32(capacity) {
					t.Errorf("at most %d jobs ran at once, want %d", m, capacity)
				}
			})
		})
	}
}
