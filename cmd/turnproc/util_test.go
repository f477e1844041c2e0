package main

import (
	"bytes"
	"encoding/base64"
	"io"
	"log/slog"
	"strings"
	"time"
)

// base64Decode decodes MIME base64, ignoring line breaks.
func base64Decode(dst, src []byte) (int, error) {
	src = bytes.ReplaceAll(bytes.ReplaceAll(src, []byte("\r"), nil), []byte("\n"), nil)
	return base64.StdEncoding.Decode(dst, src)
}

// testEnv is an environment for calling the command internals directly:
// no input, output and logs discarded, the clock at afterTurn1.
func testEnv() *env {
	return &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard,
		getenv: func(string) string { return "" }, now: func() time.Time { return afterTurn1 },
		log: slog.New(slog.NewTextHandler(io.Discard, nil))}
}
