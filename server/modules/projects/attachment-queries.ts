// A lead's documents and images as stored: listing them, adding one (inside the route's
// transaction, with the lead's history and audit), reading an image's bytes.
import type { Queryable } from "../../db/client.js";

export const EXCERPT_CHARS = 400;

export interface DocumentRow { id: number; title: string; url: string | null; excerpt: string; text_length: number; created_by: string | null; created_at: Date }
const DOCUMENT_COLUMNS = `d.id, d.title, d.url, left(d.body, ${EXCERPT_CHARS}) AS excerpt, length(d.body) AS text_length,
  nullif(trim(u.first_name || ' ' || u.last_name), '') AS created_by, d.created_at`;

/** The lead's documents, oldest first, the text cut to an excerpt. */
export async function listDocuments(db: Queryable, projectId: number): Promise<DocumentRow[]> {
  const { rows } = await db.query<DocumentRow>(
    `SELECT ${DOCUMENT_COLUMNS} FROM project_documents d LEFT JOIN users u ON u.id = d.created_by WHERE d.project_id = $1 ORDER BY d.created_at, d.id`,
    [projectId],
  );
  return rows;
}

/** Adds a document; answers it as listed. */
export async function insertDocument(tx: Queryable, projectId: number, d: { title: string; body: string; url: string | null }, userId: number): Promise<DocumentRow> {
  const ins = await tx.query<{ id: number }>(
    `INSERT INTO project_documents (project_id, title, body, url, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [projectId, d.title, d.body, d.url, userId],
  );
  const out = await tx.query<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM project_documents d LEFT JOIN users u ON u.id = d.created_by WHERE d.id = $1`, [ins.rows[0].id]);
  return out.rows[0];
}

export interface ImageRow { id: number; project_id: number; file_name: string; mime_type: string; size: number; uploaded_by: string | null; created_at: Date }
const IMAGE_COLUMNS = `i.id, i.project_id, i.file_name, i.mime_type, octet_length(i.content) AS size,
  nullif(trim(u.first_name || ' ' || u.last_name), '') AS uploaded_by, i.created_at`;

/** Stores an image; answers its id. */
export async function insertImage(tx: Queryable, projectId: number, img: { fileName: string; mime: string; content: Buffer }, userId: number): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO project_images (project_id, file_name, mime_type, content, uploaded_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [projectId, img.fileName, img.mime, img.content, userId],
  );
  return rows[0].id;
}

export async function findImage(db: Queryable, imageId: number): Promise<ImageRow> {
  const { rows } = await db.query<ImageRow>(`SELECT ${IMAGE_COLUMNS} FROM project_images i LEFT JOIN users u ON u.id = i.uploaded_by WHERE i.id = $1`, [imageId]);
  return rows[0];
}

/** The lead's images (without their bytes), oldest first. */
export async function listImages(db: Queryable, projectId: number): Promise<ImageRow[]> {
  const { rows } = await db.query<ImageRow>(
    `SELECT ${IMAGE_COLUMNS} FROM project_images i LEFT JOIN users u ON u.id = i.uploaded_by WHERE i.project_id = $1 ORDER BY i.created_at, i.id`,
    [projectId],
  );
  return rows;
}

/** One image's bytes, only under its own lead; undefined otherwise. */
export async function imageFile(db: Queryable, projectId: number, imageId: number) {
  const { rows } = await db.query<{ mime_type: string; content: Uint8Array; file_name: string }>(
    `SELECT mime_type, content, file_name FROM project_images WHERE id = $1 AND project_id = $2`,
    [imageId, projectId],
  );
  return rows[0];
}
