package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
)

// stateFile is the name of the snapshot -persist keeps in its directory.
const stateFile = "state.json"

// persistence keeps the emulator's snapshot in a directory: it is read at
// start, and written when the world has changed and at exit.
type persistence struct {
	dir string
	mu  sync.Mutex // one write at a time
}

// path is the snapshot's path.
func (p *persistence) path() string { return filepath.Join(p.dir, stateFile) }

// load reads the snapshot, or returns nil when there is none yet. A
// temporary file left by a write a crash cut short is not the snapshot,
// and is left alone.
func (p *persistence) load() ([]byte, error) {
	b, err := os.ReadFile(p.path())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return b, err
}

// startFrom makes cfg start from snapshot, saying which flag contradicts
// it: the world-making flags gave the world of the first start, which
// the snapshot holds.
func (p *persistence) startFrom(cfg *emulator.Config, snapshot []byte) error {
	cfg.State, cfg.Seed, cfg.SKUs = snapshot, nil, nil
	if cfg.SigningKey == nil {
		return nil
	}
	var doc struct {
		Application struct {
			SigningKey string `json:"signing_key"`
		} `json:"application"`
	}
	if err := json.Unmarshal(snapshot, &doc); err != nil {
		return fmt.Errorf("-persist: %s: %w", p.path(), err)
	}
	seed, err := hex.DecodeString(doc.Application.SigningKey)
	if err != nil || len(seed) != ed25519.SeedSize {
		return fmt.Errorf("-persist: %s: application.signing_key is not an Ed25519 seed", p.path())
	}
	if key := ed25519.NewKeyFromSeed(seed); !key.Equal(cfg.SigningKey) {
		return fmt.Errorf("-signing-key gives public key %x, and %s holds the key of public key %x",
			cfg.SigningKey.Public(), p.path(), key.Public())
	}
	return nil
}

// save writes the snapshot of s so that a crash cannot leave half of it:
// to a temporary file of the directory, synced, renamed over the
// snapshot, and the directory synced.
func (p *persistence) save(s *emulator.Server) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	b, err := s.Snapshot()
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(p.dir, "."+stateFile+".*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), p.path())
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("-persist: writing %s: %w", p.path(), err)
	}
	d, err := os.Open(p.dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// keep saves the snapshot of s an interval after each change, until ctx
// ends; a failed write is reported on stderr and tried again at the
// next change.
func (p *persistence) keep(ctx context.Context, s *emulator.Server, interval time.Duration, report func(error)) {
	changed := s.Changed()
	for {
		select {
		case <-changed:
		case <-ctx.Done():
			return
		}
		t := time.NewTimer(interval)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return
		}
		// Taken before the snapshot: a change after it is saved next.
		changed = s.Changed()
		if err := p.save(s); err != nil {
			report(err)
		}
	}
}
