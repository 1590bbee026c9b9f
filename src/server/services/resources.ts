import { asc } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { educationalResources } from '../../db/schema'

export function listResources(db: Db) {
  return db
    .select({
      id: educationalResources.id,
      title: educationalResources.title,
      description: educationalResources.description,
      category: educationalResources.category,
      fileType: educationalResources.fileType,
      fileUrl: educationalResources.fileUrl,
      createdAt: educationalResources.createdAt,
    })
    .from(educationalResources)
    .orderBy(asc(educationalResources.category), asc(educationalResources.id))
}
