package rest_test

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
)

// newTestClient returns a Client of rec with a bot token.
func newTestClient(t *testing.T, rec *recorder, opts ...rest.ClientOption) *rest.Client {
	t.Helper()
	c, err := rest.NewClient(rec.URL+"/v10", rest.BotToken("tok"), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSendDMOpensOnce: the DM channel is opened for the first message
// only, and again when the service no longer knows it.
func TestSendDMOpensOnce(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	gone := false
	rec := newRecorder(t, func(r *http.Request) (int, string) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case r.URL.Path == "/v10/users/@me/channels":
			return 200, dmJSON
		case gone:
			gone = false
			return 404, `{"code":10003,"message":"Unknown Channel"}`
		}
		return 200, messageJSON
	})
	c := newTestClient(t, rec)
	ctx := t.Context()
	paths := func() string {
		var s []string
		for _, r := range rec.requests() {
			s = append(s, r.method+" "+r.path)
		}
		return strings.Join(s, ", ")
	}
	for range 2 {
		if _, err := c.SendDM(ctx, userID, interaction.MessageData{Content: "hello"}); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := paths(), "POST /v10/users/@me/channels, POST /v10/channels/300/messages, POST /v10/channels/300/messages"; got != want {
		t.Errorf("sent %s, want %s", got, want)
	}
	mu.Lock()
	gone = true
	mu.Unlock()
	if _, err := c.SendDM(ctx, userID, interaction.MessageData{Content: "again"}); err != nil {
		t.Fatal(err)
	}
	if got, want := paths(), "POST /v10/channels/300/messages, POST /v10/users/@me/channels, POST /v10/channels/300/messages"; got != want {
		t.Errorf("sent %s, want %s", got, want)
	}
}

// TestMembersPages: the iterator asks for pages after the last id until
// a short page, and stops when the loop does.
func TestMembersPages(t *testing.T) {
	t.Parallel()
	const total = 2345
	rec := newRecorder(t, func(r *http.Request) (int, string) {
		after, _ := strconv.Atoi(r.URL.Query().Get("after"))
		limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
		var b strings.Builder
		b.WriteByte('[')
		for id := after + 1; id <= min(after+limit, total); id++ {
			if id > after+1 {
				b.WriteByte(',')
			}
			b.WriteString(`{"user":{"id":"` + strconv.Itoa(id) + `","username":"u"},"roles":[],"joined_at":"2026-01-01T00:00:00Z","mute":false,"deaf":false}`)
		}
		b.WriteByte(']')
		return 200, b.String()
	})
	c := newTestClient(t, rec)
	n := 0
	for m, err := range c.Members(t.Context(), guildID) {
		if err != nil {
			t.Fatal(err)
		}
		n++
		if m.User.ID != interaction.Snowflake(n) {
			t.Fatalf("member %d has id %v", n, m.User.ID)
		}
	}
	if n != total {
		t.Errorf("%d members, want %d", n, total)
	}
	var queries []string
	for _, r := range rec.requests() {
		queries = append(queries, r.query)
	}
	if got, want := strings.Join(queries, " "), "limit=1000 after=1000&limit=1000 after=2000&limit=1000"; got != want {
		t.Errorf("queries %s, want %s", got, want)
	}
	for range c.Members(t.Context(), guildID) {
		break
	}
	if got := rec.requests(); len(got) != 1 {
		t.Errorf("a loop that stops at once sent %d requests, want 1", len(got))
	}
}

// TestChannelCallsErrors: the service's refusals match their codes.
func TestChannelCallsErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		status int
		body   string
		do     func(ctx context.Context, c *rest.Client) error
		want   rest.ErrorCode
	}{
		{"unknown ban", 404, `{"code":10026,"message":"Unknown Ban"}`, func(ctx context.Context, c *rest.Client) error {
			_, err := c.GetBan(ctx, guildID, userID)
			return err
		}, rest.ErrUnknownBan},
		{"cannot DM", 403, `{"code":50007,"message":"Cannot send messages to this user"}`, func(ctx context.Context, c *rest.Client) error {
			_, err := c.CreateMessage(ctx, 300, interaction.MessageData{Content: "hi"})
			return err
		}, rest.ErrCannotDM},
		{"unknown emoji", 400, `{"code":10014,"message":"Unknown Emoji"}`, func(ctx context.Context, c *rest.Client) error {
			return c.AddReaction(ctx, channelID, messageID, "nope:1")
		}, rest.ErrUnknownEmoji},
		{"missing permissions", 403, `{"code":50013,"message":"Missing Permissions"}`, func(ctx context.Context, c *rest.Client) error {
			return c.KickMember(ctx, guildID, userID, "")
		}, rest.ErrMissingPermissions},
		{"too old", 400, `{"code":50034,"message":"You can only bulk delete messages that are under 14 days old."}`, func(ctx context.Context, c *rest.Client) error {
			now := time.Now()
			return c.BulkDeleteMessages(ctx, channelID, []interaction.Snowflake{idAt(now), idAt(now.Add(-time.Minute))}, "")
		}, rest.ErrBulkDeleteTooOld},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rec := newRecorder(t, func(*http.Request) (int, string) { return tt.status, tt.body })
			err := tt.do(t.Context(), newTestClient(t, rec))
			if !errors.Is(err, tt.want) {
				t.Errorf("error %v, want code %d", err, tt.want)
			}
			var apiErr *rest.APIError
			if !errors.As(err, &apiErr) || apiErr.Status != tt.status {
				t.Errorf("error %#v, want an *APIError of status %d", err, tt.status)
			}
		})
	}
}

// takes is a RateLimitStore that keeps the requests it is asked about.
type takes struct {
	rest.RateLimitStore
	mu   sync.Mutex
	seen []rest.RateLimitRequest
}

func (s *takes) Take(ctx context.Context, r rest.RateLimitRequest) (time.Duration, error) {
	s.mu.Lock()
	s.seen = append(s.seen, r)
	s.mu.Unlock()
	return s.RateLimitStore.Take(ctx, r)
}

// TestChannelCallsRateLimitKeys: the limits are counted per channel and
// per guild, as the service counts them, in the store a Client shares.
func TestChannelCallsRateLimitKeys(t *testing.T) {
	t.Parallel()
	rec := newRecorder(t, func(r *http.Request) (int, string) {
		if r.Method == http.MethodGet && strings.Contains(r.URL.Path, "/messages") {
			return 200, messageJSON
		}
		return 204, ""
	})
	store := &takes{RateLimitStore: rest.NewMemoryRateLimitStore()}
	c := newTestClient(t, rec, rest.WithRateLimitStore(store, nil))
	ctx := t.Context()
	if _, err := c.GetMessage(ctx, channelID, messageID); err != nil {
		t.Fatal(err)
	}
	if err := c.AddReaction(ctx, 201, messageID, "👍"); err != nil {
		t.Fatal(err)
	}
	if err := c.KickMember(ctx, guildID, userID, ""); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range store.seen {
		got = append(got, r.Route+" @"+r.Major)
	}
	want := []string{
		"GET /channels/{channel}/messages/{message} @200",
		"PUT /channels/{channel}/messages/{message}/reactions/{emoji}/@me @201",
		"DELETE /guilds/{guild}/members/{user} @100",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rate-limit keys\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestAuditReasonOf512Characters: 512 characters are the most a reason
// has, counted before encoding.
func TestAuditReasonOf512Characters(t *testing.T) {
	t.Parallel()
	rec := newRecorder(t, func(*http.Request) (int, string) { return 204, "" })
	c := newTestClient(t, rec)
	if err := c.KickMember(t.Context(), guildID, userID, strings.Repeat("é", 512)); err != nil {
		t.Fatal(err)
	}
	got := rec.requests()
	if len(got) != 1 || got[0].header.Get("X-Audit-Log-Reason") != strings.Repeat("%C3%A9", 512) {
		t.Errorf("sent %+v", got)
	}
}

// TestReactionEmojiPaths: each form of an emoji goes into the path as the
// service reads it.
func TestReactionEmojiPaths(t *testing.T) {
	t.Parallel()
	rec := newRecorder(t, func(*http.Request) (int, string) { return 204, "" })
	c := newTestClient(t, rec)
	for _, tt := range []struct{ emoji, path string }{
		{"👍", "%F0%9F%91%8D"},
		{"❤️", "%E2%9D%A4%EF%B8%8F"},
		{"party:123", "party:123"},
		{"<:party:123>", "party:123"},
		{"<a:party:123>", "party:123"},
		{"a b:1", "a%20b:1"},
		{"x/y", "x%2Fy"},
	} {
		if err := c.AddReaction(t.Context(), channelID, messageID, tt.emoji); err != nil {
			t.Fatal(err)
		}
		got := rec.requests()
		if want := "/v10/channels/200/messages/400/reactions/" + tt.path + "/@me"; len(got) != 1 || got[0].path != want {
			t.Errorf("%q: sent %+v, want %s", tt.emoji, got, want)
		}
	}
}

// TestCreateMessageRetriesWithItsNonce: a message whose answer was lost is
// sent again with the same nonce, which the service keeps it by.
func TestCreateMessageRetriesWithItsNonce(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	failed := false
	rec := newRecorder(t, func(*http.Request) (int, string) {
		mu.Lock()
		defer mu.Unlock()
		if !failed {
			failed = true
			return 502, `{"message":"Bad Gateway"}`
		}
		return 200, messageJSON
	})
	c := newTestClient(t, rec, rest.WithBackoff(time.Millisecond, time.Millisecond))
	if _, err := c.CreateMessage(t.Context(), channelID, interaction.MessageData{Content: "once"}); err != nil {
		t.Fatal(err)
	}
	got := rec.requests()
	if len(got) != 2 || string(got[0].body) != string(got[1].body) || !strings.Contains(string(got[0].body), `"enforce_nonce":true`) {
		t.Fatalf("sent %d requests: %q", len(got), got)
	}
	if _, err := c.CreateMessage(t.Context(), channelID, interaction.MessageData{Content: "once"}); err != nil {
		t.Fatal(err)
	}
	if again := rec.requests(); len(again) != 1 || string(again[0].body) == string(got[0].body) {
		t.Errorf("a second message has the nonce of the first: %s", again[0].body)
	}
	_, err := c.CreateMessage(t.Context(), channelID, interaction.MessageData{Content: "x", Nonce: strings.Repeat("n", 26)})
	if err == nil || !strings.Contains(err.Error(), "more than 25") {
		t.Errorf("a nonce of 26 characters: %v", err)
	}
}

// TestInteractionMessagesTakeNoChannelFields: a reference or a nonce on an
// interaction's message is refused before anything is sent.
func TestInteractionMessagesTakeNoChannelFields(t *testing.T) {
	t.Parallel()
	rec := newRecorder(t, func(*http.Request) (int, string) { return 200, messageJSON })
	c := newTestClient(t, rec)
	ix := &interaction.Interaction{ID: idAt(time.Now()), ApplicationID: 1, Token: "tok", Type: interaction.TypeApplicationCommand}
	for _, m := range []interaction.MessageData{
		{Content: "a", Reference: &interaction.MessageReference{MessageID: 1}},
		{Content: "a", Nonce: "n"},
	} {
		if _, err := c.Followup(t.Context(), ix, m); err == nil {
			t.Errorf("Followup of %+v: no error", m)
		}
		if _, err := c.EditOriginal(t.Context(), ix, m); err == nil {
			t.Errorf("EditOriginal of %+v: no error", m)
		}
		if err := c.Respond(t.Context(), ix, interaction.ReplyMessage(m)); err == nil {
			t.Errorf("Respond with %+v: no error", m)
		}
	}
	if got := rec.requests(); len(got) != 0 {
		t.Errorf("%d requests sent", len(got))
	}
}
