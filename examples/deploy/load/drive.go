package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// answerTimeout is the service's wait for an answer: a request answered
// later counts as failed.
const answerTimeout = 3 * time.Second

// wantAnswer is in serve's answer to the /greet the driver sends.
var wantAnswer = []byte("HELLO, ADA!")

// result is what a run measured.
type result struct {
	sent, failed int
	firstFailure error
	elapsed      time.Duration
	latencies    []time.Duration // of the answered requests, sorted
}

// greeting returns the body of a /greet, where its interaction id's
// digits are and where its user's are, so that each request can carry an
// id of its own and come from a user of its own, as a bot's traffic comes
// from many users (serve limits each user's greetings).
func greeting() (body []byte, idAt, userAt int, id uint64) {
	b := interactiontest.Command("greet").String("name", "Ada").Bool("loud", true)
	ix := b.Interaction()
	body = b.JSON()
	idAt = bytes.Index(body, []byte(`"id":"`+ix.ID.String()+`"`))
	userAt = bytes.Index(body, []byte(`"id":"`+interactiontest.UserID.String()+`"`))
	if idAt < 0 || userAt < 0 || len(ix.ID.String()) != len(interactiontest.UserID.String()) {
		panic("load: the interaction's and the user's ids are not where JSON puts them, or not of one length")
	}
	return body, idAt + len(`"id":"`), userAt + len(`"id":"`), uint64(ix.ID)
}

// drive sends requests from c.conns connections until c.duration has
// passed, c.requests were sent, or ctx ends.
func drive(ctx context.Context, c config, key *interactiontest.Key) (result, error) {
	client := &fasthttp.HostClient{
		Addr:         c.url.Host,
		MaxConns:     c.conns,
		ReadTimeout:  answerTimeout,
		WriteTimeout: answerTimeout,
	}
	ctx, cancel := context.WithTimeout(ctx, c.duration)
	defer cancel()
	uri := c.url.String()
	template, idAt, userAt, firstID := greeting()
	idLen := len(strconv.FormatUint(firstID, 10))
	var (
		next atomic.Int64 // requests claimed
		mu   sync.Mutex
		r    result
		wg   sync.WaitGroup
	)
	start := time.Now()
	for range c.conns {
		wg.Go(func() {
			body, idBuf := slices.Clone(template), make([]byte, 0, 20)
			req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
			defer fasthttp.ReleaseRequest(req)
			defer fasthttp.ReleaseResponse(resp)
			var (
				latencies []time.Duration
				failed    int
				first     error
			)
			for ctx.Err() == nil {
				n := next.Add(1)
				if c.requests > 0 && n > int64(c.requests) {
					break
				}
				// A new id, of the same length, for each interaction.
				id := strconv.AppendUint(idBuf[:0], firstID+uint64(n), 10)
				if len(id) != idLen {
					break
				}
				copy(body[idAt:], id)
				copy(body[userAt:], id)
				sig, ts := key.Sign(body)
				req.Reset()
				req.SetRequestURI(uri)
				req.Header.SetMethod(fasthttp.MethodPost)
				req.Header.SetContentType("application/json")
				req.Header.Set(endpoint.HeaderSignature, sig)
				req.Header.Set(endpoint.HeaderTimestamp, ts)
				req.SetBody(body)
				sent := time.Now()
				err := client.DoTimeout(req, resp, answerTimeout)
				took := time.Since(sent)
				switch {
				case err != nil:
				case resp.StatusCode() != fasthttp.StatusOK:
					err = fmt.Errorf("answered %d: %s", resp.StatusCode(), resp.Body())
				case !bytes.Contains(resp.Body(), wantAnswer):
					err = fmt.Errorf("answered %s, without %q", resp.Body(), wantAnswer)
				}
				if err != nil {
					failed++
					if first == nil {
						first = err
					}
					continue
				}
				latencies = append(latencies, took)
			}
			mu.Lock()
			defer mu.Unlock()
			r.sent += len(latencies) + failed
			r.failed += failed
			if r.firstFailure == nil {
				r.firstFailure = first
			}
			r.latencies = append(r.latencies, latencies...)
		})
	}
	wg.Wait()
	r.elapsed = time.Since(start)
	slices.Sort(r.latencies)
	if r.sent == 0 {
		return r, fmt.Errorf("sent no request to %s", c.url)
	}
	return r, nil
}

// percentile returns the latency below which p of the answered requests
// were answered.
func (r *result) percentile(p float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	return r.latencies[min(len(r.latencies)-1, int(p*float64(len(r.latencies))))]
}

func (r *result) print(w io.Writer, server *process) {
	answered := r.sent - r.failed
	fmt.Fprintf(w, "%d requests in %v: %d answered (%.0f/s), %d failed\n",
		r.sent, r.elapsed.Round(time.Millisecond), answered, float64(answered)/r.elapsed.Seconds(), r.failed)
	fmt.Fprintf(w, "latency: p50 %v, p90 %v, p99 %v, max %v\n",
		r.percentile(0.50), r.percentile(0.90), r.percentile(0.99), r.percentile(1))
	if server == nil {
		return
	}
	s := server.stop()
	fmt.Fprintf(w, "server %d: %.2f CPU-seconds (%.2f cores): %.0f answered per CPU-second\n",
		server.pid, s.cpu.Seconds(), s.cpu.Seconds()/r.elapsed.Seconds(), float64(answered)/s.cpu.Seconds())
	fmt.Fprintf(w, "server %d: RSS %.1f MiB before, %.1f MiB at most during, %.1f MiB after; peak since start (VmHWM) %.1f MiB\n",
		server.pid, mib(s.before), mib(s.during), mib(s.after), mib(s.hwm))
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }
