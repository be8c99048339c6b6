-- unaccent() is only STABLE, so no index can use it: this wrapper is IMMUTABLE (its dictionary is
-- fixed), which lets searchable columns carry trigram indexes on their unaccented text.
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
