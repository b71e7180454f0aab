-- Instagram is connected through Facebook Login: its long-lived user token is renewed only by
-- a new login, so the sweep no longer tries (Meta's ig_refresh_token is for Instagram Login
-- tokens). The Socials dialog shows these connections' 'Reconnect before' date.
UPDATE "social_connections" SET "token_renewable" = false WHERE "network" = 'instagram';
