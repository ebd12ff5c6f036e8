package main

import (
	"context"
	"io"
	"strings"
	"testing"
)

func TestSizesAreReadInBytesOrBinaryUnits(t *testing.T) {
	for _, c := range []struct {
		text    string
		bytes   int64
		written string
	}{
		{"1048576", 1 << 20, "1MiB"},
		{"64MiB", 64 << 20, "64MiB"},
		{"2GiB", 2 << 30, "2GiB"},
		{"1536KiB", 1536 << 10, "1536KiB"},
		{"1000", 1000, "1000"},
	} {
		var s size
		if err := s.Set(c.text); err != nil || int64(s) != c.bytes || s.String() != c.written {
			t.Errorf("%q: %d %q %v, want %d %q", c.text, int64(s), s.String(), err, c.bytes, c.written)
		}
	}
	for _, text := range []string{"", "0", "-1", "1.5MiB", "MiB", "12MB", "99999999999GiB"} {
		var s size
		if err := s.Set(text); err == nil {
			t.Errorf("%q read as %d", text, int64(s))
		}
	}
}

func TestTheLimitsMustBePositive(t *testing.T) {
	for _, args := range [][]string{
		{"-max-interactions", "0"},
		{"-max-changes", "-5"},
		{"-max-events", "0"},
		{"-max-interaction-files", "0"},
		{"-max-files", "lots"},
	} {
		err := run(context.Background(), append([]string{"-addr", "127.0.0.1:0"}, args...), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), strings.TrimPrefix(args[0], "-")) {
			t.Errorf("%v: %v, want an error naming the flag", args, err)
		}
	}
}
