package gateway

import (
	"bytes"
	"compress/zlib"

	"github.com/klauspost/compress/zstd"
)

// A compressor is a connection's transport compression: one stream for
// the whole connection, each payload flushed into a message of its own.
type compressor interface {
	compress(payload []byte) ([]byte, error)
	// release frees what the stream holds, once the connection ended.
	release()
}

// zlibStream is compress=zlib-stream: one zlib stream, each payload
// ending in a sync flush, whose last bytes, 00 00 ff ff, tell a client
// where a payload ends.
type zlibStream struct {
	buf bytes.Buffer
	w   *zlib.Writer
}

func newZlibStream() *zlibStream {
	z := &zlibStream{}
	z.w = zlib.NewWriter(&z.buf)
	return z
}

func (z *zlibStream) compress(p []byte) ([]byte, error) {
	z.buf.Reset()
	if _, err := z.w.Write(p); err != nil {
		return nil, err
	}
	if err := z.w.Flush(); err != nil {
		return nil, err
	}
	return bytes.Clone(z.buf.Bytes()), nil
}

func (z *zlibStream) release() { z.w.Close() }

// zstdStream is compress=zstd-stream: one zstd frame that never ends,
// each payload flushed as blocks of its own.
type zstdStream struct {
	buf bytes.Buffer
	w   *zstd.Encoder
}

func newZstdStream() *zstdStream {
	z := &zstdStream{}
	// One goroutine: a connection compresses one payload at a time. The
	// window bounds what each connection holds; gateway payloads are
	// small.
	z.w, _ = zstd.NewWriter(&z.buf, zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(1<<18),
		zstd.WithEncoderLevel(zstd.SpeedFastest))
	return z
}

func (z *zstdStream) compress(p []byte) ([]byte, error) {
	z.buf.Reset()
	if _, err := z.w.Write(p); err != nil {
		return nil, err
	}
	if err := z.w.Flush(); err != nil {
		return nil, err
	}
	return bytes.Clone(z.buf.Bytes()), nil
}

func (z *zstdStream) release() { z.w.Close() }
