import type { FastifyRequest } from 'fastify';
import { fieldError } from '../../http/errors';

/** A supplier's file is read whole (an .xlsx cannot be read as it streams): at most this size. */
export const SUPPLIER_UPLOAD_MB = 20;

export interface SupplierUpload {
  fields: Record<string, string>;
  fileName: string;
  bytes: Uint8Array;
}

/** The multipart form: one file (`file`) and text fields; a second file, none, or too large is a 400. */
export async function readSupplierUpload(request: FastifyRequest): Promise<SupplierUpload> {
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Uint8Array } | undefined;
  try {
    for await (const part of request.parts({
      limits: { files: 1, fields: 20, fileSize: SUPPLIER_UPLOAD_MB * 1024 * 1024 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated)
          throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        file = { name: part.filename.slice(0, 200), bytes: new Uint8Array(bytes) };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('file', 'validation.report.fileTooLarge', { mb: SUPPLIER_UPLOAD_MB });
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'validation.report.oneFile');
    throw error;
  }
  if (!file) throw fieldError('file', 'validation.supplier.fileRequired');
  return { fields, fileName: file.name, bytes: file.bytes };
}
