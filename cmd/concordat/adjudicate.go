package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	adjudicator "concordat/adjudicate"
)

func init() {
	register("adjudicate", "adjudicate Diplomacy phases given as JSON (docs/adjudicate.md)", runAdjudicate)
}

// maxPhaseBytes bounds one phase's JSON text (a whole input in single mode,
// one line in batch mode). A full board with every order written several
// times over is a few kilobytes; the bound only stops runaway input.
var maxPhaseBytes = 32 << 20

// maxBadLinesReported is how many bad batch lines are described on stderr
// one by one; the rest are counted.
const maxBadLinesReported = 10

// runAdjudicate is `concordat adjudicate`: one phase on stdin, its result
// on stdout; or with --batch, a JSON Lines file of phases in, one result
// line per input line out. Exit status: 0 ok, 1 failure (write error,
// internal error), 2 bad input or bad arguments.
func runAdjudicate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("adjudicate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	batch := fs.String("batch", "", "read one phase per line from `file` (\"-\" for stdin) and write one result per line")
	timing := fs.Bool("time", false, "print to stderr the time spent adjudicating, without JSON decoding and encoding")
	pretty := fs.Bool("pretty", false, "indent the result (single phase only)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: concordat adjudicate [--time] [--pretty] < phase.json > result.json")
		fmt.Fprintln(stderr, "       concordat adjudicate [--time] --batch in.jsonl > out.jsonl")
		fmt.Fprintln(stderr)
		fmt.Fprintln(stderr, "Adjudicates Diplomacy phases given as JSON; see docs/adjudicate.md.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "concordat adjudicate: unexpected argument %q (the phase is read from stdin)\n", fs.Arg(0))
		return 2
	}
	batchSet := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "batch" {
			batchSet = true
		}
	})
	if batchSet && *batch == "" {
		fmt.Fprintln(stderr, "concordat adjudicate: --batch needs a file name, or - for stdin")
		return 2
	}
	if batchSet && *pretty {
		fmt.Fprintln(stderr, "concordat adjudicate: --pretty cannot be used with --batch (one result per line)")
		return 2
	}
	a := &adjudication{adjudicator.New()}
	var status int
	if batchSet {
		in := stdin
		if *batch != "-" {
			f, err := os.Open(*batch)
			if err != nil {
				fmt.Fprintf(stderr, "concordat adjudicate: %v\n", err)
				return 2
			}
			defer f.Close()
			in = f
		}
		status = a.batch(in, stdout, stderr)
	} else {
		status = a.single(stdin, stdout, stderr, *pretty)
	}
	if *timing {
		fmt.Fprintln(stderr, timingLine(a.Phases, a.Elapsed))
	}
	return status
}

// timingLine is the --time report: "adjudicated N phases in S s (U µs/phase)".
func timingLine(n int, d time.Duration) string {
	per := 0.0
	if n > 0 {
		per = float64(d.Nanoseconds()) / 1e3 / float64(n)
	}
	return fmt.Sprintf("adjudicated %d phases in %.6f s (%.2f µs/phase)", n, d.Seconds(), per)
}

// adjudication runs phases through one adjudicator (package adjudicate,
// which the server's sandbox shares).
type adjudication struct {
	*adjudicator.Adjudicator
}

// run decodes, checks and adjudicates one phase.
func (a *adjudication) run(data []byte) (any, error) { return a.Phase(data) }

// single adjudicates the one phase on stdin.
func (a *adjudication) single(stdin io.Reader, stdout, stderr io.Writer, pretty bool) int {
	data, err := io.ReadAll(io.LimitReader(stdin, int64(maxPhaseBytes)+1))
	if err != nil {
		fmt.Fprintf(stderr, "concordat adjudicate: reading stdin: %v\n", err)
		return 1
	}
	if len(data) > maxPhaseBytes {
		fmt.Fprintf(stderr, "concordat adjudicate: the input is larger than %d bytes\n", maxPhaseBytes)
		return 2
	}
	out, err := a.run(data)
	if err != nil {
		fmt.Fprintf(stderr, "concordat adjudicate: %v\n", err)
		return exitStatus(err)
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	if pretty {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(out); err != nil {
		fmt.Fprintf(stderr, "concordat adjudicate: writing the result: %v\n", err)
		return 1
	}
	return 0
}

func exitStatus(err error) int {
	var ie *adjudicator.InternalError
	if errors.As(err, &ie) {
		return 1
	}
	return 2
}

// batch adjudicates one phase per input line and writes one result per
// line, in the same order. A bad line gets {"error": "…"} and the rest go
// on; the exit status is then 2 (1 if the engine itself failed). Results
// are flushed whenever the input read so far is used up, so that a program
// can talk to the command one phase at a time.
func (a *adjudication) batch(r io.Reader, stdout, stderr io.Writer) int {
	br := bufio.NewReaderSize(r, 1<<16)
	w := bufio.NewWriterSize(stdout, 1<<16)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	status, bad := 0, 0
	for lineNo := 1; ; lineNo++ {
		line, tooLong, err := readLine(br, maxPhaseBytes)
		if err != nil && err != io.EOF {
			fmt.Fprintf(stderr, "concordat adjudicate: reading line %d: %v\n", lineNo, err)
			w.Flush()
			return 1
		}
		if err == io.EOF && line == nil && !tooLong {
			break
		}
		var out any
		var perr error
		if tooLong {
			perr = &adjudicator.InputError{Msg: fmt.Sprintf("the line is longer than %d bytes", maxPhaseBytes)}
		} else {
			out, perr = a.run(line)
		}
		var werr error
		if perr != nil {
			bad++
			if bad <= maxBadLinesReported {
				fmt.Fprintf(stderr, "concordat adjudicate: line %d: %v\n", lineNo, perr)
			}
			if s := exitStatus(perr); status == 0 || s == 1 {
				status = s
			}
			werr = enc.Encode(struct {
				Error string `json:"error"`
			}{perr.Error()})
		} else {
			werr = enc.Encode(out)
		}
		// Before waiting for more input, hand over what is written: a
		// program may send one phase at a time and wait for each result.
		if werr == nil && br.Buffered() == 0 {
			werr = w.Flush()
		}
		if werr != nil {
			fmt.Fprintf(stderr, "concordat adjudicate: writing the result of line %d: %v\n", lineNo, werr)
			return 1
		}
		if err == io.EOF {
			break
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "concordat adjudicate: writing the results: %v\n", err)
		return 1
	}
	if bad > maxBadLinesReported {
		fmt.Fprintf(stderr, "concordat adjudicate: %d bad lines in all (the first %d described above)\n", bad, maxBadLinesReported)
	}
	return status
}

// readLine reads one line without its end-of-line. A line longer than max
// is consumed and reported as tooLong, without keeping it in memory. At the
// end of the input it returns io.EOF, with the last line if it had no
// newline (line is nil when there was nothing left).
func readLine(br *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	var buf []byte
	got := false
	for {
		chunk, err := br.ReadSlice('\n')
		if len(chunk) > 0 {
			got = true
		}
		if !tooLong {
			if len(buf)+len(chunk) > max+1 { // +1: the newline itself
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF:
			if !got {
				return nil, false, io.EOF
			}
			if tooLong {
				return nil, true, io.EOF
			}
			return bytes.TrimRight(buf, "\r"), false, io.EOF
		case err != nil:
			return nil, false, err
		}
		if tooLong {
			return nil, true, nil
		}
		return bytes.TrimRight(buf[:len(buf)-1], "\r"), false, nil
	}
}
