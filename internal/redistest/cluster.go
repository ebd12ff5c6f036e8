package redistest

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/internal/realpart"
)

// Cluster is a Redis Cluster of three masters, and no replicas, started
// for one test.
type Cluster struct {
	// Addrs are the masters' addresses, 127.0.0.1 and a port each.
	Addrs []string

	nodes []*Server
}

// StartCluster starts three redis-servers with the cluster on, each with
// its cluster bus on a free port of its own, makes them one Cluster with
// redis-cli --cluster create, the slots spread over the three, and waits
// until every node reports cluster_state:ok; it fails t if that takes
// more than 30 and 20 seconds. The servers stop when t
// ends. It skips t when the machine has no redis-server or redis-cli
// (fails it where every real part is required).
func StartCluster(t testing.TB) *Cluster {
	t.Helper()
	server, err := exec.LookPath("redis-server")
	if err != nil {
		realpart.Missing(t, "redis-server not found: install Debian's redis-server package")
	}
	cli, err := exec.LookPath("redis-cli")
	if err != nil {
		realpart.Missing(t, "redis-cli not found: install Debian's redis-tools package")
	}
	c := &Cluster{}
	// Each node's cluster file goes in the temporary directory its --dir
	// names.
	clusterArgs := func() ([]string, error) {
		bus, err := freePort()
		if err != nil {
			return nil, fmt.Errorf("a port for the cluster bus: %w", err)
		}
		return []string{
			"--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
			"--cluster-port", strconv.Itoa(bus), "--cluster-node-timeout", "5000",
		}, nil
	}
	for range 3 {
		n := startNode(t, server, clusterArgs)
		c.nodes = append(c.nodes, n)
		c.Addrs = append(c.Addrs, n.Addr)
	}
	// redis-cli waits for the nodes to meet, without end if they never
	// do: the bound makes that a failure.
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var out bytes.Buffer
	create := exec.CommandContext(ctx, cli, append(append([]string{"--cluster", "create"}, c.Addrs...),
		"--cluster-replicas", "0", "--cluster-yes")...)
	create.Stdout, create.Stderr = &out, &out
	if err := create.Run(); err != nil {
		t.Fatalf("redistest: redis-cli --cluster create: %v\n%s%s", err, out.String(), c.logs())
	}
	if err := c.waitOK(20 * time.Second); err != nil {
		t.Fatalf("redistest: %v\n%s%s", err, out.String(), c.logs())
	}
	return c
}

// waitOK waits until every node reports cluster_state:ok, with all the
// slots assigned and every node known to every other.
func (c *Cluster) waitOK(within time.Duration) error {
	ctx := context.Background()
	deadline := time.Now().Add(within)
	for _, addr := range c.Addrs {
		node := redis.NewClient(&redis.Options{Addr: addr})
		defer node.Close()
		for {
			info, err := node.ClusterInfo(ctx).Result()
			if err == nil && strings.Contains(info, "cluster_state:ok") &&
				strings.Contains(info, "cluster_slots_ok:16384") &&
				strings.Contains(info, "cluster_known_nodes:"+strconv.Itoa(len(c.Addrs))) {
				break
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("the node at %s is not ready after %v: %v\n%s", addr, within, err, info)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	return nil
}

// logs returns what each node wrote, for a failure's message.
func (c *Cluster) logs() string {
	var b strings.Builder
	for _, n := range c.nodes {
		fmt.Fprintf(&b, "--- redis-server %s:\n%s\n", n.Addr, n.log.String())
	}
	return b.String()
}

// Client returns a client of the Cluster, closed when the test ends, with
// go-redis's default options, as Server.Client does: it learns the
// slots from the nodes, and sends each command to the master of its
// keys' slot.
func (c *Cluster) Client(t testing.TB) *redis.ClusterClient {
	t.Helper()
	cc := redis.NewClusterClient(&redis.ClusterOptions{Addrs: c.Addrs})
	t.Cleanup(func() { cc.Close() })
	return cc
}
