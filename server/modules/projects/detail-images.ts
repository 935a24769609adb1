// Project images: staff upload (multipart, one file, JPEG/PNG/WebP up to 5 MB, recognised by
// their first bytes, never by the name or the declared type), everyone lists and views them.
//   POST /work/{id}/image-upload/   staff, multipart field 'file' → 201 image
//   GET  /work/{id}/image-upload/   → {results: [image]}
//   GET  /work/{id}/images/{imageId} → the image bytes
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import multipart from "@fastify/multipart";
import { Type } from "typebox";
import { HttpError, fieldError, notFound } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { auditAs } from "../audit/log.js";
import { iso } from "../credits/contacts.js";
import { findImage, imageFile, insertImage, listImages, type ImageRow } from "./attachment-queries.js";
import { projectExists } from "./detail-queries.js";
import { addProjectHistory } from "./edit-queries.js";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_MESSAGES = {
  missing: "No file was submitted.",
  notMultipart: "Send the image as multipart/form-data in the field 'file'.",
  tooLarge: "The image may be at most 5 MB.",
  type: "Upload a JPEG, PNG or WebP image.",
};

/** The image type from the file's first bytes, or null. */
export function sniffImage(buf: Buffer): "image/jpeg" | "image/png" | "image/webp" | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "image/jpeg";
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (buf.length >= 12 && buf.toString("latin1", 0, 4) === "RIFF" && buf.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return null;
}

const Image = Type.Object({
  id: Type.Number(),
  file_name: Type.String(),
  mime_type: Type.String(),
  size: Type.Number(),
  url: Type.String(),
  uploaded_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse };

const toImage = (r: ImageRow) => ({
  id: r.id, file_name: r.file_name, mime_type: r.mime_type, size: r.size, uploaded_by: r.uploaded_by,
  url: `/api/work/${r.project_id}/images/${r.id}`, created_at: iso(r.created_at)!,
});

const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    "/work/:id/image-upload/",
    { config: { access: "staff" }, schema: { tags: ["projects"], consumes: ["multipart/form-data"], params: Params, response: { 201: Image, ...errors } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const id = request.params.id;
      if (!request.isMultipart()) throw fieldError("file", IMAGE_MESSAGES.notMultipart);
      if (!(await projectExists(app.db, id))) throw notFound("Project not found.");
      let content: Buffer;
      let name: string;
      try {
        const part = await request.file();
        if (!part) throw fieldError("file", IMAGE_MESSAGES.missing);
        name = part.filename;
        content = await part.toBuffer();
      } catch (err) {
        if (err instanceof HttpError) throw err;
        if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, { file: [IMAGE_MESSAGES.tooLarge] });
        if ((err as { statusCode?: number }).statusCode && (err as { statusCode: number }).statusCode < 500) throw fieldError("file", IMAGE_MESSAGES.notMultipart);
        throw err;
      }
      if (content.length === 0) throw fieldError("file", IMAGE_MESSAGES.missing);
      const mime = sniffImage(content);
      if (!mime) throw fieldError("file", IMAGE_MESSAGES.type);
      const fileName = (name.split(/[\\/]/).pop() || "image").replace(/[\u0000-\u001f]/g, "").slice(0, 200) || "image";
      const row = await app.db.transaction(async (tx) => {
        const imageId = await insertImage(tx, id, { fileName, mime, content }, auth.user.id);
        await addProjectHistory(tx, id, auth.user.id, { images: [null, fileName] });
        await auditAs(request, "upload_project_image", { itemType: "project", itemId: id, details: { image_id: imageId, size: content.length, mime } }, tx);
        return findImage(tx, imageId);
      });
      return reply.code(201).send(toImage(row));
    },
  );

  app.get(
    "/work/:id/image-upload/",
    { schema: { tags: ["projects"], params: Params, response: { 200: Type.Object({ results: Type.Array(Image) }), ...errors } } },
    async (request) => {
      const id = request.params.id;
      if (!(await projectExists(app.db, id))) throw notFound("Project not found.");
      return { results: (await listImages(app.db, id)).map(toImage) };
    },
  );

  app.get(
    "/work/:id/images/:imageId",
    {
      schema: {
        tags: ["projects"],
        params: Type.Object({ id: Params.properties.id, imageId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
        response: { 200: Type.Unknown({ description: "The image's bytes, sent as they are (image/jpeg, image/png or image/webp)" }), ...errors },
      },
    },
    async (request, reply) => {
      const img = await imageFile(app.db, request.params.id, request.params.imageId);
      if (!img) throw notFound("Image not found.");
      return reply
        .type(img.mime_type)
        .header("cache-control", "private, max-age=86400")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", `inline; filename="${encodeURIComponent(img.file_name)}"`)
        .send(Buffer.from(img.content) as never); // raw bytes, not serialised
    },
  );
};

export default imageRoutes;
