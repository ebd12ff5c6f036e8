package browsertest

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// callOn calls the JavaScript function fn with the DOM node of id as this,
// and the nodes of args as its arguments, and decodes what it returns into
// a T.
func callOn[T any](ctx context.Context, id cdp.BackendNodeID, fn string, args ...cdp.BackendNodeID) (T, error) {
	var zero T
	this, err := resolve(ctx, id)
	if err != nil {
		return zero, err
	}
	defer release(ctx, this)
	params := runtime.CallFunctionOnParams{
		FunctionDeclaration: fn,
		ObjectID:            this,
		ReturnByValue:       new(true),
	}
	for _, a := range args {
		obj, err := resolve(ctx, a)
		if err != nil {
			return zero, err
		}
		defer release(ctx, obj)
		params.Arguments = append(params.Arguments, &runtime.CallArgument{ObjectID: obj})
	}
	res, err := chromedp.Call(ctx, runtime.CallFunctionOn, params)
	switch {
	case err != nil:
		return zero, fmt.Errorf("running script on the element: %w", err)
	case res.ExceptionDetails != nil:
		return zero, fmt.Errorf("running script on the element: %s", exceptionText(res.ExceptionDetails))
	}
	var v T
	if res.Result == nil || len(res.Result.Value) == 0 {
		return v, nil
	}
	if err := json.Unmarshal(res.Result.Value, &v); err != nil {
		return zero, fmt.Errorf("reading what the script on the element returned: %w", err)
	}
	return v, nil
}

// resolve returns a JavaScript reference to the DOM node of id.
func resolve(ctx context.Context, id cdp.BackendNodeID) (runtime.RemoteObjectID, error) {
	r, err := chromedp.Call(ctx, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: id})
	if err != nil {
		return "", fmt.Errorf("resolving the element: %w", err)
	}
	return r.Object.ObjectID, nil
}

// release lets the page forget a reference. It fails only when the page has
// gone, which frees the reference anyway.
func release(ctx context.Context, obj runtime.RemoteObjectID) {
	_, _ = chromedp.Call(ctx, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: obj})
}

// exceptionText says what a script threw.
func exceptionText(d *runtime.ExceptionDetails) string {
	if d.Exception != nil && d.Exception.Description != "" {
		return d.Exception.Description
	}
	return d.Text
}

// Eval evaluates a JavaScript expression in the page, waiting for it if it
// is a promise, and decodes its value into result unless result is nil. It
// is for what a test needs of the page that its users do not see: a timer
// of the page's own, to know that one set earlier has fired, or a count of
// the page's requests that an earlier Eval set up. What users see is read
// through Role.
func (p *Page) Eval(expr string, result any) {
	p.t.Helper()
	p.check(p.do(func(ctx context.Context) error {
		res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{
			Expression:    expr,
			AwaitPromise:  new(true),
			ReturnByValue: new(true),
			Silent:        new(true),
		})
		switch {
		case err != nil:
			return fmt.Errorf("evaluating %s: %w", shorten(expr), err)
		case res.ExceptionDetails != nil:
			return fmt.Errorf("evaluating %s: %s", shorten(expr), exceptionText(res.ExceptionDetails))
		case result == nil || res.Result == nil || len(res.Result.Value) == 0:
			return nil
		}
		if err := json.Unmarshal(res.Result.Value, result); err != nil {
			return fmt.Errorf("reading what %s evaluates to: %w", shorten(expr), err)
		}
		return nil
	}))
}
