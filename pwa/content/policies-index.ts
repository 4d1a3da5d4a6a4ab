// Each policy's path and title without its text: the routes and the footer links need only
// these, so the main chunk stays free of the policy texts (policies.ts, loaded by the policy
// page, holds them).

export const POLICY_INDEX = {
  'privacy-policy': { path: '/privacy-policy', title: 'Privacy Policy' },
  'return-policy': { path: '/return-policy', title: 'Return & Refund Policy' },
  'terms-conditions': { path: '/terms-conditions', title: 'Terms & Conditions' },
  'shipping-policy': { path: '/shipping-policy', title: 'Shipping & Delivery Policy' },
} as const satisfies Record<string, { path: string; title: string }>;

export type PolicySlug = keyof typeof POLICY_INDEX;

export const POLICY_SLUGS = Object.keys(POLICY_INDEX) as PolicySlug[];
