package endpoint_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

func ExampleWithFileAnswers() {
	r := router.New()
	r.Command("scores", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		csv := "user,score\nada,12\n"
		return interaction.Reply("This week's scores").
			WithFile("scores.csv", "text/csv", strings.NewReader(csv)), nil
	}, router.Description("This week's scores, as a spreadsheet"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	key := interactiontest.NewKey("example") // in production: interaction.NewVerifier(publicKeyHex)
	// Without a REST client the answer and its file are the HTTP response,
	// as multipart/form-data; given one (endpoint.WithClient), the endpoint
	// posts them to the callback endpoint and answers 202 Accepted.
	e, err := endpoint.New(mux, key.Verifier(), endpoint.WithFileAnswers(endpoint.FilesAuto))
	if err != nil {
		log.Fatal(err)
	}

	srv := httptest.NewServer(e)
	defer srv.Close()
	body := interactiontest.Command("scores").JSON()
	sig, ts := key.Sign(body)
	req, _ := http.NewRequest("POST", srv.URL, strings.NewReader(string(body)))
	req.Header.Set(endpoint.HeaderSignature, sig)
	req.Header.Set(endpoint.HeaderTimestamp, ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()

	media, params, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	fmt.Println(resp.StatusCode, media)
	parts := multipart.NewReader(resp.Body, params["boundary"])
	for {
		p, err := parts.NextPart()
		if err != nil {
			break
		}
		content, _ := io.ReadAll(p)
		fmt.Printf("%s %s: %s\n", p.FormName(), p.Header.Get("Content-Type"), content)
	}
	// Output:
	// 200 multipart/form-data
	// payload_json application/json: {"type":4,"data":{"content":"This week's scores","attachments":[{"id":"0","filename":"scores.csv"}]}}
	// files[0] text/csv: user,score
	// ada,12
}
