// The origin the prerendered pages' canonical links, the sitemap and robots.txt are written
// with: PUBLIC_URL, or, unset, the address the server itself will answer on, which follows
// PORT the same way api/config.ts does (a build for PORT=8080 must not point at :3000).
export function buildOrigin(env) {
  const port = env.PORT?.trim() || '3000';
  return (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
}
