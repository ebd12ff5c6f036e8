package emulator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// keptRecord is what the control API shows of an interaction kept.
type keptRecord struct {
	Interaction struct {
		ID interaction.Snowflake `json:"id"`
	} `json:"interaction"`
	History        []json.RawMessage `json:"history"`
	HistoryDropped int               `json:"history_dropped"`
}

// keptInteractions lists the interactions the control API shows.
func keptInteractions(t *testing.T, s *target, query string) []keptRecord {
	t.Helper()
	var out []keptRecord
	s.control(t, "GET", "/_emulator/interactions"+query, nil, 200, &out)
	return out
}

// replied has the relay's next interaction answered with a message of
// content, and returns it.
func replied(t *testing.T, s *target, rl *relay, content string) *exchange {
	t.Helper()
	ex := rl.invoke(t, s, "ask")
	if res := ex.answer(t, []byte(`{"type":4,"data":{"content":"`+content+`"}}`)); !res.OK {
		t.Fatalf("answering %q: %+v", content, res)
	}
	return ex
}

// isForgotten reports whether the emulator has forgotten the interaction
// of ex: its token no longer works, and the control API knows no such id.
func isForgotten(t *testing.T, s *target, ex *exchange) bool {
	t.Helper()
	status, _ := send(t, s, "GET", webhookPath(s, ex.Token)+"/messages/@original", "", nil)
	found, _ := control(t, s.controlURL, "GET", "/_emulator/interactions/"+ex.ID.String(), "")
	switch {
	case status == 401 && found == 404:
		return true
	case status == 200 && found == 200:
		return false
	}
	t.Fatalf("interaction %s: the webhook answers %d, the control API %d", ex.ID, status, found)
	return false
}

// Past Limits.Interactions the oldest interaction is forgotten, whole:
// its token is invalid, and the lists no longer show it.
func TestTheOldestInteractionsAreForgottenPastTheLimit(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{Limits: emulator.Limits{Interactions: 3}})
	var exs []*exchange
	for _, content := range []string{"one", "two", "three", "four", "five"} {
		exs = append(exs, replied(t, s, rl, content))
	}
	kept := keptInteractions(t, s, "")
	if len(kept) != 3 || kept[0].Interaction.ID != exs[2].ID || kept[2].Interaction.ID != exs[4].ID {
		t.Fatalf("kept %+v, want the last three of five", kept)
	}
	for i, ex := range exs {
		if forgotten := isForgotten(t, s, ex); forgotten != (i < 2) {
			t.Errorf("interaction %d: forgotten %v", i+1, forgotten)
		}
	}
}

// Past Limits.Changes in all, the oldest interactions are forgotten; one
// that alone has made more keeps its newest changes, and says how many it
// dropped.
func TestTheChangesKeptAreBounded(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{Limits: emulator.Limits{Changes: 4}})
	edit := func(ex *exchange, content string) {
		t.Helper()
		status, body := send(t, s, "PATCH", webhookPath(s, ex.Token)+"/messages/@original", "application/json", []byte(`{"content":"`+content+`"}`))
		if status != 200 {
			t.Fatalf("editing: %d %v", status, body)
		}
	}
	first := replied(t, s, rl, "first")
	edit(first, "first, edited")
	second := replied(t, s, rl, "second")
	edit(second, "second, edited")
	if isForgotten(t, s, first) || isForgotten(t, s, second) {
		t.Fatal("four changes in all forgot an interaction")
	}
	edit(second, "second, edited again")
	if !isForgotten(t, s, first) || isForgotten(t, s, second) {
		t.Fatal("the fifth change did not forget the first interaction, and only it")
	}
	for i := range 3 {
		edit(second, "second, edit "+string(rune('a'+i)))
	}
	kept := keptInteractions(t, s, "")
	if len(kept) != 1 || len(kept[0].History) != 4 || kept[0].HistoryDropped != 2 {
		t.Fatalf("an interaction of six changes, four kept: %d kept, %+v", len(kept), kept)
	}
	if !bytes.Contains(kept[0].History[3], []byte("second, edit c")) {
		t.Errorf("the newest change is not kept: %s", kept[0].History[3])
	}
}

// An interaction's messages keep at most Limits.InteractionFiles of
// files: the upload that would pass it is refused with the service's 413
// and 40005, and a message that says which limit.
func TestTheFilesOfAnInteractionAreBounded(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{Limits: emulator.Limits{InteractionFiles: 1 << 20}})
	ex := replied(t, s, rl, "files follow")
	file := bytes.Repeat([]byte("x"), 300<<10)
	followUp := func() (int, map[string]any) {
		ct, body := multipartBody(t, `{"content":"two files"}`,
			part{name: "files[0]", filename: "a.txt", content: file}, part{name: "files[1]", filename: "b.txt", content: file})
		return send(t, s, "POST", webhookPath(s, ex.Token), ct, body)
	}
	if status, body := followUp(); status != 200 {
		t.Fatalf("600 KiB of files: %d %v", status, body)
	}
	status, body := followUp()
	if status != 413 || body["code"] != float64(40005) || !strings.Contains(body["message"].(string), "1 MiB of files for one interaction") {
		t.Fatalf("1200 KiB of files: %d %v, want 413 40005 naming the limit", status, body)
	}
	// An edit that keeps the files it has adds nothing.
	status, body = send(t, s, "PATCH", webhookPath(s, ex.Token)+"/messages/@original", "application/json", []byte(`{"content":"edited"}`))
	if status != 200 {
		t.Fatalf("an edit without files: %d %v", status, body)
	}
}

// An upload whose files would take an interaction past
// Limits.InteractionFiles is refused as soon as they do, before the rest
// of its body is read: a body that sends 2 MiB of a file to an interaction
// that may keep 1 MiB, and then holds back its end, gets its 413.
func TestAnUploadPastTheFilesOfAnInteractionIsRefusedUnread(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{Limits: emulator.Limits{InteractionFiles: 1 << 20}})
	ex := replied(t, s, rl, "files follow")
	for _, tt := range []struct{ name, method, path string }{
		{"a follow-up", "POST", webhookPath(s, ex.Token)},
		{"an edit", "PATCH", webhookPath(s, ex.Token) + "/messages/@original"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), relayWait)
			defer cancel()
			body, held := io.Pipe()
			mw := multipart.NewWriter(held)
			go func() {
				// The end of the body is held back until the test
				// is done with the request, and then it is cut: the
				// client waits for the body it sends.
				defer func() { held.CloseWithError(context.Cause(ctx)) }()
				if mw.WriteField("payload_json", `{"content":"a large file"}`) != nil {
					return
				}
				w, err := mw.CreateFormFile("files[0]", "large.bin")
				if err != nil {
					return
				}
				chunk := bytes.Repeat([]byte("x"), 64<<10)
				for range 32 {
					if _, err := w.Write(chunk); err != nil {
						return
					}
				}
				<-ctx.Done()
			}()
			req, err := http.NewRequestWithContext(ctx, tt.method, s.URL+tt.path, body)
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", mw.FormDataContentType())
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatalf("no answer while the body is held: %v", err)
			}
			defer resp.Body.Close()
			var out struct {
				Code    int
				Message string
			}
			raw, _ := io.ReadAll(resp.Body)
			if err := json.Unmarshal(raw, &out); err != nil || resp.StatusCode != http.StatusRequestEntityTooLarge ||
				out.Code != 40005 || !strings.Contains(out.Message, "1 MiB of files for one interaction (Limits.InteractionFiles)") {
				t.Fatalf("%d %s, want 413 40005 naming the limit", resp.StatusCode, raw)
			}
		})
	}
}

// Past Limits.Files in all, the oldest interactions are forgotten, and
// with them their files.
func TestTheFilesKeptInAllAreBounded(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{Limits: emulator.Limits{Files: 1 << 20}})
	file := bytes.Repeat([]byte("x"), 400<<10)
	withFile := func() *exchange {
		t.Helper()
		ex := replied(t, s, rl, "a file follows")
		ct, body := multipartBody(t, `{"content":"a file"}`, part{name: "files[0]", filename: "a.txt", content: file})
		if status, body := send(t, s, "POST", webhookPath(s, ex.Token), ct, body); status != 200 {
			t.Fatalf("a follow-up with a file: %d %v", status, body)
		}
		return ex
	}
	first, second := withFile(), withFile()
	if isForgotten(t, s, first) || isForgotten(t, s, second) {
		t.Fatal("800 KiB of files forgot an interaction")
	}
	third := withFile()
	if !isForgotten(t, s, first) || isForgotten(t, s, second) || isForgotten(t, s, third) {
		t.Error("1200 KiB of files did not forget the oldest interaction, and only it")
	}
}

// Of the webhook events delivered, the emulator keeps the newest
// Limits.Events; a wait for n deliveries counts those it dropped.
func TestTheNewestEventDeliveriesAreKept(t *testing.T) {
	s := start(t, emulator.Config{Limits: emulator.Limits{Events: 2}})
	ep := startEventsEndpoint(t, s, nil)
	if reason := s.SetEventsURL(t, ep.URL); reason != "" {
		t.Fatalf("the endpoint was refused: %s", reason)
	}
	users := []interaction.Snowflake{s.Member, s.Moderator, s.Admin}
	for _, u := range users {
		s.AuthorizeUser(t, u, "identify")
		ep.next(t)
	}
	var kept []delivery
	s.control(t, "GET", "/_emulator/events?wait=3", nil, 200, &kept)
	if len(kept) != 2 {
		t.Fatalf("%d deliveries kept, want 2", len(kept))
	}
	for i, d := range kept {
		if !bytes.Contains(d.Body, []byte(`"id":"`+users[i+1].String()+`"`)) {
			t.Errorf("delivery %d kept is not the authorization of %s: %s", i, users[i+1], d.Body)
		}
	}
}

// heldEndpoint starts a webhook events endpoint that holds every event
// until the test ends or release is called, and an emulator of cfg, with
// a response window long enough that it waits for it; the endpoint's
// first event is under way when it returns.
func heldEndpoint(t *testing.T, cfg emulator.Config) (s *target, release func()) {
	t.Helper()
	cfg.ResponseWindow = time.Hour
	s = start(t, cfg)
	s.Server(t, "the process waits for an endpoint the service's window, which the test would race")
	released := make(chan struct{})
	var once sync.Once
	release = func() { once.Do(func() { close(released) }) }
	ep := startEventsEndpoint(t, s, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-released:
			w.WriteHeader(http.StatusNoContent)
		case <-r.Context().Done():
		}
	})
	// Cleanups run last first: the endpoint lets its events go before
	// it closes, and it before the emulator.
	t.Cleanup(release)
	if reason := s.SetEventsURL(t, ep.URL); reason != "" {
		t.Fatalf("the endpoint was refused: %s", reason)
	}
	s.AuthorizeUser(t, s.Member, "identify")
	ep.next(t)
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	go func() {
		for {
			select {
			case <-ep.got:
			case <-done:
				return
			}
		}
	}()
	return s, release
}

// While Limits.WaitingEvents events (1,000 unless told) wait their turn
// behind the delivery under way, an event is not sent: it is recorded at
// once, unsent, its violation naming the limit, ahead of those waiting,
// which go out in their turn.
func TestEventsPastTheRoomToWaitAreNotSent(t *testing.T) {
	for _, tt := range []struct {
		name    string
		limit   int
		waiting int
	}{
		{name: "the default", waiting: emulator.DefaultWaitingEvents},
		{name: "a limit of two", limit: 2, waiting: 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, release := heldEndpoint(t, emulator.Config{Limits: emulator.Limits{WaitingEvents: tt.limit}})
			for range tt.waiting {
				s.AuthorizeUser(t, s.Member, "identify")
			}
			late := []interaction.Snowflake{s.Moderator, s.Admin}
			for _, u := range late {
				s.AuthorizeUser(t, u, "identify")
			}
			unsent := s.WaitEvents(t, len(late))
			if len(unsent) != len(late) {
				t.Fatalf("%d deliveries finished while the endpoint holds the first, want the %d that found no room", len(unsent), len(late))
			}
			want := strconv.Itoa(tt.waiting) + " events"
			for i, d := range unsent {
				if d.OK || d.Status != 0 || len(d.Violations) != 1 || !strings.Contains(d.Violations[0], "not sent") ||
					!strings.Contains(d.Violations[0], want) || !strings.Contains(d.Violations[0], "Limits.WaitingEvents") ||
					!bytes.Contains(d.Body, []byte(`"id":"`+late[i].String()+`"`)) {
					t.Fatalf("the event of %s past the room: %+v, want it unsent, naming %s and the limit", late[i], d, want)
				}
			}
			release()
			all := s.WaitEvents(t, 1+tt.waiting+len(late))
			for i, d := range all[len(late):] {
				if !d.OK {
					t.Fatalf("delivery %d, which had room to wait: %+v", i, d)
				}
			}
		})
	}
}
