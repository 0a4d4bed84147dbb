package notify

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/smtp"
	"net/textproto"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"concordat/netguard"
)

// mailBytes builds an RFC 5322 message: UTF-8 text, quoted-printable.
func (n *Notifier) mailBytes(d *delivery, now time.Time) []byte {
	var b bytes.Buffer
	id := make([]byte, 12)
	rand.Read(id)
	domain := "concordat.invalid"
	if at := strings.LastIndexByte(n.cfg.From, '@'); at >= 0 {
		domain = strings.Trim(n.cfg.From[at+1:], "<> ")
	}
	fmt.Fprintf(&b, "From: %s\r\n", n.cfg.From)
	fmt.Fprintf(&b, "To: %s\r\n", d.to)
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", oneLine(d.subject)))
	fmt.Fprintf(&b, "Date: %s\r\n", now.Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@%s>\r\n", hex.EncodeToString(id), domain)
	b.WriteString("Auto-Submitted: auto-generated\r\n")
	b.WriteString("MIME-Version: 1.0\r\n")
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\n")
	b.WriteString("Content-Transfer-Encoding: quoted-printable\r\n\r\n")
	qp := quotedprintable.NewWriter(&b)
	qp.Write([]byte(strings.ReplaceAll(d.text, "\n", "\r\n")))
	qp.Close()
	return b.Bytes()
}

// sendMail delivers one e-mail: STARTTLS when the server offers it, AUTH
// when configured. 5xx replies are permanent failures.
func (n *Notifier) sendMail(ctx context.Context, d *delivery) error {
	var dialer net.Dialer
	conn, err := dialer.DialContext(ctx, "tcp", n.cfg.SMTP)
	if err != nil {
		return err
	}
	defer conn.Close()
	if dl, ok := ctx.Deadline(); ok {
		conn.SetDeadline(dl)
	}
	hostname, _, _ := net.SplitHostPort(n.cfg.SMTP)
	c, err := smtp.NewClient(conn, hostname)
	if err != nil {
		return smtpErr(err)
	}
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return smtpErr(err)
	}
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: hostname}); err != nil {
			return smtpErr(err)
		}
	}
	if n.cfg.SMTPUser != "" {
		if err := c.Auth(smtp.PlainAuth("", n.cfg.SMTPUser, n.cfg.SMTPPassword, hostname)); err != nil {
			return smtpErr(err)
		}
	}
	if err := c.Mail(n.cfg.From); err != nil {
		return smtpErr(err)
	}
	if err := c.Rcpt(d.to); err != nil {
		return smtpErr(err)
	}
	w, err := c.Data()
	if err != nil {
		return smtpErr(err)
	}
	if _, err := w.Write(n.mailBytes(d, time.Now().UTC())); err != nil {
		return smtpErr(err)
	}
	if err := w.Close(); err != nil {
		return smtpErr(err)
	}
	return c.Quit()
}

// smtpErr marks 5xx replies permanent.
func smtpErr(err error) error {
	var te *textproto.Error
	if errors.As(err, &te) && te.Code >= 500 {
		return permanent{err}
	}
	return err
}

// maxContent is the longest webhook content (Discord's limit, in runes).
const maxContent = 2000

// postWebhook posts {"content": …} to a webhook, mentioning nobody (press
// could otherwise ping @everyone). It returns how long the receiver asked
// to wait (429 Retry-After) on failure; 4xx replies other than 408 and 429
// are permanent.
func (n *Notifier) postWebhook(ctx context.Context, d *delivery) (time.Duration, error) {
	text := d.text
	if utf8.RuneCountInString(text) > maxContent {
		r := []rune(text)
		text = string(r[:maxContent-1]) + "…"
	}
	body, _ := json.Marshal(map[string]any{
		"content":          text,
		"username":         "Concordat",
		"allowed_mentions": map[string]any{"parse": []string{}},
	})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.to, bytes.NewReader(body))
	if err != nil {
		return 0, permanent{err}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Concordat-notify/1")
	resp, err := n.cfg.HTTP.Do(req)
	if err != nil {
		// An address the server may not reach stays so: no retry.
		var refused *netguard.RefusedError
		isRefused := errors.As(err, &refused)
		// The URL is a secret: report the failure without it.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		if isRefused {
			return 0, permanent{fmt.Errorf("webhook refused: %v", refused)}
		}
		return 0, fmt.Errorf("webhook: %v", err)
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return 0, nil
	case resp.StatusCode == http.StatusTooManyRequests:
		wait := time.Second
		if s, err := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64); err == nil && s > 0 {
			wait = min(time.Duration(s*float64(time.Second)), 5*time.Minute)
		}
		return wait, fmt.Errorf("webhook: %s", resp.Status)
	case resp.StatusCode == http.StatusRequestTimeout || resp.StatusCode >= 500:
		return 0, fmt.Errorf("webhook: %s", resp.Status)
	}
	return 0, permanent{fmt.Errorf("webhook: %s", resp.Status)}
}
