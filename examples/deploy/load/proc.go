package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// userHZ is the unit of a process's CPU times in /proc: the kernel reports
// them in hundredths of a second on every architecture Go supports.
const userHZ = 100

// sampleEvery is how often the server's memory is read while it is driven.
const sampleEvery = 50 * time.Millisecond

// process follows a server's CPU time and resident memory from /proc.
type process struct {
	pid       int
	cpuBefore time.Duration
	before    int64
	done      chan struct{}
	stopOnce  sync.Once
	mu        sync.Mutex
	during    int64
	stats     processStats
}

// processStats is what a process used while it was watched.
type processStats struct {
	cpu                        time.Duration
	before, during, after, hwm int64 // resident bytes
}

// watch starts following process pid.
func watch(pid int) (*process, error) {
	cpu, err := cpuTime(pid)
	if err != nil {
		return nil, err
	}
	rss, _, err := memory(pid)
	if err != nil {
		return nil, err
	}
	p := &process{pid: pid, cpuBefore: cpu, before: rss, during: rss, done: make(chan struct{})}
	go p.sample()
	return p, nil
}

func (p *process) sample() {
	tick := time.NewTicker(sampleEvery)
	defer tick.Stop()
	for {
		select {
		case <-p.done:
			return
		case <-tick.C:
		}
		if rss, _, err := memory(p.pid); err == nil {
			p.mu.Lock()
			p.during = max(p.during, rss)
			p.mu.Unlock()
		}
	}
}

// stop ends the watch and returns what the process used since it began.
// Later calls return the same.
func (p *process) stop() processStats {
	p.stopOnce.Do(func() {
		close(p.done)
		p.mu.Lock()
		defer p.mu.Unlock()
		p.stats = processStats{before: p.before, during: p.during}
		if cpu, err := cpuTime(p.pid); err == nil {
			p.stats.cpu = cpu - p.cpuBefore
		}
		p.stats.after, p.stats.hwm, _ = memory(p.pid)
	})
	return p.stats
}

// cpuTime returns the user and system time process pid has used.
func cpuTime(pid int) (time.Duration, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, fmt.Errorf("process %d's CPU time: %w", pid, err)
	}
	// The command's name, in parentheses, may hold spaces: the fields are
	// counted after it. utime and stime are fields 14 and 15.
	fields := strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+1:]))
	if len(fields) < 13 {
		return 0, fmt.Errorf("process %d's CPU time: /proc/%d/stat has %d fields", pid, pid, len(fields)+2)
	}
	var ticks int64
	for _, f := range fields[11:13] {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("process %d's CPU time: %w", pid, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / userHZ, nil
}

// memory returns process pid's resident memory and its peak, in bytes.
func memory(pid int) (rss, hwm int64, err error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, fmt.Errorf("process %d's memory: %w", pid, err)
	}
	for line := range strings.Lines(string(raw)) {
		name, value, _ := strings.Cut(line, ":")
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		switch {
		case name == "VmRSS" && err == nil:
			rss = kb << 10
		case name == "VmHWM" && err == nil:
			hwm = kb << 10
		}
	}
	if rss == 0 {
		return 0, 0, fmt.Errorf("process %d's memory: no VmRSS in /proc/%d/status", pid, pid)
	}
	return rss, hwm, nil
}
