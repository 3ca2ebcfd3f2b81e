import { isValidSlug, slugFromName } from '@helios/design-system';

export type NewTenantForm = { name: string; slug: string; slugEdited: boolean };
export type NewTenantErrors = { name?: 'nameRequired'; slug?: 'slugRequired' | 'slugInvalid' };

export const emptyNewTenant: NewTenantForm = { name: '', slug: '', slugEdited: false };

/** Typing the name derives the slug until the slug has been edited by hand. */
export function withName(form: NewTenantForm, name: string): NewTenantForm {
  return { ...form, name, slug: form.slugEdited ? form.slug : slugFromName(name) };
}

/** Editing the slug stops the derivation; an emptied slug follows the name again from the
 * next change of the name (not at once, so clearing the field to retype it works). */
export function withSlug(form: NewTenantForm, slug: string): NewTenantForm {
  return { ...form, slug, slugEdited: slug !== '' };
}

/** Spec §5: name and slug required; the slug lowercase letters and digits, words joined by single hyphens. */
export function validateNewTenant(form: Pick<NewTenantForm, 'name' | 'slug'>): NewTenantErrors {
  const errors: NewTenantErrors = {};
  if (form.name.trim() === '') errors.name = 'nameRequired';
  if (form.slug === '') errors.slug = 'slugRequired';
  else if (!isValidSlug(form.slug)) errors.slug = 'slugInvalid';
  return errors;
}
