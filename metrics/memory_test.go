package metrics_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/metrics"
	"github.com/switchboard-go/switchboard/replay"
)

func TestTheStoresInMemoryCountWhatTheyForgetEarly(t *testing.T) {
	reg := prometheus.NewRegistry()
	m, err := metrics.New(reg, metrics.WithConstLabels(prometheus.Labels{"bot": "echo"}))
	if err != nil {
		t.Fatal(err)
	}
	guard := replay.NewMemoryGuard(2)
	cooldowns := cooldown.NewMemoryStore(1)
	if err := m.MemoryStores(guard, cooldowns); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for id := range interaction.Snowflake(5) {
		guard.Claim(ctx, id+1, time.Now().Add(time.Minute))
	}
	cooldowns.Use(ctx, "a", 1, time.Minute)
	want := `
# HELP switchboard_memory_store_capacity Entries a store kept in the replica's memory holds at most, by store (replay, cooldown).
# TYPE switchboard_memory_store_capacity gauge
switchboard_memory_store_capacity{bot="echo",store="cooldown"} 1
switchboard_memory_store_capacity{bot="echo",store="replay"} 2
# HELP switchboard_memory_store_entries Entries a store kept in the replica's memory holds, by store (replay, cooldown).
# TYPE switchboard_memory_store_entries gauge
switchboard_memory_store_entries{bot="echo",store="cooldown"} 1
switchboard_memory_store_entries{bot="echo",store="replay"} 2
# HELP switchboard_memory_store_evictions_total Entries a store kept in the replica's memory forgot before they ended because it was full, by store (replay, cooldown): for the replay guard, copies that may be served twice.
# TYPE switchboard_memory_store_evictions_total counter
switchboard_memory_store_evictions_total{bot="echo",store="cooldown"} 0
switchboard_memory_store_evictions_total{bot="echo",store="replay"} 3
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want),
		"switchboard_memory_store_entries", "switchboard_memory_store_capacity", "switchboard_memory_store_evictions_total"); err != nil {
		t.Error(err)
	}
	if problems, err := testutil.GatherAndLint(reg); err != nil || len(problems) > 0 {
		t.Errorf("lint: %v, %v", problems, err)
	}
	// A guard alone, and nothing twice.
	reg = prometheus.NewRegistry()
	m, _ = metrics.New(reg)
	if err := m.MemoryStores(replay.NewMemoryGuard(0), nil); err != nil {
		t.Fatal(err)
	}
	if err := m.MemoryStores(replay.NewMemoryGuard(0), nil); err == nil {
		t.Error("a second replay guard was registered beside the first")
	}
}
