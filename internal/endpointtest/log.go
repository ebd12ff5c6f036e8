package endpointtest

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"
	"testing"
)

// LogBuffer collects what a logger writes from several goroutines, such as
// those of a server and of its handlers, while the test reads it. The zero
// LogBuffer is empty and ready to use.
type LogBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p to the log.
func (l *LogBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String returns what was written so far.
func (l *LogBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// LogLines decodes the JSON lines of log, as zerolog writes them, ending
// the test at a line that is not JSON.
func LogLines(tb testing.TB, log string) []map[string]any {
	tb.Helper()
	var lines []map[string]any
	for line := range strings.Lines(log) {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			tb.Fatalf("a line of the log is not JSON: %q: %v", line, err)
		}
		lines = append(lines, m)
	}
	return lines
}
