package browsertest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// capture returns a PNG of the viewport, or of the clip of the page. The
// browser's own encoding is kept: compressing it again with image/png makes
// it no smaller.
func capture(ctx context.Context, clip *page.Viewport) ([]byte, error) {
	params := page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng, Clip: clip}
	if clip != nil {
		params.CaptureBeyondViewport = new(true)
	}
	res, err := chromedp.Call(ctx, page.CaptureScreenshot, params)
	if err != nil {
		return nil, err
	}
	return res.Data, nil
}

// writePNG saves a screenshot to path, creating its directory if need be.
func writePNG(path string, data []byte) error {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("saving the screenshot: %w", err)
		}
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("saving the screenshot: %w", err)
	}
	return nil
}
