package emulator

import "testing"

// The zero Limits are the defaults their documentation gives; the upload
// limit's is the service's 10 MiB, which the tests of uploads lower to
// keep their files small.
func TestLimitsDefaults(t *testing.T) {
	l := Limits{}.withDefaults()
	for _, tc := range []struct {
		name      string
		got, want int64
	}{
		{"Interactions", int64(l.Interactions), 10_000},
		{"Changes", int64(l.Changes), 50_000},
		{"InteractionFiles", l.InteractionFiles, 128 << 20},
		{"Files", l.Files, 512 << 20},
		{"Events", int64(l.Events), 10_000},
		{"WaitingEvents", int64(l.WaitingEvents), 1_000},
		{"ChannelMessages", int64(l.ChannelMessages), 1_000},
		{"ChannelFiles", l.ChannelFiles, 128 << 20},
		{"Faults", int64(l.Faults), 1_000},
		{"Upload", l.Upload, 10 << 20},
	} {
		if tc.got != tc.want {
			t.Errorf("the default %s is %d, want %d", tc.name, tc.got, tc.want)
		}
	}
	if l := (Limits{Upload: 1}).withDefaults(); l.Upload != 1 {
		t.Errorf("an upload limit of 1 byte became %d", l.Upload)
	}
	// A request's body is bounded by ten files at the default limit.
	if s, err := New(Config{Limits: Limits{Upload: DefaultUpload + 1}}); err == nil {
		s.Close()
		t.Error("New took an upload limit over DefaultUpload")
	}
}
