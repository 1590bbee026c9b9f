import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'

type UserProfile = {
  email: string
  firstName?: string | null
  lastName?: string | null
  profileImageUrl?: string | null
}

type OidcIdentity = { issuer: string; subject: string }

/**
 * Creates the user on first sign-in and refreshes the profile on later ones; the e-mail is the key.
 * With an OpenID Connect identity, the first sign-in binds the e-mail to that issuer and subject,
 * and a later one from another identity changes nothing and gets null: admin rights follow the
 * e-mail and must not pass to whoever else can claim that address.
 */
async function upsert(db: Db, profile: UserProfile, identity: OidcIdentity | null) {
  const [row] = await db
    .insert(users)
    .values({
      email: profile.email.trim().toLowerCase(),
      firstName: profile.firstName ?? null,
      lastName: profile.lastName ?? null,
      profileImageUrl: profile.profileImageUrl ?? null,
      oidcIssuer: identity?.issuer ?? null,
      oidcSubject: identity?.subject ?? null,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        firstName: sql`coalesce(excluded.first_name, ${users.firstName})`,
        lastName: sql`coalesce(excluded.last_name, ${users.lastName})`,
        profileImageUrl: sql`coalesce(excluded.profile_image_url, ${users.profileImageUrl})`,
        oidcIssuer: sql`coalesce(${users.oidcIssuer}, excluded.oidc_issuer)`,
        oidcSubject: sql`coalesce(${users.oidcSubject}, excluded.oidc_subject)`,
        updatedAt: sql`now()`,
      },
      setWhere: identity
        ? sql`${users.oidcSubject} is null or (${users.oidcIssuer} = excluded.oidc_issuer and ${users.oidcSubject} = excluded.oidc_subject)`
        : undefined,
    })
    .returning()
  return row ?? null
}

/** A user known by e-mail alone (the one-time sign-in link). */
export async function upsertUser(db: Db, profile: UserProfile) {
  const row = await upsert(db, profile, null)
  if (!row) throw new Error('upsert returned no row')
  return row
}

/** A user proved by an OpenID Connect identity; null when the e-mail belongs to another identity. */
export function upsertOidcUser(db: Db, profile: UserProfile & OidcIdentity) {
  return upsert(db, profile, { issuer: profile.issuer, subject: profile.subject })
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  return row ?? null
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()))
  return row ?? null
}
