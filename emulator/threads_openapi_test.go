package emulator

import (
	"strings"
	"testing"
)

// The bodies of the thread starts the emulator takes are those the
// description's request schemas take, and those it refuses with 50035 are
// those the schemas refuse: decodeThreadBody is held to
// CreateTextThreadWithMessageRequest and to the form without a message of
// create_thread.
func TestThreadBodiesAreTheDescriptions(t *testing.T) {
	o := loadOpenAPI(t)
	schema := func(path string) string {
		return "/paths/" + strings.ReplaceAll(path, "/", "~1") + "/post/requestBody/content/application~1json/schema"
	}
	fromMessage := schema("/channels/{channel_id}/messages/{message_id}/threads")
	without := schema("/channels/{channel_id}/threads")
	long := `"` + strings.Repeat("n", 101) + `"`
	for _, c := range []struct {
		name string
		body string
	}{
		{"a name", `{"name":"talk"}`},
		{"a name of 100 characters", `{"name":"` + strings.Repeat("n", 100) + `"}`},
		{"every duration", `{"name":"t","auto_archive_duration":10080}`},
		{"durations left to the channel", `{"name":"t","auto_archive_duration":null,"rate_limit_per_user":null}`},
		{"the longest slowmode", `{"name":"t","rate_limit_per_user":21600}`},
		{"no name", `{}`},
		{"an empty name", `{"name":""}`},
		{"a name too long", `{"name":` + long + `}`},
		{"a name that is no text", `{"name":7}`},
		{"a duration of no choice", `{"name":"t","auto_archive_duration":30}`},
		{"a negative slowmode", `{"name":"t","rate_limit_per_user":-1}`},
		{"a slowmode too long", `{"name":"t","rate_limit_per_user":21601}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, e := decodeThreadBody([]byte(c.body), true)
			err := o.validate(t, fromMessage, []byte(c.body))
			if (e == nil) != (err == nil) {
				t.Errorf("from a message, the emulator says %v and the description %v", e, err)
			}
		})
	}
	for _, c := range []struct {
		name string
		body string
	}{
		{"a private thread", `{"name":"t","type":12,"invitable":false}`},
		{"a public thread", `{"name":"t","type":11}`},
		{"an announcement thread", `{"name":"t","type":10}`},
		{"no type", `{"name":"t","type":null,"invitable":null}`},
		{"a type that is no thread's", `{"name":"t","type":0}`},
		{"no name", `{"type":11}`},
		{"a name too long", `{"name":` + long + `,"type":11}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, e := decodeThreadBody([]byte(c.body), false)
			err := o.validate(t, without, []byte(c.body))
			if (e == nil) != (err == nil) {
				t.Errorf("without a message, the emulator says %v and the description %v", e, err)
			}
		})
	}
}
