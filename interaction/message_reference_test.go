package interaction_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// FuzzMessageReferenceJSON: a message's reference, written by hand, reads
// back as it was.
func FuzzMessageReferenceJSON(f *testing.F) {
	f.Add(0, uint64(1), uint64(0), uint64(0), uint8(0))
	f.Add(1, uint64(1311204000000000004), uint64(1191215000000000015), uint64(1191203000000000003), uint8(1))
	f.Add(-3, ^uint64(0), uint64(5), uint64(0), uint8(2))
	f.Fuzz(func(t *testing.T, typ int, message, channel, guild uint64, fail uint8) {
		ref := &interaction.MessageReference{
			Type:      interaction.MessageReferenceType(typ),
			MessageID: interaction.Snowflake(message),
			ChannelID: interaction.Snowflake(channel),
			GuildID:   interaction.Snowflake(guild),
		}
		if fail > 0 {
			b := fail == 1
			ref.FailIfNotExists = &b
		}
		m := interaction.MessageData{Content: "x", Reference: ref}
		b, err := m.AppendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		var back struct {
			Reference *interaction.MessageReference `json:"message_reference"`
		}
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(back.Reference, ref) {
			t.Errorf("%s read back as %+v, want %+v", b, back.Reference, ref)
		}
	})
}

func TestMessageReferenceJSON(t *testing.T) {
	m := interaction.MessageData{Reference: &interaction.MessageReference{Type: interaction.ReferenceForward, MessageID: 2, ChannelID: 3}}
	b, err := m.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"message_reference":{"type":1,"message_id":"2","channel_id":"3"}}`; got != want {
		t.Errorf("%s, want %s", got, want)
	}
}
