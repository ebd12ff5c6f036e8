package web

import (
	"bytes"
	"mime"
	"net/http"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// file is GET /api/files/{message}/{attachment}/{name}: the bytes of a
// file the bot attached to a message, which the emulator keeps. Whatever
// the bot says it is, the browser is told to save it, not to show it: a
// file of the bot's is not a page of the playground's.
func (h *Handler) file(w http.ResponseWriter, r *http.Request) {
	message, err1 := interaction.ParseSnowflake(r.PathValue("message"))
	id, err2 := interaction.ParseSnowflake(r.PathValue("attachment"))
	if err1 != nil || err2 != nil {
		http.NotFound(w, r)
		return
	}
	for _, rec := range h.records() {
		msgs := rec.Followups
		if rec.Original != nil {
			msgs = append(msgs, *rec.Original)
		}
		for _, m := range msgs {
			if m.ID != message || m.Deleted {
				continue
			}
			for _, a := range m.Attachments {
				if a.ID == id {
					w.Header().Set("Content-Type", "application/octet-stream")
					w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": a.Filename}))
					w.Header().Set("Content-Security-Policy", "sandbox")
					http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(a.Content))
					return
				}
			}
		}
	}
	http.NotFound(w, r)
}
