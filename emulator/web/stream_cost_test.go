package web_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/emulator/web"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

// crowd is a playground whose channel holds many messages: the answer of
// a bot to /file, with a file, which the changes of a test edit, and its
// answers to /say.
type crowd struct {
	p *playground
	// token is the token of the interaction of /file; messages counts the
	// messages of the channel; file is where the page gets the file.
	token    string
	messages int
	file     string
}

func startCrowd(tb testing.TB) *crowd {
	tb.Helper()
	emu, err := emulator.New(emulator.Config{RateLimit: emulator.RateLimit{Requests: 1 << 30},
		Limits: emulator.Limits{Interactions: 100_000, Changes: 100_000}})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { emu.Close() })
	r := router.New()
	r.Command("file", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("a file").WithFile("a.txt", "text/plain", strings.NewReader("hello")), nil
	}, router.Description("Sends a file"))
	r.Command("say", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("said"), nil
	}, router.Description("Says something"))
	serveBot(tb, emu, r)
	h := web.NewHandler(emu, web.Config{})
	srv := httptest.NewServer(h)
	tb.Cleanup(func() {
		h.Close()
		srv.Close()
	})
	return &crowd{p: &playground{emu: emu, url: srv.URL}}
}

// grow has the owner use /file, the first time, and then /say, n
// messages in all, each answer a message of the channel.
func (c *crowd) grow(tb testing.TB, n int) {
	tb.Helper()
	inv := emulator.Invocation{User: c.p.emu.Admin, Guild: c.p.emu.GuildID, Command: "file"}
	if c.token == "" {
		res, err := c.p.emu.Invoke(context.Background(), inv)
		if err != nil || !res.OK() {
			tb.Fatalf("/file: %v %+v", err, res)
		}
		c.token, c.messages, n = res.Interaction.Token, 1, n-1
	}
	inv.Command = "say"
	var wg sync.WaitGroup
	errs := make(chan error, 1)
	for w := range 4 {
		wg.Go(func() {
			for range n/4 + min(1, max(0, n%4-w)) {
				if res, err := c.p.emu.Invoke(context.Background(), inv); err != nil || !res.OK() {
					select {
					case errs <- err:
					default:
					}
					return
				}
			}
		})
	}
	wg.Wait()
	select {
	case err := <-errs:
		tb.Fatalf("/say: %v", err)
	default:
	}
	c.messages += n
}

// open opens the channel's stream and reads what it first sends: the
// reset and every message.
func (c *crowd) open(tb testing.TB) *stream {
	tb.Helper()
	s := c.p.follow(tb, "")
	if ev := s.next(tb); ev.name != "reset" {
		tb.Fatalf("the stream begins with %s", ev.name)
	}
	for range c.messages {
		if m := s.nextMessage(tb); len(m.Attachments) > 0 {
			c.file = m.Attachments[0].URL
		}
	}
	return s
}

// change edits the first answer, and waits for the stream to send it.
func (c *crowd) change(tb testing.TB, s *stream, i int) {
	tb.Helper()
	content := "edit " + strconv.Itoa(i)
	url := c.p.emu.URL + "/webhooks/" + c.p.emu.ApplicationID.String() + "/" + c.token + "/messages/@original"
	req, err := http.NewRequest("PATCH", url, strings.NewReader(`{"content":"`+content+`"}`))
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		tb.Fatalf("editing: %d", resp.StatusCode)
	}
	for {
		if m := s.nextMessage(tb); m.Content == content {
			return
		}
	}
}

// mallocsPerChange is how many allocations the process makes, on the
// average of a few changes, for a change and the stream that sends it.
func (c *crowd) mallocsPerChange(tb testing.TB, s *stream) uint64 {
	tb.Helper()
	const changes = 8
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range changes {
		c.change(tb, s, i)
	}
	runtime.ReadMemStats(&after)
	return (after.Mallocs - before.Mallocs) / changes
}

// mallocsPerFile is how many allocations the process makes, on the
// average of a few requests, for the page's request of the file.
func (c *crowd) mallocsPerFile(tb testing.TB) uint64 {
	tb.Helper()
	const requests = 8
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range requests {
		resp, err := http.Get(c.p.url + c.file)
		if err != nil {
			tb.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || string(body) != "hello" {
			tb.Fatalf("the file: %d %q", resp.StatusCode, body)
		}
	}
	runtime.ReadMemStats(&after)
	return (after.Mallocs - before.Mallocs) / requests
}

// A file of a message costs the page's request the one message, not the
// channel: it is found by its message's id.
func TestAFileCostsTheSameHoweverLongTheChannel(t *testing.T) {
	c := startCrowd(t)
	c.grow(t, 40)
	c.open(t).stop()
	few := c.mallocsPerFile(t)
	c.grow(t, 600)
	many := c.mallocsPerFile(t)
	t.Logf("allocations per file: %d with 40 messages, %d with 640", few, many)
	if many > few+few/2 {
		t.Errorf("a file allocates %d times with 640 messages in the channel, %d with 40", many, few)
	}
}

// A change costs the stream what changed, not what the channel holds: it
// sends the message changed, and looks at no other, so that a page open
// on a long history does not slow every answer down.
func TestAChangeCostsTheStreamTheSameHoweverLongTheChannel(t *testing.T) {
	c := startCrowd(t)
	c.grow(t, 40)
	short := c.open(t)
	few := c.mallocsPerChange(t, short)
	short.stop()
	c.grow(t, 600)
	long := c.open(t)
	many := c.mallocsPerChange(t, long)
	t.Logf("allocations per change: %d with 40 messages, %d with 640", few, many)
	if many > few+few/2 {
		t.Errorf("a change allocates %d times with 640 messages in the channel, %d with 40", many, few)
	}
}

// BenchmarkAChange is an edit of a message and the stream of a page open
// on the channel sending it, with the channel holding 1,000 and 20,000
// answers.
func BenchmarkAChange(b *testing.B) {
	for _, n := range []int{1_000, 20_000} {
		b.Run(strconv.Itoa(n)+"_interactions", func(b *testing.B) {
			c := startCrowd(b)
			c.grow(b, n)
			s := c.open(b)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				c.change(b, s, i)
				i++
			}
		})
	}
}
