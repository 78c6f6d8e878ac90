import type { FastifyRequest } from "fastify";
import { ApiError } from "./errors.ts";

/** Defaults for every multipart request (routes pass tighter ones). */
export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  /** Longer than any text field allows, so a cut value still fails its length rule. */
  fieldSize: 16 * 1024,
  fields: 150,
  files: 3,
  parts: 160,
  headerPairs: 100,
} as const;

export interface FormLimits {
  /** Largest file, in bytes: larger ones are cut off (and reported), never buffered whole. */
  fileSize: number;
  /** Files read before the parser stops accepting more (extra ones are reported). */
  files?: number;
  fields?: number;
}

export interface FormFile {
  fieldName: string;
  /** Undefined when the file was larger than the limit (its bytes were dropped). */
  data: Buffer | undefined;
  tooLarge: boolean;
}

export interface ParsedForm {
  /**
   * Text parts by name; a name sent several times keeps every value in order. Multipart values are strings; a JSON
   * body's values are kept as JSON typed them (an array becomes several values), so schemas still see the types.
   */
  fields: Map<string, unknown[]>;
  files: FormFile[];
  /** Text parts whose value was cut at the field size limit. */
  truncated: Set<string>;
  /** More files than `limits.files` were sent (the parser stopped reading files). */
  tooManyFiles: boolean;
}

const malformed = () => new ApiError(400, { general: "VALIDATION.INVALID" }, "ERRORS.VALIDATION");

/**
 * Reads a whole multipart/form-data request: text parts into `fields`, file parts into memory up to
 * `limits.fileSize` (a larger file is drained and flagged, so the request still ends with a 422 rather than a 413).
 * A JSON body is accepted too (API clients without files): its properties become the fields.
 */
export async function readForm(request: FastifyRequest, limits: FormLimits): Promise<ParsedForm> {
  const form: ParsedForm = { fields: new Map(), files: [], truncated: new Set(), tooManyFiles: false };
  const add = (name: string, value: unknown) => {
    const values = form.fields.get(name);
    if (values) values.push(value);
    else form.fields.set(name, [value]);
  };

  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== "object" || Array.isArray(body)) throw malformed();
    for (const [name, value] of Object.entries(body)) {
      if (value === null || value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) add(name, item);
    }
    return form;
  }

  const maxFiles = limits.files ?? MULTIPART_LIMITS.files;
  const parts = request.parts({
    limits: {
      ...MULTIPART_LIMITS,
      fileSize: limits.fileSize,
      files: maxFiles,
      fields: limits.fields ?? MULTIPART_LIMITS.fields,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.valueTruncated) form.truncated.add(part.fieldname);
        // A part declared as application/json arrives parsed; its value is checked like any other.
        add(part.fieldname, part.value);
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      const tooLarge = part.file.truncated;
      form.files.push({ fieldName: part.fieldname, data: tooLarge ? undefined : Buffer.concat(chunks), tooLarge });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") {
      form.tooManyFiles = true;
      return form;
    }
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") {
      throw new ApiError(422, { general: "VALIDATION.INVALID" }, "ERRORS.VALIDATION");
    }
    // Malformed bodies (no boundary, cut short, bad headers, "__proto__" names…): the caller's fault, not ours.
    throw malformed();
  }
  return form;
}

/** The single value of a text part; undefined when absent, the whole list when it was sent several times. */
export function fieldValue(form: ParsedForm, name: string): unknown {
  const values = form.fields.get(name);
  if (!values) return undefined;
  return values.length === 1 ? values[0] : values;
}
