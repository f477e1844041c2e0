package main

import (
	"bytes"
	"encoding/base64"
)

// base64Decode decodes MIME base64, ignoring line breaks.
func base64Decode(dst, src []byte) (int, error) {
	src = bytes.ReplaceAll(bytes.ReplaceAll(src, []byte("\r"), nil), []byte("\n"), nil)
	return base64.StdEncoding.Decode(dst, src)
}
