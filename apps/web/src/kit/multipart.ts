/** The value of an image field: a newly chosen file, the picture already stored, and whether to drop it. */
export type ImageValue = { file: File | null; current: string | null; remove: boolean };

export const emptyImage = (current: string | null = null): ImageValue => ({ file: null, current, remove: false });

export type MultipartValue = string | number | boolean | Blob | null | undefined | readonly (string | number)[];

/**
 * A multipart body from named parts: `undefined`/`null` parts are left out, arrays become one part per item
 * under the given name (call it `roles[]` when the API expects that), files are sent with their name.
 */
export function toFormData(parts: Record<string, MultipartValue>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) body.append(name, value, value instanceof File ? value.name : "blob");
    else if (Array.isArray(value)) for (const item of value) body.append(name, String(item));
    else body.append(name, String(value));
  }
  return body;
}

/**
 * The parts of an image field: the new file under `name`, or `removeName=true` when a stored picture was removed,
 * or nothing when it did not change.
 */
export function imageParts(
  name: string,
  value: ImageValue | undefined,
  removeName: string,
): Record<string, MultipartValue> {
  if (value?.file) return { [name]: value.file };
  if (value?.remove && value.current) return { [removeName]: "true" };
  return {};
}
