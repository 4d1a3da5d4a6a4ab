import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs module of the lint tools, without types
import { cycles, importGraph } from './import-cycles.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('import cycles', () => {
  it('finds a cycle, type-only imports included, and names its files', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('there is none among the api, the contract and the PWA', () => {
    const graph = importGraph(['api', 'contract', 'pwa'].map((dir) => path.join(root, dir)));
    expect(graph.size).toBeGreaterThan(100);
    const found = (cycles(graph) as string[][]).map((c) => c.map((f) => path.relative(root, f)));
    expect(found).toEqual([]);
  });
});
