// The import boundaries of ../shared/design.md as an ESLint rule, so they are checked
// rather than remembered:
//   contract  imports nothing of ours but contract (it is what pwa and api agree on);
//   pdf       imports nothing of ours but pdf (a PDF text library that knows no product:
//             the API's PDFs and the build's brochures both draw text with it);
//   pwa, api  never import each other, nor migrations, tests or bench (contract and pdf they may);
//   api/lib   knows nothing of the product: it imports only api/lib (and packages), so a
//             helper there can be read, tested and reused without the rest of the server;
//   api config (config.ts and config/) is what every room reads, so it imports only
//             contract, api/lib and itself, never a room that reads it;
//   pwa       flows shared -> features -> app: shared code (components, lib, hooks,
//             content, config) imports no feature and not app; a feature imports no
//             other feature and not app.
// Paths are resolved against the importing file, so '../../api/x.ts' and a future
// alias-free deep path are judged the same way. Package imports are never ours.
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Where a file sits: its top-level area and, inside pwa, its layer and feature. */
export function placeOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep);
  const area = rel.length > 1 ? rel[0] : '.';
  // An api file's room: its folder under api/, or 'config' for api/config.ts itself.
  if (area === 'api') return { area, room: rel.length > 2 ? rel[1] : rel[1].replace(/\.[^.]+$/, '') };
  if (area !== 'pwa') return { area };
  if (rel[1] === 'features') return { area, layer: 'feature', feature: rel[2] };
  if (rel[1] === 'app' || rel[1] === 'main.tsx' || rel[1] === 'entry-server.tsx') return { area, layer: 'app' };
  return { area, layer: 'shared' };
}

/** Inside api: lib imports only lib; config imports only contract, lib and config. */
function apiViolation(from, to) {
  const found = to.area === 'api' ? `api/${to.room}` : `${to.area}/`;
  if (from.room === 'lib' && !(to.area === 'api' && to.room === 'lib')) {
    return `api/lib knows nothing of the product: it imports only api/lib/ (found ${found})`;
  }
  if (from.room === 'config' && to.area === 'api' && to.room !== 'config' && to.room !== 'lib') {
    return `api's config imports only contract/, api/lib/ and api/config/ (found ${found})`;
  }
  return null;
}

/** Why `importer` may not import `target`, or null when it may. */
export function violation(importer, target) {
  const from = placeOf(importer);
  const to = placeOf(target);
  if (from.area === 'contract' && to.area !== 'contract') return `contract imports nothing of ours but contract (found ${to.area}/)`;
  if (from.area === 'pdf' && to.area !== 'pdf') return `pdf imports nothing of ours but pdf (found ${to.area}/)`;
  if ((from.area === 'pwa' || from.area === 'api') && to.area !== from.area && to.area !== 'contract' && to.area !== 'pdf') {
    return `${from.area} imports only ${from.area}/, contract/ and pdf/ (found ${to.area}/)`;
  }
  if (from.area === 'api') return apiViolation(from, to);
  if (from.area !== 'pwa' || to.area !== 'pwa') return null;
  if (from.layer === 'shared' && to.layer === 'app') return 'shared pwa code does not import the app';
  if (from.layer === 'shared' && to.layer === 'feature') return `shared pwa code imports no feature (found features/${to.feature})`;
  if (from.layer === 'feature' && to.layer === 'app') return 'a feature does not import the app';
  if (from.layer === 'feature' && to.layer === 'feature' && to.feature !== from.feature) {
    return `feature '${from.feature}' imports feature '${to.feature}': move what they share to components/, lib/ or hooks/`;
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the one-way imports between contract, api, pwa and pwa features.' },
    schema: [],
    messages: { boundary: '{{why}}' },
  },
  create(context) {
    const file = context.filename;
    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.') && !source.value.startsWith('/')) return;
      const target = path.resolve(path.dirname(file), source.value);
      const why = violation(file, target);
      if (why) context.report({ node: source, messageId: 'boundary', data: { why } });
    }
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default { meta: { name: 'softskills-boundaries' }, rules: { imports: rule } };
