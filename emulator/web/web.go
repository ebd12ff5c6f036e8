package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"sync"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// Config sets up a Handler. The zero Config is a working playground.
type Config struct {
	// User is who the page starts as; zero means the owner of the
	// emulator's guild, who may use every command.
	User interaction.Snowflake
	// Guild is where the page starts; zero means the emulator's guild.
	// The page moves to the bot's direct messages and back.
	Guild interaction.Snowflake
	// Locale is the client's language the page starts in; empty means
	// en-US.
	Locale interaction.Locale
}

// Handler serves the playground of one emulator: the page, its API and
// its event stream. It answers only requests made to a loopback or other
// IP address, or localhost, on the port it is served on, from its own
// page (see the package comment).
type Handler struct {
	emu *emulator.Server
	cfg Config
	mux *http.ServeMux
	// picks are the names of the suggestions users picked, which the
	// channel shows.
	picks *picks
	// done is closed by Close: the event streams end.
	done      chan struct{}
	closeOnce sync.Once
}

// NewHandler returns the playground of emu.
func NewHandler(emu *emulator.Server, cfg Config) *Handler {
	if cfg.User == 0 {
		cfg.User = emu.Admin
	}
	if cfg.Guild == 0 {
		cfg.Guild = emu.GuildID
	}
	if cfg.Locale == "" {
		cfg.Locale = interaction.LocaleEnglishUS
	}
	h := &Handler{emu: emu, cfg: cfg, mux: http.NewServeMux(), picks: newPicks(), done: make(chan struct{})}
	h.staticRoutes()
	h.mux.HandleFunc("GET /api/state", h.state)
	h.mux.HandleFunc("POST /api/roles", h.roles)
	h.mux.HandleFunc("POST /api/react", h.react)
	h.mux.HandleFunc("GET /api/commands", h.commands)
	h.mux.HandleFunc("GET /api/modal", h.modal)
	h.mux.HandleFunc("POST /api/invoke", h.invoke)
	h.mux.HandleFunc("POST /api/autocomplete", h.autocomplete)
	h.mux.HandleFunc("POST /api/click", h.click)
	h.mux.HandleFunc("POST /api/choose", h.choose)
	h.mux.HandleFunc("POST /api/submit", h.submit)
	h.mux.HandleFunc("POST /api/dismiss", h.dismiss)
	h.mux.HandleFunc("GET /api/events", h.events)
	h.mux.HandleFunc("GET /api/files/{message}/{attachment}/{name}", h.file)
	return h
}

// ServeHTTP answers a request of the page, after the checks that keep
// other sites out.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	if reason := refused(r); reason != "" {
		writeError(w, http.StatusForbidden, "forbidden", reason)
		return
	}
	h.mux.ServeHTTP(w, r)
}

// Close ends the event streams, which would otherwise keep an
// http.Server's Shutdown waiting for them, and makes new ones end at
// once.
func (h *Handler) Close() {
	h.closeOnce.Do(func() { close(h.done) })
}

// maxBody bounds the body of a request of the page: the largest is a
// modal's text, at most a few thousand characters.
const maxBody = 64 << 10

// errorJSON is how the API answers what it does not do: a kind, and the
// reason a person reads.
type errorJSON struct {
	Error   string `json:"error"`
	Message string `json:"message"`
}

func writeError(w http.ResponseWriter, status int, kind, message string) {
	writeJSON(w, status, errorJSON{Error: kind, Message: message})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"internal","message":"encoding the answer failed"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// readJSON decodes the body of r into v: one JSON value of at most
// maxBody bytes, with no field v does not have. It answers the refusal
// itself and reports false when the body is not that.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		writeError(w, http.StatusRequestEntityTooLarge, "too_large", "the body is larger than 64 KiB")
		return false
	case err != nil:
		writeError(w, http.StatusBadRequest, "invalid_input", "invalid body: "+err.Error())
		return false
	}
	return true
}
