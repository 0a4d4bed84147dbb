-- concordat_require raises an error with the given SQLSTATE unless ok, so
-- that a batch of statements run as one implicit transaction (AppendAction)
-- stops, and rolls back, when a condition it needs does not hold.
CREATE FUNCTION concordat_require(ok boolean, code text, msg text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
	IF NOT ok THEN
		RAISE EXCEPTION USING ERRCODE = code, MESSAGE = msg;
	END IF;
	RETURN true;
END
$$;
