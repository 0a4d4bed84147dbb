-- Concordat's storage on PostgreSQL: the first schema. Tables are created
-- in the first schema of the connection's search_path.

CREATE TABLE users (
	id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	name          TEXT        NOT NULL,
	name_key      TEXT        NOT NULL UNIQUE, -- store.NameKey(name)
	email         TEXT        NOT NULL,
	password_hash TEXT        NOT NULL,
	created_at    TIMESTAMPTZ NOT NULL
);

CREATE TABLE credentials (
	hash       TEXT        PRIMARY KEY,
	user_id    BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	kind       TEXT        NOT NULL,
	name       TEXT        NOT NULL,
	created_at TIMESTAMPTZ NOT NULL,
	expires_at TIMESTAMPTZ -- NULL: never
);
CREATE INDEX credentials_user ON credentials (user_id);

CREATE TABLE games (
	id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	name       TEXT        NOT NULL,
	kind       TEXT        NOT NULL,
	config     JSONB       NOT NULL, -- game.Config
	seed       BIGINT      NOT NULL, -- the uint64 seed's bits
	options    BYTEA,
	status     TEXT        NOT NULL,
	seq        BIGINT      NOT NULL,
	created_by BIGINT      NOT NULL,
	created_at TIMESTAMPTZ NOT NULL,
	updated_at TIMESTAMPTZ NOT NULL,
	deadline   TIMESTAMPTZ, -- NULL: none
	result     TEXT        NOT NULL
);
CREATE INDEX games_created ON games (created_at DESC, id DESC);
CREATE INDEX games_status_created ON games (status, created_at DESC, id DESC);

CREATE TABLE seats (
	game_id BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	seat    TEXT    NOT NULL,
	user_id BIGINT  REFERENCES users (id), -- NULL: empty
	bot     BOOLEAN NOT NULL,
	missed  INTEGER NOT NULL,
	ord     INTEGER NOT NULL,
	PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id, game_id);

CREATE TABLE actions (
	game_id BIGINT      NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	seq     BIGINT      NOT NULL,
	seat    TEXT        NOT NULL,
	user_id BIGINT      NOT NULL,
	type    TEXT        NOT NULL,
	args    BYTEA,
	at      TIMESTAMPTZ NOT NULL,
	PRIMARY KEY (game_id, seq)
);

CREATE TABLE snapshots (
	game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	seq     BIGINT NOT NULL,
	state   BYTEA  NOT NULL,
	PRIMARY KEY (game_id, seq)
);

CREATE TABLE messages (
	id        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	game_id   BIGINT      NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	channel   TEXT        NOT NULL,
	from_seat TEXT        NOT NULL,
	body      TEXT        NOT NULL,
	at        TIMESTAMPTZ NOT NULL
);
CREATE INDEX messages_game ON messages (game_id, id);

CREATE TABLE reads (
	game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	channel TEXT   NOT NULL,
	up_to   BIGINT NOT NULL,
	PRIMARY KEY (game_id, user_id, channel)
);

CREATE TABLE votes (
	game_id BIGINT      NOT NULL,
	seat    TEXT        NOT NULL,
	kind    TEXT        NOT NULL,
	value   TEXT        NOT NULL,
	at      TIMESTAMPTZ NOT NULL,
	PRIMARY KEY (game_id, seat, kind),
	FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat) ON DELETE CASCADE
);

CREATE TABLE jobs (
	id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	game_id     BIGINT      NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	kind        TEXT        NOT NULL,
	seq         BIGINT      NOT NULL,
	due_at      TIMESTAMPTZ NOT NULL,
	lease_owner TEXT        NOT NULL DEFAULT '', -- '' while nobody holds it
	lease_until TIMESTAMPTZ                      -- NULL while nobody holds it
);
CREATE INDEX jobs_due ON jobs (due_at, id);
CREATE INDEX jobs_free ON jobs (due_at) WHERE lease_owner = '';
CREATE INDEX jobs_leased ON jobs (lease_until) WHERE lease_owner <> '';
CREATE INDEX jobs_game ON jobs (game_id);
