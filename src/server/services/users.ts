import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'

type UserProfile = {
  email: string
  firstName?: string | null
  lastName?: string | null
  profileImageUrl?: string | null
}

/** Creates the user on first sign-in, refreshes the profile on later ones; e-mail is the key. */
export async function upsertUser(db: Db, profile: UserProfile) {
  const email = profile.email.trim().toLowerCase()
  const values = {
    email,
    firstName: profile.firstName ?? null,
    lastName: profile.lastName ?? null,
    profileImageUrl: profile.profileImageUrl ?? null,
  }
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoUpdate({
      target: users.email,
      set: {
        firstName: sql`coalesce(excluded.first_name, ${users.firstName})`,
        lastName: sql`coalesce(excluded.last_name, ${users.lastName})`,
        profileImageUrl: sql`coalesce(excluded.profile_image_url, ${users.profileImageUrl})`,
        updatedAt: sql`now()`,
      },
    })
    .returning()
  if (!row) throw new Error('upsert returned no row')
  return row
}

type OidcIdentity = { issuer: string; subject: string }

/**
 * Signs in through OpenID Connect. The first sign-in binds the e-mail to the issuer and subject
 * that proved it; a later one with the same e-mail from another identity gets null, because admin
 * rights follow the e-mail and must not pass to whoever else can claim that address.
 */
export async function upsertOidcUser(db: Db, profile: UserProfile & OidcIdentity) {
  const email = profile.email.trim().toLowerCase()
  const [row] = await db
    .insert(users)
    .values({
      email,
      firstName: profile.firstName ?? null,
      lastName: profile.lastName ?? null,
      profileImageUrl: profile.profileImageUrl ?? null,
      oidcIssuer: profile.issuer,
      oidcSubject: profile.subject,
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
      setWhere: sql`${users.oidcSubject} is null or (${users.oidcIssuer} = excluded.oidc_issuer and ${users.oidcSubject} = excluded.oidc_subject)`,
    })
    .returning()
  return row ?? null
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  return row ?? null
}
