// Command sign signs an interaction as the service does, with the key the
// servers under measurement are given, and writes a wrk script that posts
// it. It prints the public key in hex.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

func main() {
	body := flag.String("body", "interaction/testdata/slash_mod_ban.json", "the interaction to sign")
	out := flag.String("out", "post.lua", "where to write the wrk script")
	flag.Parse()
	b, err := os.ReadFile(*body)
	if err != nil {
		log.Fatal(err)
	}
	if strings.Contains(string(b), "]==]") {
		log.Fatalf("sign: %s holds the script's closing bracket", *body)
	}
	key := interactiontest.NewKey("bench")
	sig, ts := key.Sign(b)
	script := fmt.Sprintf(`-- Written by bench/endpoint/sign: one signed interaction, posted again and again.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Signature-Ed25519"] = %q
wrk.headers["X-Signature-Timestamp"] = %q
wrk.body = [==[%s]==]
`, sig, ts, b)
	if err := os.WriteFile(*out, []byte(script), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Println(key.PublicKeyHex())
}
