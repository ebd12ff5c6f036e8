package queue_test

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/queue"
)

// key returns a key of n bytes, each b.
func key(b byte, n int) []byte { return bytes.Repeat([]byte{b}, n) }

func TestParseKeysTakesHexAndBase64(t *testing.T) {
	a, b := key(1, 32), key(2, 48)
	for _, tc := range []struct {
		name, s string
		want    [][]byte
	}{
		{"one in hex", hex.EncodeToString(a), [][]byte{a}},
		{"one in upper-case hex", strings.ToUpper(hex.EncodeToString(a)), [][]byte{a}},
		{"one in base64", base64.StdEncoding.EncodeToString(b), [][]byte{b}},
		{"one in base64 without padding", base64.RawStdEncoding.EncodeToString(key(0xfb, 32)), [][]byte{key(0xfb, 32)}},
		{"one in URL-safe base64", base64.URLEncoding.EncodeToString(key(0xfb, 32)), [][]byte{key(0xfb, 32)}},
		{"two, with spaces", " " + hex.EncodeToString(a) + " , " + base64.StdEncoding.EncodeToString(b) + "\n", [][]byte{a, b}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keys, err := queue.ParseKeys(tc.s)
			if err != nil {
				t.Fatal(err)
			}
			// Keys show nothing of themselves: what they are is what
			// they prove.
			want, err := queue.NewKeys(tc.want...)
			if err != nil {
				t.Fatal(err)
			}
			for i := range tc.want {
				only, _ := queue.NewKeys(tc.want[i])
				job := sampleJob()
				only.Prove(&job)
				if err := keys.Verify(&job); err != nil {
					t.Errorf("a job proved by key %d: %v", i+1, err)
				}
			}
			job := sampleJob()
			keys.Prove(&job)
			if err := want.Verify(&job); err != nil {
				t.Errorf("the first key does not prove: %v", err)
			}
		})
	}
}

func TestParseKeysRefusesWhatIsNoKey(t *testing.T) {
	short := hex.EncodeToString(key(1, 31))
	secret := hex.EncodeToString(key(7, 31))
	for _, tc := range []struct {
		name, s, says string
		want          error
	}{
		{"nothing", "", "no key", queue.ErrNoKeys},
		{"spaces", "  \n", "no key", queue.ErrNoKeys},
		{"a key too short", short, "key 1 of 1 is 31 bytes, less than the 32", nil},
		{"a second key too short", hex.EncodeToString(key(1, 32)) + "," + secret, "key 2 of 2 is 31 bytes", nil},
		{"an empty key in the list", hex.EncodeToString(key(1, 32)) + ",", "key 2 of 2: it is empty", nil},
		{"hex of an odd length", hex.EncodeToString(key(1, 32)) + "a", "odd", nil},
		{"neither hex nor base64", strings.Repeat("z!", 32), "neither hex nor base64", nil},
		{"too many keys", strings.Repeat(hex.EncodeToString(key(1, 32))+",", 8) + hex.EncodeToString(key(1, 32)), "9 keys, more than the 8", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keys, err := queue.ParseKeys(tc.s)
			if err == nil || keys != nil || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("ParseKeys = %v, %v; want an error saying %q", keys, err, tc.says)
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("ParseKeys = %v, want %v", err, tc.want)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("the error quotes the key: %v", err)
			}
		})
	}
	if _, err := queue.NewKeys(); !errors.Is(err, queue.ErrNoKeys) {
		t.Errorf("NewKeys() = %v, want ErrNoKeys", err)
	}
}

func TestKeysShowNothingOfThemselves(t *testing.T) {
	keys, err := queue.NewKeys(key('s', 32), key('t', 32))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{keys.String(), fmt.Sprint(keys), fmt.Sprintf("%v %+v %#v %d %x", keys, *keys, *keys, *keys, keys)} {
		if strings.Contains(s, "sss") || strings.Contains(s, "115") {
			t.Errorf("%q shows a key", s)
		}
	}
	if got := keys.String(); got != "queue.Keys(2)" {
		t.Errorf("String = %q", got)
	}
}

// A proof covers all of the job: a change to any part of it, or a proof
// of another key, of another version or cut short, does not hold.
func TestAProofCoversAllOfTheJob(t *testing.T) {
	keys := queue.RandomKeys()
	proved := sampleJob()
	keys.Prove(&proved)
	if err := keys.Verify(&proved); err != nil {
		t.Fatalf("the job proved does not verify: %v", err)
	}
	for _, tc := range []struct {
		name   string
		change func(*queue.Job)
	}{
		{"its body", func(j *queue.Job) { j.Body = append(j.Body, ' ') }},
		{"its body moved into its timestamp", func(j *queue.Job) {
			j.Timestamp += string(j.Body[:1])
			j.Body = j.Body[1:]
		}},
		{"its signature", func(j *queue.Job) { j.Signature = "cd" + j.Signature[2:] }},
		{"its timestamp", func(j *queue.Job) { j.Timestamp = "1763800001" }},
		{"when it was received, by a second", func(j *queue.Job) { j.Received = j.Received.Add(time.Second) }},
		{"when it was received, by a nanosecond", func(j *queue.Job) { j.Received = j.Received.Add(time.Nanosecond) }},
		{"its deferral", func(j *queue.Job) { j.Deferral = interaction.CallbackDeferredUpdateMessage }},
		{"whether it is ephemeral", func(j *queue.Job) { j.Ephemeral = false }},
		{"whether it is late", func(j *queue.Job) { j.Late = false }},
		{"its proof, by another key", func(j *queue.Job) { queue.RandomKeys().Prove(j) }},
		{"its proof's version", func(j *queue.Job) { j.Proof = append([]byte{2}, j.Proof[1:]...) }},
		{"its proof, cut short", func(j *queue.Job) { j.Proof = j.Proof[:len(j.Proof)-1] }},
		{"its proof, removed", func(j *queue.Job) { j.Proof = nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			job := proved
			job.Body = bytes.Clone(proved.Body)
			job.Proof = bytes.Clone(proved.Proof)
			tc.change(&job)
			if err := keys.Verify(&job); !errors.Is(err, queue.ErrUnproven) {
				t.Errorf("Verify = %v, want ErrUnproven", err)
			}
		})
	}
	// The time of receipt is proved as JSON carries it, in another time
	// zone and without the monotonic clock.
	moved := proved
	moved.Received = proved.Received.In(time.FixedZone("east", 3600))
	if err := keys.Verify(&moved); err != nil {
		t.Errorf("the job in another time zone: %v", err)
	}
}

// Rotating the key: the endpoints prove with the new key, listed first,
// and the workers still take the jobs the old one proved.
func TestKeysRotate(t *testing.T) {
	older, newer := key(1, 32), key(2, 32)
	before, _ := queue.NewKeys(older)
	during, _ := queue.NewKeys(newer, older)
	after, _ := queue.NewKeys(newer)
	old := sampleJob()
	before.Prove(&old)
	current := sampleJob()
	during.Prove(&current)
	for _, tc := range []struct {
		name   string
		keys   *queue.Keys
		job    queue.Job
		proved bool
	}{
		{"a job of the old key, during the rotation", during, old, true},
		{"a job of the new key, during the rotation", during, current, true},
		{"a job of the new key, by a worker not yet rotated", before, current, false},
		{"a job of the old key, after the rotation", after, old, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.keys.Verify(&tc.job); (err == nil) != tc.proved {
				t.Errorf("Verify = %v, want proved %v", err, tc.proved)
			}
		})
	}
}

func FuzzParseKeys(f *testing.F) {
	f.Add(hex.EncodeToString(key(1, 32)))
	f.Add(base64.StdEncoding.EncodeToString(key(1, 32)) + "," + hex.EncodeToString(key(2, 40)))
	f.Add("")
	f.Add(",,,")
	f.Fuzz(func(t *testing.T, s string) {
		keys, err := queue.ParseKeys(s)
		if (keys == nil) == (err == nil) {
			t.Fatalf("ParseKeys(%q) = %v, %v", s, keys, err)
		}
		if err != nil {
			return
		}
		job := sampleJob()
		keys.Prove(&job)
		if err := keys.Verify(&job); err != nil {
			t.Fatalf("a job proved by %q does not verify: %v", s, err)
		}
	})
}

// BenchmarkProve is what proving a job adds to the endpoint's hand-over,
// for a body of 2.4 KB, a typical slash command's.
func BenchmarkProve(b *testing.B) {
	keys := queue.RandomKeys()
	job := sampleJob()
	job.Body = bytes.Repeat([]byte("a"), 2400)
	b.ReportAllocs()
	for b.Loop() {
		keys.Prove(&job)
	}
}

// BenchmarkVerify is what checking the proof adds to a worker's job.
func BenchmarkVerify(b *testing.B) {
	keys := queue.RandomKeys()
	job := sampleJob()
	job.Body = bytes.Repeat([]byte("a"), 2400)
	keys.Prove(&job)
	b.ReportAllocs()
	for b.Loop() {
		if err := keys.Verify(&job); err != nil {
			b.Fatal(err)
		}
	}
}
