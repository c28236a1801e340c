import type { ZodMiniType } from 'zod/mini';

/**
 * Each form's schema (the one its server handler parses with), loaded with zod at the form's first
 * send (useFormSubmit) and not with the page: a page that is only read or typed into never
 * carries the validator (docs/decisions/011).
 */
export type SchemaLoader = () => Promise<ZodMiniType>;

export const orderSchema: SchemaLoader = () => import('@/lib/leads/order').then((module) => module.OrderInputSchema);
export const leadSchema: SchemaLoader = () => import('@/lib/leads/buy-demo').then((module) => module.LeadInputSchema);
export const feedbackSchema: SchemaLoader = () => import('@/lib/leads/feedback').then((module) => module.FeedbackInputSchema);
export const registrationSchema: SchemaLoader = () => import('@/lib/leads/registration').then((module) => module.RegistrationInputSchema);
export const loginSchema: SchemaLoader = () => import('@/lib/validation/auth').then((module) => module.LoginInputSchema);
export const remindSchema: SchemaLoader = () => import('@/lib/validation/auth').then((module) => module.RemindInputSchema);
