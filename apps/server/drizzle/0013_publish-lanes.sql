-- The per-network setting became a ceiling over per-account limits (issue 17, decision 093):
-- an instance still at the old default of 5 would hold every network to five calls, so it
-- moves to the new default. A value the operator chose stays.
UPDATE "admin_settings"
SET "value" = jsonb_set("value", '{value}', '200'::jsonb)
WHERE "key" = 'publish_concurrency_per_network' AND ("value"->>'value')::numeric = 5;
