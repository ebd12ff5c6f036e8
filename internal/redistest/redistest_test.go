package redistest_test

import (
	"context"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/internal/redistest"
)

// TestAClusterHasThreeMastersThatShareTheSlots: the Cluster a test starts
// is a real one, its keys spread over three masters, each answering for
// its slots alone.
func TestAClusterHasThreeMastersThatShareTheSlots(t *testing.T) {
	cl := redistest.StartCluster(t)
	c := cl.Client(t)
	ctx := context.Background()
	info, err := c.ClusterInfo(ctx).Result()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"cluster_state:ok", "cluster_size:3", "cluster_slots_assigned:16384"} {
		if !strings.Contains(info, want) {
			t.Errorf("CLUSTER INFO has no %q:\n%s", want, info)
		}
	}
	for i := range 64 {
		if err := c.Set(ctx, "k"+strconv.Itoa(i), i, 0).Err(); err != nil {
			t.Fatal(err)
		}
	}
	// ForEachMaster calls at once, one goroutine a master.
	var masters atomic.Int32
	err = c.ForEachMaster(ctx, func(ctx context.Context, node *redis.Client) error {
		masters.Add(1)
		n, err := node.DBSize(ctx).Result()
		if err == nil && n == 0 {
			t.Errorf("the master at %s holds none of 64 keys", node.Options().Addr)
		}
		return err
	})
	if err != nil || masters.Load() != 3 {
		t.Errorf("%d masters (%v), want 3", masters.Load(), err)
	}
	// A plain client of one master is sent on for a key of another's.
	node := redis.NewClient(&redis.Options{Addr: cl.Addrs[0]})
	defer node.Close()
	moved := 0
	for i := range 64 {
		if err := node.Get(ctx, "k"+strconv.Itoa(i)).Err(); err != nil && strings.HasPrefix(err.Error(), "MOVED") {
			moved++
		}
	}
	if moved == 0 || moved == 64 {
		t.Errorf("the first master moved %d of 64 keys elsewhere, want some", moved)
	}
}
