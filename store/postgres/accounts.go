package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"concordat/store"
)

// CreateUser adds an account and fills u.ID.
func (s *Store) CreateUser(ctx context.Context, u *store.User) error {
	err := s.pool.QueryRow(ctx, `INSERT INTO users (name, name_key, email, webhook, password_hash, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
		u.Name, store.NameKey(u.Name), u.Email, u.Webhook, u.PasswordHash, u.CreatedAt).Scan(&u.ID)
	if err != nil {
		return fail("create user", err, fmt.Sprintf("the name %q is taken", u.Name))
	}
	return nil
}

const userColumns = `id, name, email, webhook, password_hash, created_at`

func scanUser(row pgx.Row) (*store.User, error) {
	var u store.User
	if err := row.Scan(&u.ID, &u.Name, &u.Email, &u.Webhook, &u.PasswordHash, &u.CreatedAt); err != nil {
		return nil, err
	}
	u.CreatedAt = u.CreatedAt.UTC()
	return &u, nil
}

// UserByName finds an account by name (compared by store.NameKey).
func (s *Store) UserByName(ctx context.Context, name string) (*store.User, error) {
	u, err := scanUser(s.pool.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE name_key = $1`, store.NameKey(name)))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: user %q: %w", name, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: user %q: %w", name, err)
	}
	return u, nil
}

// UserByID finds an account.
func (s *Store) UserByID(ctx context.Context, id int64) (*store.User, error) {
	u, err := scanUser(s.pool.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: user %d: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: user %d: %w", id, err)
	}
	return u, nil
}

// CreateCredential stores a session or token by the hash of its secret.
func (s *Store) CreateCredential(ctx context.Context, c store.Credential) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO credentials (hash, user_id, kind, name, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		c.Hash, c.UserID, c.Kind, c.Name, c.CreatedAt, nullTime(c.ExpiresAt))
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
	row := s.pool.QueryRow(ctx, `SELECT u.id, u.name, u.email, u.webhook, u.password_hash, u.created_at,
			c.hash, c.user_id, c.kind, c.name, c.created_at, c.expires_at
		FROM credentials c JOIN users u ON u.id = c.user_id
		WHERE c.hash = $1 AND (c.expires_at IS NULL OR c.expires_at > $2)`, hash, now)
	var u store.User
	var c store.Credential
	var expires *time.Time
	err := row.Scan(&u.ID, &u.Name, &u.Email, &u.Webhook, &u.PasswordHash, &u.CreatedAt,
		&c.Hash, &c.UserID, &c.Kind, &c.Name, &c.CreatedAt, &expires)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, fmt.Errorf("postgres: credential: no unexpired credential with this hash: %w", store.ErrNotFound)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("postgres: credential: %w", err)
	}
	u.CreatedAt, c.CreatedAt, c.ExpiresAt = u.CreatedAt.UTC(), c.CreatedAt.UTC(), fromNullTime(expires)
	return &u, &c, nil
}

// DeleteCredential removes a session or token.
func (s *Store) DeleteCredential(ctx context.Context, hash string) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM credentials WHERE hash = $1`, hash)
	if err != nil {
		return fmt.Errorf("postgres: delete credential: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: delete credential: no credential with this hash: %w", store.ErrNotFound)
	}
	return nil
}

// Credentials lists a user's credentials, oldest first.
func (s *Store) Credentials(ctx context.Context, userID int64) ([]store.Credential, error) {
	rows, err := s.pool.Query(ctx, `SELECT hash, user_id, kind, name, created_at, expires_at
		FROM credentials WHERE user_id = $1 ORDER BY created_at, hash`, userID)
	if err != nil {
		return nil, fmt.Errorf("postgres: credentials of user %d: %w", userID, err)
	}
	defer rows.Close()
	var cs []store.Credential
	for rows.Next() {
		var c store.Credential
		var expires *time.Time
		if err := rows.Scan(&c.Hash, &c.UserID, &c.Kind, &c.Name, &c.CreatedAt, &expires); err != nil {
			return nil, fmt.Errorf("postgres: credentials of user %d: %w", userID, err)
		}
		c.CreatedAt, c.ExpiresAt = c.CreatedAt.UTC(), fromNullTime(expires)
		cs = append(cs, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: credentials of user %d: %w", userID, err)
	}
	return cs, nil
}

// DeleteCredentials removes a user's credentials of a kind but one.
func (s *Store) DeleteCredentials(ctx context.Context, userID int64, kind, keep string) ([]string, error) {
	rows, err := s.pool.Query(ctx, `DELETE FROM credentials
		WHERE user_id = $1 AND ($2 = '' OR kind = $2) AND hash <> $3 RETURNING hash`, userID, kind, keep)
	if err != nil {
		return nil, fmt.Errorf("postgres: delete credentials of user %d: %w", userID, err)
	}
	hashes, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("postgres: delete credentials of user %d: %w", userID, err)
	}
	return hashes, nil
}

// SetEmail replaces a user's e-mail address ("": none).
func (s *Store) SetEmail(ctx context.Context, userID int64, email string) error {
	tag, err := s.pool.Exec(ctx, `UPDATE users SET email = $1 WHERE id = $2`, email, userID)
	if err != nil {
		return fmt.Errorf("postgres: set e-mail: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: set e-mail: user %d: %w", userID, store.ErrNotFound)
	}
	return nil
}

// SetWebhook replaces a user's personal webhook URL ("": none).
func (s *Store) SetWebhook(ctx context.Context, userID int64, url string) error {
	tag, err := s.pool.Exec(ctx, `UPDATE users SET webhook = $1 WHERE id = $2`, url, userID)
	if err != nil {
		return fmt.Errorf("postgres: set webhook: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: set webhook: user %d: %w", userID, store.ErrNotFound)
	}
	return nil
}

// SetPassword replaces a user's password hash.
func (s *Store) SetPassword(ctx context.Context, userID int64, passwordHash string) error {
	tag, err := s.pool.Exec(ctx, `UPDATE users SET password_hash = $1 WHERE id = $2`, passwordHash, userID)
	if err != nil {
		return fmt.Errorf("postgres: set password: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: set password: user %d: %w", userID, store.ErrNotFound)
	}
	return nil
}
