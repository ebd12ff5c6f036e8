package emulator_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// A voice message is one audio file with its duration and waveform, and
// nothing else; the emulator keeps the recording's fields, refuses what
// breaks a rule with the service's code, and refuses to edit one.
func TestVoiceMessages(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	ogg := []byte("OggS\x00\x02")
	const recording = `{"id":0,"filename":"hello.ogg","duration_secs":2.5,"waveform":"AEB/"}`
	t.Run("an answer may be a voice message, and keeps its recording's fields", func(t *testing.T) {
		ex := rl.invoke(t, s, "ask")
		ct, body := multipartBody(t, `{"type":4,"data":{"flags":8192,"attachments":[`+recording+`]}}`, part{"files[0]", "hello.ogg", "audio/ogg", ogg})
		if status, b := send(t, s, "POST", callbackPath(ex.ID, ex.Token), ct, body); status != 204 {
			t.Fatalf("%d %v", status, b)
		}
		ex.answer(t, nil)
		original := webhookPath(s, ex.Token) + "/messages/@original"
		_, msg := call(t, s, "GET", original, "", "")
		a := attachmentOf(t, msg)
		if a["duration_secs"] != 2.5 || a["waveform"] != "AEB/" || a["content_type"] != "audio/ogg" || msg["flags"] != float64(1<<13) {
			t.Errorf("message flags %v, attachment %v", msg["flags"], a)
		}
		resp, b := call(t, s, "PATCH", original, "", `{"content":"changed"}`)
		if resp.StatusCode != 400 || b["code"] != float64(50162) {
			t.Errorf("an edit of a voice message: %d %v, want 400 and 50162", resp.StatusCode, b)
		}
	})
	for _, tt := range []struct {
		name, payload string
		files         []part
		code          float64
	}{
		{"a follow-up may be a voice message", `{"flags":8192,"attachments":[` + recording + `]}`,
			[]part{{"files[0]", "hello.ogg", "audio/ogg", ogg}}, 0},
		{"it has no content", `{"content":"hi","flags":8192,"attachments":[` + recording + `]}`,
			[]part{{"files[0]", "hello.ogg", "audio/ogg", ogg}}, 50159},
		{"it has one file", `{"flags":8192,"attachments":[` + recording + `,{"id":1}]}`,
			[]part{{"files[0]", "hello.ogg", "audio/ogg", ogg}, {"files[1]", "b.ogg", "audio/ogg", ogg}}, 50160},
		{"which is audio", `{"flags":8192,"attachments":[` + recording + `]}`,
			[]part{{"files[0]", "hello.png", "image/png", ogg}}, 50160},
		{"with its waveform", `{"flags":8192,"attachments":[{"id":0,"duration_secs":2.5}]}`,
			[]part{{"files[0]", "hello.ogg", "audio/ogg", ogg}}, 50161},
		{"and its duration", `{"flags":8192,"attachments":[{"id":0,"waveform":"AEB/"}]}`,
			[]part{{"files[0]", "hello.ogg", "audio/ogg", ogg}}, 50161},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ex := rl.invoke(t, s, "ask")
			ex.answer(t, []byte(`{"type":4,"data":{"content":"x"}}`))
			ct, body := multipartBody(t, tt.payload, tt.files...)
			status, msg := send(t, s, "POST", webhookPath(s, ex.Token), ct, body)
			if tt.code == 0 {
				if status != 200 {
					t.Fatalf("%d %v", status, msg)
				}
				return
			}
			if status != 400 || msg["code"] != tt.code {
				t.Errorf("%d %v, want 400 and %v", status, msg, tt.code)
			}
		})
	}
}
