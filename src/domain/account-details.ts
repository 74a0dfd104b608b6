/**
 * The personal details of an account (docs/product.md, Accounts): registration and profile updates,
 * with what each role may change. Kept apart from accounts.ts so the login page does not carry the
 * phone-number rules.
 */
import { newPasswordField, reauthenticationFields } from './accounts.js';
import { emailField } from './marketing.js';
import { INVALID_PHONE, normalizePhone } from './phone.js';
import { z } from './zod.js';

/** The most characters of a first or last name, and of an address. */
export const NAME_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 500;

const nameField = (what: string) =>
  z
    .string({ message: `Please enter your ${what}.` })
    .trim()
    .min(1, { message: `Please enter your ${what}.` })
    .max(NAME_MAX_LENGTH, { message: `Please keep your ${what} under ${NAME_MAX_LENGTH} characters.` });

/** A real Canadian or US number, answered in E.164; empty means "no phone number". */
export const phoneNumberField = z
  .string({ message: INVALID_PHONE })
  .trim()
  .max(30, { message: INVALID_PHONE })
  .transform((value, ctx) => {
    if (value === '') return null;
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: INVALID_PHONE });
      return z.NEVER;
    }
    return phone;
  })
  .nullable()
  .transform((value) => value ?? null);

const addressField = z
  .string({ message: 'Please enter your address as text.' })
  .trim()
  .max(ADDRESS_MAX_LENGTH, { message: `Please keep your address under ${ADDRESS_MAX_LENGTH} characters.` })
  .nullable()
  .transform((value) => (value ? value : null));

export const registerSchema = z.object({
  firstName: nameField('first name'),
  lastName: nameField('last name'),
  email: emailField,
  phoneNumber: phoneNumberField.optional().transform((value) => value ?? null),
  password: newPasswordField,
  // Absent: the box as the form shows it by default (MARKETING_OPT_IN_DEFAULT, decision 0042).
  isSubscribedEmail: z.boolean({ message: 'isSubscribedEmail must be true or false.' }).optional(),
  isSubscribedPhone: z.boolean({ message: 'isSubscribedPhone must be true or false.' }).optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;
export type Registration = z.output<typeof registerSchema>;

/**
 * What a customer may change on their own account (docs/product.md, Accounts). Other keys are
 * dropped, never applied; `adminUserUpdateSchema` adds the admin flag for admins. A change of one's
 * own e-mail also carries the proof that it is the owner asking (`currentPassword` or
 * `googleToken`, decision 0040), which is read and never stored.
 */
export const userUpdateSchema = z.object({
  ...reauthenticationFields,
  firstName: nameField('first name').optional(),
  lastName: nameField('last name').optional(),
  email: emailField.optional(),
  phoneNumber: phoneNumberField.optional(),
  address: addressField.optional(),
  isSubscribedEmail: z.boolean({ message: 'isSubscribedEmail must be true or false.' }).optional(),
  isSubscribedPhone: z.boolean({ message: 'isSubscribedPhone must be true or false.' }).optional(),
});
export type UserUpdate = z.output<typeof userUpdateSchema>;

export const adminUserUpdateSchema = userUpdateSchema.extend({
  isAdmin: z.boolean({ message: 'isAdmin must be true or false.' }).optional(),
});
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;

/** Fields the profile page edits one at a time (/profile). */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'address',
  'isSubscribedEmail',
  'isSubscribedPhone',
] as const satisfies readonly (keyof UserUpdate)[];
export type ProfileField = (typeof PROFILE_FIELDS)[number];
