package daide

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Message types of the client-server protocol.
const (
	TypeIM = 0 // initial message, client to server: version and magic number
	TypeRM = 1 // representation message, server to client: the map's names
	TypeDM = 2 // diplomacy message: tokens
	TypeFM = 3 // final message: the connection closes
	TypeEM = 4 // error message: a code, then the connection closes
)

// Version is the protocol version an IM carries; Magic its magic number.
const (
	Version = 1
	Magic   = 0xDA10
)

// Error codes of an EM.
const (
	ErrIMTimer       = 0x01 // no IM within the time allowed
	ErrIMNotFirst    = 0x02 // another message came before the IM
	ErrIMEndian      = 0x03 // the IM's magic number was byte-swapped
	ErrIMMagic       = 0x04 // the IM's magic number was wrong
	ErrVersion       = 0x05 // the IM's version is not Version
	ErrIMTwice       = 0x06 // more than one IM
	ErrIMFromServer  = 0x07
	ErrUnknownType   = 0x08 // a message of an unknown type
	ErrShort         = 0x09 // a message shorter than its type requires
	ErrDMBeforeRM    = 0x0A
	ErrRMNotFirst    = 0x0B
	ErrRMTwice       = 0x0C
	ErrRMFromClient  = 0x0D
	ErrInvalidToken  = 0x0E // a DM held a token the representation does not know
	maxMessageLength = 0xFFFF
)

// Frame is one message of the protocol: its type and its body (the bytes
// after the four-byte header: type, a pad byte, and the body's length as a
// big-endian 16-bit number).
type Frame struct {
	Type byte
	Body []byte
}

// ErrTooLong is returned by WriteFrame for a body longer than 65535 bytes.
var ErrTooLong = errors.New("daide: message body longer than 65535 bytes")

// ReadFrame reads one message.
func ReadFrame(r io.Reader) (Frame, error) {
	var h [4]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return Frame{}, err
	}
	n := int(binary.BigEndian.Uint16(h[2:]))
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return Frame{}, err
	}
	return Frame{Type: h[0], Body: body}, nil
}

// WriteFrame writes one message.
func WriteFrame(w io.Writer, f Frame) error {
	if len(f.Body) > maxMessageLength {
		return ErrTooLong
	}
	buf := make([]byte, 4+len(f.Body))
	buf[0] = f.Type
	binary.BigEndian.PutUint16(buf[2:], uint16(len(f.Body)))
	copy(buf[4:], f.Body)
	_, err := w.Write(buf)
	return err
}

// IMFrame is the initial message a client sends.
func IMFrame() Frame {
	b := make([]byte, 4)
	binary.BigEndian.PutUint16(b, Version)
	binary.BigEndian.PutUint16(b[2:], Magic)
	return Frame{Type: TypeIM, Body: b}
}

// CheckIM judges an IM's body: 0 when it is good, else the EM code.
func CheckIM(body []byte) int {
	if len(body) < 4 {
		return ErrShort
	}
	v, m := binary.BigEndian.Uint16(body), binary.BigEndian.Uint16(body[2:])
	switch {
	case m == 0x10DA:
		return ErrIMEndian
	case m != Magic:
		return ErrIMMagic
	case v != Version:
		return ErrVersion
	}
	return 0
}

// EMFrame is an error message with code.
func EMFrame(code int) Frame {
	b := make([]byte, 2)
	binary.BigEndian.PutUint16(b, uint16(code))
	return Frame{Type: TypeEM, Body: b}
}

// DMFrame is a diplomacy message of tokens.
func DMFrame(ts []Token) Frame {
	b := make([]byte, 2*len(ts))
	for i, t := range ts {
		binary.BigEndian.PutUint16(b[2*i:], uint16(t))
	}
	return Frame{Type: TypeDM, Body: b}
}

// DecodeDM reads a DM's body into tokens: an error for an odd length
// (ErrShort) or, with rep, a token rep does not know (ErrInvalidToken).
func DecodeDM(body []byte, rep *Rep) ([]Token, int, error) {
	if len(body)%2 != 0 {
		return nil, ErrShort, fmt.Errorf("daide: DM of %d bytes: not a whole number of tokens", len(body))
	}
	ts := make([]Token, len(body)/2)
	for i := range ts {
		ts[i] = Token(binary.BigEndian.Uint16(body[2*i:]))
		if rep != nil && !rep.Known(ts[i]) {
			return nil, ErrInvalidToken, fmt.Errorf("daide: DM token %d is 0x%04X, which this map does not define", i, uint16(ts[i]))
		}
	}
	return ts, 0, nil
}

// RMFrame is the representation message for rep: for each power and
// province, its token and its three-letter name, NUL-terminated.
func RMFrame(rep *Rep) Frame {
	var b []byte
	for _, t := range rep.order {
		n := rep.names[t]
		b = append(b, byte(t>>8), byte(t), n[0], n[1], n[2], 0)
	}
	return Frame{Type: TypeRM, Body: b}
}

// DecodeRM reads an RM's body into token names (a client's view).
func DecodeRM(body []byte) (map[Token]string, error) {
	if len(body)%6 != 0 {
		return nil, fmt.Errorf("daide: RM of %d bytes: not a whole number of 6-byte entries", len(body))
	}
	out := map[Token]string{}
	for i := 0; i < len(body); i += 6 {
		out[Token(binary.BigEndian.Uint16(body[i:]))] = string(body[i+2 : i+5])
	}
	return out, nil
}
