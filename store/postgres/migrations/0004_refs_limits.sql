-- A message's public name (store.Message.Ref): random, unique in its game,
-- 1 to 2^53-1, so that it tells nobody how much press others exchange
-- (the identity id counts every message of every game). Messages stored
-- before get a random one now.
ALTER TABLE messages ADD COLUMN ref BIGINT;
UPDATE messages SET ref = floor(random() * 9007199254740990)::bigint + 1;
ALTER TABLE messages ALTER COLUMN ref SET NOT NULL;
CREATE UNIQUE INDEX messages_ref ON messages (game_id, ref);

-- The forming games of a creator, counted at each creation
-- (store.Game.FormingLimit).
CREATE INDEX games_creator ON games (created_by, status);
