// A team member's password length, wherever one is set (login, reset, invitation): in a
// module of its own so the admin and desk contracts both use it without importing each other.
export const ADMIN_PASSWORD_MIN = 8;
export const ADMIN_PASSWORD_MAX = 128;
