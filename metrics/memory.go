package metrics

import (
	"errors"
	"fmt"
	"maps"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/replay"
)

// MemoryStores registers the metrics of the stores a replica keeps in its
// own memory, which stay within their capacity by forgetting what ends
// first rather than grow: how many entries each holds
// (switchboard_memory_store_entries), how many it holds at most
// (switchboard_memory_store_capacity), and how many it forgot before they
// ended (switchboard_memory_store_evictions_total), each by store (replay,
// cooldown). Evictions of the replay guard mean copies of interactions
// may be served twice: size it for the traffic (replay.CapacityFor)
// or share one in Redis. Either store may be nil.
func (m *Metrics) MemoryStores(replay *replay.MemoryGuard, cooldowns *cooldown.MemoryStore) error {
	type store struct {
		name                     string
		entries, capacity, evict func() float64
	}
	var stores []store
	if replay != nil {
		stores = append(stores, store{"replay",
			func() float64 { return float64(replay.Len()) },
			func() float64 { return float64(replay.Capacity()) },
			func() float64 { return float64(replay.Evicted()) }})
	}
	if cooldowns != nil {
		stores = append(stores, store{"cooldown",
			func() float64 { return float64(cooldowns.Len()) },
			func() float64 { return float64(cooldowns.Capacity()) },
			func() float64 { return float64(cooldowns.Evicted()) }})
	}
	var errs []error
	for _, s := range stores {
		labels := maps.Clone(m.constLabels)
		if labels == nil {
			labels = prometheus.Labels{}
		}
		labels["store"] = s.name
		for _, c := range []prometheus.Collector{
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "switchboard_memory_store_entries", ConstLabels: labels,
				Help: "Entries a store kept in the replica's memory holds, by store (replay, cooldown)."}, s.entries),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "switchboard_memory_store_capacity", ConstLabels: labels,
				Help: "Entries a store kept in the replica's memory holds at most, by store (replay, cooldown)."}, s.capacity),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "switchboard_memory_store_evictions_total", ConstLabels: labels,
				Help: "Entries a store kept in the replica's memory forgot before they ended because it was full, by store (replay, cooldown): for the replay guard, copies that may be served twice."}, s.evict),
		} {
			if err := m.reg.Register(c); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("metrics: registering the memory stores: %w", errors.Join(errs...))
	}
	return nil
}
