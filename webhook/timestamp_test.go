package webhook_test

import (
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/webhook"
)

// timestampOf decodes an event whose timestamp is the JSON string s.
func timestampOf(s string) (time.Time, error) {
	var w webhook.Body
	err := webhook.Decode([]byte(`{"version":1,"application_id":"1","type":1,"event":{"type":"X","timestamp":`+s+`}}`), &w)
	if err != nil {
		return time.Time{}, err
	}
	return w.Event.Timestamp, nil
}

func TestTimestampsAreReadInEitherFormAsUTC(t *testing.T) {
	tests := []struct {
		name string
		text string
		want time.Time
	}{
		{"the service's form, without a zone", `"2024-10-18T14:42:53.064834"`, time.Date(2024, 10, 18, 14, 42, 53, 64834000, time.UTC)},
		{"without a zone or a fraction", `"2024-10-18T14:42:53"`, time.Date(2024, 10, 18, 14, 42, 53, 0, time.UTC)},
		{"without a zone, to the nanosecond", `"2024-10-18T14:42:53.123456789"`, time.Date(2024, 10, 18, 14, 42, 53, 123456789, time.UTC)},
		{"RFC 3339 in UTC", `"2024-10-18T14:42:53.064834Z"`, time.Date(2024, 10, 18, 14, 42, 53, 64834000, time.UTC)},
		{"RFC 3339 with +00:00", `"2024-10-18T14:42:53.064834+00:00"`, time.Date(2024, 10, 18, 14, 42, 53, 64834000, time.UTC)},
		{"RFC 3339 in another zone", `"2024-10-18T16:42:53+02:00"`, time.Date(2024, 10, 18, 14, 42, 53, 0, time.UTC)},
		{"escaped", `"2024-10-18T14\u003a42:53"`, time.Date(2024, 10, 18, 14, 42, 53, 0, time.UTC)},
		{"the last microsecond of the year 9999", `"9999-12-31T23:59:59.999999"`, time.Date(9999, 12, 31, 23, 59, 59, 999999000, time.UTC)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := timestampOf(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("timestamp %v (%v), want %v in UTC", got, got.Location(), tt.want)
			}
		})
	}
}

func TestTimestampsOfOtherFormsAreRefused(t *testing.T) {
	for _, text := range []string{
		`""`, `"2024-10-18"`, `"2024-10-18 14:42:53"`, `"2024-10-18T14:42"`, `"2024-13-18T14:42:53"`,
		`"2024-10-18T14:42:53+0200"`, `"2024-10-18T14:42:53 UTC"`, `"Fri, 18 Oct 2024 14:42:53 GMT"`,
		`"0000-01-01T00:00:00+00:01"`, `"9999-12-31T23:30:00-01:00"`, `1729262573`, `null`, `{}`,
	} {
		if got, err := timestampOf(text); err == nil {
			t.Errorf("timestamp %s read as %v", text, got)
		}
	}
}
