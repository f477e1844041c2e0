package orders

import (
	"bytes"
	"fmt"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
)

// Caps on a mail's MIME structure: an order mail is a text body, perhaps
// an HTML copy and a few attachments, a handful of levels deep (a
// forwarded mail adds two). Reading nested parts costs, for every byte,
// one step per level it sits under, so the depth cap also bounds the time
// a mail can take to about MaxMIMEDepth times that of a flat one.
const (
	MaxMIMEDepth = 32   // multiparts inside one another, the mail's own included
	MaxMIMEParts = 1000 // parts in all, containers included, the mail itself not
)

// The codes of the limits a mail can break (LimitError.Code): an answer
// says them in the player's language (templates, ack.reason.<code>).
const (
	LimitMailTooBig       = "mail-too-big"        // over MaxMailSize; Limit in MiB
	LimitPartTooBig       = "part-too-big"        // a text part over MaxPartSize; Limit in MiB
	LimitMIMETooDeep      = "mime-too-deep"       // Limit is MaxMIMEDepth
	LimitMIMETooManyParts = "mime-too-many-parts" // Limit is MaxMIMEParts
)

// LimitError refuses a mail over one of the limits above.
type LimitError struct {
	Code  string
	Limit int    // the limit, in the unit its code says
	Text  string // English, for the intake log and the fallback answer
	Hint  string
}

func (e *LimitError) Error() string       { return "orders: " + e.Text }
func (e *LimitError) ProblemHint() string { return e.Hint }

// plainTextHint is the hint of the MIME structure limits.
const plainTextHint = "send the orders as plain text, in the mail itself or as a .txt attachment"

// mailTooBig refuses a mail of size bytes, over MaxMailSize.
func mailTooBig(size int64) *LimitError {
	return &LimitError{Code: LimitMailTooBig, Limit: MaxMailSize >> 20,
		Text: fmt.Sprintf("the mail is %d bytes, over the %d MiB limit", size, MaxMailSize>>20),
		Hint: "send the orders as plain text, without large attachments"}
}

// MaxHeadBytes is how much of a mail over MaxMailSize is read: enough for
// its header, so that it can be answered.
const MaxHeadBytes = 64 << 10

// OversizeDir is the folder of a maildir where mails over MaxMailSize are
// kept aside, unread, for the moderator (docs/campaign-dir.md).
const OversizeDir = "oversize"

// readHead reads the header of a mail of size bytes, over MaxMailSize,
// from the head of it that was read: the Mail has its header fields, and
// the error refuses it.
func readHead(head []byte, size int64) (*Mail, error) {
	end := bytes.Index(head, []byte("\r\n\r\n"))
	if end < 0 {
		end = bytes.Index(head, []byte("\n\n"))
	}
	if end < 0 { // a header longer than the head: its full lines
		end = bytes.LastIndexByte(head, '\n')
	}
	if end < 0 {
		return nil, mailTooBig(size)
	}
	e, _ := message.Read(bytes.NewReader(append(head[:end:end], "\r\n\r\n"...)))
	if e == nil {
		return nil, mailTooBig(size)
	}
	return readHeader(mail.Header{Header: e.Header}), mailTooBig(size)
}
