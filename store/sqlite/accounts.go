package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"concordat/store"
)

// CreateUser adds an account and fills u.ID.
func (s *Store) CreateUser(ctx context.Context, u *store.User) error {
	err := s.w.QueryRowContext(ctx, `INSERT INTO users (name, name_key, email, webhook, password_hash, created_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
		u.Name, store.NameKey(u.Name), u.Email, u.Webhook, u.PasswordHash, micros(u.CreatedAt)).Scan(&u.ID)
	if err != nil {
		return fail("create user", err, fmt.Sprintf("the name %q is taken", u.Name))
	}
	return nil
}

const userColumns = `id, name, email, webhook, password_hash, created_at`

func scanUser(row interface{ Scan(...any) error }) (*store.User, error) {
	var u store.User
	var created int64
	if err := row.Scan(&u.ID, &u.Name, &u.Email, &u.Webhook, &u.PasswordHash, &created); err != nil {
		return nil, err
	}
	u.CreatedAt = fromMicros(created)
	return &u, nil
}

// UserByName finds an account by name (compared by store.NameKey).
func (s *Store) UserByName(ctx context.Context, name string) (*store.User, error) {
	u, err := scanUser(s.read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE name_key = ?`, store.NameKey(name)))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: user %q: %w", name, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: user %q: %w", name, err)
	}
	return u, nil
}

// UserByID finds an account.
func (s *Store) UserByID(ctx context.Context, id int64) (*store.User, error) {
	u, err := scanUser(s.read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: user %d: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: user %d: %w", id, err)
	}
	return u, nil
}

// CreateCredential stores a session or token by the hash of its secret.
func (s *Store) CreateCredential(ctx context.Context, c store.Credential) error {
	_, err := s.w.ExecContext(ctx, `INSERT INTO credentials (hash, user_id, kind, name, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?)`,
		c.Hash, c.UserID, c.Kind, c.Name, micros(c.CreatedAt), nullMicros(c.ExpiresAt))
	if err != nil {
		what := "a credential with this hash exists"
		if constraint(err) == store.ErrNotFound {
			what = fmt.Sprintf("user %d", c.UserID)
		}
		return fail("create credential", err, what)
	}
	return nil
}

// CredentialUser finds the user of a credential unexpired at now.
func (s *Store) CredentialUser(ctx context.Context, hash string, now time.Time) (*store.User, *store.Credential, error) {
	row := s.read.QueryRowContext(ctx, `SELECT u.id, u.name, u.email, u.webhook, u.password_hash, u.created_at,
			c.hash, c.user_id, c.kind, c.name, c.created_at, c.expires_at
		FROM credentials c JOIN users u ON u.id = c.user_id
		WHERE c.hash = ? AND (c.expires_at IS NULL OR c.expires_at > ?)`, hash, micros(now))
	var u store.User
	var c store.Credential
	var uCreated, cCreated int64
	var expires sql.NullInt64
	err := row.Scan(&u.ID, &u.Name, &u.Email, &u.Webhook, &u.PasswordHash, &uCreated,
		&c.Hash, &c.UserID, &c.Kind, &c.Name, &cCreated, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, fmt.Errorf("sqlite: credential: no unexpired credential with this hash: %w", store.ErrNotFound)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("sqlite: credential: %w", err)
	}
	u.CreatedAt = fromMicros(uCreated)
	c.CreatedAt = fromMicros(cCreated)
	c.ExpiresAt = fromNullMicros(expires)
	return &u, &c, nil
}

// DeleteCredential removes a session or token.
func (s *Store) DeleteCredential(ctx context.Context, hash string) error {
	res, err := s.w.ExecContext(ctx, `DELETE FROM credentials WHERE hash = ?`, hash)
	if err != nil {
		return fmt.Errorf("sqlite: delete credential: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("sqlite: delete credential: %w", err)
	} else if n == 0 {
		return fmt.Errorf("sqlite: delete credential: no credential with this hash: %w", store.ErrNotFound)
	}
	return nil
}

// Credentials lists a user's credentials, oldest first.
func (s *Store) Credentials(ctx context.Context, userID int64) ([]store.Credential, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT hash, user_id, kind, name, created_at, expires_at
		FROM credentials WHERE user_id = ? ORDER BY created_at, hash`, userID)
	if err != nil {
		return nil, fmt.Errorf("sqlite: credentials of user %d: %w", userID, err)
	}
	defer rows.Close()
	var cs []store.Credential
	for rows.Next() {
		var c store.Credential
		var created int64
		var expires sql.NullInt64
		if err := rows.Scan(&c.Hash, &c.UserID, &c.Kind, &c.Name, &created, &expires); err != nil {
			return nil, fmt.Errorf("sqlite: credentials of user %d: %w", userID, err)
		}
		c.CreatedAt, c.ExpiresAt = fromMicros(created), fromNullMicros(expires)
		cs = append(cs, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: credentials of user %d: %w", userID, err)
	}
	return cs, nil
}

// DeleteCredentials removes a user's credentials of a kind but one.
func (s *Store) DeleteCredentials(ctx context.Context, userID int64, kind, keep string) ([]string, error) {
	rows, err := s.w.QueryContext(ctx, `DELETE FROM credentials
		WHERE user_id = ? AND (? = '' OR kind = ?) AND hash <> ? RETURNING hash`, userID, kind, kind, keep)
	if err != nil {
		return nil, fmt.Errorf("sqlite: delete credentials of user %d: %w", userID, err)
	}
	defer rows.Close()
	var hashes []string
	for rows.Next() {
		var h string
		if err := rows.Scan(&h); err != nil {
			return nil, fmt.Errorf("sqlite: delete credentials of user %d: %w", userID, err)
		}
		hashes = append(hashes, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: delete credentials of user %d: %w", userID, err)
	}
	return hashes, nil
}

// SetEmail replaces a user's e-mail address ("": none).
func (s *Store) SetEmail(ctx context.Context, userID int64, email string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE users SET email = ? WHERE id = ?`, email, userID)
	if err != nil {
		return fmt.Errorf("sqlite: set e-mail: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return fmt.Errorf("sqlite: set e-mail: user %d: %w", userID, store.ErrNotFound)
	}
	return nil
}

// SetWebhook replaces a user's personal webhook URL ("": none).
func (s *Store) SetWebhook(ctx context.Context, userID int64, url string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE users SET webhook = ? WHERE id = ?`, url, userID)
	if err != nil {
		return fmt.Errorf("sqlite: set webhook: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return fmt.Errorf("sqlite: set webhook: user %d: %w", userID, store.ErrNotFound)
	}
	return nil
}

// SetPassword replaces a user's password hash.
func (s *Store) SetPassword(ctx context.Context, userID int64, passwordHash string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE users SET password_hash = ? WHERE id = ?`, passwordHash, userID)
	if err != nil {
		return fmt.Errorf("sqlite: set password: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return fmt.Errorf("sqlite: set password: user %d: %w", userID, store.ErrNotFound)
	}
	return nil
}
