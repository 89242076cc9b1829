-- Two-factor sign-in required of one user (issue 41), set by the super admin; the instance-wide
-- switch stays the app setting `require_two_factor`. 1 = must set it up before using the API.
ALTER TABLE users ADD COLUMN two_factor_required INTEGER NOT NULL DEFAULT 0;
