-- immutable_unaccent (0004) called unaccent(regdictionary, text), which the extension declares
-- STABLE: PostgreSQL does not inline an IMMUTABLE SQL function whose body is less, so every call ran
-- as a function of its own, ~1 µs each (searches recheck and sort hundreds of rows with it). With
-- the dictionary fixed, that unaccent is immutable in fact; declared so, the wrapper is inlined:
-- 20 000 calls 24 ms → 6 ms. Indexes on immutable_unaccent(…) keep their values and still serve.
ALTER FUNCTION public.unaccent(regdictionary, text) IMMUTABLE;
