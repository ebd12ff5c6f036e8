package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"time"
)

// Client talks to the command service's REST API. It authenticates every
// request, waits rather than break a rate limit, and retries what a retry
// can fix. A Client is safe for concurrent use.
type Client struct {
	base      string // ending in /v10, no trailing slash
	auth      Auth
	http      *http.Client
	userAgent string
	retries   int
	backoff   backoff
	now       func() time.Time
	limits    *limiter
	// timeout bounds one attempt: the request, and reading its answer.
	timeout time.Duration
	// observer, when set, is told of each attempt, wait and retry.
	observer Observer
	// dms are the DM channels of the users SendDM wrote to, shared by
	// the copies of the Client that act as the same bot.
	dms *dmChannels
}

// ClientOption configures a Client.
type ClientOption func(*Client)

// WithHTTPClient makes the Client send its requests through h rather than
// http.DefaultClient.
func WithHTTPClient(h *http.Client) ClientOption {
	return func(c *Client) { c.http = h }
}

// DefaultTimeout is how long one attempt of a request may take, from
// sending it to reading the whole answer, unless WithTimeout says
// otherwise.
const DefaultTimeout = 30 * time.Second

// WithTimeout sets how long one attempt of a request may take, from sending
// it to reading the whole answer; zero or less means no bound but the
// context's. An attempt that runs out of time is retried like a dropped
// connection, so a service that accepts connections and never answers
// fails a call after its retries rather than holding it forever. Waits for
// rate limits and between retries are not counted: bound those with the
// context.
func WithTimeout(d time.Duration) ClientOption {
	return func(c *Client) { c.timeout = d }
}

// WithUserAgent adds s to the User-Agent after switchboard's own name, so
// the service's operators can tell which bot is calling.
func WithUserAgent(s string) ClientOption {
	return func(c *Client) {
		if s != "" {
			c.userAgent += " " + s
		}
	}
}

// WithRetries sets how many times a request that failed with a 5xx status
// or a broken connection is sent again; the default is 3. Rate-limited
// requests are waited out and sent again apart from this count.
func WithRetries(n int) ClientOption {
	return func(c *Client) { c.retries = max(n, 0) }
}

// WithBackoff sets the wait before the first retry and the most any retry
// waits; each retry doubles the wait up to max, and a random part of it is
// taken so that many clients that failed together do not return together.
// The defaults are 250ms and 10s.
func WithBackoff(base, max time.Duration) ClientOption {
	return func(c *Client) { c.backoff = backoff{base: base, max: max} }
}

// WithClock sets the clock that the lifetime of access tokens is measured
// by; the default is time.Now. Waits for rate limits and retries use real
// time whatever the clock.
func WithClock(now func() time.Time) ClientOption {
	return func(c *Client) { c.now = now }
}

// apiVersion is the last segment of the base URL of every API the Client
// can talk to.
const apiVersion = "/v10"

// APIv10 is the base URL of the service's API, version 10: the version a
// Client speaks, at the server the service's OpenAPI description names. A
// bot in production makes its Client with it. Tests and local runs use the
// emulator's instead (emulator.Server's URL, the base_url cmd/emulator
// prints and passes on as SWITCHBOARD_BASE_URL), which ends in /v10 alike.
const APIv10 = "https://discord.com/api" + apiVersion

// NewClient returns a Client of the API at baseURL, which must be an
// absolute http or https URL whose path ends in the /v10 segment (a
// trailing slash is dropped), authenticating with auth: APIv10 for the
// service, the emulator's URL in tests. An empty baseURL is an error, not
// APIv10, so that a test or a deploy whose configuration lacks the URL
// fails at once rather than sending its requests, and its credentials, to
// the service.
func NewClient(baseURL string, auth Auth, opts ...ClientOption) (*Client, error) {
	if strings.TrimSpace(baseURL) == "" {
		return nil, errors.New("rest: no base URL: rest.APIv10 is the service's, and the emulator has its own")
	}
	base := strings.TrimRight(baseURL, "/")
	u, err := url.Parse(base)
	if err != nil {
		return nil, errors.New("rest: base URL: " + err.Error())
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return nil, errors.New("rest: base URL " + strings.TrimSpace(baseURL) + " is not an absolute http or https URL")
	}
	if !strings.HasSuffix(u.Path, apiVersion) {
		return nil, errors.New("rest: base URL " + baseURL + " does not end in " + apiVersion)
	}
	if auth == nil {
		return nil, errors.New("rest: NewClient needs an Auth")
	}
	c := &Client{
		base:      base,
		auth:      auth,
		http:      http.DefaultClient,
		userAgent: defaultUserAgent(),
		retries:   3,
		backoff:   backoff{base: 250 * time.Millisecond, max: 10 * time.Second},
		now:       time.Now,
		limits:    newLimiter(),
		timeout:   DefaultTimeout,
		dms:       newDMChannels(),
	}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// WithAuth returns a Client like c that authenticates with auth: the way to
// act as a user (BearerToken) beside a bot. The service counts rate limits
// per token, so the new Client keeps its own.
func (c *Client) WithAuth(auth Auth) *Client {
	d := *c
	d.auth = auth
	d.limits = newLimiter()
	d.dms = newDMChannels()
	return &d
}

// modulePath is switchboard's module, whose version the User-Agent names.
const modulePath = "github.com/switchboard-go/switchboard"

// defaultUserAgent names switchboard in the form the service asks of bots,
// "name (URL, version)", with the version of the module built in.
func defaultUserAgent() string {
	version := "devel"
	if info, ok := debug.ReadBuildInfo(); ok {
		if info.Main.Path == modulePath && info.Main.Version != "" && info.Main.Version != "(devel)" {
			version = info.Main.Version
		}
		for _, d := range info.Deps {
			if d.Path == modulePath && d.Version != "" {
				version = d.Version
			}
		}
	}
	return "switchboard (https://" + modulePath + ", " + version + ")"
}

// call is one request to the API, kept whole so that it can be sent again.
type call struct {
	method string
	// route names the endpoint for rate limits: the method and the path
	// with every id replaced by a placeholder, such as
	// "GET /applications/{app}/guilds/{guild}/commands/{cmd}"; the ids
	// that decide the limit are kept apart, in major.
	route string
	// major holds the ids in the path that the service counts limits
	// apart by, the application and the guild.
	major string
	path  string
	query url.Values
	// body is the request body, sent anew on every attempt; contentType
	// says what it is.
	body        []byte
	contentType string
	// anonymous calls carry no Authorization header (the token endpoint
	// authenticates the client in the form).
	anonymous bool
	// origin, when set, maps a 50035 errors tree back to what the caller
	// declared.
	origin *origin
	// reason, when set, is the audit-log reason, already encoded.
	reason string
}

// jsonCall returns a call with v as its JSON body.
func jsonCall(method, route, major, path string, v any) (*call, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, errors.New("rest: encoding the request body: " + err.Error())
	}
	return &call{method: method, route: route, major: major, path: path, body: b, contentType: "application/json"}, nil
}

// maxBody bounds how much of an answer is read.
const maxBody = 16 << 20

// maxRateLimited bounds how many 429s in a row one call waits out, so that
// a service that never lets a request through cannot hold a caller forever
// when its context has no deadline.
const maxRateLimited = 10

// do sends the call, waiting out rate limits and retrying failures that a
// retry can fix, and decodes a successful JSON answer into out (unless out
// is nil). It returns the status of the answer.
func (c *Client) do(ctx context.Context, k *call, out any) (int, error) {
	failures, limited := 0, 0
	for {
		var waiting time.Time
		if c.observer != nil {
			waiting = time.Now()
		}
		probe, err := c.limits.wait(ctx, k.route, k.major)
		if c.observer != nil {
			c.observer.ObserveRateLimitWait(Wait{Route: k.route, Duration: time.Since(waiting)})
		}
		if err != nil {
			return 0, err
		}
		resp, body, err := c.send(ctx, k)
		if err != nil {
			if ctx.Err() != nil {
				return 0, ctx.Err()
			}
			var authErr *authError
			if errors.As(err, &authErr) || !transient(err) || failures >= c.retries {
				return 0, err
			}
			if c.observer != nil {
				c.observeRetry(k, err)
			}
			if err := c.backoff.sleep(ctx, failures); err != nil {
				return 0, err
			}
			failures++
			continue
		}
		c.limits.update(k.route, k.major, resp, probe)
		switch {
		case resp.StatusCode == http.StatusTooManyRequests:
			// The limiter now holds this route, or every route for a
			// global limit, until the wait the answer asks for is over.
			c.limits.limited(k.route, k.major, resp, body)
			if limited >= maxRateLimited {
				return resp.StatusCode, decodeError(k, resp, body)
			}
			limited++
			continue
		case resp.StatusCode >= 500:
			if failures >= c.retries {
				return resp.StatusCode, decodeError(k, resp, body)
			}
			if c.observer != nil {
				c.observeRetry(k, nil)
			}
			if err := c.backoff.sleep(ctx, failures); err != nil {
				return 0, err
			}
			failures++
			continue
		case resp.StatusCode >= 300:
			// A 4xx says what is wrong with the request; sending it
			// again would get the same answer.
			return resp.StatusCode, decodeError(k, resp, body)
		}
		if out != nil && resp.StatusCode != http.StatusNoContent {
			if err := json.Unmarshal(body, out); err != nil {
				return resp.StatusCode, errors.New("rest: decoding the answer to " + k.method + " " + k.path + ": " + err.Error())
			}
		}
		return resp.StatusCode, nil
	}
}

// authError is a failure to obtain the credentials of a request; it is
// final, since the Auth already retried what it could.
type authError struct{ err error }

func (e *authError) Error() string { return e.err.Error() }
func (e *authError) Unwrap() error { return e.err }

// send makes one attempt and reads the whole answer, so that a connection
// broken halfway through the body counts as a failed attempt.
func (c *Client) send(ctx context.Context, k *call) (*http.Response, []byte, error) {
	u := c.base + k.path
	if len(k.query) > 0 {
		u += "?" + k.query.Encode()
	}
	var authorization string
	if !k.anonymous {
		// Credentials come before the attempt's time starts: obtaining
		// them may be a request of its own, with its own time.
		h, err := c.auth.authorization(ctx, c)
		if err != nil {
			return nil, nil, &authError{err}
		}
		authorization = h
	}
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	var body io.Reader
	if k.body != nil {
		body = bytes.NewReader(k.body)
	}
	req, err := http.NewRequestWithContext(ctx, k.method, u, body)
	if err != nil {
		return nil, nil, err
	}
	if k.body != nil {
		req.Header.Set("Content-Type", k.contentType)
	}
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("Accept", "application/json")
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	if k.reason != "" {
		req.Header.Set("X-Audit-Log-Reason", k.reason)
	}
	var start time.Time
	if c.observer != nil {
		start = time.Now()
	}
	resp, b, err := c.roundTrip(req)
	if c.observer != nil {
		c.observeAttempt(k, resp, b, time.Since(start))
	}
	if err != nil && ctx.Err() != nil && errors.Is(err, context.DeadlineExceeded) {
		// The attempt's own deadline, not the caller's: say so without the
		// URL, which may hold an interaction token.
		return nil, nil, &TimeoutError{Route: k.route, After: c.timeout}
	}
	return resp, b, err
}

// roundTrip sends req and reads the whole answer.
func (c *Client) roundTrip(req *http.Request) (*http.Response, []byte, error) {
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return nil, nil, err
	}
	return resp, b, nil
}

// TimeoutError reports an attempt that got no whole answer within the
// Client's timeout (WithTimeout). It matches context.DeadlineExceeded with
// errors.Is, and a Client retries it like a dropped connection.
type TimeoutError struct {
	// Route is the method and the endpoint with its tokens and ids left
	// out, such as "GET /applications/{app}/commands".
	Route string
	// After is the timeout that ran out.
	After time.Duration
}

// Error says which request got no answer in how long.
func (e *TimeoutError) Error() string {
	return "rest: " + e.Route + ": no answer within " + e.After.String()
}

// Timeout reports true, as net.Error's Timeout does for a timed-out request.
func (e *TimeoutError) Timeout() bool { return true }

// Temporary reports true: another attempt may be answered.
func (e *TimeoutError) Temporary() bool { return true }

// Unwrap returns context.DeadlineExceeded.
func (e *TimeoutError) Unwrap() error { return context.DeadlineExceeded }
