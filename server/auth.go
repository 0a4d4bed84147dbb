package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/mail"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"

	"concordat/host"
	"concordat/store"
)

// SessionCookie is the name of the login cookie.
const SessionCookie = "concordat_session"

var userName = regexp.MustCompile(`^[A-Za-z0-9_.-]{3,32}$`)

// emailAddr is a plausible address: no spaces or control characters, one
// @ with something on both sides, at most 254 bytes.
var emailAddr = regexp.MustCompile(`^[^\s@\x00-\x1f\x7f]{1,64}@[^\s@\x00-\x1f\x7f]{1,189}$`)

type ctxKey int

const userKey ctxKey = 1

// newSecret returns a random 32-byte secret, hex encoded, and its hash.
func newSecret() (secret, hash string) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand: " + err.Error())
	}
	secret = hex.EncodeToString(b)
	return secret, hashSecret(secret)
}

func hashSecret(secret string) string {
	h := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(h[:])
}

type credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	Email    string `json:"email,omitempty"`
}

// userJSON is a user as the API shows it (never the hash).
type userJSON struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email,omitempty"` // the user's own address, for notifications
	// Webhook is the user's personal webhook, for notifications (shown to
	// the user only: it is a secret).
	Webhook string `json:"webhook,omitempty"`
}

func toUserJSON(u *store.User) userJSON {
	return userJSON{ID: u.ID, Name: u.Name, Email: u.Email, Webhook: u.Webhook}
}

// loginAllowed applies the rate limit of password checks (register, login,
// password change) to the request's address, answering 429 when it is
// spent.
func (s *Server) loginAllowed(w http.ResponseWriter, r *http.Request) bool {
	if !s.limits.allow("login", s.clientKey(r)) {
		writeError(w, &host.Error{Code: host.CodeRateLimited, Msg: "too many attempts: wait a minute"})
		return false
	}
	return true
}

// accountAttempt applies the rate limit of failed password checks to the
// account named (whether it exists or not, so that the answer tells
// nothing), from every address at once, answering 429 when it is spent:
// many addresses guessing one account's password get as few guesses as
// one. The attempt counts once made; call succeeded when the password was
// right, and it does not.
func (s *Server) accountAttempt(w http.ResponseWriter, name string) (succeeded func(), ok bool) {
	giveBack, ok := s.limits.take("account", store.NameKey(name[:min(len(name), 64)]))
	if !ok {
		writeError(w, &host.Error{Code: host.CodeRateLimited, Msg: "too many failed attempts for this account: wait a minute"})
		return nil, false
	}
	return giveBack, true
}

// passwordShapeOK: at least 8 characters, and at most 72 bytes (bcrypt's
// limit).
func passwordShapeOK(p string) bool {
	return utf8.RuneCountInString(p) >= 8 && len(p) <= 72
}

func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	if !s.loginAllowed(w, r) {
		return
	}
	var c credentials
	if err := readJSON(r, &c); err != nil {
		writeError(w, err)
		return
	}
	switch {
	case !userName.MatchString(c.Name):
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: "name: 3 to 32 letters, digits, '.', '_' or '-'"})
		return
	case !passwordShapeOK(c.Password):
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: "password: 8 to 72 bytes"})
		return
	case c.Email != "" && !emailAddr.MatchString(c.Email):
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: "email: not an address (name@domain, at most 254 characters)"})
		return
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(c.Password), bcrypt.DefaultCost)
	if err != nil {
		writeError(w, err)
		return
	}
	u := &store.User{Name: c.Name, Email: c.Email, PasswordHash: string(hash), CreatedAt: s.Host.Now().UTC()}
	if err := s.Host.Store.CreateUser(r.Context(), u); err != nil {
		if errors.Is(err, store.ErrConflict) {
			writeError(w, &host.Error{Code: host.CodeConflict, Msg: "name " + c.Name + " is taken"})
			return
		}
		writeError(w, err)
		return
	}
	if err := s.startSession(w, r, u); err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, toUserJSON(u))
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	if !s.loginAllowed(w, r) {
		return
	}
	var c credentials
	if err := readJSON(r, &c); err != nil {
		writeError(w, err)
		return
	}
	succeeded, ok := s.accountAttempt(w, c.Name)
	if !ok {
		return
	}
	bad := &host.Error{Code: host.CodeUnauthorized, Msg: "wrong name or password"}
	u, err := s.Host.Store.UserByName(r.Context(), c.Name)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			// Spend the same time as a real check, so names cannot be probed.
			bcrypt.CompareHashAndPassword(dummyHash(), []byte(c.Password[:min(len(c.Password), 72)]))
			writeError(w, bad)
			return
		}
		writeError(w, err)
		return
	}
	// bcrypt reads 72 bytes: a longer password would match every one that
	// shares its first 72 bytes. Registration allows no longer ones.
	match := bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(c.Password[:min(len(c.Password), 72)])) == nil
	if !match || len(c.Password) > 72 {
		writeError(w, bad)
		return
	}
	succeeded()
	if err := s.startSession(w, r, u); err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, toUserJSON(u))
}

func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u *store.User) error {
	secret, hash := newSecret()
	now := s.Host.Now().UTC()
	c := store.Credential{Hash: hash, UserID: u.ID, Kind: "session", CreatedAt: now, ExpiresAt: now.Add(s.SessionTTL)}
	if err := s.Host.Store.CreateCredential(r.Context(), c); err != nil {
		return err
	}
	// Max-Age, not Expires: the browser's clock need not agree with ours.
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: secret, Path: "/", HttpOnly: true,
		Secure: s.SecureCookies, SameSite: http.SameSiteLaxMode, MaxAge: int(s.SessionTTL / time.Second)})
	return nil
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(SessionCookie); err == nil {
		hash := hashSecret(c.Value)
		s.Host.Store.DeleteCredential(r.Context(), hash)
		s.revoked(0, []string{hash})
	}
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
		Secure: s.SecureCookies, SameSite: http.SameSiteLaxMode})
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// requestCredential is the hash of the request's bearer token or session
// cookie ("" when it has neither, or one too long to be ours).
func requestCredential(r *http.Request) string {
	secret := ""
	if a := r.Header.Get("Authorization"); strings.HasPrefix(a, "Bearer ") {
		secret = strings.TrimPrefix(a, "Bearer ")
	} else if c, err := r.Cookie(SessionCookie); err == nil {
		secret = c.Value
	}
	if secret == "" || len(secret) > 128 {
		return ""
	}
	return hashSecret(secret)
}

// currentUser reads the session cookie or the bearer token; nil when
// neither is present or valid.
func (s *Server) currentUser(r *http.Request) (*store.User, error) {
	hash, now := requestCredential(r), s.Host.Now().UTC()
	if hash == "" {
		return nil, nil
	}
	if u, ok := s.creds.get(hash, now); ok {
		return u, nil
	}
	u, c, err := s.Host.Store.CredentialUser(r.Context(), hash, now)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	s.creds.put(hash, u, c, now)
	return u, nil
}

// authed wraps a handler that needs a logged-in user; writes are rate
// limited per user.
func (s *Server) authed(next func(w http.ResponseWriter, r *http.Request, u *store.User)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, err := s.currentUser(r)
		if err != nil {
			writeError(w, err)
			return
		}
		if u == nil {
			writeError(w, &host.Error{Code: host.CodeUnauthorized, Msg: "log in first (session cookie or Authorization: Bearer token)"})
			return
		}
		if r.Method != http.MethodGet && !s.limits.allow("write", u.Name) {
			writeError(w, &host.Error{Code: host.CodeRateLimited, Msg: "too many requests: slow down"})
			return
		}
		next(w, r.WithContext(context.WithValue(r.Context(), userKey, u)), u)
	}
}

// optionalUser is the logged-in user of a public endpoint, or 0.
func (s *Server) optionalUser(r *http.Request) int64 {
	u, err := s.currentUser(r)
	if err != nil || u == nil {
		return 0
	}
	return u.ID
}

func (s *Server) me(w http.ResponseWriter, r *http.Request, u *store.User) {
	writeJSON(w, http.StatusOK, toUserJSON(u))
}

// setMe is PUT /api/me: {"email": "..."} sets the address notifications go
// to, {"webhook": "https://..."} the personal webhook they are posted to
// (either alone, or both; "" removes one). The address is checked as
// register checks it, and must also be one a mail header can carry as
// written (the notifier sends to exactly it); the webhook as a game's is
// (host.CheckWebhookURL, then checkWebhookAddr). Nothing is changed unless
// every field given is good. The credential cache is told, here and in the
// other processes, so that GET /api/me and the notifier see the change at
// once.
func (s *Server) setMe(w http.ResponseWriter, r *http.Request, u *store.User) {
	var req struct {
		Email   *string `json:"email"`
		Webhook *string `json:"webhook"`
	}
	if err := readJSON(r, &req); err != nil {
		writeError(w, err)
		return
	}
	if req.Email == nil && req.Webhook == nil {
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: `email, webhook: both missing (send {"email": ""} or {"webhook": ""} to remove one)`})
		return
	}
	if req.Email != nil && *req.Email != "" {
		email := *req.Email
		a, err := mail.ParseAddress(email)
		if !emailAddr.MatchString(email) || err != nil || a.Address != email {
			writeError(w, &host.Error{Code: host.CodeInvalid, Msg: "email: not an address (name@domain, at most 254 characters, no spaces, quotes or brackets)"})
			return
		}
	}
	if req.Webhook != nil && *req.Webhook != "" {
		if err := host.CheckWebhookURL(*req.Webhook); err != nil {
			writeError(w, &host.Error{Code: host.CodeInvalid, Msg: err.Error()})
			return
		}
		if err := s.checkWebhookAddr(r.Context(), *req.Webhook); err != nil {
			writeError(w, &host.Error{Code: host.CodeInvalid, Msg: err.Error()})
			return
		}
	}
	out := toUserJSON(u)
	if req.Email != nil {
		if err := s.Host.Store.SetEmail(r.Context(), u.ID, *req.Email); err != nil {
			writeError(w, err)
			return
		}
		out.Email = *req.Email
	}
	if req.Webhook != nil {
		if err := s.Host.Store.SetWebhook(r.Context(), u.ID, *req.Webhook); err != nil {
			s.creds.forgetUser(u.ID)
			writeError(w, err)
			return
		}
		out.Webhook = *req.Webhook
	}
	s.creds.forgetUser(u.ID)
	s.relayOut(relayMsg{Users: []int64{u.ID}})
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) newToken(w http.ResponseWriter, r *http.Request, u *store.User) {
	var req struct {
		Name string `json:"name"`
	}
	if err := readJSON(r, &req); err != nil {
		writeError(w, err)
		return
	}
	name, err := host.CheckName("name", req.Name, 64)
	if err != nil {
		writeError(w, err)
		return
	}
	req.Name = name
	secret, hash := newSecret()
	c := store.Credential{Hash: hash, UserID: u.ID, Kind: "token", Name: req.Name, CreatedAt: s.Host.Now().UTC()}
	if err := s.Host.Store.CreateCredential(r.Context(), c); err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"token": secret, "name": req.Name})
}

var (
	dummyOnce sync.Once
	dummy     []byte
)

// dummyHash is a bcrypt hash to compare against when the user is unknown.
func dummyHash() []byte {
	dummyOnce.Do(func() { dummy, _ = bcrypt.GenerateFromPassword([]byte("not a password"), bcrypt.DefaultCost) })
	return dummy
}

// revoked forgets credentials removed from the store, here and, through
// the relay, in the other server processes: the hashes given, or when
// there are many (or none are named), every cached credential of user.
func (s *Server) revoked(user int64, hashes []string) {
	if len(hashes) > 20 || len(hashes) == 0 && user != 0 {
		s.creds.forgetUser(user)
		s.relayOut(relayMsg{Users: []int64{user}})
		return
	}
	for _, h := range hashes {
		s.creds.forget(h)
	}
	if len(hashes) > 0 {
		s.relayOut(relayMsg{Revoked: hashes})
	}
}

// tokenID is how the API names a token: the first 16 hex digits of its
// secret's hash (the secret itself is shown once, at creation).
func tokenID(hash string) string { return hash[:min(16, len(hash))] }

// tokenJSON is a personal token as listed.
type tokenJSON struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
}

// tokens lists the user's personal API tokens.
func (s *Server) tokens(w http.ResponseWriter, r *http.Request, u *store.User) {
	cs, err := s.Host.Store.Credentials(r.Context(), u.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	out := []tokenJSON{}
	for _, c := range cs {
		if c.Kind == "token" {
			out = append(out, tokenJSON{ID: tokenID(c.Hash), Name: c.Name, Created: c.CreatedAt})
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"tokens": out})
}

// revokeToken deletes one of the user's tokens; it is refused from then
// on, in every server process.
func (s *Server) revokeToken(w http.ResponseWriter, r *http.Request, u *store.User) {
	id := r.PathValue("token")
	cs, err := s.Host.Store.Credentials(r.Context(), u.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	for _, c := range cs {
		if c.Kind != "token" || len(id) != 16 || tokenID(c.Hash) != id {
			continue
		}
		if err := s.Host.Store.DeleteCredential(r.Context(), c.Hash); err != nil && !errors.Is(err, store.ErrNotFound) {
			writeError(w, err)
			return
		}
		s.revoked(u.ID, []string{c.Hash})
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return
	}
	writeError(w, &host.Error{Code: host.CodeNotFound, Msg: fmt.Sprintf("you have no token %q", id)})
}

// logoutAll ends every session of the user, this one included (personal
// tokens stay: revoke them one by one).
func (s *Server) logoutAll(w http.ResponseWriter, r *http.Request, u *store.User) {
	gone, err := s.Host.Store.DeleteCredentials(r.Context(), u.ID, "session", "")
	if err != nil {
		writeError(w, err)
		return
	}
	s.revoked(u.ID, gone)
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
		Secure: s.SecureCookies, SameSite: http.SameSiteLaxMode})
	writeJSON(w, http.StatusOK, map[string]int{"sessions_ended": len(gone)})
}

// changePassword sets a new password, given the current one, and ends the
// user's other sessions (the one making the request stays; tokens stay).
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request, u *store.User) {
	if !s.loginAllowed(w, r) {
		return
	}
	var req struct {
		Current string `json:"current"`
		New     string `json:"new"`
	}
	if err := readJSON(r, &req); err != nil {
		writeError(w, err)
		return
	}
	succeeded, ok := s.accountAttempt(w, u.Name)
	if !ok {
		return
	}
	// The cache holds the user as of the login: read the hash afresh.
	fresh, err := s.Host.Store.UserByID(r.Context(), u.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	if len(req.Current) > 72 || bcrypt.CompareHashAndPassword([]byte(fresh.PasswordHash), []byte(req.Current)) != nil {
		writeError(w, &host.Error{Code: host.CodeForbidden, Msg: "current: wrong password"})
		return
	}
	succeeded()
	if !passwordShapeOK(req.New) {
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: "new: 8 to 72 bytes"})
		return
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(req.New), bcrypt.DefaultCost)
	if err != nil {
		writeError(w, err)
		return
	}
	if err := s.Host.Store.SetPassword(r.Context(), u.ID, string(hash)); err != nil {
		writeError(w, err)
		return
	}
	gone, err := s.Host.Store.DeleteCredentials(r.Context(), u.ID, "session", requestCredential(r))
	if err != nil {
		writeError(w, err)
		return
	}
	s.revoked(u.ID, gone)
	writeJSON(w, http.StatusOK, map[string]int{"sessions_ended": len(gone)})
}
