import type { FieldLabels } from "./audit-changes.tsx";
import type { Entity, Resource } from "./resource.ts";

const cache = new WeakMap<object, FieldLabels>();

/**
 * Field name → label key of a resource, for the audit trail's changes: the detail's fields, then the form's
 * (a form field named `state` holds the id the record shows as `stateId`, so both names get the label).
 */
// biome-ignore lint/suspicious/noExplicitAny: only the field names and labels are read
export function resourceFieldLabels<T extends Entity>(resource: Resource<T, any, any>): FieldLabels {
  const known = cache.get(resource);
  if (known) return known;
  const labels: FieldLabels = {};
  for (const field of resource.detail.fields) labels[field.key] = field.label;
  for (const column of resource.list.columns) labels[column.key] ??= column.label;
  if (resource.form) {
    const sections = resource.form.sections ?? [{ fields: resource.form.fields ?? [] }];
    for (const field of sections.flatMap((section) => section.fields)) {
      labels[field.name] ??= field.label;
      labels[`${field.name}Id`] ??= field.label;
    }
  }
  cache.set(resource, labels);
  return labels;
}
