package emulator

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// A bot that answers in the HTTP response and at once edits @original,
// fetches it or sends a follow-up finds the answer there, however soon
// its request comes: each request here is made after the bot's answer has
// been read and before the emulator settles it, which is when it used to
// be told 10015 Unknown Webhook.
func TestTheAnswerExistsOnceTheBotHasWrittenIt(t *testing.T) {
	for _, tc := range []struct {
		name, method, path, body string
	}{
		{"an edit of @original", "PATCH", "/messages/@original", `{"content":"edited"}`},
		{"a fetch of @original", "GET", "/messages/@original", ""},
		{"a follow-up", "POST", "", `{"content":"more"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := startOASWorld(t)
			answers := make(chan oasAnswer, 1)
			waiting := make(chan struct{}, 1)
			w.s.hooks.awaiting = func(*sentInteraction) { waiting <- struct{}{} }
			w.s.hooks.settling = func(si *sentInteraction) {
				if si.ix.Type != interaction.TypeApplicationCommand {
					return
				}
				go func() {
					answers <- w.anon(t, tc.method, "/webhooks/"+w.s.ApplicationID.String()+"/"+si.ix.Token+tc.path, tc.body)
				}()
				// The request either waits for the answer to be settled,
				// or has been answered without it.
				select {
				case <-waiting:
				case a := <-answers:
					answers <- a
				}
			}
			res, err := w.s.Invoke(context.Background(), Invocation{Guild: w.s.GuildID, Command: "poll"})
			mustOK(t, res, err)
			if a := <-answers; a.status != http.StatusOK {
				t.Fatalf("%s right after the answer: %d %s", tc.name, a.status, a.body)
			}
		})
	}
}

// A webhook request made before the bot answers at all, the bot
// answering only after it and without an answer the service takes (202
// with nothing sent to the callback endpoint, or an error), finds no
// webhook, as with the service, once the exchange is over.
func TestAWebhookRequestBeforeTheAnswerFindsNone(t *testing.T) {
	for _, status := range []int{http.StatusAccepted, http.StatusInternalServerError} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			// The window only bounds how long the emulator waits for
			// an answer through the callback endpoint that never comes.
			w := startOASWorldWith(t, Config{ResponseWindow: 100 * time.Millisecond})
			got := make(chan oasAnswer, 1)
			w.bot.mu.Lock()
			w.bot.hook = func(ix *interaction.Interaction) (int, string) {
				go func() {
					got <- w.anon(t, "GET", "/webhooks/"+w.s.ApplicationID.String()+"/"+ix.Token+"/messages/@original", "")
				}()
				return status, ""
			}
			w.bot.mu.Unlock()
			res, _ := w.s.Invoke(context.Background(), Invocation{Guild: w.s.GuildID, Command: "poll"})
			if res == nil || res.OK() {
				t.Fatalf("no answer taken: %+v", res)
			}
			if a := <-got; a.status != http.StatusNotFound {
				t.Fatalf("%d %s, want 404 Unknown Webhook", a.status, a.body)
			}
		})
	}
}

// A webhook request that overtakes even the head of the bot's answer in
// the HTTP response (the bot has not begun to write it when the request
// arrives) still finds the answer once it comes.
func TestARequestOvertakingTheAnswersHeadFindsTheAnswer(t *testing.T) {
	w := startOASWorld(t)
	waiting := make(chan struct{}, 1)
	w.s.hooks.awaiting = func(*sentInteraction) { waiting <- struct{}{} }
	got := make(chan oasAnswer, 1)
	w.bot.mu.Lock()
	w.bot.hook = func(ix *interaction.Interaction) (int, string) {
		go func() {
			got <- w.anon(t, "PATCH", "/webhooks/"+w.s.ApplicationID.String()+"/"+ix.Token+"/messages/@original", `{"content":"edited"}`)
		}()
		<-waiting // the edit is at the emulator, and no answer has begun
		return http.StatusOK, `{"type":4,"data":{"content":"first"}}`
	}
	w.bot.mu.Unlock()
	res, err := w.s.Invoke(context.Background(), Invocation{Guild: w.s.GuildID, Command: "poll"})
	mustOK(t, res, err)
	if a := <-got; a.status != http.StatusOK {
		t.Fatalf("an edit that overtook the answer: %d %s", a.status, a.body)
	}
}

// A bot that writes its whole answer, flushes it, and then edits
// @original and waits for that edit's answer before it ends its response
// finds the answer there: the answer is settled once its JSON value has
// arrived, not when the body ends.
func TestAnAnswerFlushedBeforeTheResponseEndsExists(t *testing.T) {
	w := startOASWorld(t)
	edited := make(chan oasAnswer, 1)
	verifier, err := interaction.NewVerifier(w.s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	bot := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if verifier.Verify([]byte(r.Header.Get("X-Signature-Ed25519")), []byte(r.Header.Get("X-Signature-Timestamp")), body) != nil {
			rw.WriteHeader(http.StatusUnauthorized)
			return
		}
		var ix interaction.Interaction
		if err := interaction.Decode(body, &ix); err != nil || ix.Type == interaction.TypePing {
			rw.Header().Set("Content-Type", "application/json")
			io.WriteString(rw, `{"type":1}`)
			return
		}
		rw.Header().Set("Content-Type", "application/json")
		io.WriteString(rw, `{"type":4,"data":{"content":"first"}}`)
		rw.(http.Flusher).Flush()
		// The response is not over until the edit has its answer.
		edited <- w.anon(t, "PATCH", "/webhooks/"+w.s.ApplicationID.String()+"/"+ix.Token+"/messages/@original", `{"content":"edited"}`)
	}))
	defer bot.Close()
	if err := w.s.SetInteractionsURL(context.Background(), bot.URL); err != nil {
		t.Fatal(err)
	}
	res, err := w.s.Invoke(context.Background(), Invocation{Guild: w.s.GuildID, Command: "poll"})
	mustOK(t, res, err)
	if a := <-edited; a.status != http.StatusOK {
		t.Fatalf("an edit before the response ended: %d %s", a.status, a.body)
	}
	if res.Answer.Message.Content != "first" {
		t.Errorf("the answer kept is %+v", res.Answer)
	}
}
