-- The one index not named like the others (snake_case, table first). A rename: the index is not
-- rebuilt, and nothing looks it up by name (the session store is src/server/auth/session-store.ts).
ALTER INDEX "IDX_session_expire" RENAME TO "sessions_expire_idx";
