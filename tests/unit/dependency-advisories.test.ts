import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Advisory = { package: string; from: string; fixed: string; ids: string[]; note: string };
type Tree = { version?: string; dependencies?: Record<string, Tree> };

const { advisories } = JSON.parse(readFileSync('security/advisories.json', 'utf8')) as {
  advisories: Advisory[];
};

/** Every (name, version) installed for production, however deep, read from node_modules: no registry needed. */
function shipped(): { name: string; version: string }[] {
  const tree = JSON.parse(
    execFileSync('npm', ['ls', '--all', '--json', '--omit=dev'], { encoding: 'utf8', maxBuffer: 64 << 20 }),
  ) as Tree;
  const found = new Map<string, { name: string; version: string }>();
  const walk = (node: Tree) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      if (child.version) found.set(`${name}@${child.version}`, { name, version: child.version });
      walk(child);
    }
  };
  walk(tree);
  return [...found.values()];
}

function compare(a: string, b: string) {
  const parts = (version: string) => version.split(/[.+-]/).slice(0, 3).map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let index = 0; index < 3; index++) if (x[index] !== y[index]) return x[index] - y[index];
  return 0;
}

describe('the dependencies the app ships', () => {
  const installed = shipped();

  it('are read from the installed tree', () => {
    expect(installed.map((item) => item.name)).toEqual(
      expect.arrayContaining(['@remix-run/node', 'drizzle-orm']),
    );
  });

  it('hold no version with a known advisory', () => {
    const vulnerable = installed.flatMap(({ name, version }) =>
      advisories
        .filter((advisory) => advisory.package === name)
        .filter((advisory) => compare(version, advisory.from) >= 0 && compare(version, advisory.fixed) < 0)
        .map(
          (advisory) =>
            `${name}@${version}: ${advisory.note} (${advisory.ids.join(', ') || 'fixed in ' + advisory.fixed})`,
        ),
    );
    expect(vulnerable).toEqual([]);
  });

  it('are compared the way versions order', () => {
    expect(compare('2.17.5', '2.17.4')).toBeGreaterThan(0);
    expect(compare('0.18.5', '0.20.2')).toBeLessThan(0);
    expect(compare('4.21.2', '4.21.2')).toBe(0);
  });
});
