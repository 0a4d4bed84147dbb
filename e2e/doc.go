// Package e2e holds end-to-end tests that build the concordat binary and
// drive real server processes over HTTP: crash safety under kill -9 on
// SQLite, and two processes sharing one PostgreSQL database. It has no
// code of its own outside its tests.
package e2e
