package interaction_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

func TestARefusalIsNamedForMetrics(t *testing.T) {
	tests := []struct {
		r    interaction.Refusal
		want string
	}{
		{0, ""},
		{interaction.RefusedTooLarge, "too_large"},
		{interaction.RefusedBadSignature, "bad_signature"},
		{interaction.RefusedStaleTimestamp, "stale_timestamp"},
		{interaction.RefusedMalformed, "malformed"},
		{interaction.RefusedUnsupportedType, "unsupported_type"},
		{interaction.RefusedReplay, "replay"},
		{interaction.RefusedReplay + 1, ""},
		{255, ""},
	}
	for _, tt := range tests {
		if got := tt.r.String(); got != tt.want {
			t.Errorf("Refusal(%d).String() = %q, want %q", tt.r, got, tt.want)
		}
	}
}
