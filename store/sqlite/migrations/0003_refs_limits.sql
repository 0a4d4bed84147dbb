-- A message's public name (store.Message.Ref): random, unique in its game,
-- 1 to 2^53-1, so that it tells nobody how much press others exchange
-- (the rowid id counts every message of every game). Messages stored
-- before get a random one now.
ALTER TABLE messages ADD COLUMN ref INTEGER NOT NULL DEFAULT 0;
UPDATE messages SET ref = max(1, random() & 9007199254740991);
CREATE UNIQUE INDEX messages_ref ON messages (game_id, ref);

-- The forming games of a creator, counted at each creation
-- (store.Game.FormingLimit).
CREATE INDEX games_creator ON games (created_by, status);
