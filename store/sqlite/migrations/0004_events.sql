-- The game log: each action's events (what the rules reported when it was
-- applied, with the seats that may see each), as store.EncodeEvents writes
-- them. NULL for actions stored before this migration: the host rebuilds
-- their events by replay and fills them in (store.FillEvents).
ALTER TABLE actions ADD COLUMN events BLOB;
