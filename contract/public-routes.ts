// The public routes whose path carries a value (a reset token, a session code, a booking
// reference), relative to the site's root: in a module of their own, so the public router
// reads them without carrying the console's route table onto every page (contract/routes.ts
// puts both together for the server).

export const PUBLIC_VALUE_ROUTES = {
  resetPassword: 'reset-password/:token',
  session: 's/:code',
  booking: 'booking/:reference',
} as const;
