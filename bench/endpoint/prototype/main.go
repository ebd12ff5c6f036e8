// Command prototype is the floor the interactions endpoint is measured
// against: a fasthttp server that does only what any bot must, with the
// same libraries and none of a framework. It verifies the signature with
// the standard library, decodes the whole payload into plain structs with
// goccy/go-json's Unmarshal, reads the options of /mod ban as a handler
// would and answers with a marshalled reply.
package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"flag"
	"log"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"

	json "github.com/goccy/go-json"
	"github.com/valyala/fasthttp"
)

type reply struct {
	Type int       `json:"type"`
	Data replyData `json:"data"`
}

type replyData struct {
	Content string `json:"content"`
	Flags   int    `json:"flags"`
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8081", "the address to serve on")
	keyHex := flag.String("key", "", "the application's public key, in hex")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile to this file, until SIGINT or SIGTERM")
	flag.Parse()
	key, err := hex.DecodeString(*keyHex)
	if err != nil || len(key) != ed25519.PublicKeySize {
		log.Fatalf("prototype: -key: want %d bytes in hex", ed25519.PublicKeySize)
	}
	if *cpuprofile == "" {
		log.Fatal(fasthttp.ListenAndServe(*addr, handler(ed25519.PublicKey(key))))
	}
	f, err := os.Create(*cpuprofile)
	if err != nil {
		log.Fatal(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		log.Fatal(err)
	}
	go func() { log.Fatal(fasthttp.ListenAndServe(*addr, handler(ed25519.PublicKey(key)))) }()
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
	pprof.StopCPUProfile()
}

func handler(key ed25519.PublicKey) fasthttp.RequestHandler {
	return func(rc *fasthttp.RequestCtx) {
		if !rc.IsPost() {
			rc.SetStatusCode(fasthttp.StatusMethodNotAllowed)
			return
		}
		sig, err := hex.DecodeString(string(rc.Request.Header.Peek("X-Signature-Ed25519")))
		if err != nil || len(sig) != ed25519.SignatureSize {
			rc.SetStatusCode(fasthttp.StatusUnauthorized)
			return
		}
		ts, body := rc.Request.Header.Peek("X-Signature-Timestamp"), rc.PostBody()
		if !ed25519.Verify(key, append(append([]byte(nil), ts...), body...), sig) {
			rc.SetStatusCode(fasthttp.StatusUnauthorized)
			return
		}
		var ix interactionPayload
		if err := json.Unmarshal(body, &ix); err != nil {
			rc.SetStatusCode(fasthttp.StatusBadRequest)
			return
		}
		var out []byte
		switch ix.Type {
		case 1:
			out = []byte(`{"type":1}`)
		case 2:
			if out, err = json.Marshal(modBan(&ix)); err != nil {
				rc.SetStatusCode(fasthttp.StatusInternalServerError)
				return
			}
		default:
			rc.SetStatusCode(fasthttp.StatusBadRequest)
			return
		}
		rc.SetContentType("application/json")
		rc.SetBody(out)
	}
}

// modBan reads each option of /mod ban as a handler would, the user
// through the resolved data.
func modBan(ix *interactionPayload) reply {
	if ix.Data.Name != "mod" || len(ix.Data.Options) != 1 || ix.Data.Options[0].Name != "ban" {
		return reply{Type: 4, Data: replyData{Content: "Unknown command.", Flags: 64}}
	}
	var (
		target *user
		reason string
		days   float64
		notify bool
	)
	for _, o := range ix.Data.Options[0].Options {
		switch o.Name {
		case "user":
			if id, ok := o.Value.(string); ok && ix.Data.Resolved != nil {
				if u, ok := ix.Data.Resolved.Users[id]; ok {
					target = &u
				}
			}
		case "reason":
			reason, _ = o.Value.(string)
		case "days":
			days, _ = o.Value.(float64)
		case "notify":
			notify, _ = o.Value.(bool)
		}
	}
	_, _, _ = reason, days, notify
	if target == nil {
		return reply{Type: 4, Data: replyData{Content: "No such user.", Flags: 64}}
	}
	return reply{Type: 4, Data: replyData{Content: "Done.", Flags: 64}}
}
