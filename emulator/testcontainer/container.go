package testcontainer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/testcontainers/testcontainers-go"
	"github.com/testcontainers/testcontainers-go/wait"

	"github.com/switchboard-go/switchboard/emulator"
)

// Port is the emulator's port in the container.
const Port = "8484/tcp"

// Container is a running emulator.
type Container struct {
	*testcontainers.DockerContainer
}

// Run starts the emulator image img (empty with FromSource, which builds
// it) and waits until it serves. The options given go after Run's own, so
// they may change them; testcontainers.WithEnv sets any of the
// emulator's SWITCHBOARD_EMULATOR_ variables.
func Run(ctx context.Context, img string, opts ...testcontainers.ContainerCustomizer) (*Container, error) {
	base := []testcontainers.ContainerCustomizer{
		testcontainers.WithExposedPorts(Port),
		testcontainers.WithEnv(map[string]string{"SWITCHBOARD_EMULATOR_ADDR": "0.0.0.0:8484"}),
		testcontainers.WithWaitStrategy(wait.ForHTTP("/_emulator/health").WithPort(Port).WithStartupTimeout(time.Minute)),
	}
	c, err := testcontainers.Run(ctx, img, append(base, opts...)...)
	if err != nil {
		// testcontainers returns the container it started, if any, so
		// that the caller may stop it.
		if c != nil {
			return &Container{c}, fmt.Errorf("testcontainer: %w", err)
		}
		return nil, fmt.Errorf("testcontainer: %w", err)
	}
	return &Container{c}, nil
}

// FromSource builds the image from the repository cloned at root, with
// its cmd/emulator/Dockerfile; Run's image is then left empty.
func FromSource(root string) testcontainers.CustomizeRequestOption {
	return testcontainers.WithDockerfile(testcontainers.FromDockerfile{Context: root, Dockerfile: "cmd/emulator/Dockerfile"})
}

// WithWellKnown gives the emulator the well-known credentials and ids,
// the same at every start (emulator.WellKnownApplicationID and the
// rest), which a bot's test configuration may write down. A container
// serves beyond its loopback address, so it also acknowledges that
// whoever reaches the port can act as the bot.
func WithWellKnown() testcontainers.CustomizeRequestOption {
	return testcontainers.WithEnv(map[string]string{
		"SWITCHBOARD_EMULATOR_WELL_KNOWN": "true", "SWITCHBOARD_EMULATOR_WELL_KNOWN_EXPOSED": "true",
	})
}

// WithControlHosts lets the control API answer under these names besides
// IP addresses and localhost: the container's aliases on a Docker
// network, where another container calls it, or the Docker host's name
// when Docker runs elsewhere.
func WithControlHosts(names ...string) testcontainers.CustomizeRequestOption {
	return testcontainers.WithEnv(map[string]string{"SWITCHBOARD_EMULATOR_CONTROL_HOSTS": strings.Join(names, ",")})
}

// seedPath is where WithSeed puts the seed in the container.
const seedPath = "/etc/switchboard/seed.json"

// WithSeed adds the users and guilds of seed to the emulator's world,
// as cmd/emulator's -seed does.
func WithSeed(seed emulator.Seed) testcontainers.CustomizeRequestOption {
	return func(req *testcontainers.GenericContainerRequest) error {
		b, err := json.Marshal(seed)
		if err != nil {
			return fmt.Errorf("testcontainer: the seed: %w", err)
		}
		if err := testcontainers.WithFiles(testcontainers.ContainerFile{
			Reader: bytes.NewReader(b), ContainerFilePath: seedPath, FileMode: 0o444,
		})(req); err != nil {
			return err
		}
		return testcontainers.WithEnv(map[string]string{"SWITCHBOARD_EMULATOR_SEED": seedPath})(req)
	}
}

// URL returns the emulator's root URL as the host reaches it:
// http://host:port, the API under /v10 and the control API under
// /_emulator/.
func (c *Container) URL(ctx context.Context) (string, error) {
	return c.PortEndpoint(ctx, Port, "http")
}

// Credentials returns what a bot needs to talk to the emulator, its base
// URL at the port the host maps.
func (c *Container) Credentials(ctx context.Context) (emulator.Credentials, error) {
	var creds emulator.Credentials
	err := c.Control(ctx, http.MethodGet, "credentials", nil, &creds)
	return creds, err
}

// Reset takes the emulator's world back to how it was seeded, keeping the
// credentials.
func (c *Container) Reset(ctx context.Context) error {
	return c.Control(ctx, http.MethodPost, "reset", struct{}{}, nil)
}

// Control calls the control API: route is the path after /_emulator/, in
// is sent as JSON unless nil, and the answer is decoded into out unless
// nil.
func (c *Container) Control(ctx context.Context, method, route string, in, out any) error {
	root, err := c.URL(ctx)
	if err != nil {
		return err
	}
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, root+"/_emulator/"+route, body)
	if err != nil {
		return err
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("testcontainer: %s /_emulator/%s: %w", method, route, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("testcontainer: %s /_emulator/%s: %s: %s", method, route, resp.Status, raw)
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}
