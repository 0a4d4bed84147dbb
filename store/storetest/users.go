package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"concordat/store"
)

var (
	_ = add("Users/CreateAndFind", testUserCreateAndFind)
	_ = add("Users/NameTakenCaseInsensitive", testUserNameTaken)
	_ = add("Users/NotFound", testUserNotFound)
	_ = add("Credentials/Expiry", testCredentialExpiry)
	_ = add("Credentials/NeverExpires", testCredentialNeverExpires)
	_ = add("Credentials/Errors", testCredentialErrors)
	_ = add("Credentials/Delete", testCredentialDelete)
	_ = add("Credentials/ListAndDeleteAll", testCredentialsListAndDelete)
	_ = add("Users/SetPassword", testSetPassword)
	_ = add("Users/SetEmail", testSetEmail)
	_ = add("Users/SetWebhook", testSetWebhook)
	_ = add("Times/UTCMilliseconds", testTimesUTC)
	_ = add("Context/Cancelled", testContextCancelled)
)

func testUserCreateAndFind(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice := &store.User{Name: "Alice", Email: "alice@example.org", PasswordHash: "$argon2id$v=19$abc", CreatedAt: at(1500)}
	check(t, "CreateUser", s.CreateUser(ctx, alice))
	bob := &store.User{Name: "bob", PasswordHash: "$2a$10$xyz", CreatedAt: at(2000)}
	check(t, "CreateUser", s.CreateUser(ctx, bob))
	if alice.ID == 0 || bob.ID == 0 || alice.ID == bob.ID {
		t.Fatalf("CreateUser IDs: alice %d, bob %d; want two different non-zero IDs", alice.ID, bob.ID)
	}
	want := store.User{ID: alice.ID, Name: "Alice", Email: "alice@example.org", PasswordHash: "$argon2id$v=19$abc", CreatedAt: at(1500)}
	for _, name := range []string{"Alice", "alice", "ALICE", "aLiCe"} {
		u, err := s.UserByName(ctx, name)
		check(t, "UserByName "+name, err)
		same(t, "UserByName "+name, *u, want)
	}
	u, err := s.UserByID(ctx, alice.ID)
	check(t, "UserByID", err)
	same(t, "UserByID alice", *u, want)
	u, err = s.UserByID(ctx, bob.ID)
	check(t, "UserByID", err)
	same(t, "UserByID bob", *u, store.User{ID: bob.ID, Name: "bob", PasswordHash: "$2a$10$xyz", CreatedAt: at(2000)})
}

func testUserNameTaken(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice := newUser(t, s, "Alice")
	for _, name := range []string{"Alice", "alice", "ALICE"} {
		err := s.CreateUser(ctx, &store.User{Name: name, PasswordHash: "other", CreatedAt: at(5)})
		wantErr(t, "CreateUser "+name+" after Alice", err, store.ErrConflict)
	}
	// Case folding is Unicode's, not ASCII's only.
	newUser(t, s, "Émile")
	err := s.CreateUser(ctx, &store.User{Name: "ÉMILE", PasswordHash: "x", CreatedAt: at(5)})
	wantErr(t, "CreateUser ÉMILE after Émile", err, store.ErrConflict)
	// The refused accounts changed nothing.
	u, err := s.UserByName(ctx, "alice")
	check(t, "UserByName", err)
	same(t, "alice after the refused duplicates", *u, *alice)
	// A different name is still free.
	newUser(t, s, "Alicia")
}

func testUserNotFound(t *testing.T, s store.Store) {
	ctx := t.Context()
	_, err := s.UserByName(ctx, "nobody")
	wantErr(t, "UserByName on an empty store", err, store.ErrNotFound)
	u := newUser(t, s, "somebody")
	_, err = s.UserByName(ctx, "somebody-else")
	wantErr(t, "UserByName unknown", err, store.ErrNotFound)
	_, err = s.UserByID(ctx, u.ID+1000)
	wantErr(t, "UserByID unknown", err, store.ErrNotFound)
}

func testCredentialExpiry(t *testing.T, s store.Store) {
	ctx := t.Context()
	u := newUser(t, s, "alice")
	c := store.Credential{Hash: "aa11", UserID: u.ID, Kind: "session", CreatedAt: at(10), ExpiresAt: at(10_000)}
	check(t, "CreateCredential", s.CreateCredential(ctx, c))
	for _, now := range []time.Time{at(10), at(9_999)} {
		gu, gc, err := s.CredentialUser(ctx, "aa11", now)
		check(t, "CredentialUser before expiry", err)
		same(t, "CredentialUser user", *gu, *u)
		same(t, "CredentialUser credential", *gc, c)
	}
	for _, now := range []time.Time{at(10_000), at(10_001), at(100_000_000)} {
		_, _, err := s.CredentialUser(ctx, "aa11", now)
		wantErr(t, "CredentialUser at "+now.Format(time.RFC3339Nano)+", expiry "+c.ExpiresAt.Format(time.RFC3339Nano), err, store.ErrNotFound)
	}
}

func testCredentialNeverExpires(t *testing.T, s store.Store) {
	ctx := t.Context()
	u := newUser(t, s, "bot-owner")
	c := store.Credential{Hash: "bb22", UserID: u.ID, Kind: "token", Name: "my bot", CreatedAt: at(10)}
	check(t, "CreateCredential", s.CreateCredential(ctx, c))
	gu, gc, err := s.CredentialUser(ctx, "bb22", t0.AddDate(50, 0, 0))
	check(t, "CredentialUser 50 years on", err)
	same(t, "CredentialUser user", *gu, *u)
	same(t, "CredentialUser credential", *gc, c)
	if !gc.ExpiresAt.IsZero() {
		t.Fatalf("a credential without expiry came back expiring at %s", gc.ExpiresAt)
	}
}

func testCredentialErrors(t *testing.T, s store.Store) {
	ctx := t.Context()
	u := newUser(t, s, "alice")
	_, _, err := s.CredentialUser(ctx, "unknown", t0)
	wantErr(t, "CredentialUser unknown", err, store.ErrNotFound)
	c := store.Credential{Hash: "cc33", UserID: u.ID, Kind: "session", CreatedAt: at(1), ExpiresAt: at(5000)}
	check(t, "CreateCredential", s.CreateCredential(ctx, c))
	other := newUser(t, s, "bob")
	err = s.CreateCredential(ctx, store.Credential{Hash: "cc33", UserID: other.ID, Kind: "token", CreatedAt: at(2)})
	wantErr(t, "CreateCredential with a hash already stored", err, store.ErrConflict)
	gu, gc, err := s.CredentialUser(ctx, "cc33", at(2))
	check(t, "CredentialUser", err)
	same(t, "the first credential stays", *gc, c)
	same(t, "the first credential's user stays", *gu, *u)
	err = s.CreateCredential(ctx, store.Credential{Hash: "dd44", UserID: other.ID + 1000, Kind: "session", CreatedAt: at(2)})
	wantErr(t, "CreateCredential for an unknown user", err, store.ErrNotFound)
}

func testCredentialDelete(t *testing.T, s store.Store) {
	ctx := t.Context()
	u := newUser(t, s, "alice")
	for _, h := range []string{"s1", "s2"} {
		check(t, "CreateCredential", s.CreateCredential(ctx, store.Credential{Hash: h, UserID: u.ID, Kind: "session", CreatedAt: at(1)}))
	}
	check(t, "DeleteCredential", s.DeleteCredential(ctx, "s1"))
	_, _, err := s.CredentialUser(ctx, "s1", at(2))
	wantErr(t, "CredentialUser after logout", err, store.ErrNotFound)
	wantErr(t, "DeleteCredential twice", s.DeleteCredential(ctx, "s1"), store.ErrNotFound)
	// The other session is untouched.
	gu, _, err := s.CredentialUser(ctx, "s2", at(2))
	check(t, "CredentialUser of the other session", err)
	if gu.ID != u.ID {
		t.Fatalf("other session: user %d, want %d", gu.ID, u.ID)
	}
}

// testTimesUTC stores times given in other zones and with more than
// millisecond precision, and wants them back in UTC within a millisecond.
func testTimesUTC(t *testing.T, s store.Store) {
	ctx := t.Context()
	zone := time.FixedZone("UTC+5:30", 5*3600+1800)
	created := time.Date(2026, 12, 1, 17, 31, 2, 123_456_789, zone)
	u := &store.User{Name: "zoned", PasswordHash: "x", CreatedAt: created}
	check(t, "CreateUser", s.CreateUser(ctx, u))
	got, err := s.UserByID(ctx, u.ID)
	check(t, "UserByID", err)
	closeTime(t, "CreatedAt", got.CreatedAt, created)

	// Deadlines, lease times and message times too.
	g := newGame(t, s, "zoned", u.ID, created)
	deadline := time.Date(2027, 1, 2, 3, 4, 5, 6_007_000, zone)
	check(t, "SetStatus", s.SetStatus(ctx, g.ID, store.Active, "", deadline, []store.Job{{Kind: "deadline", DueAt: deadline}}))
	gg := getGame(t, s, g.ID)
	closeTime(t, "Deadline", gg.Deadline, deadline)
	closeTime(t, "CreatedAt of the game", gg.CreatedAt, created)
	closeTime(t, "NextDue", nextDue(t, s), deadline)
	js := claim(t, s, "w", deadline.Add(time.Second), time.Minute, 10)
	if len(js) != 1 {
		t.Fatalf("ClaimJobs: %d jobs, want 1", len(js))
	}
	closeTime(t, "claimed job's DueAt", js[0].DueAt, deadline)
	closeTime(t, "claimed job's LeaseUntil", js[0].LeaseUntil, deadline.Add(time.Second+time.Minute))
	m := &store.Message{GameID: g.ID, Channel: "public", From: "france", Body: "hi", At: created}
	check(t, "PostMessage", s.PostMessage(ctx, m))
	ms, err := s.Messages(ctx, g.ID, nil, 0)
	check(t, "Messages", err)
	if len(ms) != 1 {
		t.Fatalf("Messages: %d, want 1", len(ms))
	}
	closeTime(t, "message At", ms[0].At, created)
}

// testContextCancelled calls methods with a cancelled context and wants
// the context's error back.
func testContextCancelled(t *testing.T, s store.Store) {
	u := newUser(t, s, "alice")
	g := newGame(t, s, "g", u.ID, at(1))
	ctx := ctxCanceled()
	calls := map[string]error{}
	_, calls["UserByID"] = s.UserByID(ctx, u.ID)
	_, calls["GetGame"] = s.GetGame(ctx, g.ID)
	calls["CreateUser"] = s.CreateUser(ctx, &store.User{Name: "bob", PasswordHash: "x", CreatedAt: at(1)})
	calls["AppendAction"] = s.AppendAction(ctx, store.Action{GameID: g.ID, Action: orders("france", 1), At: at(3)}, 0, store.Effects{})
	_, calls["ClaimJobs"] = s.ClaimJobs(ctx, "w", at(1), time.Minute, 10)
	for name, err := range calls {
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: got error %v, want context.Canceled", name, err)
		}
	}
	// Nothing was written.
	_, err := s.UserByName(t.Context(), "bob")
	wantErr(t, "UserByName of the user created with a cancelled context", err, store.ErrNotFound)
	if as := actions(t, s, g.ID, 0); len(as) != 0 {
		t.Fatalf("an action appended with a cancelled context was stored: %+v", as)
	}
}

// A user's credentials are listed oldest first, and removed by kind but
// one; another user's are untouched.
func testCredentialsListAndDelete(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice, bob := newUser(t, s, "alice"), newUser(t, s, "bob")
	creds := []store.Credential{
		{Hash: "tok-b", UserID: alice.ID, Kind: "token", Name: "bot", CreatedAt: at(30)},
		{Hash: "ses-1", UserID: alice.ID, Kind: "session", CreatedAt: at(10), ExpiresAt: at(5000)},
		{Hash: "tok-a", UserID: alice.ID, Kind: "token", Name: "script", CreatedAt: at(30)},
		{Hash: "ses-2", UserID: alice.ID, Kind: "session", CreatedAt: at(20), ExpiresAt: at(50)}, // expired at 100 and still listed
		{Hash: "ses-bob", UserID: bob.ID, Kind: "session", CreatedAt: at(5)},
	}
	for _, c := range creds {
		check(t, "CreateCredential", s.CreateCredential(ctx, c))
	}
	list := func(u int64) []string {
		t.Helper()
		cs, err := s.Credentials(ctx, u)
		check(t, "Credentials", err)
		var out []string
		for _, c := range cs {
			if c.UserID != u {
				t.Fatalf("Credentials of user %d lists %+v", u, c)
			}
			out = append(out, c.Hash)
		}
		return out
	}
	cs, err := s.Credentials(ctx, alice.ID)
	check(t, "Credentials", err)
	same(t, "Credentials: ses-1", cs[0], creds[1])
	same(t, "Credentials: tok-b", cs[3], creds[0])
	same(t, "Credentials of alice", list(alice.ID), []string{"ses-1", "ses-2", "tok-a", "tok-b"})
	if got := list(98765); len(got) != 0 {
		t.Fatalf("Credentials of an unknown user: %v", got)
	}

	// Every session but ses-2.
	gone, err := s.DeleteCredentials(ctx, alice.ID, "session", "ses-2")
	check(t, "DeleteCredentials sessions", err)
	same(t, "removed sessions", gone, []string{"ses-1"})
	same(t, "alice after", list(alice.ID), []string{"ses-2", "tok-a", "tok-b"})
	// Every token.
	gone, err = s.DeleteCredentials(ctx, alice.ID, "token", "")
	check(t, "DeleteCredentials tokens", err)
	if len(gone) != 2 || gone[0] == gone[1] || (gone[0] != "tok-a" && gone[0] != "tok-b") || (gone[1] != "tok-a" && gone[1] != "tok-b") {
		t.Fatalf("removed tokens: %v", gone)
	}
	_, _, err = s.CredentialUser(ctx, "tok-a", at(100))
	wantErr(t, "CredentialUser of a removed token", err, store.ErrNotFound)
	// Everything.
	gone, err = s.DeleteCredentials(ctx, alice.ID, "", "")
	check(t, "DeleteCredentials all", err)
	same(t, "removed at last", gone, []string{"ses-2"})
	if got := list(alice.ID); len(got) != 0 {
		t.Fatalf("alice's credentials after removing all: %v", got)
	}
	gone, err = s.DeleteCredentials(ctx, alice.ID, "", "")
	check(t, "DeleteCredentials of none", err)
	if len(gone) != 0 {
		t.Fatalf("removed from none: %v", gone)
	}
	same(t, "bob's", list(bob.ID), []string{"ses-bob"})
}

// SetPassword replaces the hash and nothing else.
func testSetPassword(t *testing.T, s store.Store) {
	ctx := t.Context()
	u := newUser(t, s, "alice")
	other := newUser(t, s, "bob")
	check(t, "SetPassword", s.SetPassword(ctx, u.ID, "$new-hash"))
	got, err := s.UserByID(ctx, u.ID)
	check(t, "UserByID", err)
	want := *u
	want.PasswordHash = "$new-hash"
	same(t, "user after SetPassword", *got, want)
	if o, _ := s.UserByID(ctx, other.ID); o.PasswordHash != other.PasswordHash {
		t.Fatalf("another user's hash changed: %q", o.PasswordHash)
	}
	wantErr(t, "SetPassword of an unknown user", s.SetPassword(ctx, 98765, "x"), store.ErrNotFound)
}

// SetEmail replaces the address (and removes it with "") and nothing else.
func testSetEmail(t *testing.T, s store.Store) {
	ctx := t.Context()
	u := newUser(t, s, "alice")
	other := &store.User{Name: "bob", Email: "bob@example.org", PasswordHash: "$2a$10$xyz", CreatedAt: at(2000)}
	check(t, "CreateUser", s.CreateUser(ctx, other))
	check(t, "SetEmail", s.SetEmail(ctx, u.ID, "Alice.Smith+dip@example.org"))
	got, err := s.UserByID(ctx, u.ID)
	check(t, "UserByID", err)
	want := *u
	want.Email = "Alice.Smith+dip@example.org"
	same(t, "user after SetEmail", *got, want)
	byName, err := s.UserByName(ctx, "alice")
	check(t, "UserByName", err)
	same(t, "user by name after SetEmail", *byName, want)
	if o, _ := s.UserByID(ctx, other.ID); o.Email != "bob@example.org" {
		t.Fatalf("another user's address changed: %q", o.Email)
	}
	check(t, "SetEmail empty", s.SetEmail(ctx, u.ID, ""))
	got, err = s.UserByID(ctx, u.ID)
	check(t, "UserByID", err)
	want.Email = ""
	same(t, "user after removing the address", *got, want)
	wantErr(t, "SetEmail of an unknown user", s.SetEmail(ctx, 98765, "x@y"), store.ErrNotFound)
}

// SetWebhook replaces the personal webhook (and removes it with "") and
// nothing else; CreateUser stores one given, and every way of reading a
// user (by id, by name, by credential) shows it.
func testSetWebhook(t *testing.T, s store.Store) {
	ctx := t.Context()
	u := newUser(t, s, "alice")
	other := &store.User{Name: "bob", Email: "bob@example.org", Webhook: "https://hooks.example.org/bob?token=b0b",
		PasswordHash: "$2a$10$xyz", CreatedAt: at(2000)}
	check(t, "CreateUser", s.CreateUser(ctx, other))
	if o, _ := s.UserByID(ctx, other.ID); o.Webhook != other.Webhook {
		t.Fatalf("CreateUser's webhook: stored %q, want %q", o.Webhook, other.Webhook)
	}
	const hook = "https://discord.example.com/api/webhooks/123/AbC-dEf_9?thread_id=7"
	check(t, "SetWebhook", s.SetWebhook(ctx, u.ID, hook))
	got, err := s.UserByID(ctx, u.ID)
	check(t, "UserByID", err)
	want := *u
	want.Webhook = hook
	same(t, "user after SetWebhook", *got, want)
	byName, err := s.UserByName(ctx, "alice")
	check(t, "UserByName", err)
	same(t, "user by name after SetWebhook", *byName, want)
	now := at(3000)
	check(t, "CreateCredential", s.CreateCredential(ctx, store.Credential{Hash: "wh11", UserID: u.ID, Kind: "session",
		CreatedAt: now, ExpiresAt: now.Add(time.Hour)}))
	cu, _, err := s.CredentialUser(ctx, "wh11", now)
	check(t, "CredentialUser", err)
	same(t, "credential's user after SetWebhook", *cu, want)
	if o, _ := s.UserByID(ctx, other.ID); o.Webhook != other.Webhook || o.Email != other.Email {
		t.Fatalf("another user's webhook or address changed: %q, %q", o.Webhook, o.Email)
	}
	check(t, "SetWebhook empty", s.SetWebhook(ctx, u.ID, ""))
	got, err = s.UserByID(ctx, u.ID)
	check(t, "UserByID", err)
	want.Webhook = ""
	same(t, "user after removing the webhook", *got, want)
	wantErr(t, "SetWebhook of an unknown user", s.SetWebhook(ctx, 98765, hook), store.ErrNotFound)
}
