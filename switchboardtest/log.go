package switchboardtest

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/stderrlog"
)

// Bounds on what a botLog keeps for failure dumps: the lines of so many
// interactions, so many lines each.
const (
	maxNotedInteractions = 1024
	maxNotesPerExchange  = 8
)

// botLog is where the log of a bot that chose no logger goes: each line
// of it, JSON from zerolog, is written readably into the test's log
// until the test ends, and then dropped, as the test's log panics once
// the test has ended and a bot's goroutine may outlive it. It keeps the
// lines of level warn and above that name an interaction, for the
// failure dump of its exchange.
type botLog struct {
	mu sync.Mutex
	// out is the test's output; nil once the test has ended.
	out   io.Writer
	notes map[interaction.Snowflake][]string
}

// newBotLog returns the log of a bot tested by t, which stops writing
// into t's log when t's cleanups run: register it first, so that what
// the bot logs while it stops is still written.
func newBotLog(t testing.TB) *botLog {
	l := &botLog{out: t.Output(), notes: map[interaction.Snowflake][]string{}}
	t.Cleanup(func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.out = nil
	})
	return l
}

// logger returns a logger writing to l from the default's level up.
func (l *botLog) logger() zerolog.Logger { return zerolog.New(l).Level(stderrlog.Level) }

// Write takes one line zerolog wrote.
func (l *botLog) Write(p []byte) (int, error) {
	var line map[string]any
	if err := json.Unmarshal(p, &line); err != nil {
		line = map[string]any{"message": strings.TrimSpace(string(p))}
	}
	text, note := describeLine(line)
	id := notedInteraction(line)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.out != nil {
		io.WriteString(l.out, text) //nolint:errcheck // the test's log takes what it takes
	}
	if id != 0 && note != "" {
		if ns, ok := l.notes[id]; ok || len(l.notes) < maxNotedInteractions {
			if len(ns) < maxNotesPerExchange {
				l.notes[id] = append(ns, note)
			}
		}
	}
	return len(p), nil
}

// notesOf returns what the bot logged of interaction id at warn and
// above.
func (l *botLog) notesOf(id interaction.Snowflake) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.notes[id])
}

// notedInteraction returns the interaction a line of level warn or above
// names, or 0.
func notedInteraction(line map[string]any) interaction.Snowflake {
	if line["level"] != "warn" && line["level"] != "error" && line["level"] != "fatal" && line["level"] != "panic" {
		return 0
	}
	s, _ := line["interaction"].(string)
	id, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0
	}
	return interaction.Snowflake(id)
}

// describeLine returns the text of a line for the test's log, such as
//
//	bot: error: handler failed: the database is down  command=remind interaction=1 user=2
//
// with a panic's stack on the lines after, and its note for a failure
// dump: the level, the message and the error or the panic.
func describeLine(line map[string]any) (text, note string) {
	var b strings.Builder
	if level, ok := line["level"].(string); ok {
		b.WriteString(level + ": ")
	}
	b.WriteString(value(line["message"]))
	if p, ok := line["panic"]; ok {
		b.WriteString(": panic: " + value(p))
	}
	if err, ok := line["error"]; ok {
		b.WriteString(": " + value(err))
	}
	note = b.String()
	var keys []string
	for k := range line {
		switch k {
		case "level", "message", "panic", "error", "time", "stack":
		default:
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	if len(keys) > 0 {
		b.WriteString(" ")
	}
	for _, k := range keys {
		b.WriteString(" " + k + "=" + value(line[k]))
	}
	b.WriteString("\n")
	if stack, ok := line["stack"].(string); ok {
		for l := range strings.SplitSeq(strings.TrimRight(stack, "\n"), "\n") {
			b.WriteString("\t" + l + "\n")
		}
	}
	return "bot: " + b.String(), note
}

// value writes a field's value: a string as it is, anything else as JSON
// has it.
func value(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	}
	out, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(out)
}
