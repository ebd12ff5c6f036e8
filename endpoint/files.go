package endpoint

import (
	"context"

	"github.com/switchboard-go/switchboard/interaction"
)

// How an answer with files reaches the service. The service documents
// files on the endpoint that answers an interaction (POST
// /interactions/{id}/{token}/callback), which "also supports file
// attachments similar to the webhook endpoints", as multipart/form-data
// (discord/discord-api-docs#3860). Answering the interaction's HTTP
// request itself with multipart/form-data is not documented: frameworks
// do it (disgoorg/disgo#122), and it is reported to fail for message
// commands (discord/discord-api-docs#5933), in general (discussion #6204)
// and for files over about 150 KB (#5250, #5925). So an endpoint that has
// a REST client posts an answer with files to the callback endpoint and
// answers the HTTP request 202 Accepted, which the service takes for an
// answer sent that way (discord/discord-api-docs#7311); only an endpoint
// without one answers in the HTTP response, the one way it has.

// FileAnswers says how an Endpoint sends an answer whose message carries
// files (interaction.Response.WithFile).
type FileAnswers int

const (
	// FilesAuto posts an answer with files to the callback endpoint when
	// the endpoint has a REST client (WithClient), as FilesByCallback
	// does, and answers in the HTTP response when it has none, as
	// FilesInResponse does. It is the default.
	FilesAuto FileAnswers = iota
	// FilesInResponse answers the interaction's HTTP request with the
	// answer and its files as multipart/form-data, status 200. The
	// service does not document this way, and it is reported to fail
	// for some interactions and for large files.
	FilesInResponse
	// FilesByCallback posts the answer and its files to the callback
	// endpoint through the endpoint's REST client, the way the service
	// documents, and then answers the HTTP request 202 Accepted. New
	// refuses it for an endpoint without a client (WithClient).
	FilesByCallback
)

// WithFileAnswers sets how the endpoint sends an answer with files; the
// default is FilesAuto.
//
// Either way the files are read when the handler has returned, each
// once, and must reach the service before it stops waiting for the
// answer (DefaultResponseDeadline): a handler with large files to send
// from a slow link defers, and sends them with router.Request.EditOriginal. A file
// larger than the interaction's AttachmentLimit, more than
// interaction.MaxFiles files, a file that cannot be read, or an answer the
// callback endpoint refuses is answered by the error handler, as an
// answer the interaction does not allow is, and logged; the HTTP response
// is never written halfway.
func WithFileAnswers(f FileAnswers) Option {
	return func(c *config) { c.files = f }
}

// byCallback reports whether the endpoint posts answers with files to
// the callback endpoint.
func (e *Endpoint) byCallback() bool {
	return e.files == FilesByCallback || (e.files == FilesAuto && e.client != nil)
}

// answerWithFiles sends resp, whose message carries files: through the
// callback endpoint, the HTTP request then answered 202 with no body, or
// as a multipart/form-data HTTP response. An answer that cannot be sent
// so is answered by the error handler in the HTTP response.
//
//go:noinline
func (f *flight) answerWithFiles(answered *interaction.Response) (status int, answer []byte, contentType string) {
	e, ix, resp := f.e, &f.ix, *answered
	// The service stops waiting for the answer at the deadline; the
	// error handler's context ends the answer margin before it, as a
	// handler's does.
	ctx, cancel := context.WithDeadline(f.parent, f.received.Add(e.deadline))
	defer cancel()
	var err error
	if e.byCallback() {
		if err = e.client.Respond(ctx, ix, resp); err == nil {
			f.answeredThrough(resp, "callback")
			return 202, f.out[:0], ""
		}
	} else {
		if answer, contentType, err = resp.AppendMultipart(f.out[:0], ix.AttachmentLimit()); err == nil {
			f.answeredThrough(resp, "response")
			return 200, answer, contentType
		}
	}
	handlerCtx, cancelHandler := context.WithDeadline(f.parent, f.received.Add(e.deadline-e.margin))
	defer cancelHandler()
	resp = f.call.ErrorAnswer(handlerCtx, err)
	f.answeredByErrorHandler()
	if len(resp.Message.Files) > 0 {
		// The error handler's own files go in the response: whatever
		// failed through the client may fail again.
		if answer, contentType, err = resp.AppendMultipart(f.out[:0], ix.AttachmentLimit()); err == nil {
			f.answeredThrough(resp, "response")
			return 200, answer, contentType
		}
		f.log(e.logger.Error().Err(err)).Msg("the error handler's answer has files that cannot be sent either; answering with the default")
		resp = f.call.Apology()
	}
	status, answer = f.encode(&result{resp: resp})
	return status, answer, ""
}

// answeredThrough logs an answer sent through the callback endpoint or,
// with files, in the HTTP response.
func (f *flight) answeredThrough(resp interaction.Response, through string) {
	f.log(f.e.logger.Debug()).Stringer("type", f.ix.Type).
		Stringer("callback", resp.Type).Int("files", len(resp.Message.Files)).Str("through", through).Msg("answered")
}
