package web_test

import (
	"bufio"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/emulator/web"
)

func TestListenServesOnLoopbackAndCloseEndsTheStreams(t *testing.T) {
	emu, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer emu.Close()
	s, err := web.Listen("", emu, web.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.URL, "http://127.0.0.1:") || !strings.HasSuffix(s.URL, "/") {
		t.Errorf("the page is at %q", s.URL)
	}
	resp, err := http.Get(s.URL + "api/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	if !lines.Scan() || lines.Text() != "event: reset" {
		t.Fatalf("the stream begins with %q", lines.Text())
	}
	closed := make(chan error, 1)
	go func() { closed <- s.Close() }()
	select {
	case err := <-closed:
		if err != nil {
			t.Errorf("Close: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close waited for the stream")
	}
	for lines.Scan() {
	}
	if _, err := http.Get(s.URL); err == nil {
		t.Error("the playground still answers after Close")
	}
}

func TestExposedTellsLoopbackFromTheRest(t *testing.T) {
	tests := []struct {
		addr    net.Addr
		exposed bool
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1}, false},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 1}, false},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 1}, true},
		{&net.TCPAddr{IP: net.IPv4(192, 168, 1, 2), Port: 1}, true},
		{&net.UnixAddr{Name: "playground.sock", Net: "unix"}, false},
	}
	for _, tt := range tests {
		if got := web.Exposed(tt.addr); got != tt.exposed {
			t.Errorf("Exposed(%v) = %v, want %v", tt.addr, got, tt.exposed)
		}
	}
}
