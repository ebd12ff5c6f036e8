package emulator

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/signer"
)

// maxAnswerBody bounds what the emulator reads of an answer: a JSON
// answer is bounded as the JSON of a request (maxJSONBody), and an answer
// with files as a request with files.
const maxAnswerBody = maxRequestBody

// record files a prepared interaction as sent, so that the callback and
// webhook endpoints find it by id and token; a submission closes its
// modal. The caller holds s.st.mu.
func (s *Server) record(p *prepared) {
	p.si.sent = s.st.now()
	p.si.settled, p.si.responding = make(chan struct{}), make(chan struct{})
	s.st.interactions[p.si.ix.ID] = p.si
	s.st.byToken[p.si.ix.Token] = p.si
	s.st.keep(p.si)
	if p.si.ix.Type == interaction.TypeModalSubmit {
		// The client closes a modal as it sends the submission.
		delete(s.st.modals, p.si.ix.Invoker().ID)
	}
}

// deliver signs the interaction and POSTs it to the bot, waiting the
// response window for the answer. It runs without the lock: the bot may
// call the callback endpoints while it answers.
//
// A bot may acknowledge the interaction with 202 Accepted and send its
// answer through the callback endpoint instead, which the service accepts
// for every interaction but PING (discord/discord-api-docs#7311, where
// answering 202 and then calling the callback endpoint works for commands
// and fails only for PING; Snazzah/slash-create's postCallbacks option
// answers so). deliver then waits, within the same window, for that
// answer; settle decides whether it came.
func (s *Server) deliver(ctx context.Context, url string, p *prepared, res *Result) {
	ctx, cancel := context.WithTimeout(ctx, s.window)
	defer cancel()
	status, contentType, body, took, err := s.exchangeBody(ctx, url, p.body, signing{by: p.by, shift: p.faults.shift}, maxAnswerBody, exchangeHooks{
		headers: func() {
			s.st.mu.Lock()
			p.si.markResponding()
			s.st.mu.Unlock()
		},
		// A bot may write its whole answer, flush it and then, before
		// it ends the response, edit @original or send a follow-up
		// and wait for the answer: for the service the answer exists
		// once it is written. A JSON answer is settled as soon as the
		// whole value has arrived.
		value: func(status int, contentType string, value []byte, took time.Duration) {
			res.Status, res.answerType, res.RawAnswer, res.Took = status, contentType, value, took
			s.settleNow(p, res)
		},
	})
	if res.settled {
		// Settled with the value; what followed it is not the answer.
		return
	}
	res.Status, res.answerType, res.RawAnswer, res.Took = status, contentType, body, took
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		res.Status = 0
		res.Violations = append(res.Violations, "the application did not respond within "+s.window.String())
	case err != nil:
		res.Violations = append(res.Violations, "the application did not respond: "+err.Error())
	case status == http.StatusAccepted:
		s.awaitCallback(ctx, p)
	}
}

// awaitCallback waits, until ctx ends, for the answer to p through the
// callback endpoint, the only way it comes: no answer comes in an HTTP
// response, and webhook requests waiting for one need not wait
// (awaitSettled).
func (s *Server) awaitCallback(ctx context.Context, p *prepared) {
	s.st.mu.Lock()
	p.si.markSettled()
	s.st.mu.Unlock()
	select {
	case <-p.si.acked:
	case <-ctx.Done():
	}
}

// post sends a body signed by by (or, with good false, wrongly signed),
// and reads at most limit bytes of the answer and one more.
func (s *Server) post(ctx context.Context, by *signer.Signer, url string, body []byte, good bool, limit int64) (status int, answer []byte, took time.Duration, err error) {
	status, _, answer, took, err = s.exchangeBody(ctx, url, body, signing{by: by, bad: !good}, limit, exchangeHooks{})
	return status, answer, took, err
}

// signing is how a body is signed: by the key of the application it is
// sent to, at the time now, moved by shift, and well, or (bad) with a
// valid signature of other bytes, which only a bot that checks against
// the body it received refuses.
type signing struct {
	by    *signer.Signer
	bad   bool
	shift time.Duration
}

// exchangeHooks are what exchangeBody calls as an answer arrives; either
// may be nil.
type exchangeHooks struct {
	// headers is called once the head of the answer has arrived, before
	// its body is read.
	headers func()
	// value is called once a 200 answer of JSON holds a whole value,
	// whether or not the body has ended, with that value.
	value func(status int, contentType string, value []byte, took time.Duration)
}

// exchangeBody is post, and returns the Content-Type of the answer too.
// It reads the answer up to one byte over limit, so that an answer over
// it is known to be, calling hooks as it arrives.
func (s *Server) exchangeBody(ctx context.Context, url string, body []byte, how signing, limit int64, hooks exchangeHooks) (status int, contentType string, answer []byte, took time.Duration, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, "", nil, 0, err
	}
	signed := body
	if how.bad {
		signed = append([]byte("x"), body...)
	}
	// The bot checks the timestamp against its own clock, the wall
	// clock, whatever the emulator's is.
	sig, ts := how.by.Sign(signed, time.Now().Add(how.shift))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Service-Interactions/1.0 (+https://emulator.invalid)")
	req.Header.Set("X-Signature-Ed25519", sig)
	req.Header.Set("X-Signature-Timestamp", ts)
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", nil, time.Since(start), err
	}
	defer resp.Body.Close()
	if hooks.headers != nil {
		hooks.headers()
	}
	status, contentType = resp.StatusCode, resp.Header.Get("Content-Type")
	r := io.LimitReader(resp.Body, limit+1)
	if hooks.value == nil || status != http.StatusOK || !isJSON(contentType) {
		answer, err = io.ReadAll(r)
		return status, contentType, answer, time.Since(start), err
	}
	var buf bytes.Buffer
	var scan jsonEnd
	chunk := make([]byte, 32<<10)
	for {
		n, rerr := r.Read(chunk)
		buf.Write(chunk[:n])
		if end := scan.feed(chunk[:n]); end >= 0 {
			// The value ends within what was read: the rest of the
			// body, if any, is read and dropped, bounded as the answer.
			value := bytes.Clone(buf.Bytes()[:buf.Len()-n+end])
			hooks.value(status, contentType, value, time.Since(start))
			_, err = io.Copy(io.Discard, r)
			return status, contentType, value, time.Since(start), err
		}
		if rerr == io.EOF {
			return status, contentType, buf.Bytes(), time.Since(start), nil
		}
		if rerr != nil {
			return status, contentType, buf.Bytes(), time.Since(start), rerr
		}
	}
}

// isJSON reports whether a Content-Type is JSON's.
func isJSON(contentType string) bool {
	media, _, _ := strings.Cut(contentType, ";")
	return strings.EqualFold(strings.TrimSpace(media), "application/json")
}

// jsonEnd finds where the first JSON object or array of a stream ends, fed
// the stream a piece at a time, without parsing it: it follows the depth
// of brackets outside strings. A stream that begins with anything else is
// never found to end, and is read whole.
type jsonEnd struct {
	depth    int
	started  bool
	inString bool
	escaped  bool
	done     bool // no end will be found: not an object or array, or ended
}

// feed reads the next piece of the stream and returns the offset in it
// just past the end of the value, or -1.
func (j *jsonEnd) feed(p []byte) int {
	for i, c := range p {
		if j.done {
			return -1
		}
		switch {
		case j.inString:
			switch {
			case j.escaped:
				j.escaped = false
			case c == '\\':
				j.escaped = true
			case c == '"':
				j.inString = false
			}
		case !j.started:
			switch c {
			case ' ', '\t', '\r', '\n':
			case '{', '[':
				j.started, j.depth = true, 1
			default:
				j.done = true
			}
		case c == '"':
			j.inString = true
		case c == '{' || c == '[':
			j.depth++
		case c == '}' || c == ']':
			j.depth--
			if j.depth == 0 {
				j.done = true
				return i + 1
			}
		}
	}
	return -1
}

// settle checks the answer and keeps it with the interaction. The caller
// holds s.st.mu.
func (s *Server) settle(p *prepared, res *Result) {
	if res.Status == 0 && !res.Gateway {
		return
	}
	si := p.si
	if res.Gateway {
		if si.answer == nil {
			res.Violations = append(res.Violations, "the application sent no answer through the callback endpoint within "+
				s.window.String()+" of the interaction's INTERACTION_CREATE")
			return
		}
		res.Answer = *si.answer
		return
	}
	if res.Status == http.StatusAccepted {
		// An acknowledgement: the answer is the one the callback
		// endpoint took, whatever the body says.
		if si.answer == nil {
			res.Violations = append(res.Violations, "the application acknowledged the interaction with 202 Accepted "+
				"but sent no answer through the callback endpoint within "+s.window.String())
			return
		}
		res.Answer = *si.answer
		return
	}
	if res.Status != http.StatusOK {
		res.Violations = append(res.Violations, "the answer has status "+http.StatusText(res.Status)+
			", neither 200 OK with the answer nor 202 Accepted with the answer sent through the callback endpoint")
		return
	}
	if len(bytes.TrimSpace(res.RawAnswer)) == 0 && si.answer != nil {
		// The bot answered through the callback endpoint meanwhile.
		res.Answer = *si.answer
		return
	}
	answer, files, refused := readAnswer(si.ix, res.answerType, res.RawAnswer)
	if refused != "" {
		res.Violations = append(res.Violations, refused)
		return
	}
	res.Answer = answer.Response
	if si.answer != nil {
		res.Violations = append(res.Violations, "the interaction has already been acknowledged")
		return
	}
	if v := s.lateAnswer(si); v != "" {
		res.Violations = append(res.Violations, v)
		return
	}
	atts, v := s.answerViolations(p, &answer, files)
	if len(v) > 0 {
		// The service refuses it: the user sees the interaction fail.
		res.Violations = append(res.Violations, v...)
		return
	}
	s.acknowledge(si, &answer, atts, s.st.now())
}
