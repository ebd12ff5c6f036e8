package web

import (
	"bytes"
	"mime"
	"net/http"
	"net/url"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// previewTypes are the kinds of image the page shows in a message, by
// the type their bytes say they are: pictures a browser decodes, and
// nothing that runs or can hold a script, such as SVG.
var previewTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true}

// fileURL is where the page gets a file of a message that user sees.
func fileURL(user, message interaction.Snowflake, a emulator.Attachment) string {
	return "/api/files/" + message.String() + "/" + a.ID.String() + "/" + url.PathEscape(a.Filename) + "?user=" + user.String()
}

// previewable reports whether the page shows a as an image.
func previewable(a emulator.Attachment) bool {
	return previewTypes[http.DetectContentType(a.Content)]
}

// file is GET /api/files/{message}/{attachment}/{name}?user=: the bytes
// of a file the bot attached to a message the user sees, which the
// emulator keeps. Whatever the bot says it is, the browser is told to save
// it, not to show it: a file of the bot's is not a page of the
// playground's. With preview=1, a picture the page shows is served as the
// picture its bytes say it is, and anything else is not served.
func (h *Handler) file(w http.ResponseWriter, r *http.Request) {
	message, err1 := interaction.ParseSnowflake(r.PathValue("message"))
	id, err2 := interaction.ParseSnowflake(r.PathValue("attachment"))
	var user interaction.Snowflake
	if q := r.URL.Query().Get("user"); q != "" {
		var err error
		if user, err = interaction.ParseSnowflake(q); err != nil {
			err1 = err
		}
	}
	if err1 != nil || err2 != nil {
		http.NotFound(w, r)
		return
	}
	user, _ = h.who(user, "")
	a, ok := h.attachment(user, message, id)
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Security-Policy", "sandbox")
	if r.URL.Query().Get("preview") == "1" {
		ct := http.DetectContentType(a.Content)
		if !previewTypes[ct] {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", ct)
		w.Header().Set("Content-Disposition", mime.FormatMediaType("inline", map[string]string{"filename": a.Filename}))
	} else {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": a.Filename}))
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(a.Content))
}

// attachment finds a file of a message user sees: an ephemeral message,
// or one in the bot's direct messages, is seen only by the user it
// answers, as in the channel. It asks the emulator for the one message,
// whatever the number it keeps.
func (h *Handler) attachment(user, message, id interaction.Snowflake) (emulator.Attachment, bool) {
	rec, ok := h.emu.Message(message)
	if !ok || rec.Deleted {
		return emulator.Attachment{}, false
	}
	private := rec.Data.Flags&interaction.FlagEphemeral != 0 || rec.Interaction.GuildID == 0
	if private && rec.Interaction.Invoker().ID != user {
		return emulator.Attachment{}, false
	}
	for _, a := range rec.Attachments {
		if a.ID == id {
			return a, true
		}
	}
	return emulator.Attachment{}, false
}
