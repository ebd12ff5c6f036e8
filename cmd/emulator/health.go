package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"time"
)

// healthTimeout bounds the health check, as a container's HEALTHCHECK
// runs it every few seconds.
const healthTimeout = 2 * time.Second

// health runs "emulator health [-addr ADDR]": it asks the emulator at ADDR
// for GET /_emulator/health and returns the exit status, 0 when it
// answered 200 within timeout and 1 otherwise, saying why on stderr. It
// is the health check of an image with no shell and no curl. The address
// is -addr's, whose variable SWITCHBOARD_EMULATOR_ADDR is the emulator's
// too, so the check finds the emulator its container's environment
// configured; an address of all interfaces (0.0.0.0, ::, or none) is
// asked at 127.0.0.1.
func health(ctx context.Context, args []string, lookup func(string) (string, bool), stderr io.Writer, timeout time.Duration) int {
	flags := flag.NewFlagSet("emulator health", flag.ContinueOnError)
	flags.SetOutput(stderr)
	addr := flags.String("addr", "127.0.0.1:8484", "the address the emulator listens on; one of all interfaces is asked at 127.0.0.1")
	nameVariables(flags)
	if err := parseFlags(flags, args, lookup); err != nil {
		return 1
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(stderr, "emulator health: unexpected arguments: %q\n", flags.Args())
		return 1
	}
	target, err := healthAddr(*addr)
	if err != nil {
		fmt.Fprintf(stderr, "emulator health: -addr %s: %v\n", *addr, err)
		return 1
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+target+"/_emulator/health", nil)
	if err != nil {
		fmt.Fprintf(stderr, "emulator health: %v\n", err)
		return 1
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintf(stderr, "emulator health: %v\n", err)
		return 1
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode != http.StatusOK {
		fmt.Fprintf(stderr, "emulator health: GET %s answered %s\n", req.URL, resp.Status)
		return 1
	}
	return 0
}

// healthAddr returns the address to ask for the emulator listening on
// addr: 127.0.0.1 in place of a host of all interfaces.
func healthAddr(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", err
	}
	if port == "0" {
		return "", fmt.Errorf("port 0 is a free port the emulator picks, not one to find it at")
	}
	if ip, err := netip.ParseAddr(host); host == "" || (err == nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), nil
}
