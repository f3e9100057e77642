/**
 * The clinic's own UI: React components registered by name, compiled into the generated UI by
 * `ninefold dev` and `ninefold build`. Empty: every page of the clinic is generated from app.ts,
 * which is the point of the example (its rules are the spec's, not hand-written code).
 */
import { defineUi } from '@ninefold/ui';

/** @example startBrowserApp(clinicUi); */
export const clinicUi = defineUi({});

export default clinicUi;
