-- The kind of computer player holding a seat (a game.Bots kind: "random",
-- "heuristic", "search"); '' for a seat held by a person, or by a bot of
-- the game's own bot kind (the server's options for the game).
ALTER TABLE seats ADD COLUMN bot_kind TEXT NOT NULL DEFAULT '';
