package main

import (
	"fmt"
	"io"
)

func init() {
	register("serve", "run the game server (not yet: see the server issue)", runServe)
}

// runServe will start the HTTP server; until the server lands it says so.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stdout, "concordat serve: the game server is not built yet; 'concordat adjudicate' and 'concordat his' work today.")
	return 0
}
