package emulator

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/switchboard-go/switchboard/command"
)

// BenchmarkInvoke is one use of a command the whole way: the client's
// checks, permissions, the signed interaction sent over loopback HTTP to a
// switchboard bot, and the checks of its answer.
func BenchmarkInvoke(b *testing.B) {
	s, err := New(Config{RateLimit: RateLimit{Requests: 1 << 30}})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	startBot(b, s)
	inv := Invocation{User: s.Moderator, Guild: s.GuildID, Command: "mod ban",
		Options: []Arg{{"user", s.Member}, {"reason", "spam"}, {"days", 3}}}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		res, err := s.Invoke(ctx, inv)
		if err != nil || !res.OK() {
			b.Fatal(err, res)
		}
	}
}

// BenchmarkParseCommand reads a typed command with a mention, a quoted
// string and a number.
func BenchmarkParseCommand(b *testing.B) {
	s, err := New(Config{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	startBot(b, s)
	base := Invocation{Guild: s.GuildID}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.ParseCommand(base, `/mod ban user:@bob reason:"too loud" days:3`); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBulkOverwrite100 replaces a guild's commands with 100 commands
// of 10 options each over HTTP: decoding, every rule of the validator,
// matching, and the answer.
func BenchmarkBulkOverwrite100(b *testing.B) {
	s, err := New(Config{RateLimit: RateLimit{Requests: 1 << 30}})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	var body bytes.Buffer
	body.WriteByte('[')
	for i := range 100 {
		if i > 0 {
			body.WriteByte(',')
		}
		fmt.Fprintf(&body, `{"name":"command-%d","description":"Command number %d","options":[`, i, i)
		for j := range 10 {
			if j > 0 {
				body.WriteByte(',')
			}
			fmt.Fprintf(&body, `{"type":3,"name":"option-%d","description":"Option %d","max_length":100}`, j, j)
		}
		body.WriteString(`]}`)
	}
	body.WriteByte(']')
	url := s.URL + command.InGuild(s.GuildID).CommandsPath(s.ApplicationID)
	b.SetBytes(int64(body.Len()))
	b.ReportAllocs()
	for b.Loop() {
		req, _ := http.NewRequest(http.MethodPut, url, bytes.NewReader(body.Bytes()))
		req.Header.Set("Authorization", "Bot "+s.BotToken)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatal(resp.Status)
		}
	}
}

// BenchmarkAFaultAmongManyOthers finds the fault of a request, or that it
// has none, while the emulator holds 100,000 faults of another route: the
// faults of each route are found apart from those of others.
func BenchmarkAFaultAmongManyOthers(b *testing.B) {
	s, err := New(Config{Limits: Limits{Faults: 100_000}})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	for range 100_000 {
		if err := s.InjectFault(Fault{Route: "commands", Kind: FaultServerError}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := s.faults.take("users_me"); ok {
			b.Fatal("a fault of another route was taken")
		}
	}
}
