package daide

import "fmt"

// Node is one element of a message: a token, or a bracketed list of
// nodes. At is the index in the message's tokens of the token (or of the
// opening bracket), for error replies that point at it.
type Node struct {
	Tok    Token
	List   []Node
	IsList bool
	At     int
}

// BracketError is a message whose brackets do not match: the server
// answers it with PRN.
type BracketError struct{ At int }

func (e *BracketError) Error() string {
	return fmt.Sprintf("daide: unmatched bracket at token %d", e.At)
}

// maxDepth bounds the nesting of brackets in a message.
const maxDepth = 64

// Tree reads a message's tokens into nodes; a *BracketError when its
// brackets do not match (or nest deeper than 64).
func Tree(ts []Token) ([]Node, error) {
	type frame struct {
		nodes []Node
		at    int
	}
	stack := []frame{{}}
	for i, t := range ts {
		switch t {
		case BRA:
			if len(stack) > maxDepth {
				return nil, &BracketError{At: i}
			}
			stack = append(stack, frame{at: i})
		case KET:
			if len(stack) == 1 {
				return nil, &BracketError{At: i}
			}
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			p := &stack[len(stack)-1]
			p.nodes = append(p.nodes, Node{List: top.nodes, IsList: true, At: top.at})
		default:
			p := &stack[len(stack)-1]
			p.nodes = append(p.nodes, Node{Tok: t, At: i})
		}
	}
	if len(stack) != 1 {
		return nil, &BracketError{At: stack[len(stack)-1].at}
	}
	return stack[0].nodes, nil
}

// Flatten writes nodes back as tokens.
func Flatten(ns []Node) []Token {
	var out []Token
	for _, n := range ns {
		out = n.appendTo(out)
	}
	return out
}

func (n Node) appendTo(out []Token) []Token {
	if !n.IsList {
		return append(out, n.Tok)
	}
	out = append(out, BRA)
	for _, k := range n.List {
		out = k.appendTo(out)
	}
	return append(out, KET)
}

// is reports whether n is the token t.
func (n Node) is(t Token) bool { return !n.IsList && n.Tok == t }

// text is the string of a list of text tokens, and whether n is one.
func (n Node) text() (string, bool) {
	if !n.IsList {
		return "", false
	}
	b := make([]byte, 0, len(n.List))
	for _, k := range n.List {
		if k.IsList || !k.Tok.IsText() {
			return "", false
		}
		b = append(b, byte(k.Tok))
	}
	return string(b), true
}

// paren brackets tokens.
func paren(ts ...Token) []Token {
	out := make([]Token, 0, len(ts)+2)
	out = append(out, BRA)
	out = append(out, ts...)
	return append(out, KET)
}

// cat joins token sequences.
func cat(parts ...[]Token) []Token {
	var out []Token
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// SyntaxError is a message the server does not understand: it answers
// with HUH, ERR inserted before the token at index At.
type SyntaxError struct {
	At  int
	Msg string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("daide: token %d: %s", e.At, e.Msg) }

// huh is the HUH reply to message ts with ERR before index at.
func huh(ts []Token, at int) []Token {
	at = max(0, min(at, len(ts)))
	out := []Token{HUH, BRA}
	out = append(out, ts[:at]...)
	out = append(out, ERR)
	out = append(out, ts[at:]...)
	return append(out, KET)
}

// errAt is a SyntaxError at node n (or just after the end, at end, when
// n is nil).
func errAt(n *Node, end int, msg string) *SyntaxError {
	if n == nil {
		return &SyntaxError{At: end, Msg: msg}
	}
	return &SyntaxError{At: n.At, Msg: msg}
}
