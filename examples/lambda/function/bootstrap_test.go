package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/gorun"
	"github.com/switchboard-go/switchboard/internal/realpart"
	"github.com/switchboard-go/switchboard/queue"
)

// The program is the bootstrap of an OS-only runtime: started with
// AWS_LAMBDA_RUNTIME_API set, it takes the events of that Runtime API
// and posts back its answers, as lambda.Start does. These tests build it
// as the template's functions run it and invoke it in each role, through
// a Runtime API of the test's own, and through AWS's Runtime Interface
// Emulator when aws-lambda-rie is installed.

// runtimeAPI is where the bootstrap runs: invoke hands it an event and
// returns what it answered; log is what it wrote.
type runtimeAPI struct {
	invoke func(t *testing.T, event []byte) []byte
	log    *lockedBuffer
}

// queueKey is the key of the queue the tests give both roles, in hex, as
// the template's QueueKey parameter has it.
const queueKey = "5b0c2f7e9a1d4b6c8e0f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b"

// roleEnv is the environment the template gives a function in role,
// public being the application's key.
func roleEnv(role, public string) []string {
	env := []string{
		"SWITCHBOARD_ROLE=" + role,
		"SWITCHBOARD_PUBLIC_KEY=" + public,
		"SWITCHBOARD_BASE_URL=http://127.0.0.1:1/api/v10",
		"SWITCHBOARD_QUEUE_KEY=" + queueKey,
		// The SDK reads no credentials or configuration of the
		// machine's.
		"AWS_CONFIG_FILE=" + os.DevNull, "AWS_SHARED_CREDENTIALS_FILE=" + os.DevNull, "AWS_REGION=eu-west-1",
	}
	if role == roleEndpoint {
		env = append(env, "SWITCHBOARD_QUEUE_URL=https://sqs.eu-west-1.amazonaws.com/123456789012/Deferred")
	}
	return env
}

// built is the bootstrap, built once for the package's tests.
var built struct {
	once sync.Once
	bin  string
	err  error
	out  []byte
}

// buildBootstrap builds the program as the template's functions run it,
// for this machine's architecture, and returns its path.
func buildBootstrap(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the program")
	}
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "function")
		if err != nil {
			built.err = err
			return
		}
		built.bin = filepath.Join(dir, "bootstrap")
		cmd := gorun.Command(context.Background(), ".", built.bin, "-tags", "lambda.norpc")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		built.out, built.err = cmd.CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("building the bootstrap: %v\n%s", built.err, built.out)
	}
	return built.bin
}

// ownRuntimeAPI starts the bootstrap against a Runtime API served by the
// test: each invocation is the answer to the bootstrap's request for the
// next event.
func ownRuntimeAPI(t *testing.T, bin string, env []string) runtimeAPI {
	type invocation struct {
		event  []byte
		answer chan []byte
	}
	next := make(chan invocation)
	var mu sync.Mutex
	pending := map[string]chan []byte{}
	var ids int
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2018-06-01/runtime/invocation/next", func(w http.ResponseWriter, r *http.Request) {
		select {
		case inv := <-next:
			mu.Lock()
			ids++
			id := fmt.Sprintf("request-%d", ids)
			pending[id] = inv.answer
			mu.Unlock()
			w.Header().Set("Lambda-Runtime-Aws-Request-Id", id)
			w.Header().Set("Lambda-Runtime-Deadline-Ms", strconv.FormatInt(time.Now().Add(time.Minute).UnixMilli(), 10))
			w.Header().Set("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:eu-west-1:123456789012:function:test")
			w.Write(inv.event)
		case <-r.Context().Done():
		}
	})
	answer := func(w http.ResponseWriter, r *http.Request, prefix string) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		ch := pending[r.PathValue("id")]
		delete(pending, r.PathValue("id"))
		mu.Unlock()
		if ch == nil {
			t.Errorf("the bootstrap answered request %q, which it was not given", r.PathValue("id"))
			return
		}
		ch <- append([]byte(prefix), body...)
		w.WriteHeader(http.StatusAccepted)
	}
	mux.HandleFunc("POST /2018-06-01/runtime/invocation/{id}/response", func(w http.ResponseWriter, r *http.Request) { answer(w, r, "") })
	mux.HandleFunc("POST /2018-06-01/runtime/invocation/{id}/error", func(w http.ResponseWriter, r *http.Request) { answer(w, r, "error: ") })
	mux.HandleFunc("POST /2018-06-01/runtime/init/error", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		t.Errorf("the bootstrap failed to start: %s", body)
	})
	srv := httptest.NewServer(mux)
	log := newLockedBuffer()
	cmd := exec.Command(bin)
	cmd.Env = append(append(os.Environ(), env...), "AWS_LAMBDA_RUNTIME_API="+strings.TrimPrefix(srv.URL, "http://"))
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
		srv.Close()
	})
	return runtimeAPI{log: log, invoke: func(t *testing.T, event []byte) []byte {
		t.Helper()
		inv := invocation{event: event, answer: make(chan []byte, 1)}
		select {
		case next <- inv:
		case err := <-exited:
			t.Fatalf("the bootstrap exited: %v\n%s", err, log.String())
		}
		select {
		case got := <-inv.answer:
			return got
		case err := <-exited:
			t.Fatalf("the bootstrap exited: %v\n%s", err, log.String())
		}
		return nil
	}}
}

// freeAddr returns a loopback address no one listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// rie starts the bootstrap under AWS's Runtime Interface Emulator, the
// Lambda execution environment's Runtime API, if aws-lambda-rie is
// installed (.ci/run installs it with go install; where the environment
// asks for every real part, its absence fails the test).
func rie(t *testing.T, bin string, env []string) runtimeAPI {
	path, err := exec.LookPath("aws-lambda-rie")
	if err != nil {
		realpart.Missing(t, "aws-lambda-rie is not installed: go install github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie@latest")
	}
	addr := freeAddr(t)
	log := newLockedBuffer()
	cmd := exec.Command(path, "--runtime-interface-emulator-address", addr, "--runtime-api-address", freeAddr(t), bin)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		// Stopped, the emulator stops the bootstrap it started.
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	})
	return runtimeAPI{log: log, invoke: func(t *testing.T, event []byte) []byte {
		t.Helper()
		url := "http://" + addr + "/2015-03-31/functions/function/invocations"
		// The emulator listens once it has started: until then a
		// connection is refused, and tried again.
		for pause := 10 * time.Millisecond; ; pause = min(2*pause, 500*time.Millisecond) {
			resp, err := http.Post(url, "application/json", bytes.NewReader(event))
			if err == nil {
				defer resp.Body.Close()
				got, err := io.ReadAll(resp.Body)
				if err != nil || resp.StatusCode != http.StatusOK {
					t.Fatalf("the emulator answered %d %s (%v)\n%s", resp.StatusCode, got, err, log.String())
				}
				return got
			}
			select {
			case err := <-exited:
				t.Fatalf("aws-lambda-rie exited: %v\n%s", err, log.String())
			case <-time.After(pause):
			}
		}
	}}
}

// functionURLEvent is the event of a function URL for body, signed with
// key.
func functionURLEvent(t *testing.T, key *interactiontest.Key, body []byte) []byte {
	t.Helper()
	sig, ts := key.Sign(body)
	ev := events.LambdaFunctionURLRequest{
		Version: "2.0", RawPath: "/", Body: string(body),
		Headers: map[string]string{"content-type": "application/json", "x-signature-ed25519": sig, "x-signature-timestamp": ts},
	}
	ev.RequestContext.HTTP.Method = "POST"
	ev.RequestContext.TimeEpoch = time.Now().UnixMilli()
	data, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestTheBootstrapServesEachRoleThroughTheRuntimeAPI(t *testing.T) {
	bin := buildBootstrap(t)
	key := interactiontest.NewKey("lambda")
	for _, rt := range []struct {
		name  string
		start func(t *testing.T, bin string, env []string) runtimeAPI
	}{
		{"the test's Runtime API", ownRuntimeAPI},
		{"aws-lambda-rie", rie},
	} {
		// Each role runs in a process of its own, on a Runtime API of
		// its own: the roles and the Runtime APIs are tried at once.
		t.Run(rt.name+"/endpoint", func(t *testing.T) {
			t.Parallel()
			api := rt.start(t, bin, roleEnv(roleEndpoint, key.PublicKeyHex()))
			for _, tc := range []struct {
				name string
				body []byte
				want string
			}{
				{"a PING", interactiontest.Ping().JSON(), `{"type":1}`},
				{"/ping", interactiontest.Command("ping").JSON(), `pong`},
			} {
				var resp events.LambdaFunctionURLResponse
				got := api.invoke(t, functionURLEvent(t, key, tc.body))
				if err := json.Unmarshal(got, &resp); err != nil || resp.StatusCode != http.StatusOK || !strings.Contains(resp.Body, tc.want) {
					t.Errorf("%s: the function answered %s (%v), want 200 with %s\n%s", tc.name, got, err, tc.want, api.log.String())
				}
			}
			forged := functionURLEvent(t, interactiontest.NewKey("forger"), interactiontest.Ping().JSON())
			var resp events.LambdaFunctionURLResponse
			if got := api.invoke(t, forged); json.Unmarshal(got, &resp) != nil || resp.StatusCode != http.StatusUnauthorized {
				t.Errorf("a forged PING: the function answered %s, want 401", got)
			}
		})
		t.Run(rt.name+"/worker", func(t *testing.T) {
			t.Parallel()
			api := rt.start(t, bin, roleEnv(roleWorker, key.PublicKeyHex()))
			// A job the endpoint's key proves is completed (its answer
			// goes nowhere, and is logged), one proved by another key is
			// refused, as is what is no job.
			ev := events.SQSEvent{Records: []events.SQSMessage{
				{MessageId: "059f36b4-87a3-44ab-83d2-661975830a7d", Body: "hello", EventSource: "aws:sqs"},
				{MessageId: "proved", Body: sqsJob(t, key, queueKey), EventSource: "aws:sqs"},
				{MessageId: "not handed over", Body: sqsJob(t, key, strings.Repeat("ab", 32)), EventSource: "aws:sqs"},
			}}
			data, err := json.Marshal(ev)
			if err != nil {
				t.Fatal(err)
			}
			got := api.invoke(t, data)
			var resp events.SQSEventResponse
			refused := map[string]bool{}
			err = json.Unmarshal(got, &resp)
			for _, f := range resp.BatchItemFailures {
				refused[f.ItemIdentifier] = true
			}
			if err != nil || len(refused) != 2 || !refused[ev.Records[0].MessageId] || !refused["not handed over"] {
				t.Errorf("the worker answered %s (%v), want the messages that are no job, and not proved, reported\n%s", got, err, api.log.String())
			}
			// The refusal is a JSON line whose message_id is the
			// message's; the log's other lines are the platform's. The
			// process writes it before it answers, and the test reads it
			// from a pipe, maybe after the answer.
			found := api.log.waitFor(func(line string) bool {
				var m map[string]any
				return json.Unmarshal([]byte(line), &m) == nil && m["message_id"] == ev.Records[0].MessageId &&
					m["level"] == "error" && m["role"] == roleWorker && strings.Contains(fmt.Sprint(m["error"]), "queue: invalid job")
			})
			if !found {
				t.Errorf("no error logged with the message's id under message_id:\n%s", api.log.String())
			}
		})
	}
}

// sqsJob is the job of a /ping signed with key, proved with the queue's
// key hexKey, in JSON, as the endpoint sends it to the queue.
func sqsJob(t *testing.T, key *interactiontest.Key, hexKey string) string {
	t.Helper()
	keys, err := queue.ParseKeys(hexKey)
	if err != nil {
		t.Fatal(err)
	}
	body := interactiontest.Command("ping").JSON()
	sig, ts := key.Sign(body)
	job := queue.Job{Body: body, Signature: sig, Timestamp: ts, Received: time.Now(),
		Deferral: interaction.CallbackDeferredChannelMessageWithSource}
	keys.Prove(&job)
	data, err := json.Marshal(job)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// lockedBuffer is what a process writes, which the test may read, and
// wait on, while the process writes it.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
	// written has a value after each write not yet waited on.
	written chan struct{}
}

func newLockedBuffer() *lockedBuffer { return &lockedBuffer{written: make(chan struct{}, 1)} }

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case b.written <- struct{}{}:
	default:
	}
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// waitFor waits until a line written satisfies ok, and reports whether
// one did before the process had written nothing for a while.
func (b *lockedBuffer) waitFor(ok func(line string) bool) bool {
	for {
		for line := range strings.Lines(b.String()) {
			if ok(line) {
				return true
			}
		}
		select {
		case <-b.written:
		case <-time.After(10 * time.Second):
			return false
		}
	}
}
