/**
 * The VIN a lead may carry, checked as `GET /api/vin/{vin}` checks it (the whole decoder). Browsers
 * resolve `#vin-for-lead` to lead-vin.browser.ts instead (package.json "imports"), so the decoder
 * reaches only the pages that decode (the VIN check), not every page with a lead dialog.
 */
export { vinForLead } from './decode';
