-- A user's personal webhook: a URL that receives the user's notifications
-- (those the user's e-mail would receive) as Discord-compatible JSON;
-- '' for none. A secret, like a game's webhook (it carries the hook's token).
ALTER TABLE users ADD COLUMN webhook TEXT NOT NULL DEFAULT '';
