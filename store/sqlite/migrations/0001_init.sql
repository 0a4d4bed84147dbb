-- Concordat's storage on SQLite: the first schema.
-- Times are INTEGER microseconds since the Unix epoch (UTC); NULL where a
-- zero time means "none". Ids of users, games, messages and jobs are rowids.

CREATE TABLE users (
	id            INTEGER PRIMARY KEY,
	name          TEXT    NOT NULL,
	name_key      TEXT    NOT NULL UNIQUE, -- store.NameKey(name)
	email         TEXT    NOT NULL,
	password_hash TEXT    NOT NULL,
	created_at    INTEGER NOT NULL
);

CREATE TABLE credentials (
	hash       TEXT    PRIMARY KEY,
	user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	kind       TEXT    NOT NULL,
	name       TEXT    NOT NULL,
	created_at INTEGER NOT NULL,
	expires_at INTEGER
);
CREATE INDEX credentials_user ON credentials (user_id);

CREATE TABLE games (
	id         INTEGER PRIMARY KEY,
	name       TEXT    NOT NULL,
	kind       TEXT    NOT NULL,
	config     TEXT    NOT NULL, -- game.Config as JSON
	seed       INTEGER NOT NULL, -- the uint64 seed's bits
	options    BLOB,
	status     TEXT    NOT NULL,
	seq        INTEGER NOT NULL,
	created_by INTEGER NOT NULL,
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL,
	deadline   INTEGER,
	result     TEXT    NOT NULL
);
CREATE INDEX games_created ON games (created_at, id);
CREATE INDEX games_status_created ON games (status, created_at, id);

CREATE TABLE seats (
	game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	seat    TEXT    NOT NULL,
	user_id INTEGER REFERENCES users (id),
	bot     INTEGER NOT NULL,
	missed  INTEGER NOT NULL,
	ord     INTEGER NOT NULL,
	PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id, game_id);

CREATE TABLE actions (
	game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	seq     INTEGER NOT NULL,
	seat    TEXT    NOT NULL,
	user_id INTEGER NOT NULL,
	type    TEXT    NOT NULL,
	args    BLOB,
	at      INTEGER NOT NULL,
	PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE snapshots (
	game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	seq     INTEGER NOT NULL,
	state   BLOB    NOT NULL,
	PRIMARY KEY (game_id, seq)
);

CREATE TABLE messages (
	id        INTEGER PRIMARY KEY AUTOINCREMENT,
	game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	channel   TEXT    NOT NULL,
	from_seat TEXT    NOT NULL,
	body      TEXT    NOT NULL,
	at        INTEGER NOT NULL
);
CREATE INDEX messages_game ON messages (game_id, id);

CREATE TABLE reads (
	game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	channel TEXT    NOT NULL,
	up_to   INTEGER NOT NULL,
	PRIMARY KEY (game_id, user_id, channel)
) WITHOUT ROWID;

CREATE TABLE votes (
	game_id INTEGER NOT NULL,
	seat    TEXT    NOT NULL,
	kind    TEXT    NOT NULL,
	value   TEXT    NOT NULL,
	at      INTEGER NOT NULL,
	PRIMARY KEY (game_id, seat, kind),
	FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat) ON DELETE CASCADE
) WITHOUT ROWID;

CREATE TABLE jobs (
	id          INTEGER PRIMARY KEY AUTOINCREMENT,
	game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	kind        TEXT    NOT NULL,
	seq         INTEGER NOT NULL,
	due_at      INTEGER NOT NULL,
	lease_owner TEXT    NOT NULL DEFAULT '', -- '' while nobody holds it
	lease_until INTEGER                      -- NULL while nobody holds it
);
CREATE INDEX jobs_due ON jobs (due_at, id);
CREATE INDEX jobs_free ON jobs (due_at) WHERE lease_owner = '';
CREATE INDEX jobs_leased ON jobs (lease_until) WHERE lease_owner <> '';
CREATE INDEX jobs_game ON jobs (game_id);
