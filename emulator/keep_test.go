package emulator_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

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
