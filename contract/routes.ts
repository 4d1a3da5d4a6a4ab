// The pages the app renders in the browser with no file of their own: the console's pages
// under /admin and the public pages whose path carries a value (a reset token, a session
// code). The console's router and the public router declare their routes from these tables,
// and the server answers a reload of any of them with the app shell and 200 (an unknown
// path gets the 404 page), so a page the app serves can never be a 404 on reload.
import { LIST_SLUGS } from './lead-kinds.ts';
import { PUBLIC_VALUE_ROUTES } from './public-routes.ts';

/** The console's routes, relative to /admin, as react-router writes them. */
export const CONSOLE_ROUTES = {
  home: '',
  overview: 'overview',
  reports: 'reports',
  myDay: 'my-day',
  team: 'team',
  assignment: 'assignment',
  rules: 'rules',
  score: 'score',
  settings: 'settings',
  audit: 'audit',
  people: 'people',
  person: 'people/:id',
  import: 'import',
  templates: 'templates',
  batches: 'batches',
  webinarSchedule: 'webinar-schedule',
  payments: 'payments',
  sessions: 'sessions',
  session: 'sessions/:code',
  list: ':list',
} as const;
export const CONSOLE_BASE = '/admin';

export { PUBLIC_VALUE_ROUTES } from './public-routes.ts';

/** A parameter that only takes known values (any other is an unknown page); the rest take any segment. */
const PARAM_VALUES: Readonly<Record<string, readonly string[]>> = { list: LIST_SLUGS };

/** The absolute path pattern of a route ('/admin/people/:id'). */
export function consolePath(route: string): string {
  return route ? `${CONSOLE_BASE}/${route}` : CONSOLE_BASE;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route pattern ('/admin/people/:id') as a regular expression over a URL path (a trailing slash allowed). */
export function routeRegExp(pattern: string): RegExp {
  const parts = pattern.split('/').map((segment) => {
    if (!segment.startsWith(':')) return escape(segment);
    const values = PARAM_VALUES[segment.slice(1)];
    return values ? `(?:${values.map(escape).join('|')})` : '[^/]+';
  });
  return new RegExp(`^${parts.join('/')}/?$`);
}

/** Every path pattern the browser renders with no file of its own. */
export const SHELL_ROUTE_PATTERNS: readonly string[] = [
  ...Object.values(CONSOLE_ROUTES).map(consolePath),
  ...Object.values(PUBLIC_VALUE_ROUTES).map((route) => `/${route}`),
];

/** The console's pages with no parameter to fill, each list's page among them: each gets a prerendered shell. */
export const CONSOLE_FIXED_PATHS: readonly string[] = [
  ...Object.values(CONSOLE_ROUTES)
    .filter((route) => !route.includes(':'))
    .map(consolePath),
  ...LIST_SLUGS.map((slug) => consolePath(slug)),
];
