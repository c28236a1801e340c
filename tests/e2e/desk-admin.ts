/** The sales desk's first admin: the e2e server creates it at start from DESK_ADMIN_EMAIL/PASSWORD. */
export const DESK_ADMIN = { email: 'desk-admin@example.com', password: 'e2e-desk-Admin-2026!' };
