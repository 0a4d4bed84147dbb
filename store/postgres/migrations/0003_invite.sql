-- A private game's invitation: a secret its creator hands out; joining a
-- private game requires it ('' for public games).
ALTER TABLE games ADD COLUMN invite TEXT NOT NULL DEFAULT '';
